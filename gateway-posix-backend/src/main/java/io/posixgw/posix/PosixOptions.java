package io.posixgw.posix;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Settings of the POSIX backend.
 *
 * @param fsync            flush data and directory entries before acknowledging a write (DESIGN §5)
 * @param sidecarDir       keep metadata in files under this directory instead of user xattrs; null for xattrs
 * @param partCrc64        store {@code user.part-crc64nvme} on uploaded parts, as versitygw does, so that a
 *                         versitygw instance can complete an upload that posixgw received (costs one CRC pass)
 * @param listHashLimit    a file without an {@code etag} (written by another tool) is hashed for its ETag, by a
 *                         listing, GET or HEAD, only up to this size; a larger one has a stand-in ETag of its size,
 *                         mtime and inode everywhere ({@code UnrecordedEtags.standIn})
 * @param completeWait     how long a Complete waits for a concurrent Complete of the same upload
 * @param claimStaleAfter  a Complete claim whose heartbeat is older than this is taken for a crashed Complete
 * @param fsyncListener    told the duration of every fsync (metrics); {@link FsyncListener#NONE} by default
 * @param bucketSettleFloor the sweep never settles a hidden bucket directory (being made or deleted) younger than this,
 *                         whatever its age limit: it may be another gateway's, mid-way (10 minutes; tests lower it)
 * @param versioningDir    versitygw's versioning directory (noncurrent versions, outside the root); null: buckets
 *                         cannot be versioned
 * @param cacheAttributes keep a bucket's attributes ({@link BucketAttributes}) and listed objects' ETags
 *                         ({@link KeptAttributes}) between requests, checked against the inode and ctime on every use:
 *                         for xattrs on a local file system only, where the clock that stamps the ctime is this
 *                         machine's (ignored with a sidecar)
 */
public record PosixOptions(
        boolean fsync,
        Path sidecarDir,
        boolean partCrc64,
        long listHashLimit,
        Duration completeWait,
        Duration claimStaleAfter,
        FsyncListener fsyncListener,
        Duration bucketSettleFloor,
        Path versioningDir,
        boolean cacheAttributes) {

    public static final PosixOptions DEFAULT = new PosixOptions(
            true,
            null,
            true,
            64L << 20,
            Duration.ofMinutes(10),
            Duration.ofMinutes(2),
            FsyncListener.NONE,
            Duration.ofMinutes(10),
            null,
            false);

    public PosixOptions withFsync(boolean on) {
        return new PosixOptions(
                on,
                sidecarDir,
                partCrc64,
                listHashLimit,
                completeWait,
                claimStaleAfter,
                fsyncListener,
                bucketSettleFloor,
                versioningDir,
                cacheAttributes);
    }

    public PosixOptions withSidecar(Path dir) {
        return new PosixOptions(
                fsync,
                dir,
                partCrc64,
                listHashLimit,
                completeWait,
                claimStaleAfter,
                fsyncListener,
                bucketSettleFloor,
                versioningDir,
                cacheAttributes);
    }

    public PosixOptions withClaimStaleAfter(Duration d) {
        return new PosixOptions(
                fsync,
                sidecarDir,
                partCrc64,
                listHashLimit,
                completeWait,
                d,
                fsyncListener,
                bucketSettleFloor,
                versioningDir,
                cacheAttributes);
    }

    public PosixOptions withFsyncListener(FsyncListener listener) {
        return new PosixOptions(
                fsync,
                sidecarDir,
                partCrc64,
                listHashLimit,
                completeWait,
                claimStaleAfter,
                listener,
                bucketSettleFloor,
                versioningDir,
                cacheAttributes);
    }

    public PosixOptions withBucketSettleFloor(Duration d) {
        return new PosixOptions(
                fsync,
                sidecarDir,
                partCrc64,
                listHashLimit,
                completeWait,
                claimStaleAfter,
                fsyncListener,
                d,
                versioningDir,
                cacheAttributes);
    }

    public PosixOptions withVersioningDir(Path dir) {
        return new PosixOptions(
                fsync,
                sidecarDir,
                partCrc64,
                listHashLimit,
                completeWait,
                claimStaleAfter,
                fsyncListener,
                bucketSettleFloor,
                dir,
                cacheAttributes);
    }

    public PosixOptions withCachedAttributes(boolean on) {
        return new PosixOptions(
                fsync,
                sidecarDir,
                partCrc64,
                listHashLimit,
                completeWait,
                claimStaleAfter,
                fsyncListener,
                bucketSettleFloor,
                versioningDir,
                on);
    }
}
