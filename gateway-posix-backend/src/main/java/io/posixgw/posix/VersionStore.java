package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.model.DeleteObjectResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Object versions in versitygw's layout (its {@code --versioning-dir}, see ON-DISK.md):
 * the current version of a key stays the file {@code <root>/<bucket>/<key>}, carrying
 * {@code version-id} (a ULID; absent for S3's {@code null} version) and, for a delete
 * marker, {@code delete-marker}; each noncurrent version is the file
 * {@code <dir>/<bucket>/<h[0:2]>/<h[2:4]>/<h[4:6]>/<h>/<versionId>} (h: sha256 hex of the key)
 * with the attributes it had as the current one. The bucket's {@code versioning} attribute
 * is one byte, 1 for Enabled, 0 for Suspended.
 *
 * <p>Moving a version aside is a hard link of the current file into the key's version
 * directory (a copy when the versioning directory is on another file system), made before the
 * new current is renamed over the key. Every state a crash can leave is consistent: before the
 * rename the old version is both current and kept (a version-directory entry naming the
 * current's id is the same version and is never listed or restored twice), after it the old
 * version is noncurrent. The moves of one key run under the key's lock file, which orders
 * them across gateways on one volume.
 *
 * <p>A {@link RemovalGuard}, given by the caller, is asked before any version is removed or replaced
 * (Object Lock's check, under the key's lock).
 */
final class VersionStore {
    static final String VERSIONING = "versioning";
    static final String VERSION_ID = "version-id";
    static final String DELETE_MARKER = "delete-marker";
    static final String NULL = "null";

    enum Status {
        UNVERSIONED,
        ENABLED,
        SUSPENDED
    }

    /** Asked before a version is removed for good or replaced in place; throws (e.g. AccessDenied) to refuse. */
    @FunctionalInterface
    interface RemovalGuard {
        /**
         * @param file      the version's file (the key's path for the current version)
         * @param versionId its id, {@code null} for S3's null version
         */
        void mayRemove(String bucket, String key, Path file, String versionId) throws IOException;

        RemovalGuard ALLOW = (bucket, key, file, versionId) -> {};
    }

    /** The current version of a key as a version: its id ({@link #NULL} when it has none) and whether it is a delete marker. */
    record Current(Path path, BasicFileAttributes attrs, String id, boolean deleteMarker) {}

    /** One version of a key, current or not. */
    record Entry(Path path, BasicFileAttributes attrs, String id, boolean latest) {}

    private final Path dir;
    private final PathResolver paths;
    private final MetadataStore store;
    private final Committer committer;
    private final KeyLocks keyLocks;
    /** The bucket's attributes kept between requests, where that is safe. */
    private final BucketAttributes attributes;

    /** @param dir the versioning directory, or null when versions are not kept */
    VersionStore(
            Path dir,
            PathResolver paths,
            MetadataStore store,
            Committer committer,
            KeyLocks keyLocks,
            BucketAttributes attributes)
            throws IOException {
        this.paths = paths;
        this.store = store;
        this.committer = committer;
        this.keyLocks = keyLocks;
        this.attributes = attributes;
        if (dir != null) {
            Path abs = dir.toAbsolutePath().normalize();
            Path root = paths.root().toAbsolutePath().normalize();
            if (abs.startsWith(root)) {
                // its directories would be served as buckets (versitygw refuses it too)
                throw new IOException("the versioning directory " + dir + " must be outside the data root " + root);
            }
            if (!Files.isDirectory(abs)) {
                throw new IOException("the versioning directory " + dir + " is not a directory");
            }
            this.dir = abs;
        } else {
            this.dir = null;
        }
    }

    boolean configured() {
        return dir != null;
    }

    /** The bucket's versioning state: unversioned without a versioning directory, as versitygw reads it. */
    Status status(String bucket) throws IOException {
        if (dir == null) {
            return Status.UNVERSIONED;
        }
        return decode(store.get(paths.bucketDir(bucket), VERSIONING));
    }

    /**
     * What a write into the bucket depends on: its versioning state ({@link #status}) and its Object Lock
     * configuration (null: none), in one read of the bucket's attributes (xattrs: open, one listing,
     * a read per attribute present, close). Read per write, or (a local file system, xattrs) checked
     * per write against the bucket directory's ctime ({@link BucketAttributes}): another gateway on
     * the volume may change either at any time.
     */
    record WriteState(Status versioning, io.posixgw.core.lock.LockConfiguration lock) {
        /** Whether the bucket's Object Lock protects versions (a configuration that says Enabled). */
        boolean locking() {
            return lock != null && lock.enabled();
        }
    }

    /** {@code NoSuchBucket} when there is no bucket directory. */
    WriteState writeState(Path bucketDir) throws IOException {
        Map<String, byte[]> raw;
        if (attributes.enabled()) {
            raw = attributes.all(bucketDir);
        } else {
            try {
                raw = store.read(bucketDir, n -> n.equals(VERSIONING) || n.equals(AttrNames.BUCKET_LOCK));
            } catch (NoSuchFileException | NotDirectoryException gone) {
                throw S3Error.NO_SUCH_BUCKET.exception();
            } catch (FileSystemException e) {
                PathResolver.requireBucket(bucketDir); // a symlink (ELOOP: the read follows none) is no bucket
                throw e;
            }
        }
        return new WriteState(
                dir == null ? Status.UNVERSIONED : decode(raw.get(VERSIONING)),
                LockAttrCodec.decodeConfiguration(raw.get(AttrNames.BUCKET_LOCK)));
    }

    /** The state recorded on the bucket, whether or not this gateway keeps versions (null: never set). */
    Status recorded(String bucket) throws IOException {
        return decode(store.get(paths.bucketDir(bucket), VERSIONING));
    }

    private static Status decode(byte[] v) {
        if (v == null || v.length == 0) {
            return Status.UNVERSIONED;
        }
        return v[0] == 1 ? Status.ENABLED : v[0] == 0 ? Status.SUSPENDED : Status.UNVERSIONED;
    }

    /** PutBucketVersioning: Enabled or Suspended. */
    void setStatus(String bucket, Status s) throws IOException {
        if (dir == null) {
            throw new S3Exception(
                    S3Error.VERSIONING_NOT_CONFIGURED, "Versioning has not been configured for the gateway.");
        }
        Path bucketDir = paths.bucketDir(bucket);
        PathResolver.requireBucket(bucketDir);
        store.set(bucketDir, VERSIONING, new byte[] {(byte) (s == Status.ENABLED ? 1 : 0)});
        committer.syncDir(bucketDir);
    }

    /** {@code InvalidArgument} unless {@code id} is {@code null} or a ULID, as versitygw checks. */
    static void requireValidId(String id) {
        if (!NULL.equals(id) && !Ulid.isValid(id)) {
            throw new S3Exception(S3Error.INVALID_ARGUMENT, "Invalid version id specified")
                    .detail("ArgumentName", "versionId")
                    .detail("ArgumentValue", id);
        }
    }

    /** The key's directory of noncurrent versions. */
    Path keyDir(String bucket, String key) {
        String h = Fs.sha256Hex(key);
        return dir.resolve(bucket)
                .resolve(h.substring(0, 2))
                .resolve(h.substring(2, 4))
                .resolve(h.substring(4, 6))
                .resolve(h);
    }

    /** The current file of a key as a version, or null when there is none (or it is no regular file). */
    Current current(Path target) throws IOException {
        BasicFileAttributes a = Fs.lstat(target);
        if (a == null || !a.isRegularFile()) {
            return null;
        }
        Map<String, byte[]> raw;
        try {
            raw = store.read(target, n -> n.equals(VERSION_ID) || n.equals(DELETE_MARKER));
        } catch (NoSuchFileException gone) {
            return null;
        }
        return new Current(target, a, idOf(raw), raw.containsKey(DELETE_MARKER));
    }

    /** A version's id from its attributes: {@code version-id}, else {@link #NULL}. */
    static String idOf(Map<String, byte[]> raw) {
        byte[] v = raw.get(VERSION_ID);
        return v == null || v.length == 0 ? NULL : new String(v, StandardCharsets.UTF_8);
    }

    /** The key's lock, which orders version moves of one key across gateways. */
    KeyLocks.Held lock(Path bucketDir, String key) throws IOException {
        PathResolver.requireBucket(bucketDir); // before its lock file is made
        return keyLocks.lock(bucketDir, key);
    }

    /**
     * Publishes {@code staged} as the key's new current version (under the key's lock, held by the
     * caller): the id it gets (Enabled) is set on it, the version it replaces is kept (Enabled, or a
     * version with an id while Suspended) or replaced (the null version while Suspended).
     *
     * @param replacing asked before a version is replaced in place (the null version while Suspended)
     * @return the new version's id, {@link #NULL} when it is the null version
     */
    String publish(
            String bucket,
            String key,
            Status st,
            StagedFile staged,
            Path bucketDir,
            Path target,
            Path firstMissing,
            RemovalGuard replacing)
            throws IOException {
        Current cur = current(target);
        // after the current's id even when another gateway made that one in the same millisecond:
        // a key's versions sort in the order they were published (this runs under the key's lock)
        String id = st == Status.ENABLED ? Ulid.after(cur == null ? null : cur.id()) : NULL;
        if (st == Status.ENABLED) {
            store.set(staged.path, VERSION_ID, id.getBytes(StandardCharsets.UTF_8));
        } else {
            store.remove(staged.path, VERSION_ID);
        }
        Path keyDir = keyDir(bucket, key);
        if (cur != null) {
            if (st == Status.ENABLED || !cur.id().equals(NULL)) {
                keep(bucket, cur, keyDir);
            } else {
                replacing.mayRemove(bucket, key, target, null); // the null version is overwritten
            }
        }
        Path oldNull = keyDir.resolve(NULL);
        boolean replacesNull = st == Status.SUSPENDED && Fs.lstat(oldNull) != null;
        if (replacesNull && (cur == null || !cur.id().equals(NULL))) {
            replacing.mayRemove(bucket, key, oldNull, null);
        }
        committer.publish(staged, bucketDir, target, firstMissing);
        if (replacesNull) {
            removeFile(oldNull); // the null version the new one replaced (or a crashed move's twin of it)
            pruneKeyDir(keyDir);
        }
        return id;
    }

    /**
     * Keeps the current version in the key's version directory under its id: a hard link, or a
     * copy with its attributes and time when the versioning directory is on another file system.
     * Replaces a twin left by a crash.
     */
    private void keep(String bucket, Current cur, Path keyDir) throws IOException {
        Path dest = keyDir.resolve(cur.id());
        BasicFileAttributes there = Fs.lstat(dest);
        if (there != null
                && cur.attrs().fileKey() != null
                && cur.attrs().fileKey().equals(there.fileKey())) {
            // kept already (a kill after the link, before the new current's rename); in sidecar
            // mode its attributes were moved in first, and are copied again if they went missing
            if (store.list(dest).isEmpty()) {
                store.linked(cur.path(), dest);
            }
            return;
        }
        Path tmpDir = dir.resolve(bucket).resolve(PathResolver.STAGING);
        Files.createDirectories(tmpDir);
        Files.createDirectories(keyDir);
        Path tmp = tmpDir.resolve(keyDir.getFileName() + "." + Fs.randomHex());
        try {
            linkOrCopy(cur.path(), tmp); // EXDEV (another file system) or no hard links there: a copy
            if (committer.fsync()) {
                try (var ch = java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE)) {
                    ch.force(true);
                }
            }
            // Sidecar mode: the attributes are moved into place before the data, so a kill between
            // the two leaves attributes without a file (replaced by the next keep), never a kept
            // version without its attributes (xattrs: the rename alone).
            try (KeyLocks.Held across = store.lockPublication(dest)) {
                store.moved(tmp, dest);
                Files.move(tmp, dest, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            discard(tmp);
        }
        committer.syncDir(keyDir);
        committer.syncDir(keyDir.getParent());
    }

    /**
     * {@code to} becomes a hard link of {@code from} with its attributes (sidecar mode: copied,
     * stamped for the same inode), or a copy when the two are on different file systems.
     */
    private void linkOrCopy(Path from, Path to) throws IOException {
        try {
            Files.createLink(to, from);
        } catch (FileSystemException e) {
            if (e instanceof FileAlreadyExistsException || e instanceof NoSuchFileException) {
                throw e;
            }
            copy(from, to);
            return;
        }
        store.linked(from, to);
    }

    /** A temp file left by a failed step, and its attributes (sidecar mode). */
    private void discard(Path tmp) throws IOException {
        if (Files.deleteIfExists(tmp)) {
            store.deleted(tmp);
        }
    }

    private void copy(Path from, Path to) throws IOException {
        Files.copy(from, to, LinkOption.NOFOLLOW_LINKS);
        Map<String, byte[]> raw = store.read(from, n -> true);
        store.setAll(to, raw);
        Files.setLastModifiedTime(to, Files.getLastModifiedTime(from, LinkOption.NOFOLLOW_LINKS));
    }

    /**
     * The key's versions, newest first: the current one (when there is a file at the key) then the
     * noncurrent ones, ULIDs newest first with the null version placed by its time, as versitygw
     * orders them. An entry naming the current's id (a crashed move's twin) is left out.
     */
    List<Entry> versions(String bucket, String key, Current cur, Lister.DirectoryOpener opener) throws IOException {
        List<Entry> out = new ArrayList<>();
        if (cur != null) {
            out.add(new Entry(cur.path(), cur.attrs(), cur.id(), true));
        }
        out.addAll(noncurrent(bucket, key, cur == null ? null : cur.id(), opener));
        return out;
    }

    /** The noncurrent versions of a key, newest first, without {@code skip} (the current's id). */
    List<Entry> noncurrent(String bucket, String key, String skip) throws IOException {
        return noncurrent(bucket, key, skip, Files::newDirectoryStream);
    }

    private List<Entry> noncurrent(String bucket, String key, String skip, Lister.DirectoryOpener opener)
            throws IOException {
        if (dir == null) {
            return List.of();
        }
        Path keyDir = keyDir(bucket, key);
        List<Entry> ids = new ArrayList<>();
        Entry nul = null;
        try (DirectoryStream<Path> ds = opener.open(keyDir)) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                if (n.equals(skip) || n.startsWith(".")) {
                    continue;
                }
                BasicFileAttributes a = Fs.lstat(p);
                if (a == null || !a.isRegularFile()) {
                    continue;
                }
                Entry e = new Entry(p, a, n, false);
                if (n.equals(NULL)) {
                    nul = e;
                } else {
                    ids.add(e);
                }
            }
        } catch (NoSuchFileException | NotDirectoryException none) {
            return List.of();
        }
        ids.sort(Comparator.comparing(Entry::id).reversed());
        if (nul != null) {
            FileTime t = nul.attrs().lastModifiedTime();
            int at = 0;
            while (at < ids.size() && ids.get(at).attrs().lastModifiedTime().compareTo(t) >= 0) {
                at++;
            }
            ids.add(at, nul);
        }
        return ids;
    }

    /** The file of version {@code id} of the key: the key's own when it is the current one; null when there is none. */
    Path find(String bucket, String key, Path target, String id) throws IOException {
        Current cur = current(target);
        if (cur != null && cur.id().equals(id)) {
            return target;
        }
        Path p = keyDir(bucket, key).resolve(id);
        BasicFileAttributes a = Fs.lstat(p);
        return a != null && a.isRegularFile() ? p : null;
    }

    /** Whether a version's file is a delete marker. */
    boolean isDeleteMarker(Path file) throws IOException {
        try {
            return store.has(file, DELETE_MARKER);
        } catch (NoSuchFileException gone) {
            return false;
        }
    }

    /**
     * DeleteObject without a version id on a versioned bucket: a delete marker becomes the current
     * version (an empty file with {@code delete-marker}), the one it replaces is kept as for a PUT.
     * Under the key's lock, held by the caller.
     */
    DeleteObjectResult addDeleteMarker(
            String bucket, String key, Status st, Path bucketDir, Path target, RemovalGuard replacing)
            throws IOException {
        Path firstMissing;
        try {
            firstMissing = PathResolver.requireWritableParents(bucketDir, target);
        } catch (S3Exception blocked) {
            return new DeleteObjectResult(null, false); // no key can exist under a file: nothing to mark
        }
        try (StagedFile staged = StagedFile.create(bucketDir, key, false, false)) {
            store.set(staged.path, DELETE_MARKER, new byte[0]);
            String id = publish(bucket, key, st, staged, bucketDir, target, firstMissing, replacing);
            return new DeleteObjectResult(id, true);
        }
    }

    /**
     * DeleteObject of one version: removed for good. When it is the current one, the newest
     * noncurrent version takes its place (a link renamed over the key, then its entry removed), or
     * the key goes when there is none. Deleting a version that does not exist succeeds, as on S3.
     * Under the key's lock, held by the caller.
     *
     * @param removeCurrent removes the key's file and prunes its empty parents (the unversioned delete)
     */
    DeleteObjectResult deleteVersion(
            String bucket,
            String key,
            String id,
            Path bucketDir,
            Path target,
            IoAction removeCurrent,
            RemovalGuard guard)
            throws IOException {
        Current cur = current(target);
        Path keyDir = keyDir(bucket, key);
        if (cur != null && cur.id().equals(id)) {
            guard.mayRemove(bucket, key, target, NULL.equals(id) ? null : id);
            List<Entry> older = noncurrent(bucket, key, id);
            if (older.isEmpty()) {
                removeCurrent.run();
            } else {
                restore(bucketDir, key, target, older.get(0).path());
                removeFile(older.get(0).path());
            }
            // a twin of the removed current (a kill between a keep's link and the new current's
            // rename, or between a restore's rename and its entry's removal) goes with it: left
            // behind it would come back as a noncurrent version
            removeFile(keyDir.resolve(id));
            pruneKeyDir(keyDir);
            return new DeleteObjectResult(id, cur.deleteMarker());
        }
        Path p = keyDir.resolve(id);
        BasicFileAttributes a = Fs.lstat(p);
        if (a == null || !a.isRegularFile()) {
            return new DeleteObjectResult(id, false);
        }
        boolean marker = isDeleteMarker(p);
        guard.mayRemove(bucket, key, p, NULL.equals(id) ? null : id);
        removeFile(p);
        pruneKeyDir(keyDir);
        return new DeleteObjectResult(id, marker);
    }

    /** What {@link #deleteVersion} runs to remove the key's last version. */
    @FunctionalInterface
    interface IoAction {
        void run() throws IOException;
    }

    /** Makes a kept version current again: a link (or copy) staged in the bucket, renamed over the key. */
    private void restore(Path bucketDir, String key, Path target, Path version) throws IOException {
        Path tmp = PathResolver.staging(bucketDir).resolve(Fs.sha256Hex(key) + "." + Fs.randomHex());
        Files.createDirectories(tmp.getParent());
        try {
            linkOrCopy(version, tmp);
            try (KeyLocks.Held across = store.lockPublication(target)) {
                store.publishing(tmp, target);
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                store.moved(tmp, target);
            }
        } finally {
            discard(tmp);
        }
        committer.syncDir(target.getParent());
    }

    private void removeFile(Path p) throws IOException {
        try {
            Files.delete(p);
        } catch (NoSuchFileException gone) {
            return;
        }
        store.deleted(p);
        committer.syncDir(p.getParent());
    }

    /** Removes the key's version directory and the hash levels above it once empty (as versitygw does). */
    private void pruneKeyDir(Path keyDir) throws IOException {
        Path stop = keyDir.getParent().getParent().getParent().getParent(); // <dir>/<bucket>
        for (Path d = keyDir; d != null && !d.equals(stop); d = d.getParent()) {
            if (!Fs.removeIfEmpty(d)) {
                return;
            }
        }
    }

    /** Whether the bucket has versions kept (DeleteBucket refuses then, as versitygw does). */
    boolean hasVersions(String bucket) throws IOException {
        if (dir == null) {
            return false;
        }
        Path b = dir.resolve(bucket);
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(b)) {
            for (Path p : ds) {
                if (!p.getFileName().toString().equals(PathResolver.STAGING)) {
                    return true;
                }
            }
        } catch (NoSuchFileException | NotDirectoryException none) {
            return false;
        }
        return false;
    }

    /** After DeleteBucket: the bucket's (empty) tree in the versioning directory goes too. */
    void bucketDeleted(String bucket) throws IOException {
        if (dir != null) {
            Path b = dir.resolve(bucket);
            if (Fs.lstat(b) != null) {
                Fs.deleteTree(b);
                store.deleted(b); // sidecar mode: the versions' attributes there (left by a kill)
            }
        }
    }
}
