package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

/** The optional CreateBucket body. */
@JacksonXmlRootElement(localName = "CreateBucketConfiguration")
@JsonIgnoreProperties(ignoreUnknown = true)
public final class CreateBucketConfiguration {
    @JacksonXmlProperty(localName = "LocationConstraint")
    public String locationConstraint;
}
