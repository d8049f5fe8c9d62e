package io.posixgw.server.http;

import java.util.concurrent.TimeUnit;

/**
 * Whether a read runs on the connection's event loop now ({@code --inline-reads}). Handing a
 * GetObject or HeadObject to a worker and its answer back costs two thread wake-ups, each a
 * few tens of microseconds on an idle core and more in a virtual machine, against the 50 us
 * of file calls a small read takes (docs/BENCHMARKS.md). A read that would wait for anything
 * else than the disk moves to a worker by itself ({@link io.posixgw.core.backend.NonBlocking});
 * one that took long anyway (a cold cache, a slow disk) sends every read to the workers for a
 * while, so that a struggling disk holds up the other connections of a loop at most once a
 * second.
 */
final class InlineReads {
    /** A read on the event loop slower than this turns inline reads off for {@link #PAUSE_NANOS}. */
    static final long SLOW_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    static final long PAUSE_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final boolean enabled;
    /** {@link System#nanoTime} before which reads go to the workers. */
    private volatile long pausedUntil;

    InlineReads(boolean enabled) {
        this.enabled = enabled;
        this.pausedUntil = System.nanoTime();
    }

    /** Whether a read may run on the event loop now. */
    boolean admits() {
        return enabled && System.nanoTime() - pausedUntil >= 0;
    }

    /** A read ran on the event loop for {@code nanos}. */
    void took(long nanos) {
        if (nanos > SLOW_NANOS) {
            pausedUntil = System.nanoTime() + PAUSE_NANOS;
        }
    }
}
