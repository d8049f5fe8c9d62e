package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.ArrayList;
import java.util.List;

/** {@code <Tagging><TagSet><Tag><Key/><Value/></Tag>...</TagSet></Tagging>}, read and written. */
@JacksonXmlRootElement(localName = "Tagging")
@JsonIgnoreProperties(ignoreUnknown = true)
public final class Tagging {
    @JacksonXmlElementWrapper(localName = "TagSet")
    @JacksonXmlProperty(localName = "Tag")
    public List<Tag> tagSet = new ArrayList<>();

    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonPropertyOrder({"Key", "Value"})
    public static final class Tag {
        @JacksonXmlProperty(localName = "Key")
        public String key;

        @JacksonXmlProperty(localName = "Value")
        public String value;

        public Tag() {}

        public Tag(String key, String value) {
            this.key = key;
            this.value = value;
        }
    }
}
