package io.posixgw.core.backend;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;

/**
 * The decoded bytes of a request body, pulled by the backend on a blocking thread.
 * The server feeds it from the network; everything the request promised about its
 * body (signed payload hash, chunk signatures, trailer checksums, declared length)
 * is verified before {@link #next()} returns {@code null}, so a backend that
 * commits only after end of stream never commits an unverified body.
 */
public interface BodySource {
    /** Decoded length when the request declared it, else -1. */
    long length();

    /**
     * The next run of body bytes, or {@code null} at the verified end of the body.
     * Blocks until bytes arrive. The buffer is valid only until the next call.
     *
     * @throws io.posixgw.core.S3Exception on a bad body (digest mismatch, truncated stream, bad chunk signature)
     * @throws IOException                 when the client went away or the wait timed out
     */
    ByteBuffer next() throws IOException;

    /**
     * After {@link #next()} returned null: the checksums the client sent for this body
     * (in headers or trailers), already verified, algorithm name ({@code CRC32}, {@code SHA256}, ...) to base64.
     */
    Map<String, String> checksums();
}
