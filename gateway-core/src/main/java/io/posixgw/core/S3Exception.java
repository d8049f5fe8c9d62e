package io.posixgw.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An S3 error on its way to the client. Carries no stack trace: these are
 * expected outcomes of bad requests, not bugs, and are thrown often.
 */
public final class S3Exception extends RuntimeException {
    private final S3Error error;
    private Map<String, String> details = Map.of();
    private Map<String, String> headers = Map.of();

    public S3Exception(S3Error error, String message) {
        super(message == null ? error.defaultMessage() : message, null, false, false);
        this.error = error;
    }

    public S3Exception(S3Error error, String message, Throwable cause) {
        super(message == null ? error.defaultMessage() : message, cause, false, false);
        this.error = error;
    }

    public S3Error error() {
        return error;
    }

    /** Adds an element S3 writes into this error's XML besides Code and Message (e.g. InvalidRange's ActualObjectSize). */
    public S3Exception detail(String element, String value) {
        if (details.isEmpty()) {
            details = new LinkedHashMap<>();
        }
        details.put(element, value);
        return this;
    }

    /** Adds a header to the error answer (e.g. InvalidRange's {@code Content-Range: bytes *}{@code /size}). */
    public S3Exception header(String name, String value) {
        if (headers.isEmpty()) {
            headers = new LinkedHashMap<>();
        }
        headers.put(name, value);
        return this;
    }

    public Map<String, String> details() {
        return Collections.unmodifiableMap(details);
    }

    public Map<String, String> headers() {
        return Collections.unmodifiableMap(headers);
    }
}
