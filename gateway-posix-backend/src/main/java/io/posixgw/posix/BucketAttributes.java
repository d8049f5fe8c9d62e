package io.posixgw.posix;

import io.posixgw.core.S3Error;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A bucket's attributes (owner, ACL, Object Lock configuration, versioning state...) kept between
 * requests, so that the reads every request makes of them (the owner for authorisation, the write
 * state for each PUT and DELETE) cost one {@code statx} of the bucket directory instead of an open,
 * a listing, a read per attribute and a close. Correct across gateways sharing the volume: setting
 * or removing an xattr changes the directory's ctime, and so does renaming it (DeleteBucket parks
 * it) or making another in its place (a new inode), so an entry is used only while the directory's
 * inode, device and ctime are those it was read under.
 *
 * <p>Only where that check holds: xattrs (a sidecar's attributes are files elsewhere, which leave
 * the directory's ctime alone) on a local file system, whose ctimes come from this machine's clock
 * (a file server's clock is not ours). And git's "racy" rule: the kernel stamps ctimes from a coarse
 * clock (one tick, up to 10 ms), so a second change within the tick of the first can leave the ctime
 * as it was. An entry read less than {@link #RACY_NANOS} after its ctime is therefore never trusted:
 * it is read again each time until the directory has been quiet that long.
 */
final class BucketAttributes {
    /** Younger than this, a ctime may be shared by a later change (well above a kernel tick). */
    static final long RACY_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** Entries for this many bucket directories at most (beyond: all forgotten, read again). */
    private static final int MAX_ENTRIES = 10_000;

    private record Entry(Object dev, Object ino, long ctimeNanos, Map<String, byte[]> attributes) {}

    private final MetadataStore store;
    private final boolean enabled;
    private final Map<Path, Entry> entries = new ConcurrentHashMap<>();

    /** The wall clock, in nanoseconds since the epoch (the clock ctimes are stamped by). */
    private final java.util.function.LongSupplier wallNanos;

    BucketAttributes(MetadataStore store, boolean enabled) {
        this(store, enabled, () -> TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis()));
    }

    BucketAttributes(MetadataStore store, boolean enabled, java.util.function.LongSupplier wallNanos) {
        this.store = store;
        this.enabled = enabled;
        this.wallNanos = wallNanos;
    }

    /** Whether {@link #all} serves attributes; when not, callers read them from the store each time. */
    boolean enabled() {
        return enabled;
    }

    /**
     * Every attribute of the bucket directory (read-only: shared with other callers); NoSuchBucket
     * when there is no directory there (a symlink is no bucket). Only when {@link #enabled}.
     */
    Map<String, byte[]> all(Path bucketDir) throws IOException {
        Map<String, Object> st;
        try {
            st = Files.readAttributes(bucketDir, "unix:dev,ino,ctime,mode", LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException | NotDirectoryException gone) {
            throw noSuchBucket(bucketDir);
        }
        if ((((Integer) st.get("mode")) & 0170000) != 0040000) {
            throw noSuchBucket(bucketDir);
        }
        long ctime = ((FileTime) st.get("ctime")).to(TimeUnit.NANOSECONDS);
        Entry e = entries.get(bucketDir);
        if (e != null && e.ctimeNanos == ctime && e.ino.equals(st.get("ino")) && e.dev.equals(st.get("dev"))) {
            return e.attributes;
        }
        long now = wallNanos.getAsLong(); // before the read: see the class
        Map<String, byte[]> attrs;
        try {
            attrs = Map.copyOf(store.read(bucketDir, n -> true));
        } catch (NoSuchFileException | NotDirectoryException gone) {
            entries.remove(bucketDir);
            throw noSuchBucket(bucketDir);
        }
        if (now - ctime > RACY_NANOS) {
            if (entries.size() >= MAX_ENTRIES) {
                entries.clear();
            }
            entries.put(bucketDir, new Entry(st.get("dev"), st.get("ino"), ctime, attrs));
        } else {
            entries.remove(bucketDir);
        }
        return attrs;
    }

    private static io.posixgw.core.S3Exception noSuchBucket(Path bucketDir) {
        return new io.posixgw.core.S3Exception(
                S3Error.NO_SUCH_BUCKET, "The specified bucket does not exist: " + bucketDir.getFileName());
    }
}
