package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.Map;

/** {@code <Error>}: the body of every S3 error response (S3 writes it without a namespace). */
@JacksonXmlRootElement(localName = "Error")
@JsonPropertyOrder({"Code", "Message", "details", "Resource", "RequestId"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ErrorResponse(
        @JacksonXmlProperty(localName = "Code") String code,
        @JacksonXmlProperty(localName = "Message") String message,
        @JacksonXmlProperty(localName = "Resource") String resource,
        @JacksonXmlProperty(localName = "RequestId") String requestId,
        /** Elements some errors carry besides these (see {@link io.posixgw.core.S3Exception#detail}). */
        @JsonAnyGetter Map<String, String> details) {

    public ErrorResponse(String code, String message, String resource, String requestId) {
        this(code, message, resource, requestId, Map.of());
    }
}
