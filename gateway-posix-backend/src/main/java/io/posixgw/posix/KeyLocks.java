package io.posixgw.posix;

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
 * Used only around the check-and-publish of conditional writes, never across I/O of a body.
 * Lock files are small and kept: deleting one while another process waits on it would
 * let two processes hold "the" lock.
 */
final class KeyLocks {
    static final String LOCKS = "locks";
    private static final int STRIPES = 256;

    private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];

    KeyLocks() {
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new ReentrantLock();
        }
    }

    /** A held lock; closing releases it. */
    interface Held extends AutoCloseable {
        @Override
        void close() throws IOException;
    }

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
        int slot = Math.floorMod(Fs.sha256Hex(key).hashCode(), 1 << 20);
        return acquire(Math.floorMod(slot, STRIPES),
                () -> FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE), slot, 1);
    }

    /** Opens the lock file. */
    private interface Opener {
        FileChannel open() throws IOException;
    }

    /** The in-process stripe, then the record lock on {@code [position, position + size)} of the opened file. */
    private Held acquire(int stripe, Opener opener, long position, long size) throws IOException {
        ReentrantLock local = stripes[stripe];
        local.lock();
        FileChannel channel = null;
        try {
            channel = opener.open();
            FileLock fileLock = channel.lock(position, size, false);
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
