package io.posixgw.sigv4;

/** How the request body is protected, from {@code x-amz-content-sha256} (or the presigned default). */
public enum PayloadMode {
    /** 64-hex SHA-256 of the body: verified while streaming, checked in {@link BodyDecoder#finish()}. */
    SIGNED_HASH,
    /** {@code UNSIGNED-PAYLOAD}: the body is passed through as is. */
    UNSIGNED,
    /** {@code STREAMING-AWS4-HMAC-SHA256-PAYLOAD}: aws-chunked with a signature per chunk. */
    STREAMING_SIGNED,
    /** {@code STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER}: signed chunks, then signed trailer headers. */
    STREAMING_SIGNED_TRAILER,
    /** {@code STREAMING-UNSIGNED-PAYLOAD-TRAILER}: aws-chunked without signatures, then (unsigned) trailer headers. */
    STREAMING_UNSIGNED_TRAILER;

    /** Whether the body arrives aws-chunked and must go through the decoder's framing parser. */
    public boolean isStreaming() {
        return this == STREAMING_SIGNED || this == STREAMING_SIGNED_TRAILER || this == STREAMING_UNSIGNED_TRAILER;
    }
}
