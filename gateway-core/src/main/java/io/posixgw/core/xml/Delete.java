package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.ArrayList;
import java.util.List;

/** The DeleteObjects request body. */
@JacksonXmlRootElement(localName = "Delete")
@JsonIgnoreProperties(ignoreUnknown = true)
public final class Delete {
    @JacksonXmlProperty(localName = "Quiet")
    public Boolean quiet;

    @JacksonXmlElementWrapper(useWrapping = false)
    @JacksonXmlProperty(localName = "Object")
    public List<ObjectId> objects = new ArrayList<>();

    @JsonIgnoreProperties(ignoreUnknown = true)
    public static final class ObjectId {
        @JacksonXmlProperty(localName = "Key")
        public String key;

        @JacksonXmlProperty(localName = "VersionId")
        public String versionId;
        /** A conditional delete of this key: only if its current ETag is this one. */
        @JacksonXmlProperty(localName = "ETag")
        public String etag;
        /** Conditions of directory buckets, which posixgw does not evaluate (the entry is refused when present). */
        @JacksonXmlProperty(localName = "LastModifiedTime")
        public String lastModifiedTime;

        @JacksonXmlProperty(localName = "Size")
        public String size;
    }
}
