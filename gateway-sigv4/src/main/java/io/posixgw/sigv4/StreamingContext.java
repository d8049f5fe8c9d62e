package io.posixgw.sigv4;

import java.util.Set;

/**
 * What an aws-chunked body needs from the verified headers: the signing key, date and scope that chain the chunk
 * signatures from the seed signature (null in the unsigned-trailer mode), and the trailer names {@code x-amz-trailer}
 * declared. Opaque to the server: it only hands it back through {@link AuthResult#newBodyDecoder()}.
 */
public final class StreamingContext {
    private static final String PAYLOAD = "AWS4-HMAC-SHA256-PAYLOAD";
    private static final String TRAILER = "AWS4-HMAC-SHA256-TRAILER";

    private final byte[] signingKey;
    private final String amzDate;
    private final String scope;
    private final String seedSignature;
    private final Set<String> declaredTrailers;

    StreamingContext(
            byte[] signingKey, String amzDate, String scope, String seedSignature, Set<String> declaredTrailers) {
        this.signingKey = signingKey;
        this.amzDate = amzDate;
        this.scope = scope;
        this.seedSignature = seedSignature;
        this.declaredTrailers = Set.copyOf(declaredTrailers);
    }

    /** Lower-case trailer names from {@code x-amz-trailer}; empty if the header was absent. */
    public Set<String> declaredTrailers() {
        return declaredTrailers;
    }

    boolean signed() {
        return signingKey != null;
    }

    /** The request's signature (lower-case hex), which the first chunk's signature chains from. */
    String seedSignature() {
        return seedSignature;
    }

    /** HMAC of "AWS4-HMAC-SHA256-PAYLOAD\n date\n scope\n previous\n sha256("")\n sha256(chunk)". */
    byte[] chunkSignature(String previousSignatureHex, String chunkSha256Hex) {
        return Crypto.hmacSha256(
                signingKey,
                PAYLOAD
                        + '\n'
                        + amzDate
                        + '\n'
                        + scope
                        + '\n'
                        + previousSignatureHex
                        + '\n'
                        + Crypto.EMPTY_SHA256
                        + '\n'
                        + chunkSha256Hex);
    }

    /** HMAC of "AWS4-HMAC-SHA256-TRAILER\n date\n scope\n previous\n sha256(canonical trailer lines)". */
    byte[] trailerSignature(String previousSignatureHex, String trailerSha256Hex) {
        return Crypto.hmacSha256(
                signingKey,
                TRAILER + '\n' + amzDate + '\n' + scope + '\n' + previousSignatureHex + '\n' + trailerSha256Hex);
    }
}
