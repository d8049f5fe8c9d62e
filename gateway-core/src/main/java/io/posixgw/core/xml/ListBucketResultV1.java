package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.List;

/** ListObjects (V1)'s answer. */
@JacksonXmlRootElement(localName = "ListBucketResult")
@JsonPropertyOrder({
    "Name",
    "Prefix",
    "Marker",
    "NextMarker",
    "MaxKeys",
    "Delimiter",
    "IsTruncated",
    "EncodingType",
    "Contents",
    "CommonPrefixes"
})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ListBucketResultV1(
        @JacksonXmlProperty(localName = "Name") String name,
        @JacksonXmlProperty(localName = "Prefix") String prefix,
        @JacksonXmlProperty(localName = "Marker") String marker,
        @JacksonXmlProperty(localName = "NextMarker") String nextMarker,
        @JacksonXmlProperty(localName = "MaxKeys") int maxKeys,
        @JacksonXmlProperty(localName = "Delimiter") String delimiter,
        @JacksonXmlProperty(localName = "IsTruncated") boolean truncated,
        @JacksonXmlProperty(localName = "EncodingType") String encodingType,

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
