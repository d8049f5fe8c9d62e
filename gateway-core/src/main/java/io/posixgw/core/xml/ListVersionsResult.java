package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.List;

/** ListObjectVersions' answer: versions, then delete markers (each group in listing order, as versitygw answers). */
@JacksonXmlRootElement(localName = "ListVersionsResult")
@JsonPropertyOrder({
    "Name",
    "Prefix",
    "KeyMarker",
    "VersionIdMarker",
    "NextKeyMarker",
    "NextVersionIdMarker",
    "MaxKeys",
    "Delimiter",
    "IsTruncated",
    "EncodingType",
    "Version",
    "DeleteMarker",
    "CommonPrefixes"
})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ListVersionsResult(
        @JacksonXmlProperty(localName = "Name") String name,
        @JacksonXmlProperty(localName = "Prefix") String prefix,
        @JacksonXmlProperty(localName = "KeyMarker") String keyMarker,
        @JacksonXmlProperty(localName = "VersionIdMarker") String versionIdMarker,
        @JacksonXmlProperty(localName = "NextKeyMarker") String nextKeyMarker,

        @JacksonXmlProperty(localName = "NextVersionIdMarker")
        String nextVersionIdMarker,

        @JacksonXmlProperty(localName = "MaxKeys") int maxKeys,
        @JacksonXmlProperty(localName = "Delimiter") String delimiter,
        @JacksonXmlProperty(localName = "IsTruncated") boolean truncated,
        @JacksonXmlProperty(localName = "EncodingType") String encodingType,

        @JacksonXmlElementWrapper(useWrapping = false) @JacksonXmlProperty(localName = "Version")
        List<Version> versions,

        @JacksonXmlElementWrapper(useWrapping = false) @JacksonXmlProperty(localName = "DeleteMarker")
        List<DeleteMarker> deleteMarkers,

        @JacksonXmlElementWrapper(useWrapping = false) @JacksonXmlProperty(localName = "CommonPrefixes")
        List<CommonPrefix> commonPrefixes) {

    public ListVersionsResult {
        deleteMarkers = deleteMarkers == null || deleteMarkers.isEmpty() ? null : deleteMarkers;
    }

    /** One {@code <DeleteMarker>}. */
    @JsonPropertyOrder({"Key", "VersionId", "IsLatest", "LastModified", "Owner"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DeleteMarker(
            @JacksonXmlProperty(localName = "Key") String key,
            @JacksonXmlProperty(localName = "VersionId") String versionId,
            @JacksonXmlProperty(localName = "IsLatest") boolean latest,
            @JacksonXmlProperty(localName = "LastModified") String lastModified,
            @JacksonXmlProperty(localName = "Owner") Owner owner) {}

    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }

    /** One {@code <Version>}. */
    @JsonPropertyOrder({"Key", "VersionId", "IsLatest", "LastModified", "ETag", "Size", "Owner", "StorageClass"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Version(
            @JacksonXmlProperty(localName = "Key") String key,
            @JacksonXmlProperty(localName = "VersionId") String versionId,
            @JacksonXmlProperty(localName = "IsLatest") boolean latest,
            @JacksonXmlProperty(localName = "LastModified") String lastModified,
            @JacksonXmlProperty(localName = "ETag") String etag,
            @JacksonXmlProperty(localName = "Size") long size,
            @JacksonXmlProperty(localName = "Owner") Owner owner,
            @JacksonXmlProperty(localName = "StorageClass") String storageClass) {}
}
