package io.posixgw.core.xml;

import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;

public record CommonPrefix(
        @JacksonXmlProperty(localName = "Prefix") String prefix) {}
