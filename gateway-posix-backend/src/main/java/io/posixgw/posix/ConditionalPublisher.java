package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.lock.ObjectLock;
import io.posixgw.core.lock.ObjectLockRules;
import io.posixgw.core.model.Preconditions;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Publishes a staged object under the write conditions of PutObject,
 * CompleteMultipartUpload and CopyObject (S3's conditional writes), and runs conditional
 * deletes:
 * {@code If-None-Match: *} links the staged file to the key, which fails on an
 * existing name whoever wrote it; {@code If-Match} checks the current ETag and renames
 * under the key's lock, which orders it against other conditional writers of any
 * gateway (an unconditional writer racing it may still land in between, as that one
 * takes no lock). A failed condition publishes nothing: 412, or 404 for
 * {@code If-Match} on a key that does not exist. The rules are {@link Preconditions}'; this class
 * makes them atomic with the publication.
 *
 * <p>Object Lock too: the bucket's versioning state and lock configuration are read once per
 * publication ({@link VersionStore#writeState}); the new version gets the bucket's default
 * retention, and in a bucket with Object Lock a write that replaces a version in place (no
 * versioning, or the null version while Suspended) checks that version's lock under the key's
 * lock, which PutObjectRetention and PutObjectLegalHold take too.
 */
final class ConditionalPublisher {
    private final MetadataStore store;
    private final Committer committer;
    private final ObjectReader reader;
    private final KeyLocks keyLocks;
    private final VersionStore versions;
    private final Folds folds;

    /**
     * The Object Lock part of a write: the lock its headers ask for (null: the staged file carries its
     * final lock, an upload's set at CreateMultipartUpload) and whether it may replace a version under
     * GOVERNANCE retention.
     */
    record LockRequest(ObjectLock asked, boolean bypassGovernance) {
        static LockRequest carried(boolean bypassGovernance) {
            return new LockRequest(null, bypassGovernance);
        }
    }

    ConditionalPublisher(
            MetadataStore store,
            Committer committer,
            ObjectReader reader,
            KeyLocks keyLocks,
            VersionStore versions,
            Folds folds) {
        this.store = store;
        this.folds = folds;
        this.committer = committer;
        this.reader = reader;
        this.keyLocks = keyLocks;
        this.versions = versions;
    }

    /**
     * Fails early when the condition fails already (before a long copy or assembly);
     * {@link #publish} checks it again, atomically with the publication.
     */
    void precheck(String bucket, String key, Preconditions condition) throws IOException {
        if (condition.isEmpty()) {
            return;
        }
        io.posixgw.core.model.ObjectInfo current;
        try {
            current = reader.head(bucket, key, false);
        } catch (S3Exception e) {
            if (e.error() == S3Error.NO_SUCH_KEY && condition.holdWithoutObject()) {
                return; // If-None-Match: * holds for now
            }
            throw e; // If-Match on a key that does not exist: 404
        }
        condition.checkOr412(current); // 412 on an ETag mismatch, or on any object with If-None-Match: *
    }

    /**
     * An action on the key (a delete) run only when {@code If-Match} holds, checked again under
     * the key's lock (see {@link #publish}): atomic against conditional writers, not against an
     * unconditional PUT landing between the check and the action, which takes no lock.
     */
    void runIf(String bucket, String key, Preconditions condition, Path bucketDir, IoAction action) throws IOException {
        PathResolver.requireBucket(bucketDir); // before its lock file is made
        // a condition failing already (404, 412) makes no lock file; lock files are kept (see KeyLocks)
        condition.checkOr412(reader.head(bucket, key, false));
        try (KeyLocks.Held held = keyLocks.lock(bucketDir, key)) {
            condition.checkOr412(
                    currentUnderLock(bucket, key, bucketDir.resolve(key))); // 404 when absent, 412 on mismatch
            action.run();
        }
    }

    /** What {@link #runIf} runs. */
    interface IoAction {
        void run() throws IOException;
    }

    /**
     * The lock of a new version that is not published through {@link #publish} (a directory object):
     * what it asks for plus the bucket's default retention.
     */
    ObjectLock newVersionLock(Path bucketDir, ObjectLock asked) throws IOException {
        return ObjectLockRules.forNewVersion(
                asked, versions.writeState(bucketDir).lock(), java.time.Instant.now());
    }

    /**
     * Publishes the staged object. On a versioned bucket every write runs under the key's lock:
     * the condition is checked against the current version (a delete marker counts as no
     * object), then {@link VersionStore#publish} keeps or replaces the version it supersedes. In a
     * bucket with Object Lock and without versioning the write runs under the key's lock too, and
     * refuses to replace a protected current version.
     *
     * @return the new version's id on a versioned bucket ({@code null} for S3's null version), else null
     */
    String publish(
            String bucket,
            String key,
            Preconditions condition,
            StagedFile staged,
            Path bucketDir,
            Path target,
            Path firstMissing,
            LockRequest lock)
            throws IOException {
        VersionStore.WriteState ws = versions.writeState(bucketDir);
        if (lock.asked() != null) {
            ObjectLock fin = ObjectLockRules.forNewVersion(lock.asked(), ws.lock(), java.time.Instant.now());
            if (fin.retention() != lock.asked().retention()) { // the bucket's default retention
                store.set(staged.path, AttrNames.RETENTION, LockAttrCodec.encodeRetention(fin.retention()));
            }
        }
        VersionStore.RemovalGuard guard = LockCheck.guard(store, ws, lock.bypassGovernance());
        VersionStore.Status st = ws.versioning();
        if (st != VersionStore.Status.UNVERSIONED) {
            if (io.posixgw.core.names.ObjectKeys.isDirectoryKey(key)) {
                throw Folds.refusedVersioned(); // its data would need p/.sgwtmp/slash
            }
            try (KeyLocks.Held held = versions.lock(bucketDir, key)) {
                checkUnderLock(bucket, key, condition, target);
                return versions.publish(bucket, key, st, staged, bucketDir, target, firstMissing, guard);
            } catch (S3Exception e) {
                if (Folds.isLayoutConflict(e)) {
                    throw Folds.refusedVersioned();
                }
                throw e;
            }
        }
        if (ws.locking()) {
            // an Object Lock bucket kept without a versioning directory: replaced in place under the key's lock;
            // folded keys are refused there as in versioned buckets (the fold lock comes before the key's lock)
            try (KeyLocks.Held held = versions.lock(bucketDir, key)) {
                checkUnderLock(bucket, key, condition, target);
                guard.mayRemove(bucket, key, target, null); // replaced in place
                publishLocked(condition, staged, bucketDir, target, firstMissing);
            } catch (S3Exception e) {
                if (Folds.isLayoutConflict(e)) {
                    throw Folds.refusedVersioned();
                }
                throw e;
            }
            return null;
        }
        // the plain path first; a key the plain layout cannot hold goes where Folds puts it
        folds.publish(
                bucketDir,
                key,
                target,
                firstMissing,
                (at, missing) -> publishUnversioned(bucket, key, condition, staged, bucketDir, at, missing));
        return null;
    }

    /** The publication of an unversioned write whose key's lock is held (its condition checked). */
    private void publishLocked(
            Preconditions condition, StagedFile staged, Path bucketDir, Path target, Path firstMissing)
            throws IOException {
        if (condition.ifNoneMatch() != null) {
            committer.publishIfAbsent(staged, bucketDir, target);
        } else {
            committer.publish(staged, bucketDir, target, firstMissing);
        }
    }

    /** The condition against the current version, read under the key's lock. */
    void checkUnderLock(String bucket, String key, Preconditions condition, Path target) throws IOException {
        if (condition.isEmpty()) {
            return;
        }
        io.posixgw.core.model.ObjectInfo current;
        try {
            current = currentUnderLock(bucket, key, target);
        } catch (S3Exception e) {
            if (e.error() == S3Error.NO_SUCH_KEY && condition.holdWithoutObject()) {
                return;
            }
            throw e;
        }
        condition.checkOr412(current);
    }

    private void publishUnversioned(
            String bucket,
            String key,
            Preconditions condition,
            StagedFile staged,
            Path bucketDir,
            Path target,
            Path firstMissing)
            throws IOException {
        if (condition.ifMatch() == null) {
            if (condition.ifNoneMatch() != null) {
                committer.publishIfAbsent(staged, bucketDir, target);
            } else {
                committer.publish(staged, bucketDir, target, firstMissing);
            }
            return;
        }
        try (KeyLocks.Held held = keyLocks.lock(bucketDir, key)) {
            condition.checkOr412(currentUnderLock(bucket, key, target));
            committer.publish(staged, bucketDir, target, null);
        }
    }

    /**
     * The current version, read under the key's lock: the last holder's rename (maybe through
     * another client of a shared file system) can leave this client a stale handle of the
     * version it replaced; the read then resolves the name again (Fs.retryStale).
     */
    private io.posixgw.core.model.ObjectInfo currentUnderLock(String bucket, String key, Path target)
            throws IOException {
        return Fs.retryStale(target, () -> reader.head(bucket, key, false));
    }
}
