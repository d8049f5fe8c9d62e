package io.posixgw.posix;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Objects' attributes kept between requests, so that a listing costs one {@code statx} per object
 * instead of that, an open, an attribute read, a close and a second {@code statx} (which confirms
 * that the size and the ETag belong together), and a GET or HEAD no attribute reads (a listing of
 * the names, then an open, a read and a close per attribute, as the JDK makes them): the wall-clock
 * profile of a 1,000-key listing spent a third of its time in the attribute reads and a sixth in the
 * second look, a GET's CPU profile a seventh in the attribute reads (issue 15).
 *
 * <p>An entry is what was read from one inode (device and inode number) while its ctime was a given
 * value: the ETag alone (a listing) or every attribute a read serves ({@link #all}). Writing the
 * data, setting or removing an attribute, or renaming the file changes the ctime, and an overwrite
 * is a new inode, so an entry is used only for a file whose {@code statx} shows the same inode and
 * ctime: the size and mtime of that same {@code statx} then belong with the attributes, whatever
 * another gateway or tool did to the volume. The rules of {@link BucketAttributes} hold here too:
 * only xattrs on a local file system (a file server's ctimes are not stamped by this machine's
 * clock, and a sidecar's attributes are files elsewhere), and git's "racy" rule: what was read less
 * than {@link BucketAttributes#RACY_NANOS} after the file's ctime is not kept, since a second change
 * within the kernel's clock tick can leave the ctime as it was.
 */
final class KeptAttributes {
    /** Entries at most (beyond: all forgotten, read again): a few hundred bytes each. */
    static final int MAX_ENTRIES = 16_384;
    /** Attribute sets larger than this (a many-part upload's layout, long user metadata) are not kept. */
    static final int MAX_BYTES = 4096;
    /** What all entries may hold, counted as their names' and values' bytes plus {@link #OVERHEAD} each: 8 MiB. */
    static final long BUDGET = 8L << 20;
    /** The heap an entry takes beyond its bytes (map node, record, arrays' headers), roughly. */
    private static final int OVERHEAD = 256;

    /** @param all every attribute a read serves, or null when only the ETag was read */
    private record Entry(long ctimeNanos, String etag, Map<String, byte[]> all, int bytes) {}

    private final boolean enabled;
    private final LongSupplier wallNanos;
    private final Map<Object, Entry> entries = new ConcurrentHashMap<>();
    /** The bytes of the entries kept, as {@link #BUDGET} counts them (approximate under races: a bound, not a ledger). */
    private final java.util.concurrent.atomic.AtomicLong held = new java.util.concurrent.atomic.AtomicLong();

    KeptAttributes(boolean enabled) {
        this(enabled, () -> TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis()));
    }

    KeptAttributes(boolean enabled, LongSupplier wallNanos) {
        this.enabled = enabled;
        this.wallNanos = wallNanos;
    }

    boolean enabled() {
        return enabled;
    }

    /** The wall clock now, to pass to {@link #keepEtag} or {@link #keepAll} once the read that starts after this is done. */
    long readStarts() {
        return wallNanos.getAsLong();
    }

    /** The ETag kept for the file as {@code seen} (its inode and ctime), or null. */
    String etag(StampedAttributes seen) {
        Entry e = entry(seen);
        if (e == null) {
            return null;
        }
        return e.all == null ? e.etag : AttrCodec.etag(e.all.get(AttrNames.ETAG));
    }

    /** Every attribute a read serves, kept for the file as {@code seen}, or null (read-only: shared). */
    Map<String, byte[]> all(StampedAttributes seen) {
        Entry e = entry(seen);
        return e == null ? null : e.all;
    }

    private Entry entry(StampedAttributes seen) {
        if (!enabled || seen.fileKey() == null) {
            return null;
        }
        Entry e = entries.get(seen.fileKey());
        return e != null && e.ctimeNanos == seen.ctimeNanos() ? e : null;
    }

    /**
     * Keeps {@code etag}, read from the file between two looks that both found it as {@code seen}
     * (same inode, size, mtime and ctime), the read having started at {@code readStarted}.
     */
    void keepEtag(StampedAttributes seen, String etag, long readStarted) {
        if (etag != null && all(seen) == null) {
            keep(seen, new Entry(seen.ctimeNanos(), etag, null, OVERHEAD + etag.length()), readStarted);
        }
    }

    /** {@link #keepEtag} for every attribute a read serves. */
    void keepAll(StampedAttributes seen, Map<String, byte[]> all, long readStarted) {
        int bytes = 0;
        for (Map.Entry<String, byte[]> a : all.entrySet()) {
            bytes += a.getKey().length() + a.getValue().length;
        }
        if (bytes <= MAX_BYTES) {
            keep(seen, new Entry(seen.ctimeNanos(), null, Map.copyOf(all), OVERHEAD + bytes), readStarted);
        }
    }

    /** Whether what is read of the file as {@code seen}, from {@code readStarted} on, may be kept (not racy). */
    boolean keepable(StampedAttributes seen, long readStarted) {
        return enabled && seen.fileKey() != null && readStarted - seen.ctimeNanos() > BucketAttributes.RACY_NANOS;
    }

    private void keep(StampedAttributes seen, Entry e, long readStarted) {
        if (!enabled || seen.fileKey() == null) {
            return;
        }
        if (!keepable(seen, readStarted)) {
            forget(entries.remove(seen.fileKey()));
            return;
        }
        if (entries.size() >= MAX_ENTRIES || held.get() + e.bytes > BUDGET) {
            entries.clear();
            held.set(0);
        }
        held.addAndGet(e.bytes);
        forget(entries.put(seen.fileKey(), e));
    }

    private void forget(Entry gone) {
        if (gone != null) {
            held.addAndGet(-gone.bytes);
        }
    }
}
