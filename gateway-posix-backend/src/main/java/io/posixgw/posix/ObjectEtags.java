package io.posixgw.posix;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Objects' ETags kept between listings, so that a listing costs one {@code statx} per object
 * instead of that, an open, an attribute read, a close and a second {@code statx} (which confirms
 * that the size and the ETag belong together): the wall-clock profile of a 1,000-key listing
 * spent a third of its time in the attribute reads and a sixth in the second look (issue 15).
 *
 * <p>An entry is the ETag read from one inode (device and inode number) while its ctime was a given
 * value. Writing the data, setting or removing an attribute, or renaming the file changes the ctime,
 * and an overwrite is a new inode, so an entry is used only for a file whose walk's {@code statx}
 * shows the same inode and ctime: the size and mtime of that same {@code statx} then belong with
 * the ETag, whatever another gateway or tool did to the volume. The rules of {@link BucketAttributes}
 * hold here too: only xattrs on a local file system (a file server's ctimes are not stamped by this
 * machine's clock, and a sidecar's attributes are files elsewhere), and git's "racy" rule: an ETag
 * read less than {@link BucketAttributes#RACY_NANOS} after the file's ctime is not kept, since a
 * second change within the kernel's clock tick can leave the ctime as it was.
 */
final class ObjectEtags {
    /**
     * Entries at most (beyond: all forgotten, read again): about 150 bytes each, so a few MiB
     * for the objects a gateway lists again and again.
     */
    static final int MAX_ENTRIES = 32_768;

    private record Entry(long ctimeNanos, String etag) {}

    private final boolean enabled;
    private final LongSupplier wallNanos;
    private final Map<Object, Entry> entries = new ConcurrentHashMap<>();

    ObjectEtags(boolean enabled) {
        this(enabled, () -> TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis()));
    }

    ObjectEtags(boolean enabled, LongSupplier wallNanos) {
        this.enabled = enabled;
        this.wallNanos = wallNanos;
    }

    /** The wall clock now, to pass to {@link #keep} once the ETag read that starts after this is done. */
    long readStarts() {
        return wallNanos.getAsLong();
    }

    /** The ETag kept for the file as {@code seen} (its inode and ctime), or null. */
    String get(StampedAttributes seen) {
        if (!enabled || seen.fileKey() == null) {
            return null;
        }
        Entry e = entries.get(seen.fileKey());
        return e != null && e.ctimeNanos == seen.ctimeNanos() ? e.etag : null;
    }

    /**
     * Keeps {@code etag}, read from the file between two looks that both found it as {@code seen}
     * (same inode, size, mtime and ctime), the read having started at {@code readStarted}.
     */
    void keep(StampedAttributes seen, String etag, long readStarted) {
        if (!enabled || seen.fileKey() == null || etag == null) {
            return;
        }
        if (readStarted - seen.ctimeNanos() <= BucketAttributes.RACY_NANOS) {
            entries.remove(seen.fileKey());
            return;
        }
        if (entries.size() >= MAX_ENTRIES) {
            entries.clear();
        }
        entries.put(seen.fileKey(), new Entry(seen.ctimeNanos(), etag));
    }
}
