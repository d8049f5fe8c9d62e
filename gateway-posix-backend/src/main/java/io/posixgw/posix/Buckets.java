package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.model.BucketInfo;
import io.posixgw.core.names.BucketNames;
import io.posixgw.core.policy.PublicAccessBlock;
import java.io.IOException;
import java.nio.file.DirectoryStream;
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
    /** The file holding the bucket-name locks, in the data root. */
    static final String NAME_LOCKS = ".posixgw-bucket-locks";
    /** Marks a bucket being made, before its rename into place (see {@link #create}). */
    static final String CREATING_MARK = ".posixgw-creating-";
    /** A hidden bucket directory: {@code .<bucket><mark><hex>}, the mark the last one in the name (a bucket may be named like one). */
    private static final java.util.regex.Pattern HIDDEN =
            java.util.regex.Pattern.compile("\\.(.+)(?:\\.posixgw-deleting-|\\.posixgw-creating-)[0-9a-f]+");

    private final PathResolver paths;
    private final MetadataStore store;
    private final Committer committer;
    private final KeyLocks names;
    private final BucketWriters writers;
    private final BucketAttributes attributes;
    private volatile RaceHooks hooks = RaceHooks.NONE;
    /** However short the sweep's age limit, a hidden bucket directory younger than this is another gateway's, mid-way. */
    private final long settleFloorMillis;

    /** @param names locks on bucket names, across gateways: a create and a delete of one name never interleave */
    Buckets(
            PathResolver paths,
            MetadataStore store,
            Committer committer,
            KeyLocks names,
            BucketWriters writers,
            java.time.Duration settleFloor,
            BucketAttributes attributes) {
        this.writers = writers;
        this.attributes = attributes;
        this.settleFloorMillis = settleFloor.toMillis();
        this.paths = paths;
        this.store = store;
        this.committer = committer;
        this.names = names;
    }

    void hooks(RaceHooks h) {
        this.hooks = h;
    }

    /**
     * The cross-gateway lock of a bucket name: a record lock in the root's one hidden file
     * {@value #NAME_LOCKS} (a file, not a directory: every directory of the root is a bucket
     * to versitygw sharing it).
     */
    private KeyLocks.Held lockName(String bucket) throws IOException {
        return names.lockIn(paths.root().resolve(NAME_LOCKS), bucket);
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
     * owner, ownership, Public Access Block, {@code .sgwtmp}) and renames it into place, under the name's lock. So
     * the name never shows a bucket without its owner, and a create never writes the owner of
     * another bucket nor removes one: a DeleteBucket of the name (which may restore a parked
     * bucket) takes the same lock in every gateway, and the rename fails on a non-empty
     * directory (every bucket made here holds {@code .sgwtmp}). In sidecar mode the attribute
     * node is moved into place before the data, so a crash between the two leaves a bucket
     * with its owner, or no bucket and a stray node that the next create of the name replaces.
     */
    void create(String bucket, String owner) throws IOException {
        create(bucket, owner, java.util.Map.of());
    }

    /** CreateBucket with more bucket attributes (the Object Lock configuration), set before the bucket appears. */
    void create(String bucket, String owner, java.util.Map<String, byte[]> extraAttrs) throws IOException {
        Path dir = paths.bucketDir(bucket);
        String o = owner == null ? "" : owner;
        requireFree(dir);
        try (KeyLocks.Held held = lockName(bucket)) {
            requireFree(dir);
            Path making = paths.root().resolve("." + bucket + CREATING_MARK + Fs.randomHex());
            boolean nodeMoved = false;
            boolean placed = false;
            try {
                Files.createDirectory(making);
                store.set(making, AttrNames.ACL, AttrCodec.encodeOwnerAcl(o));
                store.set(making, AttrNames.OWNERSHIP, AttrCodec.utf8(DEFAULT_OWNERSHIP));
                store.set(making, AttrNames.PUBLIC_ACCESS_BLOCK, PublicAccessBlock.ALL.toJson());
                store.setAll(making, extraAttrs);
                Files.createDirectory(PathResolver.staging(making));
                committer.syncDir(making);
                store.moved(making, dir); // sidecar: the attributes first (see above); xattrs: nothing
                nodeMoved = true;
                try {
                    Files.move(making, dir, StandardCopyOption.ATOMIC_MOVE);
                } catch (java.nio.file.FileSystemException taken) {
                    requireFree(dir); // a bucket (or file) made by another tool took the name meanwhile
                    throw taken;
                }
                placed = true;
            } finally {
                if (!placed) {
                    if (nodeMoved) {
                        store.moved(dir, making); // back to ours, removed with it
                    }
                    Fs.deleteTree(making); // only ever ours
                    store.deleted(making);
                }
            }
            committer.syncDir(paths.root());
        }
    }

    /**
     * BucketAlreadyOwnedByYou when a bucket has the name (the authoriser has already answered
     * BucketAlreadyExists to a user who does not own it; root and admins own every bucket),
     * BucketAlreadyExists for a file.
     */
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
        if (attributes.enabled()) {
            return AttrCodec.decodeAclOwner(attributes.all(dir).get(AttrNames.ACL));
        }
        PathResolver.requireBucket(dir);
        try {
            return AttrCodec.decodeAclOwner(store.get(dir, AttrNames.ACL));
        } catch (NoSuchFileException gone) {
            throw noSuchBucket();
        }
    }

    /**
     * BucketNotEmpty while any object (or anything else that is not an empty directory)
     * exists outside {@code .sgwtmp}; under the name's lock. The protocol, which holds across
     * gateways whatever their clients cache of the bucket's directory entry:
     *
     * <ol>
     *   <li>look for objects (none: go on; the common refusal costs no other lock);
     *   <li>take the bucket's writers lock exclusive ({@link BucketWriters}): every publication
     *       of an object into the bucket holds it shared across its rename (or etag write), so
     *       from here on none is under way and none can start;
     *   <li>rename the bucket out of sight ({@code .<bucket>.posixgw-deleting-<hex>}) and look
     *       again there: an object that a publication placed before step 2 is found, the bucket
     *       is renamed back and the answer is BucketNotEmpty;
     *   <li>remove the parked directory from the file system, again while things in flight
     *       (temp files, directories a writer made for its key) keep it from going, then
     *       release the lock. A publication that follows a stale entry to the parked directory
     *       now finds it gone (its temp file went with it): NoSuchBucket.
     * </ol>
     *
     * The parked directory is never left behind with the lock released (a write could land in
     * it unseen): when it cannot be removed it is restored, and the answer is 503.
     */
    void delete(String bucket) throws IOException {
        try (KeyLocks.Held held = lockName(bucket)) {
            deleteLocked(bucket);
        }
    }

    /** Attempts at removing a parked bucket while writes in flight put temp files or directories back. */
    private static final int REMOVE_ATTEMPTS = 20;

    private void deleteLocked(String bucket) throws IOException {
        Path dir = paths.bucketDir(bucket);
        PathResolver.requireBucket(dir);
        if (holdsContent(dir, dir, true)) {
            throw S3Error.BUCKET_NOT_EMPTY.exception();
        }
        KeyLocks.Held writing = writers.tryExclusive(bucket);
        if (writing == null) {
            hooks.deleteWaitsForWriters(bucket);
            writing = writers.exclusive(bucket);
        }
        Path trash = paths.root().resolve("." + bucket + TRASH_MARK + Fs.randomHex());
        try (KeyLocks.Held held = writing) {
            try {
                Files.move(dir, trash, StandardCopyOption.ATOMIC_MOVE);
            } catch (NoSuchFileException gone) {
                throw S3Error.NO_SUCH_BUCKET.exception();
            }
            if (holdsContent(trash, dir, true)) {
                restore(bucket, trash, dir);
                throw S3Error.BUCKET_NOT_EMPTY.exception();
            }
            hooks.deleteFoundParkedEmpty(trash);
            if (!remove(bucket, trash, dir)) {
                restore(bucket, trash, dir);
                if (holdsContent(dir, dir, true)) {
                    throw S3Error.BUCKET_NOT_EMPTY.exception(); // an object the first looks missed
                }
                throw new S3Exception(
                        S3Error.SERVICE_UNAVAILABLE,
                        "Writes into the bucket under way kept it from being removed; it is kept. Retry.");
            }
        }
        store.deleted(dir);
        store.deleted(trash);
        committer.syncDir(paths.root());
    }

    private static void restore(String bucket, Path trash, Path dir) throws IOException {
        try {
            Files.move(trash, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new IOException("bucket " + bucket + " was parked at " + trash + " and could not be restored", e);
        }
    }

    /**
     * Removes the parked bucket, under its writers lock: no object can appear in it meanwhile,
     * but a write that began before the park (or that reached it through a stale directory
     * entry) can still add a temp file or an empty directory for its key, which makes a pass
     * fail; the next pass removes them (the write then fails). False when it still stands,
     * or holds an object after all (another tool wrote one).
     */
    private boolean remove(String bucket, Path trash, Path dir) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                if (!removeParked(trash)) {
                    org.slf4j.LoggerFactory.getLogger(Buckets.class)
                            .warn("bucket {}: an object appeared in it while it was being removed; it is kept", bucket);
                    return false;
                }
                return true;
            } catch (IOException e) {
                if (attempt >= REMOVE_ATTEMPTS || holdsContent(trash, dir, true)) {
                    org.slf4j.LoggerFactory.getLogger(Buckets.class)
                            .warn("bucket {}: its parked directory could not be removed: {}", bucket, e.toString());
                    return false;
                }
                try {
                    Thread.sleep(Math.min(attempt * 2L, 20));
                } catch (InterruptedException i) {
                    Thread.currentThread().interrupt();
                    throw new java.io.InterruptedIOException("interrupted while removing bucket " + bucket);
                }
            }
        }
    }

    /**
     * Removes a parked bucket found empty: its {@code .sgwtmp} whole (temp files, uploads), the rest
     * only where it is directories. False, with nothing of an object removed, when a file turns up
     * outside {@code .sgwtmp}: the look that found the bucket empty missed it (on a shared file
     * system, through this client's caches). Never deleting an object is what keeps it safe
     * whatever the look saw; the delete then answers BucketNotEmpty as it would have.
     */
    private boolean removeParked(Path trash) throws IOException {
        if (Fs.lstat(trash) == null) {
            return true;
        }
        // the keys' directories first: an object found there keeps the uploads in .sgwtmp too
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(trash)) {
            for (Path p : ds) {
                if (!p.getFileName().toString().equals(PathResolver.STAGING) && !removeDirectories(p)) {
                    return false;
                }
            }
        }
        Fs.deleteTree(PathResolver.staging(trash));
        Files.deleteIfExists(trash);
        return true;
    }

    /** Removes {@code p} if it is a tree of plain directories only; false when it holds a file or a directory object. */
    private boolean removeDirectories(Path p) throws IOException {
        BasicFileAttributes a = Fs.lstat(p);
        if (a == null) {
            return true;
        }
        if (!a.isDirectory() || a.isSymbolicLink() || isDirectoryObject(p)) {
            return false;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(p)) {
            for (Path child : ds) {
                if (!removeDirectories(child)) {
                    return false;
                }
            }
        } catch (NoSuchFileException gone) {
            return true;
        }
        Files.deleteIfExists(p);
        return true;
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
        java.util.regex.Matcher m = HIDDEN.matcher(parked.getFileName().toString());
        if (!m.matches()) {
            return false;
        }
        BasicFileAttributes a = Fs.lstat(parked);
        if (a == null || !a.isDirectory() || a.isSymbolicLink()) {
            return false;
        }
        // the park (or the making) is a rename or a mkdir: both set the ctime; never younger than the floor
        long cutoff = Math.min(cutoffMillis, System.currentTimeMillis() - settleFloorMillis);
        java.nio.file.attribute.FileTime since;
        try {
            since = (java.nio.file.attribute.FileTime)
                    Files.getAttribute(parked, "unix:ctime", java.nio.file.LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException gone) {
            return false;
        }
        if (since.toMillis() >= cutoff) {
            return false;
        }
        String bucket = m.group(1);
        if (holdsContent(parked, paths.bucketDir(bucket), true)) {
            // a parked bucket that the delete found objects in (never a half-made one: it has none)
            org.slf4j.LoggerFactory.getLogger(Buckets.class)
                    .warn(
                            "{} holds the objects of bucket {}, whose DeleteBucket was "
                                    + "interrupted: restore it with `mv {} {}` once no bucket of that name exists",
                            parked,
                            bucket,
                            parked,
                            paths.bucketDir(bucket));
            return false;
        }
        Fs.deleteTree(parked);
        store.deleted(parked);
        return true;
    }

    /**
     * Whether {@code dir} holds an object. {@code named} is where it was named as a bucket: a
     * parked bucket's sidecar attributes stay under that name (xattrs travel with the
     * directory), so directory objects are looked for under both.
     */
    private boolean holdsContent(Path dir, Path named, boolean top) throws IOException {
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
                Path asNamed = named.resolve(p.getFileName().toString());
                if (isDirectoryObject(p)
                        || !asNamed.equals(p) && isDirectoryObject(asNamed)
                        || holdsContent(p, asNamed, false)) {
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
