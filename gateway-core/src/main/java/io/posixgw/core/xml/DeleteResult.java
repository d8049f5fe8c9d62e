package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.List;

/** DeleteObjects' answer: one {@code <Deleted>} or {@code <Error>} per key. */
@JacksonXmlRootElement(localName = "DeleteResult")
@JsonPropertyOrder({"Deleted", "Error"})
public record DeleteResult(
        @JacksonXmlElementWrapper(useWrapping = false) @JacksonXmlProperty(localName = "Deleted")
        List<Deleted> deleted,

        @JacksonXmlElementWrapper(useWrapping = false) @JacksonXmlProperty(localName = "Error")
        List<Failed> errors) {

    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }

    /**
     * @param versionId             the version id the request named, echoed as S3 does; null when it named none
     * @param deleteMarker          true when a delete marker was added, or the version removed was one
     * @param deleteMarkerVersionId the id of the delete marker added (or removed)
     */
    @JsonPropertyOrder({"Key", "VersionId", "DeleteMarker", "DeleteMarkerVersionId"})
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    public record Deleted(
            @JacksonXmlProperty(localName = "Key") String key,
            @JacksonXmlProperty(localName = "VersionId") String versionId,
            @JacksonXmlProperty(localName = "DeleteMarker") Boolean deleteMarker,

            @JacksonXmlProperty(localName = "DeleteMarkerVersionId")
            String deleteMarkerVersionId) {
        public Deleted(String key, String versionId) {
            this(key, versionId, null, null);
        }

        public Deleted(String key) {
            this(key, null);
        }
    }

    /** One refused entry, as S3 writes it: the entry's {@code VersionId} only when the request named one. */
    @JsonPropertyOrder({"Key", "VersionId", "Code", "Message"})
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    public record Failed(
            @JacksonXmlProperty(localName = "Key") String key,
            @JacksonXmlProperty(localName = "VersionId") String versionId,
            @JacksonXmlProperty(localName = "Code") String code,
            @JacksonXmlProperty(localName = "Message") String message) {}
}
