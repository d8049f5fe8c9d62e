package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.ArrayList;
import java.util.List;

/** PutBucketOwnershipControls' body and GetBucketOwnershipControls' answer: one {@code Rule} naming the ownership. */
@JacksonXmlRootElement(localName = "OwnershipControls")
@JsonIgnoreProperties(ignoreUnknown = true)
public final class OwnershipControls {
    @JacksonXmlElementWrapper(useWrapping = false)
    @JacksonXmlProperty(localName = "Rule")
    public List<Rule> rules = new ArrayList<>();

    @JsonIgnoreProperties(ignoreUnknown = true)
    public static final class Rule {
        @JacksonXmlProperty(localName = "ObjectOwnership")
        public String objectOwnership;
    }

    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }

    /** The answer naming {@code ownership}. */
    public static OwnershipControls of(String ownership) {
        OwnershipControls c = new OwnershipControls();
        Rule r = new Rule();
        r.objectOwnership = ownership;
        c.rules.add(r);
        return c;
    }
}
