package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.List;

/**
 * GetObjectAttributes' answer: only the elements asked for in {@code x-amz-object-attributes}
 * are present. The ETag is written without quotes, as S3 writes it here.
 */
@JacksonXmlRootElement(localName = "GetObjectAttributesResponse")
@JsonPropertyOrder({"ETag", "Checksum", "ObjectParts", "StorageClass", "ObjectSize"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GetObjectAttributesResult(
        @JacksonXmlProperty(localName = "ETag") String etag,
        @JacksonXmlProperty(localName = "Checksum") Checksum checksum,
        @JacksonXmlProperty(localName = "ObjectParts") ObjectParts objectParts,
        @JacksonXmlProperty(localName = "StorageClass") String storageClass,
        @JacksonXmlProperty(localName = "ObjectSize") Long objectSize) {

    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }

    @JsonPropertyOrder({
        "ChecksumCRC32",
        "ChecksumCRC32C",
        "ChecksumCRC64NVME",
        "ChecksumSHA1",
        "ChecksumSHA256",
        "ChecksumType"
    })
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Checksum(
            @JsonUnwrapped ChecksumValues values,
            @JacksonXmlProperty(localName = "ChecksumType") String checksumType) {}

    /** A page of a multipart object's parts: numbers, sizes and, when the upload had a checksum, each part's. */
    @JsonPropertyOrder({"IsTruncated", "MaxParts", "NextPartNumberMarker", "PartNumberMarker", "Part", "PartsCount"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ObjectParts(
            @JacksonXmlProperty(localName = "IsTruncated") boolean truncated,
            @JacksonXmlProperty(localName = "MaxParts") int maxParts,

            @JacksonXmlProperty(localName = "NextPartNumberMarker")
            Integer nextPartNumberMarker,

            @JacksonXmlProperty(localName = "PartNumberMarker")
            int partNumberMarker,

            @JacksonXmlElementWrapper(useWrapping = false) @JacksonXmlProperty(localName = "Part")
            List<Part> parts,

            @JacksonXmlProperty(localName = "PartsCount") int partsCount) {}

    @JsonPropertyOrder({
        "PartNumber",
        "Size",
        "ChecksumCRC32",
        "ChecksumCRC32C",
        "ChecksumCRC64NVME",
        "ChecksumSHA1",
        "ChecksumSHA256"
    })
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Part(
            @JacksonXmlProperty(localName = "PartNumber") int partNumber,
            @JacksonXmlProperty(localName = "Size") long size,
            @JsonUnwrapped ChecksumValues checksums) {}
}
