package io.posixgw.testkit;

import io.posixgw.core.backend.BodySource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;

/** Test bodies: bytes handed out in direct buffers of a chosen size, optionally failing midway. */
public final class Bodies {
    private Bodies() {}

    public static BodySource of(byte[] data) {
        return of(data, 64 * 1024, Map.of());
    }

    public static BodySource of(byte[] data, int split) {
        return of(data, split, Map.of());
    }

    public static BodySource of(byte[] data, int split, Map<String, String> checksums) {
        return new Source(data, split, -1, checksums);
    }

    /** Hands out the first {@code n} bytes, then fails as a vanished client does. */
    public static BodySource failingAfter(byte[] data, int n) {
        return new Source(data, 1000, n, Map.of());
    }

    private static final class Source implements BodySource {
        private final byte[] data;
        private final int split;
        private final int failAt;
        private final Map<String, String> checksums;
        private final ByteBuffer buf;
        private int pos;

        Source(byte[] data, int split, int failAt, Map<String, String> checksums) {
            this.data = data;
            this.split = Math.max(1, split);
            this.failAt = failAt;
            this.checksums = checksums;
            this.buf = ByteBuffer.allocateDirect(this.split);
        }

        @Override
        public long length() {
            return failAt >= 0 ? data.length : data.length;
        }

        @Override
        public ByteBuffer next() throws IOException {
            if (failAt >= 0 && pos >= failAt) {
                throw new IOException("client went away");
            }
            if (pos >= data.length) {
                return null;
            }
            int n = Math.min(split, data.length - pos);
            if (failAt >= 0) {
                n = Math.min(n, failAt - pos);
            }
            buf.clear();
            buf.put(data, pos, n);
            buf.flip();
            pos += n;
            return buf;
        }

        @Override
        public Map<String, String> checksums() {
            return checksums;
        }
    }
}
