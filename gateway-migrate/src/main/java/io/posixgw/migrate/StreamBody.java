package io.posixgw.migrate;

import io.posixgw.core.backend.BodySource;
import io.posixgw.core.model.Etags;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * A source object's bytes as a {@link BodySource} for the POSIX backend: exactly
 * {@code length} bytes or an error before the end, so that the backend, which publishes
 * only at the end of the body, never publishes a truncated copy. The MD5 is computed
 * on the way (the backend checks it too when given the source's plain ETag).
 */
final class StreamBody implements BodySource {
    private static final int BUFFER = 64 * 1024;

    private final InputStream in;
    private final long length;
    private final LongConsumer progress;
    private final BooleanSupplier cancelled;
    private final MessageDigest md5 = Etags.newMd5();
    private final byte[] buffer = new byte[BUFFER];
    private long count;
    private boolean ended;

    StreamBody(InputStream in, long length, LongConsumer progress, BooleanSupplier cancelled) {
        this.in = in;
        this.length = length;
        this.progress = progress;
        this.cancelled = cancelled;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public ByteBuffer next() throws IOException {
        if (ended) {
            return null;
        }
        if (cancelled.getAsBoolean()) {
            throw new InterruptedIOException("migration interrupted");
        }
        int max = (int) Math.min(buffer.length, Math.max(1, length - count + 1));
        int n = in.read(buffer, 0, max);
        if (n < 0) {
            if (count != length) {
                throw new EOFException("the source sent " + count + " of " + length + " bytes");
            }
            ended = true;
            return null;
        }
        count += n;
        if (count > length) {
            throw new IOException("the source sent more than the " + length + " bytes it announced");
        }
        md5.update(buffer, 0, n);
        progress.accept(n);
        return ByteBuffer.wrap(buffer, 0, n);
    }

    @Override
    public Map<String, String> checksums() {
        return Map.of();
    }

    long count() {
        return count;
    }

    String md5Hex() {
        return HexFormat.of().formatHex(md5.digest());
    }
}
