package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

/** POST Object's answer with {@code success_action_status=201}: {@code <PostResponse>}. */
@JacksonXmlRootElement(localName = "PostResponse")
@JsonPropertyOrder({"Location", "Bucket", "Key", "ETag"})
public final class PostResponse {
    @JacksonXmlProperty(localName = "Location")
    public final String location;

    @JacksonXmlProperty(localName = "Bucket")
    public final String bucket;

    @JacksonXmlProperty(localName = "Key")
    public final String key;

    @JacksonXmlProperty(localName = "ETag")
    public final String etag;

    public PostResponse(String location, String bucket, String key, String etag) {
        this.location = location;
        this.bucket = bucket;
        this.key = key;
        this.etag = etag;
    }
}
