package io.posixgw.posix;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What a sidecar stamp ({@link SidecarMetadataStore#STAMP}) records of a data file (its inode,
 * size and mtime), read with one lstat, and how a stamp is matched against it.
 */
record DataVersion(String inode, long size, long mtimeNanos, long ctimeNanos, boolean regular) {
    /** A file renamed this recently may be mid-publish in another gateway: worth waiting for its attributes. */
    private static final long RECENT_RENAME_NANOS = TimeUnit.SECONDS.toNanos(2);

    static DataVersion of(Path path) throws IOException {
        Map<String, Object> a;
        try {
            a = Fs.retryStale(
                    path,
                    () -> Files.readAttributes(
                            path, "unix:ino,size,lastModifiedTime,ctime,isRegularFile", LinkOption.NOFOLLOW_LINKS));
        } catch (NoSuchFileException e) {
            return null;
        }
        return new DataVersion(
                String.valueOf(a.get("ino")),
                (Long) a.get("size"),
                ((java.nio.file.attribute.FileTime) a.get("lastModifiedTime")).to(TimeUnit.NANOSECONDS),
                ((java.nio.file.attribute.FileTime) a.get("ctime")).to(TimeUnit.NANOSECONDS),
                (Boolean) a.get("isRegularFile"));
    }

    byte[] stamp() {
        return (inode + ":" + size + ":" + mtimeNanos).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Same inode, or same size and the stamp's mtime exactly, or truncated to the microsecond or
     * to the second: what a copy keeps (Java's copy, tar). Not any mtime within a second of it
     * (an earlier rule): two gateways' versions of one key of one size written within a second
     * matched so, and a reader paired one's bytes with the other's attributes when the writer
     * of the newer bytes died (or, through a cache, seemed to be) between its two renames. Two
     * versions still match when their sizes agree and both were written within one tick of the
     * kernel's file clock (a few ms).
     */
    boolean roughlyMatches(byte[] stamp) {
        Stamp s = Stamp.parse(stamp);
        if (s.inode().equals(inode)) {
            return true;
        }
        long m = s.mtimeNanos();
        return s.size() == size
                && m >= 0
                && (mtimeNanos == m
                        || mtimeNanos == m - Math.floorMod(m, 1_000L)
                        || mtimeNanos == m - Math.floorMod(m, 1_000_000_000L));
    }

    boolean sameInode(byte[] stamp) {
        return Stamp.parse(stamp).inode().equals(inode);
    }

    boolean renamedRecently() {
        java.time.Instant now = java.time.Instant.now();
        long nowNanos = TimeUnit.SECONDS.toNanos(now.getEpochSecond()) + now.getNano();
        return nowNanos - ctimeNanos < RECENT_RENAME_NANOS;
    }

    /** A stamp's fields: {@code <inode>:<size>:<mtime ns>}; size and mtime are -1 when missing or malformed. */
    private record Stamp(String inode, long size, long mtimeNanos) {
        static Stamp parse(byte[] raw) {
            String[] f = new String(raw, StandardCharsets.US_ASCII).split(":", -1);
            try {
                return f.length == 3
                        ? new Stamp(f[0], Long.parseLong(f[1]), Long.parseLong(f[2]))
                        : new Stamp(f[0], -1, -1);
            } catch (NumberFormatException e) {
                return new Stamp(f[0], -1, -1);
            }
        }
    }
}
