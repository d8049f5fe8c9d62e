package io.posixgw.sigv4;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.function.Consumer;

/** Turns the body bytes from the wire into payload bytes, verifying as it goes. Not thread-safe; one per request. */
public interface BodyDecoder {
    /**
     * Consumes all of {@code wire} (may be any split, even 1 byte); passes decoded payload runs to {@code sink}
     * (buffers valid only during the call). After a failure every later call throws the same exception.
     * <p>
     * The decoders of this module pass slices of {@code wire} itself, never an internal or reused buffer, so a caller
     * that keeps {@code wire}'s memory alive (e.g. a retained Netty buffer) may keep the runs as long as that.
     */
    void update(ByteBuffer wire, Consumer<ByteBuffer> sink) throws SigV4Exception;

    /**
     * The wire body ended: verifies the end state (final 0-chunk seen, trailer and its signature, SHA-256 of the
     * payload equal to the signed hex, decoded length equal to x-amz-decoded-content-length).
     */
    void finish() throws SigV4Exception;

    /**
     * After finish(): trailer headers received (lower-case name -> value, e.g. "x-amz-checksum-crc32" -> base64),
     * signature-verified in the signed-trailer mode. Empty if none. The server verifies checksum values itself.
     */
    Map<String, String> trailers();

    /** The body as it is, nothing to verify: for a request whose body no signature of its own covers (a POST form). */
    static BodyDecoder unsigned() {
        return new PassThroughDecoder();
    }
}
