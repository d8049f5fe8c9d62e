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
    /** Marks a bucket being made, before its rename into place (see {@link #create}). */
    static final String CREATING_MARK = ".posixgw-creating-";

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

    /**
     * Makes the bucket complete under a hidden name ({@code .<bucket>.posixgw-creating-<hex>}:
     * owner, ownership, {@code .sgwtmp}) and renames it into place. So the name never shows a
     * bucket without its owner, and the rename, onto a name that must be free (rename(2) fails
     * on a non-empty directory: every bucket holds {@code .sgwtmp}), never writes the owner of
     * another bucket that took the name meanwhile (a DeleteBucket restoring a parked bucket, in
     * any gateway), nor removes it on failure.
     */
    void create(String bucket, String owner) throws IOException {
        Path dir = paths.bucketDir(bucket);
        requireFree(dir);
        Path making = paths.root().resolve("." + bucket + CREATING_MARK + Fs.randomHex());
        boolean placed = false;
        try {
            Files.createDirectory(making);
            String o = owner == null ? "" : owner;
            store.set(making, AttrNames.ACL, AttrCodec.encodeOwnerAcl(o));
            store.set(making, AttrNames.OWNERSHIP, AttrCodec.utf8(DEFAULT_OWNERSHIP));
            Files.createDirectory(PathResolver.staging(making));
            committer.syncDir(making);
            try {
                Files.move(making, dir, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException taken) {
                requireFree(dir); // someone else's bucket (or file) took the name meanwhile
                throw taken;
            }
            placed = true;
            store.moved(making, dir);
        } finally {
            if (!placed) {
                Fs.deleteTree(making); // only ever ours
                store.deleted(making);
            }
        }
        committer.syncDir(paths.root());
    }

    /** BucketAlreadyOwnedByYou when a bucket has the name (whose owner the authoriser has checked), BucketAlreadyExists for a file. */
    private static void requireFree(Path dir) throws IOException {
        BasicFileAttributes a = Fs.lstat(dir);
        if (a == null) {
            return;
        }
        if (a.isDirectory() && !a.isSymbolicLink()) {
            throw S3Error.BUCKET_ALREADY_OWNED_BY_YOU.exception();
        }
        throw S3Error.BUCKET_ALREADY_EXISTS.exception();
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
     * Finishes a DeleteBucket or CreateBucket that a crash interrupted, once its hidden
     * directory ({@code .<bucket>.posixgw-deleting-<hex>} or {@code .posixgw-creating-<hex>}) is
     * older than {@code cutoffMillis}: a younger one may be another gateway's, between its park
     * and its restore or removal, or before its rename into place. A bucket being made, or a
     * parked one without objects, is removed. A parked one that holds objects (the delete found
     * them and was restoring it) is never removed and never renamed back by the sweep (the name
     * may be taken meanwhile, and rename(2) would replace an empty bucket): it stays, with a
     * warning naming the command that restores it.
     *
     * @return whether it was removed
     */
    boolean settleParked(Path parked, long cutoffMillis) throws IOException {
        BasicFileAttributes a = Fs.lstat(parked);
        if (a == null || !a.isDirectory() || a.isSymbolicLink()) {
            return false;
        }
        // the park (or the making) is a rename or a mkdir: both set the ctime
        java.nio.file.attribute.FileTime since;
        try {
            since = (java.nio.file.attribute.FileTime) Files.getAttribute(parked, "unix:ctime", java.nio.file.LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException gone) {
            return false;
        }
        if (since.toMillis() >= cutoffMillis) {
            return false;
        }
        String name = parked.getFileName().toString();
        boolean making = name.contains(CREATING_MARK);
        if (!making && holdsContent(parked, true)) {
            String bucket = name.substring(1, name.lastIndexOf(TRASH_MARK));
            org.slf4j.LoggerFactory.getLogger(Buckets.class).warn("{} holds the objects of bucket {}, whose DeleteBucket was "
                    + "interrupted: restore it with `mv {} {}` once no bucket of that name exists", parked, bucket, parked,
                    paths.bucketDir(bucket));
            return false;
        }
        Fs.deleteTree(parked);
        store.deleted(parked);
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
