package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

@JacksonXmlRootElement(localName = "CompleteMultipartUploadResult")
@JsonPropertyOrder({"Location", "Bucket", "Key", "ETag", "checksums", "ChecksumType"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CompleteMultipartUploadResult(
        @JacksonXmlProperty(localName = "Location") String location,
        @JacksonXmlProperty(localName = "Bucket") String bucket,
        @JacksonXmlProperty(localName = "Key") String key,
        @JacksonXmlProperty(localName = "ETag") String etag,
        @JsonUnwrapped ChecksumValues checksums,
        @JacksonXmlProperty(localName = "ChecksumType") String checksumType) {
    /** S3's namespace, written as an attribute: Jackson would otherwise mark every child {@code xmlns=""}. */
    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }
}
