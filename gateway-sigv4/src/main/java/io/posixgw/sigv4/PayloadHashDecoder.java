package io.posixgw.sigv4;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A signed 64-hex payload hash: bytes pass through as they come and are hashed on the way; {@link #finish()} fails with
 * XAmzContentSHA256Mismatch if the body was not what was signed (the server must then discard what it stored).
 */
final class PayloadHashDecoder implements BodyDecoder {
    private final byte[] expected;
    private final MessageDigest digest = Crypto.newSha256();
    private SigV4Exception failure;

    PayloadHashDecoder(String expectedHex) {
        this.expected = Crypto.unhex(expectedHex);
        if (expected == null || expected.length != 32) {
            throw new IllegalArgumentException("not a SHA-256 hex: " + expectedHex);
        }
    }

    @Override
    public void update(ByteBuffer wire, Consumer<ByteBuffer> sink) throws SigV4Exception {
        if (failure != null) {
            throw failure;
        }
        if (wire.hasRemaining()) {
            digest.update(wire.duplicate());
            sink.accept(wire.slice());
            wire.position(wire.limit());
        }
    }

    @Override
    public void finish() throws SigV4Exception {
        if (failure != null) {
            throw failure;
        }
        if (!MessageDigest.isEqual(digest.digest(), expected)) {
            failure = new SigV4Exception(
                    Reason.X_AMZ_CONTENT_SHA256_MISMATCH,
                    "The provided 'x-amz-content-sha256' header does not match what was computed.");
            throw failure;
        }
    }

    @Override
    public Map<String, String> trailers() {
        return Map.of();
    }
}
