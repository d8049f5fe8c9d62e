package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

/** UploadPartCopy's answer. */
@JacksonXmlRootElement(localName = "CopyPartResult")
@JsonPropertyOrder({"LastModified", "ETag", "checksums"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CopyPartResult(
        @JacksonXmlProperty(localName = "LastModified") String lastModified,
        @JacksonXmlProperty(localName = "ETag") String etag,
        @JsonUnwrapped ChecksumValues checksums) {
    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }
}
