package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

/** PutBucketVersioning's body. */
@JacksonXmlRootElement(localName = "VersioningConfiguration")
@JsonIgnoreProperties(ignoreUnknown = true)
public final class VersioningConfigurationInput {
    @JacksonXmlProperty(localName = "Status")
    public String status;

    @JacksonXmlProperty(localName = "MfaDelete")
    public String mfaDelete;
}
