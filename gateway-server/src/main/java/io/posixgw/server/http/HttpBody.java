package io.posixgw.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.BodySource;
import io.posixgw.server.auth.Authenticator;
import io.posixgw.sigv4.BodyDecoder;
import io.posixgw.sigv4.SigV4Exception;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A request body on its way from the event loop to a blocking worker. The event
 * loop {@link #offer offers} network buffers; the worker pulls decoded bytes with
 * {@link #next()}. Memory stays bounded: past {@link #HIGH_WATER} queued bytes the
 * channel stops reading until the worker has drained below {@link #LOW_WATER}.
 * Every check the request promised (payload hash, chunk signatures, checksums) is
 * done before {@link #next()} reports the end.
 */
public final class HttpBody implements BodySource {
    static final int HIGH_WATER = 1 << 20;
    static final int LOW_WATER = 256 << 10;

    private final Channel channel;
    private final BodyDecoder decoder;
    private final BodyChecksums checksums;
    private final long length;
    private final long maxLength;
    private final long timeoutNanos;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<ByteBuf> queue = new ArrayDeque<>();
    private long queuedBytes;
    private boolean lastReceived;
    private boolean closed;
    private boolean paused;
    private IOException failure;

    // Worker side only.
    private ByteBuf current;
    private final ArrayDeque<ByteBuffer> decoded = new ArrayDeque<>(4);
    private boolean finished;
    private long delivered;
    private Map<String, String> verifiedChecksums = Map.of();

    HttpBody(Channel channel, BodyDecoder decoder, BodyChecksums checksums, long length, long timeoutMillis) {
        this(channel, decoder, checksums, length, Long.MAX_VALUE, timeoutMillis);
    }

    /**
     * @param length    the decoded length the request declared, or -1 (a plain chunked body)
     * @param maxLength the most decoded bytes taken: past it {@link #next()} fails with EntityTooLarge, so a body
     *                  without a declared length is cut off as it arrives, before more than that is stored
     */
    HttpBody(
            Channel channel,
            BodyDecoder decoder,
            BodyChecksums checksums,
            long length,
            long maxLength,
            long timeoutMillis) {
        this.channel = channel;
        this.decoder = decoder;
        this.checksums = checksums;
        this.length = length;
        this.maxLength = maxLength;
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    // ---------------------------------------------------------------- event loop side

    /** Takes ownership of {@code content}. */
    void offer(ByteBuf content, boolean last) {
        lock.lock();
        try {
            if (closed) {
                content.release();
                return;
            }
            if (content.isReadable()) {
                queue.add(content);
                queuedBytes += content.readableBytes();
            } else {
                content.release();
            }
            if (last) {
                lastReceived = true;
            }
            if (queuedBytes > HIGH_WATER && !paused) {
                paused = true;
                channel.config().setAutoRead(false);
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The connection failed or closed before the body was complete. */
    void fail(IOException cause) {
        lock.lock();
        try {
            if (failure == null && !lastReceived) {
                failure = cause;
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    // ---------------------------------------------------------------- worker side

    @Override
    public long length() {
        return length;
    }

    @Override
    public ByteBuffer next() throws IOException {
        while (true) {
            ByteBuffer ready = decoded.poll();
            if (ready != null) {
                delivered += ready.remaining();
                if (delivered > maxLength) {
                    throw new S3Exception(
                                    S3Error.ENTITY_TOO_LARGE,
                                    "Your proposed upload exceeds the maximum allowed size of " + maxLength + " bytes")
                            .detail("MaxSizeAllowed", Long.toString(maxLength));
                }
                if (checksums != null) {
                    checksums.update(ready);
                }
                return ready;
            }
            if (finished) {
                return null;
            }
            releaseCurrent();
            ByteBuf wire = take();
            if (wire == null) {
                finish();
                return null;
            }
            current = wire;
            try {
                decoder.update(wire.nioBuffer(), decoded::add);
            } catch (SigV4Exception e) {
                throw Authenticator.toS3(e);
            }
        }
    }

    @Override
    public Map<String, String> checksums() {
        return verifiedChecksums;
    }

    private void finish() {
        try {
            decoder.finish();
        } catch (SigV4Exception e) {
            throw Authenticator.toS3(e);
        }
        if (checksums != null) {
            verifiedChecksums = checksums.finish(decoder.trailers());
        }
        finished = true;
    }

    /** Waits for the next network buffer; null at the end of the body. */
    private ByteBuf take() throws IOException {
        lock.lock();
        try {
            long deadline = System.nanoTime() + timeoutNanos;
            while (queue.isEmpty() && !lastReceived && failure == null && !closed) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new S3Exception(S3Error.REQUEST_TIMEOUT, S3Error.REQUEST_TIMEOUT.defaultMessage());
                }
                try {
                    changed.awaitNanos(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("interrupted while reading the request body");
                }
            }
            ByteBuf next = queue.poll();
            if (next != null) {
                queuedBytes -= next.readableBytes();
                if (paused && queuedBytes < LOW_WATER) {
                    paused = false;
                    channel.eventLoop().execute(() -> channel.config().setAutoRead(true));
                }
                return next;
            }
            if (failure != null) {
                throw failure;
            }
            if (closed) {
                throw new IOException("request body closed");
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    private void releaseCurrent() {
        if (current != null) {
            current.release();
            current = null;
        }
    }

    /** True once every byte of the body has arrived from the network. */
    boolean fullyReceived() {
        lock.lock();
        try {
            return lastReceived;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Releases every buffer; later offers are dropped. Called by the worker when the
     * operation ends, whatever its outcome.
     */
    void close() {
        decoded.clear();
        releaseCurrent();
        lock.lock();
        try {
            closed = true;
            ByteBuf b;
            while ((b = queue.poll()) != null) {
                b.release();
            }
            queuedBytes = 0;
            if (paused) {
                paused = false;
                channel.eventLoop().execute(() -> channel.config().setAutoRead(true));
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
