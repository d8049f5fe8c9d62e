package io.posixgw.posix;

/**
 * Told how long each fsync took. The server turns this into a metric; the backend
 * knows nothing of metrics libraries. {@link #NONE} costs nothing: the backend does
 * not even read the clock when it is the listener.
 */
@FunctionalInterface
public interface FsyncListener {
    /** What was flushed: an object's data and inode, or a directory's entries. */
    enum Target {
        FILE,
        DIRECTORY
    }

    FsyncListener NONE = (target, nanos) -> {};

    /** Called on the thread that did the fsync, after it succeeded. */
    void fsynced(Target target, long nanos);

    /** An fsync to run and time. */
    @FunctionalInterface
    interface Fsync {
        void run() throws java.io.IOException;
    }

    /** Runs {@code fsync} and reports its time to {@code listener}; with {@link #NONE}, no clock is read. */
    static void timed(FsyncListener listener, Target target, Fsync fsync) throws java.io.IOException {
        if (listener == NONE) {
            fsync.run();
            return;
        }
        long start = System.nanoTime();
        fsync.run();
        listener.fsynced(target, System.nanoTime() - start);
    }
}
