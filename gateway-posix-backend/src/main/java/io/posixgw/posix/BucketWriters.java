package io.posixgw.posix;

import java.io.IOException;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A bucket's writers lock, shared by every gateway on the root: each publication of an object
 * (the rename of its data, a sidecar's move of its attributes, a directory object's etag) and
 * each step that adds an entry to the bucket ahead of it (a temp file's creation, the key's
 * directories) holds it shared; DeleteBucket holds it exclusive from the moment it parks the bucket until the
 * parked directory is removed from the file system or restored under its name (see {@link
 * Buckets}). So no publication can land in a parked bucket after the delete's last look for
 * objects: whatever path or cached directory entry led the writer there (a rename through a
 * FUSE or NFS client that still caches the bucket's entry reaches the parked directory by its
 * inode), the rename runs either before the park, and the delete sees the object, or after the
 * directory is gone, and fails.
 *
 * <p>On disk: a one-byte record lock in the data root's {@value Buckets#NAME_LOCKS}, at
 * {@link #BASE} plus the slot the bucket's name picks (the bucket-name locks use the slots
 * below {@code BASE}), shared ({@code F_RDLCK}) or exclusive ({@code F_WRLCK}). In process: a
 * JVM can hold one file lock per range, so the threads of this JVM share the record lock of a
 * slot through a count, behind a fair read-write stripe that a delete takes for writing first.
 */
final class BucketWriters {
    /** The first slot of the writers locks in the bucket lock file (after the name locks). */
    static final long BASE = 1L << 20;

    private static final int STRIPES = 256;
    /** One set for the JVM, like {@link KeyLocks.Domain}: tests run several backends over one root. */
    private static final Stripe[] ALL = new Stripe[STRIPES];

    static {
        for (int i = 0; i < STRIPES; i++) {
            ALL[i] = new Stripe();
        }
    }

    /** A stripe of slots: the in-process side of their locks. */
    private static final class Stripe {
        final ReentrantReadWriteLock rw = new ReentrantReadWriteLock(true);
        /** The record lock each slot is held by (shared) for this JVM's writers, and how many share it. */
        final Map<Long, Share> shares = new HashMap<>();
    }

    private static final class Share {
        int users;
        FileLock lock;
    }

    private final Path file;

    /** @param root the data root */
    BucketWriters(Path root) {
        this.file = root.resolve(Buckets.NAME_LOCKS);
    }

    /** The writers locks of the root that holds {@code bucketDir} (the lock state is the JVM's, this only names the file). */
    static BucketWriters of(Path bucketDir) {
        return new BucketWriters(bucketDir.getParent());
    }

    /** Held shared by a publication into {@code bucket}: waits while a DeleteBucket of it holds it exclusive. */
    KeyLocks.Held shared(String bucket) throws IOException {
        long slot = BASE + KeyLocks.slot(bucket);
        Stripe s = ALL[(int) Math.floorMod(slot, (long) STRIPES)];
        s.rw.readLock().lock();
        Share share;
        synchronized (s) {
            share = s.shares.computeIfAbsent(slot, k -> new Share());
            share.users++;
        }
        try {
            synchronized (share) {
                if (share.lock == null || !share.lock.isValid()) {
                    share.lock = KeyLocks.lockRange(KeyLocks.sharedChannel(file), slot, 1, true);
                }
            }
        } catch (IOException | RuntimeException e) {
            leave(s, slot, share);
            throw e;
        }
        return () -> leave(s, slot, share);
    }

    /** The last of this JVM's writers of a slot releases its record lock, under the stripe's monitor (a new one waits for it). */
    private static void leave(Stripe s, long slot, Share share) throws IOException {
        try {
            synchronized (s) {
                if (--share.users == 0) {
                    s.shares.remove(slot);
                    FileLock l = share.lock;
                    share.lock = null;
                    if (l != null && l.isValid()) {
                        l.release();
                    }
                }
            }
        } finally {
            s.rw.readLock().unlock();
        }
    }

    /**
     * Held exclusive by a DeleteBucket, without waiting: null when a publication into the bucket
     * (or into a bucket sharing its slot or stripe) holds it, in this process or another.
     */
    KeyLocks.Held tryExclusive(String bucket) throws IOException {
        long slot = BASE + KeyLocks.slot(bucket);
        Stripe s = ALL[(int) Math.floorMod(slot, (long) STRIPES)];
        if (!s.rw.writeLock().tryLock()) {
            return null;
        }
        try {
            FileLock l = KeyLocks.sharedChannel(file).tryLock(slot, 1, false);
            if (l == null) {
                s.rw.writeLock().unlock();
                return null;
            }
            return exclusiveHeld(s, l);
        } catch (IOException | RuntimeException e) {
            s.rw.writeLock().unlock();
            throw e;
        }
    }

    /** Held exclusive by a DeleteBucket: waits for the publications under way to end. */
    KeyLocks.Held exclusive(String bucket) throws IOException {
        long slot = BASE + KeyLocks.slot(bucket);
        Stripe s = ALL[(int) Math.floorMod(slot, (long) STRIPES)];
        s.rw.writeLock().lock();
        try {
            return exclusiveHeld(s, KeyLocks.lockRange(KeyLocks.sharedChannel(file), slot, 1, false));
        } catch (IOException | RuntimeException e) {
            s.rw.writeLock().unlock();
            throw e;
        }
    }

    private static KeyLocks.Held exclusiveHeld(Stripe s, FileLock l) {
        return () -> {
            try {
                l.release();
            } finally {
                s.rw.writeLock().unlock();
            }
        };
    }
}
