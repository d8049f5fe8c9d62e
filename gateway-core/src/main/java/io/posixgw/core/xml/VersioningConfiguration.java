package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

/** GetBucketVersioning's answer; {@code status} is null (element absent) for a bucket never versioned. */
@JacksonXmlRootElement(localName = "VersioningConfiguration")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VersioningConfiguration(
        @JacksonXmlProperty(localName = "Status") String status) {
    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }
}
