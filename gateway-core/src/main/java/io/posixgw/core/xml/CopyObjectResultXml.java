package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

/** {@code <CopyObjectResult>} (and {@code <CopyPartResult>} shape). */
@JacksonXmlRootElement(localName = "CopyObjectResult")
@JsonPropertyOrder({"LastModified", "ETag", "checksums", "ChecksumType"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CopyObjectResultXml(
        @JacksonXmlProperty(localName = "LastModified") String lastModified,
        @JacksonXmlProperty(localName = "ETag") String etag,
        @JsonUnwrapped ChecksumValues checksums,
        @JacksonXmlProperty(localName = "ChecksumType") String checksumType) {
    public CopyObjectResultXml(String lastModified, String etag) {
        this(lastModified, etag, null, null);
    }

    /** S3's namespace, written as an attribute: Jackson would otherwise mark every child {@code xmlns=""}. */
    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }
}
