package io.posixgw.posix;

import io.posixgw.core.names.ObjectKeys;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * DeleteObject: unlink the file, then prune the parent directories that became empty,
 * up to (not including) the bucket, stopping at a directory object, and make the
 * removal durable with one fsync of the directory where the pruning stopped (a pruned
 * directory is gone: syncing it would be wasted, and the entry that matters is its
 * parent's). A concurrent PUT whose freshly created parent is pruned before its rename
 * simply creates it again ({@link Committer}).
 */
final class ObjectRemover {
    private final PathResolver paths;
    private final MetadataStore store;
    private final ObjectWriter writer;
    private final Committer committer;

    ObjectRemover(PathResolver paths, MetadataStore store, ObjectWriter writer, Committer committer) {
        this.paths = paths;
        this.store = store;
        this.writer = writer;
        this.committer = committer;
    }

    void delete(String bucket, String key) throws IOException {
        Path bucketDir = paths.bucketDir(bucket);
        Path path = paths.objectPath(bucketDir, key);
        BasicFileAttributes a = Fs.lstat(path);
        if (a == null) {
            PathResolver.requireBucket(bucketDir);
            return; // deleting a missing key succeeds
        }
        if (a.isSymbolicLink() || PathResolver.parents(bucketDir, path) != PathResolver.Parents.PRESENT) {
            return; // symlinks are not objects
        }
        if (ObjectKeys.isDirectoryKey(key)) {
            if (a.isDirectory() && store.has(path, AttrNames.ETAG)) {
                deleteDirectoryObject(bucketDir, path);
            }
            return;
        }
        if (!a.isRegularFile()) {
            return; // a directory is not the object of a key without a trailing slash
        }
        // the unlink and the attributes' removal together: a version another gateway publishes
        // meanwhile must not lose its attributes to this delete (sidecar; xattrs need no lock)
        try (KeyLocks.Held across = store.lockPublication(path)) {
            if (!unlink(path)) {
                return;
            }
            store.deleted(path);
        }
        committer.syncDir(pruneEmptyParents(bucketDir, path.getParent()));
    }

    /**
     * Unlinks the file that the caller's lstat found, without the lstat {@link Files#delete} makes
     * first (to choose between unlink and rmdir): {@link java.io.File#delete} is one unlink(2) for a
     * file. Only when it fails does {@link Files#delete} run, for the precise exception.
     *
     * @return false when the file was gone or replaced by a directory meanwhile
     */
    private static boolean unlink(Path path) throws IOException {
        if (path.toFile().delete()) {
            return true;
        }
        try {
            Files.delete(path);
            return true;
        } catch (NoSuchFileException gone) {
            return false;
        } catch (DirectoryNotEmptyException raced) {
            return false; // replaced by a directory meanwhile
        }
    }

    private void deleteDirectoryObject(Path bucketDir, Path dir) throws IOException {
        try {
            Files.delete(dir); // an empty directory object goes away with its attributes
            store.prunedDirectory(dir);
            committer.syncDir(pruneEmptyParents(bucketDir, dir.getParent()));
        } catch (DirectoryNotEmptyException e) {
            // objects below it remain: it stays as a prefix, no longer an object
            writer.clearDirectoryObject(dir, true);
            committer.syncDir(dir);
        } catch (NoSuchFileException gone) {
            // deleted concurrently
        }
    }

    /**
     * rmdir of empty non-object directories from {@code dir} up to the bucket.
     *
     * @return the directory where it stopped (the bucket at most): the lowest one left
     *         whose entries changed
     */
    Path pruneEmptyParents(Path bucketDir, Path dir) throws IOException {
        Path d = dir;
        while (d != null && d.startsWith(bucketDir) && !d.equals(bucketDir)) {
            if (!d.equals(dir) && hasSubdirectories(d)) {
                return d; // the usual stop, e.g. executions-data/ after <uuid>/ went: one lstat
            }
            try {
                if (store.has(d, AttrNames.ETAG)) {
                    return d; // a directory object stays
                }
            } catch (NoSuchFileException gone) {
                d = d.getParent();
                continue;
            }
            if (!Fs.removeIfEmpty(d)) {
                return d;
            }
            store.prunedDirectory(d);
            d = d.getParent();
        }
        return bucketDir;
    }

    /**
     * Whether {@code dir} still has a subdirectory, told by its link count (2 plus one per
     * subdirectory on ext4, XFS and NFS exports of them): one lstat, where the etag check and the
     * failing rmdir that would stop the pruning there take five calls. File systems that do not
     * count (btrfs, an ext4 directory past 65,000 subdirectories) answer 1 and take the long way.
     */
    private static boolean hasSubdirectories(Path dir) throws IOException {
        Object n;
        try {
            n = Fs.retryStale(dir, () -> Files.getAttribute(dir, "unix:nlink", LinkOption.NOFOLLOW_LINKS));
        } catch (NoSuchFileException gone) {
            return false;
        } catch (UnsupportedOperationException | IllegalArgumentException noUnixView) {
            return false;
        }
        return n instanceof Integer i && i > 2;
    }
}
