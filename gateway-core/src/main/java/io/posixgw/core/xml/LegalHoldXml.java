package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

/** {@code <LegalHold><Status>ON|OFF</Status></LegalHold>}: PutObjectLegalHold's body, GetObjectLegalHold's answer. */
@JacksonXmlRootElement(localName = "LegalHold")
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class LegalHoldXml {
    @JacksonXmlProperty(localName = "Status")
    public String status;

    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }

    public static LegalHoldXml of(boolean on) {
        LegalHoldXml x = new LegalHoldXml();
        x.status = on ? "ON" : "OFF";
        return x;
    }
}
