package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Publishes staged files: fsync the temp file, rename it over the key (atomic), then
 * fsync the directories whose entries changed. Missing parent directories are created
 * first, and the fsync of the entries naming them runs while the data is flushed; a
 * rename that finds its parent removed meanwhile (a concurrent delete pruning empty
 * prefixes) creates it again and retries.
 */
final class Committer {
    private static final int MAX_ATTEMPTS = 16;

    private final MetadataStore store;
    private final DirectorySync dirSync;
    private final boolean fsync;
    private final FsyncListener fsyncListener;
    private final BucketWriters writers;
    private volatile RaceHooks hooks = RaceHooks.NONE;

    Committer(
            MetadataStore store,
            DirectorySync dirSync,
            boolean fsync,
            FsyncListener fsyncListener,
            BucketWriters writers) {
        this.store = store;
        this.dirSync = dirSync;
        this.fsync = fsync;
        this.fsyncListener = fsyncListener;
        this.writers = writers;
    }

    void hooks(RaceHooks h) {
        this.hooks = h;
    }

    /**
     * The bucket's writers lock, shared ({@link BucketWriters}): held by every step that makes
     * an object appear in the bucket, and by those that add the entries it needs first (its temp
     * file, its key's directories), so that a DeleteBucket, which holds it exclusive from its
     * park of the bucket until the parked directory is gone or restored, never removes one and
     * never removes the bucket while an entry is being added to it (which a replicated file
     * system can apply in different orders on its replicas).
     */
    KeyLocks.Held writing(Path bucketDir) throws IOException {
        return writers.shared(bucketDir.getFileName().toString());
    }

    boolean fsync() {
        return fsync;
    }

    /** fsync of a staged file (data and inode) when durability is on, timed for the listener. */
    void forceFile(StagedFile staged) throws IOException {
        if (!fsync) {
            return;
        }
        FsyncListener.timed(fsyncListener, FsyncListener.Target.FILE, staged::force);
    }

    /**
     * Renames the staged file to {@code target} (an object path inside {@code bucketDir})
     * and makes it durable.
     *
     * @param firstMissing the highest directory of the key the writer found missing, or
     *                     null: it and those below are created first, top-down, rather
     *                     than after a rename (and mkdirs) failed for them
     */
    void publish(StagedFile staged, Path bucketDir, Path target, Path firstMissing) throws IOException {
        DirectorySync.Pending created = DirectorySync.Pending.NONE;
        if (firstMissing != null) {
            // The entries of the new directories do not depend on the object's bytes: they
            // are flushed in the background while this thread flushes the data, so a PUT to
            // a new prefix waits for two fsyncs in a row instead of three.
            Set<Path> changed = new LinkedHashSet<>();
            try (KeyLocks.Held writing = writing(bucketDir)) { // never while a DeleteBucket removes the bucket
                mkdirsDown(bucketDir, firstMissing, target.getParent(), changed);
            }
            if (fsync) {
                created = dirSync.syncInBackground(changed);
            }
        }
        forceFile(staged);
        Set<Path> toSync = new LinkedHashSet<>();
        java.util.concurrent.locks.Lock lock = store.publishLock(target);
        try (KeyLocks.Held writing = writing(bucketDir);
                KeyLocks.Held across = store.lockPublication(target)) {
            lock.lock();
            try {
                rename(staged, bucketDir, target, toSync);
                store.moved(staged.path, target);
            } finally {
                lock.unlock();
            }
        }
        if (fsync) {
            toSync.add(target.getParent());
            for (Path d : toSync) {
                dirSync.sync(d);
            }
            created.await();
        }
    }

    /**
     * Publishes only where no object exists yet ({@code If-None-Match: *}): a hard link
     * to the key fails atomically on an existing name, whatever process wrote it.
     * An empty leftover prefix directory in the way is no object and is removed.
     */
    void publishIfAbsent(StagedFile staged, Path bucketDir, Path target) throws IOException {
        forceFile(staged);
        Set<Path> toSync = new LinkedHashSet<>();
        java.util.concurrent.locks.Lock lock = store.publishLock(target);
        try (KeyLocks.Held writing = writing(bucketDir);
                KeyLocks.Held across = store.lockPublication(target)) {
            lock.lock();
            try {
                publishLink(staged, bucketDir, target, toSync);
            } finally {
                lock.unlock();
            }
        }
        if (fsync) {
            toSync.add(target.getParent());
            toSync.add(PathResolver.staging(bucketDir));
            for (Path d : toSync) {
                dirSync.sync(d);
            }
        }
    }

    /** The hard link of {@link #publishIfAbsent}, then the attributes' move. */
    private void publishLink(StagedFile staged, Path bucketDir, Path target, Set<Path> toSync) throws IOException {
        for (int attempt = 0; ; attempt++) {
            if (attempt >= MAX_ATTEMPTS) {
                throw new IOException("could not publish " + target + " after " + attempt + " attempts");
            }
            try {
                // each attempt: a leftover prefix directory removed in the way took its node's record with it
                store.publishing(staged.path, target);
                hooks.publishLink(staged.path, target);
                break;
            } catch (FileAlreadyExistsException e) {
                BasicFileAttributes t = Fs.lstat(target);
                if (t == null) {
                    continue;
                }
                if (!t.isDirectory()) {
                    throw new S3Exception(
                            S3Error.PRECONDITION_FAILED,
                            "At least one of the pre-conditions you specified did not hold");
                }
                resolveConflict(bucketDir, target, e);
            } catch (NoSuchFileException e) {
                missing(staged, bucketDir, target, toSync);
            } catch (FileSystemException e) {
                if (!Fs.isStale(e)) {
                    throw e;
                }
                missing(staged, bucketDir, target, toSync);
            }
        }
        Files.delete(staged.path);
        staged.markPublished();
        store.moved(staged.path, target);
    }

