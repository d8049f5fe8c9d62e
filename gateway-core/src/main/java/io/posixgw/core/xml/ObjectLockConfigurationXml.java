package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import io.posixgw.core.lock.DefaultRetention;
import io.posixgw.core.lock.LockConfiguration;
import io.posixgw.core.lock.ObjectLockRules;
import java.time.Instant;

/**
 * {@code <ObjectLockConfiguration><ObjectLockEnabled/><Rule><DefaultRetention><Mode/><Days/>|<Years/>}
 * {@code </DefaultRetention></Rule></ObjectLockConfiguration>}: PutObjectLockConfiguration's body and
 * GetObjectLockConfiguration's answer. Members are kept as sent and checked by {@link ObjectLockRules}.
 */
@JacksonXmlRootElement(localName = "ObjectLockConfiguration")
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"ObjectLockEnabled", "Rule"})
public final class ObjectLockConfigurationXml {
    @JacksonXmlProperty(localName = "ObjectLockEnabled")
    public String objectLockEnabled;

    @JacksonXmlProperty(localName = "Rule")
    public Rule rule;

    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class Rule {
        @JacksonXmlProperty(localName = "DefaultRetention")
        public Default defaultRetention;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"Mode", "Days", "Years"})
    public static final class Default {
        @JacksonXmlProperty(localName = "Mode")
        public String mode;

        @JacksonXmlProperty(localName = "Days")
        public Integer days;

        @JacksonXmlProperty(localName = "Years")
        public Integer years;
    }

    /** The configuration this body asks for, checked ({@code MalformedXML}, {@code InvalidArgument}). */
    public LockConfiguration toConfiguration(Instant now) {
        Default d = rule == null ? null : rule.defaultRetention;
        // a Rule without a DefaultRetention says nothing S3 could apply: as S3, malformed
        if (rule != null && d == null) {
            return ObjectLockRules.configuration(objectLockEnabled, true, null, null, null, now);
        }
        return ObjectLockRules.configuration(
                objectLockEnabled,
                d != null,
                d == null ? null : d.mode,
                d == null ? null : d.days,
                d == null ? null : d.years,
                now);
    }

    /** The answer for a stored configuration. */
    public static ObjectLockConfigurationXml of(LockConfiguration c) {
        ObjectLockConfigurationXml x = new ObjectLockConfigurationXml();
        x.objectLockEnabled = c.enabled() ? "Enabled" : null;
        DefaultRetention d = c.defaultRetention();
        if (d != null) {
            x.rule = new Rule();
            x.rule.defaultRetention = new Default();
            x.rule.defaultRetention.mode = d.mode().name();
            x.rule.defaultRetention.days = d.days();
            x.rule.defaultRetention.years = d.years();
        }
        return x;
    }
}
