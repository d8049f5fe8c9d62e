package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.lock.LockConfiguration;
import io.posixgw.core.lock.ObjectLock;
import io.posixgw.core.lock.ObjectLockRules;
import io.posixgw.server.auth.Role;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;

/**
 * Object Lock at the edges of the object writes and deletes: the lock a new object gets (its
 * {@code x-amz-object-lock-*} headers, checked, and the bucket's default retention), and the
 * refusal of a delete or in-place overwrite of a protected version ({@link ObjectLockRules} decides;
 * this reads the state and knows who may bypass governance retention: root and {@code admin}, which
 * may do everything else too, and only with {@code x-amz-bypass-governance-retention: true}).
 *
 * <p>Buckets are not versioned yet (issue 17's versioning half), so a PUT, Copy or Complete onto a
 * key of a bucket with Object Lock replaces the current version in place: it is refused while that
 * version is protected, as a delete is. The check reads the lock before the write; a retention or legal
 * hold set between that read and the write's publication is not seen by that write.
 */
final class ObjectLockGuard {
    static final String MODE = "x-amz-object-lock-mode";
    static final String RETAIN_UNTIL = "x-amz-object-lock-retain-until-date";
    static final String LEGAL_HOLD = "x-amz-object-lock-legal-hold";
    static final String BYPASS = "x-amz-bypass-governance-retention";

    private final Backend backend;
    private final Clock clock;

    ObjectLockGuard(Backend backend, Clock clock) {
        this.backend = backend;
        this.clock = clock;
    }

    Instant now() {
        return clock.instant();
    }

    /**
     * The lock of the object a PutObject, CopyObject or CreateMultipartUpload makes at {@code key}
     * ({@link ObjectLock#NONE} in a bucket without Object Lock), after refusing what S3 refuses:
     * malformed lock headers, a lock in a bucket without Object Lock, lock headers on a PutObject
     * without {@code Content-MD5} or a checksum ({@code integrityChecked} false), and the replacement
     * of a protected current version.
     */
    ObjectLock forNewObject(Exchange x, String key, boolean needsIntegrity) throws IOException {
        String mode = x.header(MODE);
        String until = x.header(RETAIN_UNTIL);
        String hold = x.header(LEGAL_HOLD);
        Instant now = now();
        ObjectLock requested = ObjectLockRules.fromHeaders(mode, until, hold, now);
        LockConfiguration config = backend.getObjectLockConfiguration(x.bucket());
        ObjectLock lock = ObjectLockRules.forNewVersion(requested, config, now);
        if (needsIntegrity && ObjectLockRules.asksForLock(mode, until, hold) && !hasIntegrity(x)) {
            throw new S3Exception(
                    S3Error.INVALID_REQUEST,
                    "Content-MD5 OR x-amz-checksum- HTTP header is required for Put Object requests with Object Lock parameters");
        }
        if (config != null && config.enabled()) {
            requireReplaceable(x, key, now);
        }
        return lock;
    }

    /**
     * Refuses a delete that would remove a protected version: with {@code versionId} (a named version,
     * removed for good) that version's lock is checked; without it, a bucket whose versioning is on only
     * gets a delete marker (nothing is removed, as on S3), and any other bucket loses its current object,
     * whose lock is checked.
     */
    void requireDeletable(Exchange x, String key, String versionId) throws IOException {
        LockConfiguration config = backend.getObjectLockConfiguration(x.bucket());
        if (config == null || !config.enabled()) {
            return; // versitygw and S3: without Object Lock on the bucket, no version is protected
        }
        if (versionId == null && versioned(x)) {
            return; // a delete marker: every version stays
        }
        ObjectLockRules.requireDeletable(lockOf(x, key, versionId), bypassesGovernance(x), now());
    }

    /** Refuses a write over {@code key} that would replace a protected version in place (no versioning). */
    void requireReplaceable(Exchange x, String key) throws IOException {
        LockConfiguration config = backend.getObjectLockConfiguration(x.bucket());
        if (config != null && config.enabled()) {
            requireReplaceable(x, key, now());
        }
    }

    private void requireReplaceable(Exchange x, String key, Instant now) throws IOException {
        if (versioned(x)) {
            return; // the write adds a version; the protected one stays
        }
        ObjectLockRules.requireDeletable(lockOf(x, key, null), bypassesGovernance(x), now);
    }

    private boolean versioned(Exchange x) throws IOException {
        return "Enabled".equals(backend.getBucketVersioning(x.bucket()));
    }

    /** The lock of {@code key}'s version {@code versionId} (null: current); none when there is no such version. */
    private ObjectLock lockOf(Exchange x, String key, String versionId) throws IOException {
        try {
            return backend.getObjectLock(x.bucket(), key, versionId);
        } catch (S3Exception e) {
            if (e.error() == S3Error.NO_SUCH_KEY
                    || e.error() == S3Error.NO_SUCH_VERSION
                    || e.error() == S3Error.METHOD_NOT_ALLOWED) {
                return ObjectLock.NONE; // nothing there, or a delete marker: nothing protected
            }
            throw e;
        }
    }

    /** Whether the request asks to bypass governance retention and its caller may. */
    static boolean bypassesGovernance(Exchange x) {
        String v = x.header(BYPASS);
        if (v == null || !v.trim().equalsIgnoreCase("true")) {
            return false;
        }
        Role role = x.caller() == null ? null : x.caller().role();
        return role == Role.ROOT || role == Role.ADMIN;
    }

    /**
     * {@code Content-MD5}, or a checksum value in a header, or one announced in {@code x-amz-trailer}
     * (the body is still streaming: the trailer's value is verified when it ends, and a mismatch fails the write).
     */
    static boolean hasIntegrity(Exchange x) {
        if (x.header("content-md5") != null) {
            return true;
        }
        for (io.posixgw.core.checksum.ChecksumAlgorithm a : io.posixgw.core.checksum.ChecksumAlgorithm.values()) {
            if (x.header(a.headerName()) != null) {
                return true;
            }
        }
        String trailer = x.header("x-amz-trailer");
        return trailer != null
                && trailer.trim().toLowerCase(java.util.Locale.ROOT).startsWith("x-amz-checksum-");
    }
}
