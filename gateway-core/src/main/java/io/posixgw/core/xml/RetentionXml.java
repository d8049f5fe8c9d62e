package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import io.posixgw.core.lock.Retention;

/** {@code <Retention><Mode/><RetainUntilDate/></Retention>}: PutObjectRetention's body, GetObjectRetention's answer. */
@JacksonXmlRootElement(localName = "Retention")
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"Mode", "RetainUntilDate"})
public final class RetentionXml {
    @JacksonXmlProperty(localName = "Mode")
    public String mode;

    @JacksonXmlProperty(localName = "RetainUntilDate")
    public String retainUntilDate;

    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }

    public static RetentionXml of(Retention r) {
        RetentionXml x = new RetentionXml();
        x.mode = r.mode().name();
        x.retainUntilDate = S3Xml.timestamp(r.retainUntil());
        return x;
    }
}
