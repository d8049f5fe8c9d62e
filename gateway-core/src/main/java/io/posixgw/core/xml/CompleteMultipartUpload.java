package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

import java.util.ArrayList;
import java.util.List;

/** The CompleteMultipartUpload request body. */
@JacksonXmlRootElement(localName = "CompleteMultipartUpload")
@JsonIgnoreProperties(ignoreUnknown = true)
public final class CompleteMultipartUpload {
    @JacksonXmlElementWrapper(useWrapping = false)
    @JacksonXmlProperty(localName = "Part")
    public List<PartEntry> parts = new ArrayList<>();

    @JsonIgnoreProperties(ignoreUnknown = true)
    public static final class PartEntry {
        @JacksonXmlProperty(localName = "PartNumber")
        public Integer partNumber;
        @JacksonXmlProperty(localName = "ETag")
        public String etag;
    }
}
