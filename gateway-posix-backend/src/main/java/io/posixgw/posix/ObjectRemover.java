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

    private final Folds folds;

    ObjectRemover(PathResolver paths, MetadataStore store, ObjectWriter writer, Committer committer, Folds folds) {
        this.paths = paths;
        this.store = store;
        this.writer = writer;
        this.committer = committer;
        this.folds = folds;
    }

    void delete(String bucket, String key) throws IOException {
        Path bucketDir = paths.bucketDir(bucket);
        Path path = paths.objectPath(bucketDir, key);
        BasicFileAttributes a = Fs.lstat(path);
        if (a == null) {
            PathResolver.requireBucket(bucketDir);
            if (!ObjectKeys.isDirectoryKey(key) && FoldLookup.inTransit(bucketDir, key)) {
                deleteFolded(bucketDir, key, path); // a fold or unfold of the key under way, or killed
            }
            return; // deleting a missing key succeeds
        }
        if (a.isSymbolicLink() || PathResolver.parents(bucketDir, path) != PathResolver.Parents.PRESENT) {
            return; // symlinks are not objects
        }
        if (ObjectKeys.isDirectoryKey(key)) {
            if (!a.isDirectory()) {
                return;
            }
            deleteDirectoryKey(bucketDir, path);
            return;
        }
        if (a.isDirectory()) {
            deleteFolded(bucketDir, key, path); // a key that is also a prefix: its data is in the directory
            return;
        }
        if (!a.isRegularFile()) {
            return; // a device or a socket is no object
        }
        if (!deleteFile(bucketDir, path)) {
            deleteFolded(bucketDir, key, path); // gone meanwhile: maybe folded under this delete
        }
    }

    /** Whether the directory is a directory object; false when it is gone (folded or unfolded meanwhile, see Folds). */
    private boolean hasEtag(Path dir) throws IOException {
        try {
            return store.has(dir, AttrNames.ETAG);
        } catch (NoSuchFileException | java.nio.file.NotDirectoryException gone) {
            return false;
        } catch (java.nio.file.FileSystemException e) {
            if (Fs.isNotDirectory(e)) {
                return false;
            }
            throw e;
        }
    }

    /** The plain file's unlink and its parents' pruning; false when the file was gone. */
    private boolean deleteFile(Path bucketDir, Path path) throws IOException {
        // the unlink and the attributes' removal together: a version another gateway publishes
        // meanwhile must not lose its attributes to this delete (sidecar; xattrs need no lock)
        try (KeyLocks.Held across = store.lockPublication(path)) {
            if (!unlink(path)) {
                return false;
            }
            store.deleted(path);
        }
        committer.syncDir(pruneEmptyParents(bucketDir, path.getParent()));
        return true;
    }

    /** A key whose data is not (or no longer) the plain file: {@link Folds#deleteFolded}, then the pruning. */
    private void deleteFolded(Path bucketDir, String key, Path path) throws IOException {
        Path from = folds.deleteFolded(bucketDir, key, path);
        if (from == null) {
            return;
        }
        if (from.equals(path)) {
            deleteFile(bucketDir, path); // the plain file again: an unfold finished under the lock
            return;
        }
        committer.syncDir(pruneEmptyParents(bucketDir, from.getParent()));
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

    /**
     * DeleteObject of {@code p/} while {@code p} is a directory: its data ({@code p/.sgwtmp/slash})
     * and its directory object's attributes. Under {@code p}'s fold lock, so that {@code p} stays a
     * directory meanwhile: an unfold of {@code p} turns the directory into the key {@code p}'s own
     * file, whose attributes (its etag) and name must not be taken for the directory object's.
     */
    private void deleteDirectoryKey(Path bucketDir, Path dir) throws IOException {
        Path pruneFrom;
        try (KeyLocks.Held held = folds.lockKey(bucketDir, dir)) {
            BasicFileAttributes a = Fs.lstat(dir);
            if (a == null || !a.isDirectory() || a.isSymbolicLink()) {
                return; // unfolded meanwhile: p's own file, no key p/
            }
            boolean data = folds.deleteSlash(dir); // the key's data, when it was written with a body
            if (hasEtag(dir)) {
                pruneFrom = deleteDirectoryObject(dir);
            } else if (data) {
                pruneFrom = dir;
            } else {
                return;
            }
        }
        if (pruneFrom != null) {
            committer.syncDir(pruneEmptyParents(bucketDir, pruneFrom)); // takes fold locks itself (tidy)
        }
    }

    /**
     * The directory object {@code dir} removed (rmdir only: never a file that took its name), or
     * its attributes when objects below it remain.
     *
     * @return where the pruning starts, or null when it was gone
     */
    private Path deleteDirectoryObject(Path dir) throws IOException {
        if (Fs.removeIfEmpty(dir)) { // an empty directory object goes away with its attributes
            store.prunedDirectory(dir);
            return dir.getParent();
        }
        BasicFileAttributes a = Fs.lstat(dir);
        if (a == null || !a.isDirectory() || a.isSymbolicLink()) {
            return null; // deleted concurrently
        }
        try {
            // objects below it remain: it stays as a prefix, no longer an object
            writer.clearDirectoryObject(dir, true);
        } catch (NoSuchFileException gone) {
            return null;
        }
        committer.syncDir(dir);
        return dir; // maybe only an empty .sgwtmp was left
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
            int subdirectories = d.equals(dir) ? 0 : subdirectories(d);
            if (subdirectories > 1 || subdirectories == 1 && Fs.lstat(d.resolve(PathResolver.STAGING)) == null) {
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
                Folds.Tidied t = folds.tidy(bucketDir, d); // an empty .sgwtmp, or a folded key's own data
                if (t == Folds.Tidied.KEPT) {
                    return d;
                }
                if (t == Folds.Tidied.UNFOLDED) {
                    return d.getParent(); // d is the key's plain file again
                }
            }
            store.prunedDirectory(d);
            d = d.getParent();
        }
        return bucketDir;
    }

    /**
     * How many subdirectories {@code dir} has (one may be a folded key's {@code .sgwtmp}), told by its link count (2 plus one per
     * subdirectory on ext4, XFS and NFS exports of them): one lstat, where the etag check and the
     * failing rmdir that would stop the pruning there take five calls. File systems that do not
     * count (btrfs, an ext4 directory past 65,000 subdirectories) answer 1 and take the long way.
     */
    private static int subdirectories(Path dir) throws IOException {
        Object n;
        try {
            n = Fs.retryStale(dir, () -> Files.getAttribute(dir, "unix:nlink", LinkOption.NOFOLLOW_LINKS));
        } catch (NoSuchFileException gone) {
            return 0;
        } catch (UnsupportedOperationException | IllegalArgumentException noUnixView) {
            return 0;
        }
        return n instanceof Integer i ? Math.max(0, i - 2) : 0;
    }
}
