package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.List;

@JacksonXmlRootElement(localName = "ListAllMyBucketsResult")
@JsonPropertyOrder({"Owner", "Buckets", "ContinuationToken", "Prefix"})
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public record ListAllMyBucketsResult(
        @JacksonXmlProperty(localName = "Owner") Owner owner,

        @JacksonXmlElementWrapper(localName = "Buckets") @JacksonXmlProperty(localName = "Bucket")
        List<Bucket> buckets,

        @JacksonXmlProperty(localName = "ContinuationToken") String continuationToken,
        @JacksonXmlProperty(localName = "Prefix") String prefix) {

    /** One page holding every bucket. */
    public ListAllMyBucketsResult(Owner owner, List<Bucket> buckets) {
        this(owner, buckets, null, null);
    }
    /** S3's namespace, written as an attribute: Jackson would otherwise mark every child {@code xmlns=""}. */
    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }

    /** {@code region} is null (no {@code <BucketRegion>}) unless the request had one of ListBuckets' parameters, as S3 answers. */
    @JsonPropertyOrder({"Name", "CreationDate", "BucketRegion"})
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    public record Bucket(
            @JacksonXmlProperty(localName = "Name") String name,
            @JacksonXmlProperty(localName = "CreationDate") String creationDate,
            @JacksonXmlProperty(localName = "BucketRegion") String region) {

        public Bucket(String name, String creationDate) {
            this(name, creationDate, null);
        }
    }
}
