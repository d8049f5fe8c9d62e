package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.List;

@JacksonXmlRootElement(localName = "ListMultipartUploadsResult")
@JsonPropertyOrder({
    "Bucket",
    "KeyMarker",
    "UploadIdMarker",
    "NextKeyMarker",
    "NextUploadIdMarker",
    "Delimiter",
    "Prefix",
    "MaxUploads",
    "IsTruncated",
    "EncodingType",
    "Upload",
    "CommonPrefixes"
})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ListMultipartUploadsResultXml(
        @JacksonXmlProperty(localName = "Bucket") String bucket,
        @JacksonXmlProperty(localName = "KeyMarker") String keyMarker,
        @JacksonXmlProperty(localName = "UploadIdMarker") String uploadIdMarker,
        @JacksonXmlProperty(localName = "NextKeyMarker") String nextKeyMarker,

        @JacksonXmlProperty(localName = "NextUploadIdMarker")
        String nextUploadIdMarker,

        @JacksonXmlProperty(localName = "Delimiter") String delimiter,
        @JacksonXmlProperty(localName = "Prefix") String prefix,
        @JacksonXmlProperty(localName = "MaxUploads") int maxUploads,
        @JacksonXmlProperty(localName = "IsTruncated") boolean truncated,
        @JacksonXmlProperty(localName = "EncodingType") String encodingType,

        @JacksonXmlElementWrapper(useWrapping = false) @JacksonXmlProperty(localName = "Upload")
        List<Upload> uploads,

        @JacksonXmlElementWrapper(useWrapping = false) @JacksonXmlProperty(localName = "CommonPrefixes")
        List<CommonPrefix> commonPrefixes) {
    /** S3's namespace, written as an attribute: Jackson would otherwise mark every child {@code xmlns=""}. */
    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }

    @JsonPropertyOrder({
        "Key",
        "UploadId",
        "Initiator",
        "Owner",
        "StorageClass",
        "Initiated",
        "ChecksumAlgorithm",
        "ChecksumType"
    })
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Upload(
            @JacksonXmlProperty(localName = "Key") String key,
            @JacksonXmlProperty(localName = "UploadId") String uploadId,
            @JacksonXmlProperty(localName = "Initiator") Owner initiator,
            @JacksonXmlProperty(localName = "Owner") Owner owner,
            @JacksonXmlProperty(localName = "StorageClass") String storageClass,
            @JacksonXmlProperty(localName = "Initiated") String initiated,

            @JacksonXmlProperty(localName = "ChecksumAlgorithm")
            String checksumAlgorithm,

            @JacksonXmlProperty(localName = "ChecksumType") String checksumType) {}
}
