package io.posixgw.core.backend;

import java.util.function.Supplier;

/**
 * Work run where it must not wait: the server runs a small read (GetObject, HeadObject) on the
 * connection's event loop instead of handing it to a worker, which saves two thread wake-ups per
 * request (docs/ARCHITECTURE.md, "Reads on the event loop"). Such a read gives up as soon as it
 * would wait for something other than a local disk: a lock another request holds, a pause before
 * retrying, hashing a large file. The code about to wait calls {@link #mayWait}; inside
 * {@link #run} that throws {@link WouldWait}, the server catches it and runs the request again on a
 * worker from the start. So what runs here must have no effect before its first {@link #mayWait}
 * that a second run could not repeat: reads only.
 */
public final class NonBlocking {
    private static final ThreadLocal<boolean[]> ACTIVE = ThreadLocal.withInitial(() -> new boolean[1]);
    private static final WouldWait WOULD_WAIT = new WouldWait();

    private NonBlocking() {}

    /** Thrown by {@link #mayWait} inside {@link #run}: the work would wait, run it where it may. */
    public static final class WouldWait extends RuntimeException {
        private WouldWait() {
            super("this work would wait: run it on a worker", null, false, false);
        }
    }

    /** Runs {@code work} on this thread; {@link WouldWait} escapes when it would wait. */
    public static <T> T run(Supplier<T> work) {
        boolean[] active = ACTIVE.get();
        boolean outer = active[0];
        active[0] = true;
        try {
            return work.get();
        } finally {
            active[0] = outer;
        }
    }

    /** Called before waiting (a lock, a sleep, a long computation): inside {@link #run}, throws {@link WouldWait}. */
    public static void mayWait() {
        if (ACTIVE.get()[0]) {
            throw WOULD_WAIT;
        }
    }

    /** Rethrows {@code e} when it is a {@link WouldWait}: for code that turns every exception into an answer. */
    public static void rethrowIfWouldWait(Throwable e) {
        if (e instanceof WouldWait w) {
            throw w;
        }
    }
}
