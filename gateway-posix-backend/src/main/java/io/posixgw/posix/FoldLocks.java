package io.posixgw.posix;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;

/**
 * The fold lock of a key, across gateways ({@link Folds} moves under it, {@link FoldLookup}
 * waits on it), and what a tree where no lock can be taken (mounted read-only) means: nobody
 * folds there.
 */
final class FoldLocks {
    private final KeyLocks locks = new KeyLocks(KeyLocks.Domain.FOLDS);

    static final long LOCK_BASE = 2L << 20;

    /** The key's fold lock, across gateways: a record lock at {@link #LOCK_BASE} plus the slot of bucket and key. */
    KeyLocks.Held lock(Path bucketDir, String key) throws IOException {
        // a slot of the root's lock file, not a file per key: a read that finds nothing takes it too
        KeyLocks.Held held = locks.lockIn(
                bucketDir.getParent().resolve(Buckets.NAME_LOCKS), LOCK_BASE, bucketDir.getFileName() + "/" + key);
        HOLDING.set(HOLDING.get() + 1);
        return () -> {
            HOLDING.set(HOLDING.get() - 1);
            held.close();
        };
    }

    /**
     * Fold locks this thread holds: a reader inside a locked write never waits for a mover (it would
     * be itself; and a second lock on a file this JVM holds locked, then closed, drops the first).
     */
    private static final ThreadLocal<Integer> HOLDING = ThreadLocal.withInitial(() -> 0);

    /** Whether this thread holds a fold lock (its own move is not under way while it looks). */
    static boolean holding() {
        return HOLDING.get() > 0;
    }

    /** Whether a failure to take or use the lock says the tree is read-only (no lock to be had, nobody folds). */
    static boolean readOnly(FileSystemException e) {
        return e instanceof AccessDeniedException
                || (e.getReason() != null && e.getReason().contains("Read-only"));
    }
}
