package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

/** {@code <Error>}: the body of every S3 error response (S3 writes it without a namespace). */
@JacksonXmlRootElement(localName = "Error")
@JsonPropertyOrder({"Code", "Message", "Resource", "RequestId"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ErrorResponse(
        @JacksonXmlProperty(localName = "Code") String code,
        @JacksonXmlProperty(localName = "Message") String message,
        @JacksonXmlProperty(localName = "Resource") String resource,
        @JacksonXmlProperty(localName = "RequestId") String requestId) {
}
