package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;

@JsonPropertyOrder({"ID", "DisplayName"})
public record Owner(
        @JacksonXmlProperty(localName = "ID") String id,
        @JacksonXmlProperty(localName = "DisplayName") String displayName) {}
