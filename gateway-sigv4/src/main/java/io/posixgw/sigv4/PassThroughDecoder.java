package io.posixgw.sigv4;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.function.Consumer;

/** {@code UNSIGNED-PAYLOAD}: the wire bytes are the payload; nothing to verify. */
final class PassThroughDecoder implements BodyDecoder {
    @Override
    public void update(ByteBuffer wire, Consumer<ByteBuffer> sink) {
        if (wire.hasRemaining()) {
            sink.accept(wire.slice());
            wire.position(wire.limit());
        }
    }

    @Override
    public void finish() {}

    @Override
    public Map<String, String> trailers() {
        return Map.of();
    }
}
