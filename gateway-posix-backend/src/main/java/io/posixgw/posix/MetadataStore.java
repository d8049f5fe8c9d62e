package io.posixgw.posix;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Named attributes of files and directories under the data root: objects, staged temp
 * files, multipart upload directories and bucket directories alike (a bucket's
 * attributes are those of its directory). Names are versitygw's, without the
 * {@code user.} prefix. Implementations: {@link XattrMetadataStore} (user xattrs,
 * which follow the inode through renames) and {@link SidecarMetadataStore} (files in
 * a separate tree, moved along explicitly).
 */
interface MetadataStore {
    /** The value, or null when the attribute is absent. */
    byte[] get(Path path, String name) throws IOException;

    /** Whether the attribute is present (for checks where it is usually absent: a prefix directory's etag). */
    default boolean has(Path path, String name) throws IOException {
        return get(path, name) != null;
    }

    /** The present attributes whose names pass {@code wanted}, in one listing plus one read each. */
    Map<String, byte[]> read(Path path, Predicate<String> wanted) throws IOException;

    List<String> list(Path path) throws IOException;

    /**
     * Sets (replaces) one attribute. Throws {@code MetadataTooLarge} when the file system
     * has no room for it (ext4 keeps about 4 KiB of xattrs per inode).
     */
    void set(Path path, String name, byte[] value) throws IOException;

    default void setAll(Path path, Map<String, byte[]> values) throws IOException {
        for (Map.Entry<String, byte[]> e : values.entrySet()) {
            set(path, e.getKey(), e.getValue());
        }
    }

    /** Removes one attribute; absent is fine. */
    void remove(Path path, String name) throws IOException;

    /**
     * The data at {@code from} is about to be renamed (or linked) to {@code to}, with the key's
     * {@link #lockPublication} held; {@link #moved} follows. Sidecar: the key's node records where
     * the new attributes wait, so that a writer dying between the two renames leaves them found
     * (xattrs: nothing to do).
     */
    default void publishing(Path from, Path to) throws IOException {}

    /** The data at {@code from} was renamed to {@code to}: bring its attributes along (xattrs: nothing to do). */
    void moved(Path from, Path to) throws IOException;

    /**
     * {@code to} is a new hard link of the regular file {@code from} (a version kept or restored):
     * give it {@code from}'s attributes. Xattrs: nothing to do, both names are one inode.
     */
    default void linked(Path from, Path to) throws IOException {}

    /** The file or directory at {@code path} (and everything under it) was removed. */
    void deleted(Path path) throws IOException;

    /**
     * The empty directory at {@code path} was removed (pruned): drop its own attributes
     * only, never those of entries a concurrent writer may be creating under the same name.
     */
    default void prunedDirectory(Path path) throws IOException {}

    /**
     * Startup housekeeping: removes what processes killed mid-write left in the store's own
     * files, when older than {@code maxAge} (xattrs: nothing, they live in the inodes).
     *
     * @return the number of entries removed
     */
    default int sweep(java.time.Duration maxAge) throws IOException {
        return 0;
    }

    /**
     * {@link #set}, unless it would have to wait for another writer of the key: for a value
     * that is only a cache (a computed ETag), written by readers that hold other locks.
     *
     * @return whether it was written
     */
    default boolean setIfUncontended(Path path, String name, byte[] value) throws IOException {
        set(path, name, value);
        return true;
    }

    /**
     * Held, across every gateway sharing the file system, by whoever changes which data and
     * attributes {@code target} has: a publication (data rename, then {@link #moved}), a
     * delete (unlink, then {@link #deleted}) and an attribute write. Without it, two gateways
     * overwriting one key could interleave their two renames and leave one's bytes with the
     * other's attributes, or a delete could trash a new version's attributes. Taken before
     * {@link #publishLock}. Xattrs need none: data and attributes are one inode.
     */
    default KeyLocks.Held lockPublication(Path target) throws IOException {
        return KeyLocks.NOT_HELD;
    }

    /**
     * Held around a data rename onto {@code target} and the {@link #moved} that follows,
     * so that concurrent overwrites of one key in this process leave the attributes of the
     * version whose bytes won. Xattrs need none (they are part of the inode).
     */
    default java.util.concurrent.locks.Lock publishLock(Path target) {
        return NoLock.INSTANCE;
    }

    /** A lock that does nothing. */
    final class NoLock extends java.util.concurrent.locks.ReentrantLock {
        static final NoLock INSTANCE = new NoLock();

        @Override
        public void lock() {}

        @Override
        public void unlock() {}
    }
}
