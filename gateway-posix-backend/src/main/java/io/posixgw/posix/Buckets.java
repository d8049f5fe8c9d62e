package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.model.BucketInfo;
import io.posixgw.core.names.BucketNames;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Buckets are the directories under the root whose names are valid bucket names
 * (anything else there, {@code lost+found}, files, {@code .vgwlocks}, is ignored).
 * CreateBucket writes versitygw's {@code acl} and {@code ownership} attributes.
 */
final class Buckets {
    /** versitygw's default object ownership. */
    static final String DEFAULT_OWNERSHIP = "BucketOwnerEnforced";
    /** Marks a bucket directory being deleted (renamed out of sight; never a valid bucket name). */
    static final String TRASH_MARK = ".posixgw-deleting-";

    private final PathResolver paths;
    private final MetadataStore store;
    private final Committer committer;

    Buckets(PathResolver paths, MetadataStore store, Committer committer) {
        this.paths = paths;
        this.store = store;
        this.committer = committer;
    }

    /**
     * Sorted by name. CreationDate is the directory's {@code creationTime()}: its birth
     * time where the JDK and the file system provide it (statx; this JDK 17.0.15 does),
     * else the JDK's stand-in, the mtime, which is what versitygw reports (and which moves
     * whenever an entry is added at the bucket's top level).
     */
    List<BucketInfo> list() throws IOException {
        List<BucketInfo> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(paths.root())) {
            for (Path p : ds) {
                String name = p.getFileName().toString();
                if (!BucketNames.isValid(name)) {
                    continue;
                }
                BasicFileAttributes a = Fs.lstat(p);
                if (a != null && a.isDirectory() && !a.isSymbolicLink()) {
                    out.add(new BucketInfo(name, a.creationTime().toInstant()));
                }
            }
        }
        out.sort(Comparator.comparing(BucketInfo::name));
        return out;
    }

    void create(String bucket, String owner) throws IOException {
        Path dir = paths.bucketDir(bucket);
        try {
            Files.createDirectory(dir);
        } catch (FileAlreadyExistsException e) {
            if (PathResolver.isBucket(dir)) {
                throw S3Error.BUCKET_ALREADY_OWNED_BY_YOU.exception();
            }
            throw S3Error.BUCKET_ALREADY_EXISTS.exception();
        }
        try {
            String o = owner == null ? "" : owner;
            store.set(dir, AttrNames.ACL, AttrCodec.encodeOwnerAcl(o));
            store.set(dir, AttrNames.OWNERSHIP, AttrCodec.utf8(DEFAULT_OWNERSHIP));
            Files.createDirectory(PathResolver.staging(dir));
        } catch (IOException | RuntimeException e) {
            // leave the name free for a retry rather than a directory without metadata
            Fs.deleteTree(dir);
            store.deleted(dir);
            throw e;
        }
        committer.syncDir(paths.root());
    }

    void head(String bucket) throws IOException {
        PathResolver.requireBucket(paths.bucketDir(bucket));
    }

    /** The {@code Owner} of the bucket's {@code acl}; null when there is none (or it cannot be read as versitygw's). */
    String owner(String bucket) throws IOException {
        Path dir = paths.bucketDir(bucket);
        PathResolver.requireBucket(dir);
        try {
            return AttrCodec.decodeAclOwner(store.get(dir, AttrNames.ACL));
        } catch (NoSuchFileException gone) {
            throw noSuchBucket();
        }
    }

    /**
     * BucketNotEmpty while any object (or anything else that is not an empty directory)
     * exists outside {@code .sgwtmp}. The bucket is first renamed out of sight
     * atomically and checked again there, so a PUT racing with the delete either
     * lands before (the delete fails, the bucket is restored) or finds no bucket.
     */
    void delete(String bucket) throws IOException {
        Path dir = paths.bucketDir(bucket);
        PathResolver.requireBucket(dir);
        if (holdsContent(dir, true)) {
            throw S3Error.BUCKET_NOT_EMPTY.exception();
        }
        Path trash = paths.root().resolve("." + bucket + TRASH_MARK + Fs.randomHex());
        try {
            Files.move(dir, trash, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException gone) {
            throw S3Error.NO_SUCH_BUCKET.exception();
        }
        if (holdsContent(trash, true)) {
            try {
                Files.move(trash, dir, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new IOException("bucket " + bucket + " was parked at " + trash + " and could not be restored", e);
            }
            throw S3Error.BUCKET_NOT_EMPTY.exception();
        }
        Fs.deleteTree(trash);
        store.deleted(dir);
        store.deleted(trash);
        committer.syncDir(paths.root());
    }

    /** True when {@code dir} holds anything but (nested) empty directories; {@code .sgwtmp} is skipped at the top. */
    /**
     * Finishes or undoes a DeleteBucket that a crash interrupted, once its parked directory
     * ({@code .<bucket>.posixgw-deleting-<hex>}) is older than {@code cutoffMillis}: a younger one
     * may be another gateway's, between its park and its restore or removal. An empty one is
     * removed; one that holds objects (the delete found them and was restoring it) is put back
     * under its name, or left in place with a warning when that name is taken again.
     *
     * @return whether the parked directory was removed or restored
     */
    boolean settleParked(Path parked, long cutoffMillis) throws IOException {
        java.nio.file.attribute.FileTime moved;
        try {
            // the park is a rename: it changed the ctime only
            moved = (java.nio.file.attribute.FileTime) Files.getAttribute(parked, "unix:ctime", java.nio.file.LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException gone) {
            return false;
        }
        if (moved.toMillis() >= cutoffMillis) {
            return false;
        }
        if (!holdsContent(parked, true)) {
            Fs.deleteTree(parked);
            return true;
        }
        String name = parked.getFileName().toString();
        String bucket = name.substring(1, name.lastIndexOf(TRASH_MARK));
        Path dir = paths.bucketDir(bucket);
        if (Fs.lstat(dir) != null) {
            org.slf4j.LoggerFactory.getLogger(Buckets.class).warn(
                    "{} holds objects of an interrupted DeleteBucket, but bucket {} exists again: left in place", parked, bucket);
            return false;
        }
        Files.move(parked, dir, StandardCopyOption.ATOMIC_MOVE);
        return true;
    }

    private boolean holdsContent(Path dir, boolean top) throws IOException {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                if (top && p.getFileName().toString().equals(PathResolver.STAGING)) {
                    continue;
                }
                BasicFileAttributes a = Fs.lstat(p);
                if (a == null) {
                    continue;
                }
                if (!a.isDirectory() || a.isSymbolicLink()) {
                    return true;
                }
                if (isDirectoryObject(p) || holdsContent(p, false)) {
                    return true;
                }
            }
        } catch (NoSuchFileException gone) {
            return false;
        }
        return false;
    }

    private boolean isDirectoryObject(Path dir) throws IOException {
        try {
            return store.get(dir, AttrNames.ETAG) != null;
        } catch (NoSuchFileException gone) {
            return false;
        }
    }

    static S3Exception noSuchBucket() {
        return S3Error.NO_SUCH_BUCKET.exception();
    }
}
