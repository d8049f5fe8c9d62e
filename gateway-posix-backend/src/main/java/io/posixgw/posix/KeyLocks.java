package io.posixgw.posix;

import io.posixgw.core.backend.NonBlocking;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Exclusive locks on keys that hold across threads and across gateway processes
 * sharing the file system: a striped in-process lock (a JVM may hold one file lock
 * per file only) around a POSIX record lock on {@code <bucket>/.sgwtmp/locks/<sha256(key)>}.
 * Used around the check-and-publish of conditional writes, the two renames of a sidecar
 * publication, and bucket creation and removal ({@link #lockIn}); never across I/O of a body.
 * Lock files are small and kept: deleting one while another process waits on it would
 * let two processes hold "the" lock.
 */
final class KeyLocks {
    static final String LOCKS = "locks";
    private static final int STRIPES = 256;

    /**
     * What a set of locks is for. Each has its own stripes, one set for the whole JVM: the JVM
     * keeps one table of file locks for all its threads (a second lock on a range it holds is an
     * OverlappingFileLockException, not a wait), and tests run several backends over one root in
     * one JVM. A thread holds at most one lock of a domain, and takes them in this order (a fold's, a key's
     * lock, or a bucket name's, then a publication's), so striping cannot make a cycle.
     */
    enum Domain {
        /** Folds and unfolds of a key ({@link Folds}): slots of the data root's {@code .posixgw-bucket-locks}, taken before any other. */
        FOLDS,
        /** Conditional writes and deletes: a lock file per key under {@code <bucket>/.sgwtmp/locks}. */
        KEYS,
        /** CreateBucket and DeleteBucket: slots of the data root's {@code .posixgw-bucket-locks}. */
        BUCKET_NAMES,
        /** Sidecar publications: slots of {@code <sidecar>/.publish-locks}. */
        PUBLICATIONS;

        private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];

        Domain() {
            for (int i = 0; i < STRIPES; i++) {
                stripes[i] = new ReentrantLock();
            }
        }
    }

    private final ReentrantLock[] stripes;

    KeyLocks(Domain domain) {
        this.stripes = domain.stripes;
    }

    /** A held lock; closing releases it. */
    interface Held extends AutoCloseable {
        @Override
        void close() throws IOException;
    }

    /** A lock that is not held: for what needs none (xattrs publish in one rename). */
    static final Held NOT_HELD = () -> {};

    Held lock(Path bucketDir, String key) throws IOException {
        String name = Fs.sha256Hex(key);
        Path file = PathResolver.staging(bucketDir).resolve(LOCKS).resolve(name);
        return acquire(Math.floorMod(name.hashCode(), STRIPES), () -> open(bucketDir, file), 0, Long.MAX_VALUE);
    }

    /**
     * A lock on {@code key} taken as a one-byte record lock in the shared file {@code file}, at an
     * offset its hash picks (names whose offsets collide just take turns): no file per key, and
     * nothing but that one file where it lives (the data root, whose directories are buckets to
     * every gateway, versitygw included).
     */
    Held lockIn(Path file, String key) throws IOException {
        return lockIn(file, 0, key);
    }

    /** {@link #lockIn} at {@code base} plus the key's slot: another set of slots in the same file. */
    Held lockIn(Path file, long base, String key) throws IOException {
        long slot = base + slot(key);
        ReentrantLock local = stripes[Math.floorMod(slot, STRIPES)];
        NonBlocking.mayWait();
        local.lock();
        try {
            return held(local, lockRange(SharedFiles.channel(file), slot, 1, false));
        } catch (IOException | RuntimeException e) {
            local.unlock();
            throw e;
        }
    }

    /**
     * {@link #lockIn} if nobody holds it, in this process or another: never waits, so it may be
     * called with other locks held in any order.
     *
     * @return the held lock, or null when it is taken (or its stripe is, by a key sharing it)
     */
    Held tryLockIn(Path file, String key) throws IOException {
        int slot = slot(key);
        ReentrantLock local = stripes[Math.floorMod(slot, STRIPES)];
        if (!local.tryLock()) {
            return null;
        }
        try {
            FileLock fileLock;
            try {
                fileLock = SharedFiles.channel(file).tryLock(slot, 1, false);
            } catch (java.nio.channels.OverlappingFileLockException heldHere) {
                fileLock = null; // this thread holds it already (its stripe is reentrant): taken
            }
            if (fileLock == null) {
                local.unlock();
                return null;
            }
            return held(local, fileLock);
        } catch (IOException | RuntimeException e) {
            local.unlock();
            throw e;
        }
    }

    static int slot(String key) {
        return Math.floorMod(Fs.sha256Hex(key).hashCode(), 1 << 20);
    }

    /** Releases the record lock (its channel stays open: see {@link SharedFiles}), then the stripe. */
    private static Held held(ReentrantLock local, FileLock fileLock) {
        return () -> {
            try {
                fileLock.release();
            } finally {
                local.unlock();
            }
        };
    }

    /** The JVM's one channel of a shared lock file (see {@link SharedFiles}), readable too: shared locks need it. */
    static FileChannel sharedChannel(Path file) throws IOException {
        return SharedFiles.channel(file);
    }

    /**
     * One channel per shared lock file for the whole JVM, open as long as it runs. POSIX record
     * locks belong to the process, and closing any descriptor of a file drops all of them: a
     * channel opened and closed per lock would drop the locks other threads hold on other slots
     * of the same file (they would still hold their stripes, but other gateways would see the
     * slots free). A channel closed anyway (a thread interrupted while it waited) is opened again.
     */
    private static final class SharedFiles {
        private static final java.util.concurrent.ConcurrentHashMap<Path, FileChannel> OPEN =
                new java.util.concurrent.ConcurrentHashMap<>();

        static FileChannel channel(Path file) throws IOException {
            Path key = file.toAbsolutePath().normalize();
            FileChannel ch = OPEN.get(key);
            if (ch != null && ch.isOpen()) {
                return ch;
            }
            synchronized (OPEN) {
                ch = OPEN.get(key);
                if (ch == null || !ch.isOpen()) {
                    ch = FileChannel.open(
                            key, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
                    OPEN.put(key, ch);
                }
                return ch;
            }
        }
    }

    /** Opens the lock file. */
    private interface Opener {
        FileChannel open() throws IOException;
    }

    /**
     * The in-process stripe, then the record lock on {@code [position, position + size)} of the opened file;
     * the channel is closed with the lock (a key's own lock file: no other thread holds a lock in it meanwhile,
     * they share the stripe).
     */
    private Held acquire(int stripe, Opener opener, long position, long size) throws IOException {
        ReentrantLock local = stripes[stripe];
        NonBlocking.mayWait();
        local.lock();
        FileChannel channel = null;
        try {
            channel = opener.open();
            FileLock fileLock = lockRange(channel, position, size, false);
            FileChannel ch = channel;
            return () -> {
                try {
                    fileLock.release();
                    ch.close();
                } finally {
                    local.unlock();
                }
            };
        } catch (IOException | RuntimeException e) {
            if (channel != null) {
                channel.close();
            }
            local.unlock();
            throw e;
        }
    }

    /**
     * {@code fcntl(F_SETLKW)}, again after a false deadlock: the kernel tracks record locks per
     * process, not per thread, so two gateways whose threads wait on each other's slots look
     * deadlocked to it (EDEADLK, "Resource deadlock avoided") although each waiting thread holds
     * nothing the other waits for. Callers take at most one lock per {@link Domain}, in the
     * domains' order, so a real cycle cannot form and waiting again is right.
     */
    static FileLock lockRange(FileChannel channel, long position, long size, boolean shared) throws IOException {
        NonBlocking.mayWait();
        for (int attempt = 0; ; attempt++) {
            try {
                return channel.lock(position, size, shared);
            } catch (IOException e) {
                String reason = e.getMessage();
                if (reason == null || !reason.contains("deadlock") || attempt >= 1000) {
                    throw e;
                }
                try {
                    Thread.sleep(1 + Math.min(attempt, 20));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new java.io.InterruptedIOException("interrupted while waiting for a lock");
                }
            }
        }
    }

    private static FileChannel open(Path bucketDir, Path file) throws IOException {
        try {
            return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (NoSuchFileException e) {
            PathResolver.requireBucket(bucketDir);
            Fs.createDirectoriesBelow(bucketDir, file.getParent());
            return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        }
    }
}
