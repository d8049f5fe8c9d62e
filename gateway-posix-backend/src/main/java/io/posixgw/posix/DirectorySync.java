package io.posixgw.posix;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Group commit for directory fsyncs. A caller needs a sync of the directory that
 * starts after its call (its rename happened before the call). When one is already
 * running, the caller waits for the next one; all callers that arrive meanwhile share
 * that next sync, performed by one of them. No lock is held across an fsync, and
 * different directories never wait for each other. A sync that need not wait for the
 * caller's next step can run in the background ({@link #syncInBackground}).
 */
final class DirectorySync {
    private static final AtomicInteger THREADS = new AtomicInteger();

    private final ConcurrentHashMap<Path, Entry> entries = new ConcurrentHashMap<>();
    private final Flush flush;
    /** Threads for background syncs, as many as are waiting on a disk; idle ones end after a while. */
    private final Executor background =
            new ThreadPoolExecutor(0, Integer.MAX_VALUE, 10, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
                Thread t = new Thread(r, "posixgw-dirsync-" + THREADS.incrementAndGet());
                t.setDaemon(true);
                return t;
            });

    /** The fsync itself (replaceable in tests). */
    interface Flush {
        void force(Path dir) throws IOException;
    }

    DirectorySync() {
        this(FsyncListener.NONE);
    }

    /** Real fsyncs, each timed for {@code listener} unless it is {@link FsyncListener#NONE}. */
    DirectorySync(FsyncListener listener) {
        this(dir -> FsyncListener.timed(listener, FsyncListener.Target.DIRECTORY, () -> force(dir)));
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

    /** A background sync: {@link #await} returns once its directories are durable, or throws why they are not. */
    static final class Pending {
        static final Pending NONE = new Pending(CompletableFuture.completedFuture(null));
        private final CompletableFuture<Void> done;

        private Pending(CompletableFuture<Void> done) {
            this.done = done;
        }

        void await() throws IOException {
            try {
                done.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof UncheckedIOException u) {
                    throw u.getCause();
                }
                throw e;
            }
        }
    }

    /** {@link #sync} of each directory, started now on another thread. */
    Pending syncInBackground(Collection<Path> dirs) {
        if (dirs.isEmpty()) {
            return Pending.NONE;
        }
        List<Path> todo = List.copyOf(dirs);
        return new Pending(CompletableFuture.runAsync(
                () -> {
                    for (Path d : todo) {
                        try {
                            sync(d);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                },
                background));
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
        } catch (java.nio.file.FileSystemException e) {
            if (!Fs.isNotDirectory(e)) {
                throw e;
            }
            // a path through what is a file now (a folded key's directory unfolded after the
            // rename, which syncs its own moves): gone as well, nothing of it to make durable
        }
    }
}
