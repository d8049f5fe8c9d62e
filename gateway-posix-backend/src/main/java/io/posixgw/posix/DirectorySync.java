package io.posixgw.posix;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Group commit for directory fsyncs. A caller needs a sync of the directory that
 * starts after its call (its rename happened before the call). When one is already
 * running, the caller waits for the next one; all callers that arrive meanwhile share
 * that next sync, performed by one of them. No lock is held across an fsync, and
 * different directories never wait for each other.
 */
final class DirectorySync {
    private final ConcurrentHashMap<Path, Entry> entries = new ConcurrentHashMap<>();
    private final Flush flush;

    /** The fsync itself (replaceable in tests). */
    interface Flush {
        void force(Path dir) throws IOException;
    }

    DirectorySync() {
        this(FsyncListener.NONE);
    }

    /** Real fsyncs, each timed for {@code listener} unless it is {@link FsyncListener#NONE}. */
    DirectorySync(FsyncListener listener) {
        this(listener == FsyncListener.NONE ? DirectorySync::force : dir -> {
            long start = System.nanoTime();
            force(dir);
            listener.fsynced(FsyncListener.Target.DIRECTORY, System.nanoTime() - start);
        });
    }

    DirectorySync(Flush flush) {
        this.flush = flush;
    }

    /** Per directory: generations of syncs started and finished. */
    private static final class Entry {
        final ReentrantLock lock = new ReentrantLock();
        final Condition changed = lock.newCondition();
        int users; // guarded by the map's per-key lock (compute)
        long started;
        long done;
        boolean running;
        long failedGen = -1;
        IOException failure;
    }

    /** Makes every directory-entry change in {@code dir} made before this call durable. */
    void sync(Path dir) throws IOException {
        Entry e = entries.compute(dir, (k, v) -> {
            Entry x = v == null ? new Entry() : v;
            x.users++;
            return x;
        });
        try {
            await(dir, e);
        } finally {
            entries.compute(dir, (k, v) -> {
                if (v == null) {
                    return null;
                }
                v.users--;
                return v.users == 0 ? null : v;
            });
        }
    }

    private void await(Path dir, Entry e) throws IOException {
        e.lock.lock();
        try {
            long target = e.started + 1;
            while (e.done < target) {
                if (!e.running) {
                    e.running = true;
                    long gen = ++e.started;
                    IOException err = null;
                    e.lock.unlock();
                    try {
                        flush.force(dir);
                    } catch (IOException x) {
                        err = x;
                    } finally {
                        e.lock.lock();
                    }
                    e.running = false;
                    e.done = gen;
                    if (err != null) {
                        e.failedGen = gen;
                        e.failure = err;
                    }
                    e.changed.signalAll();
                } else {
                    try {
                        e.changed.await();
                    } catch (InterruptedException ie) {
                        Thread.currentThread().interrupt();
                        throw new InterruptedIOException("interrupted while waiting for a directory sync");
                    }
                }
            }
            if (e.failedGen >= target) {
                throw new IOException("fsync of directory " + dir + " failed", e.failure);
            }
        } finally {
            e.lock.unlock();
        }
    }

    /** fsync of a directory; a directory removed meanwhile has nothing left to flush. */
    static void force(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (NoSuchFileException gone) {
            // removed after the rename (an emptied parent): nothing to make durable
        }
    }
}
