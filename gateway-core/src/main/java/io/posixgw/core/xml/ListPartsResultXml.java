package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.List;

@JacksonXmlRootElement(localName = "ListPartsResult")
@JsonPropertyOrder({
    "Bucket",
    "Key",
    "UploadId",
    "Initiator",
    "Owner",
    "StorageClass",
    "PartNumberMarker",
    "NextPartNumberMarker",
    "MaxParts",
    "IsTruncated",
    "ChecksumAlgorithm",
    "ChecksumType",
    "Part"
})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ListPartsResultXml(
        @JacksonXmlProperty(localName = "Bucket") String bucket,
        @JacksonXmlProperty(localName = "Key") String key,
        @JacksonXmlProperty(localName = "UploadId") String uploadId,
        @JacksonXmlProperty(localName = "Initiator") Owner initiator,
        @JacksonXmlProperty(localName = "Owner") Owner owner,
        @JacksonXmlProperty(localName = "StorageClass") String storageClass,
        @JacksonXmlProperty(localName = "PartNumberMarker") int partNumberMarker,

        @JacksonXmlProperty(localName = "NextPartNumberMarker")
        int nextPartNumberMarker,

        @JacksonXmlProperty(localName = "MaxParts") int maxParts,
        @JacksonXmlProperty(localName = "IsTruncated") boolean truncated,
        @JacksonXmlProperty(localName = "ChecksumAlgorithm") String checksumAlgorithm,
        @JacksonXmlProperty(localName = "ChecksumType") String checksumType,

        @JacksonXmlElementWrapper(useWrapping = false) @JacksonXmlProperty(localName = "Part")
        List<PartXml> parts) {
    /** S3's namespace, written as an attribute: Jackson would otherwise mark every child {@code xmlns=""}. */
    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }

    @JsonPropertyOrder({"PartNumber", "LastModified", "ETag", "Size", "checksums"})
    public record PartXml(
            @JacksonXmlProperty(localName = "PartNumber") int partNumber,
            @JacksonXmlProperty(localName = "LastModified") String lastModified,
            @JacksonXmlProperty(localName = "ETag") String etag,
            @JacksonXmlProperty(localName = "Size") long size,
            @JsonUnwrapped ChecksumValues checksums) {}
}
