package io.posixgw.server.auth;

/**
 * Where a request came from, as bucket policies may ask: {@code aws:SourceIp} and
 * {@code aws:SecureTransport}.
 *
 * @param sourceIp the peer's address (no proxy header is trusted), null when unknown
 * @param secure   whether the connection is TLS
 */
public record Client(String sourceIp, boolean secure) {
    public static final Client UNKNOWN = new Client(null, false);
}
