package io.posixgw.server.http;

import io.netty.util.AsciiString;

/**
 * Response header names in the case AWS S3 sends them. Names are case-insensitive, but scripts grep a raw answer for
 * {@code Content-Length:}; Netty's own {@code HttpHeaderNames} are lower case. Pre-built {@link AsciiString}s, so
 * writing them copies bytes as the lower-case constants did.
 */
final class CanonicalHeaderNames {
    static final AsciiString CONTENT_LENGTH = AsciiString.cached("Content-Length");
    static final AsciiString CONTENT_TYPE = AsciiString.cached("Content-Type");
    static final AsciiString DATE = AsciiString.cached("Date");
    static final AsciiString SERVER = AsciiString.cached("Server");
    static final AsciiString CONNECTION = AsciiString.cached("Connection");
    /** As AWS sends them: lower case. */
    static final AsciiString X_AMZ_REQUEST_ID = AsciiString.cached("x-amz-request-id");

    static final AsciiString X_AMZ_ID_2 = AsciiString.cached("x-amz-id-2");

    private CanonicalHeaderNames() {}
}
