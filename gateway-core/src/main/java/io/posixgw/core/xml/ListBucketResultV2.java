package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.List;

/** ListObjectsV2's answer. Key-like fields arrive already url-encoded when EncodingType is set. */
@JacksonXmlRootElement(localName = "ListBucketResult")
@JsonPropertyOrder({
    "Name",
    "Prefix",
    "Delimiter",
    "MaxKeys",
    "KeyCount",
    "IsTruncated",
    "EncodingType",
    "ContinuationToken",
    "NextContinuationToken",
    "StartAfter",
    "Contents",
    "CommonPrefixes"
})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ListBucketResultV2(
        @JacksonXmlProperty(localName = "Name") String name,
        @JacksonXmlProperty(localName = "Prefix") String prefix,
        @JacksonXmlProperty(localName = "Delimiter") String delimiter,
        @JacksonXmlProperty(localName = "MaxKeys") int maxKeys,
        @JacksonXmlProperty(localName = "KeyCount") int keyCount,
        @JacksonXmlProperty(localName = "IsTruncated") boolean truncated,
        @JacksonXmlProperty(localName = "EncodingType") String encodingType,
        @JacksonXmlProperty(localName = "ContinuationToken") String continuationToken,

        @JacksonXmlProperty(localName = "NextContinuationToken")
        String nextContinuationToken,

        @JacksonXmlProperty(localName = "StartAfter") String startAfter,

        @JacksonXmlElementWrapper(useWrapping = false) @JacksonXmlProperty(localName = "Contents")
        List<ObjectEntry> contents,

        @JacksonXmlElementWrapper(useWrapping = false) @JacksonXmlProperty(localName = "CommonPrefixes")
        List<CommonPrefix> commonPrefixes) {
    /** S3's namespace, written as an attribute: Jackson would otherwise mark every child {@code xmlns=""}. */
    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }
}