    private void rename(StagedFile staged, Path bucketDir, Path target, Set<Path> toSync) throws IOException {
        for (int attempt = 0; ; attempt++) {
            if (attempt >= MAX_ATTEMPTS) {
                throw new IOException("could not publish " + target + " after " + attempt + " attempts");
            }
            try {
                // each attempt: a leftover prefix directory removed in the way took its node's record with it
                store.publishing(staged.path, target);
                hooks.publishRename(staged.path, target);
                staged.markPublished();
                return;
            } catch (NoSuchFileException e) {
                missing(staged, bucketDir, target, toSync);
            } catch (FileSystemException e) {
                if (Fs.isStale(e)) {
                    missing(
                            staged, bucketDir, target,
                            toSync); // a directory on the way was removed through another client
                } else {
                    resolveConflict(bucketDir, target, e);
                }
            }
        }
    }

    /**
     * The publishing rename or link found no file on its way. When the temp file is gone, its
     * bucket's {@code .sgwtmp} went with a DeleteBucket (which removed it under the bucket's
     * writers lock; a bucket of that name may exist again): NoSuchBucket, and nothing of the
     * write remains. Otherwise the key's directory was pruned meanwhile: made again.
     */
    private void missing(StagedFile staged, Path bucketDir, Path target, Set<Path> toSync) throws IOException {
        if (Fs.lstat(staged.path) == null) {
            throw new S3Exception(S3Error.NO_SUCH_BUCKET, "The bucket was deleted while the object was being written.");
        }
        mkdirs(bucketDir, target.getParent(), toSync);
    }

    /**
     * The rename failed for another reason than a missing parent. A directory in the
     * way that is an empty leftover prefix (no etag) is removed; one holding objects,
     * or a directory object, is a 409; a file among the parents is a 409 too.
     */
    private void resolveConflict(Path bucketDir, Path target, FileSystemException e) throws IOException {
        BasicFileAttributes t = Fs.lstat(target);
        if (t != null && t.isDirectory()) {
            if (store.get(target, AttrNames.ETAG) == null && Fs.removeIfEmpty(target)) {
                store.prunedDirectory(target);
                return;
            }
            throw S3Error.EXISTING_OBJECT_IS_DIRECTORY.exception();
        }
        if (PathResolver.parents(bucketDir, target) == PathResolver.Parents.BLOCKED) {
            throw S3Error.OBJECT_PARENT_IS_FILE.exception();
        }
        throw e;
    }

    /**
     * Creates {@code dir} and its missing parents up to the bucket; records the
     * directories whose entries changed (the parent of each created directory).
     */
    void mkdirs(Path bucketDir, Path dir, Set<Path> changed) throws IOException {
        if (dir.equals(bucketDir)) {
            PathResolver.requireBucket(bucketDir);
            return;
        }
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            try {
                Files.createDirectory(dir);
                changed.add(dir.getParent());
                return;
            } catch (FileAlreadyExistsException e) {
                BasicFileAttributes a = Fs.lstat(dir);
                if (a == null) {
                    continue; // removed meanwhile
                }
                if (!a.isDirectory() || a.isSymbolicLink()) {
                    throw S3Error.OBJECT_PARENT_IS_FILE.exception();
                }
                return;
            } catch (NoSuchFileException e) {
                mkdirs(bucketDir, dir.getParent(), changed);
            } catch (FileSystemException e) {
                if (PathResolver.parents(bucketDir, dir.resolve("x")) == PathResolver.Parents.BLOCKED) {
                    throw S3Error.OBJECT_PARENT_IS_FILE.exception();
                }
                throw e;
            }
        }
        throw new S3Exception(S3Error.SERVICE_UNAVAILABLE, "The key's directory keeps disappearing; retry.");
    }

    /** {@link #mkdirs} of {@code top} and each directory below it down to {@code dir}, in that order. */
    private void mkdirsDown(Path bucketDir, Path top, Path dir, Set<Path> changed) throws IOException {
        java.util.ArrayDeque<Path> down = new java.util.ArrayDeque<>();
        for (Path d = dir; d != null && d.startsWith(top); d = d.getParent()) {
            down.push(d);
        }
        for (Path d : down) {
            mkdirs(bucketDir, d, changed);
        }
    }

    /** fsync of the given directories (when durability is on). */
    void syncDirs(Set<Path> dirs) throws IOException {
        if (fsync) {
            for (Path d : dirs) {
                dirSync.sync(d);
            }
        }
    }

    /** fsync of a directory's own inode (its xattrs) and entries. */
    void syncDir(Path dir) throws IOException {
        if (fsync) {
            dirSync.sync(dir);
        }
    }
}
