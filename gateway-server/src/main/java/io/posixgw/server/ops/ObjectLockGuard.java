package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.lock.ObjectLock;
import io.posixgw.core.lock.ObjectLockRules;
import io.posixgw.server.auth.Role;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;

/**
 * Object Lock at the edges of the object writes: the lock a new object asks for (its
 * {@code x-amz-object-lock-*} headers, checked as S3 checks them), and who may bypass governance
 * retention (root and {@code admin}, which may do everything else too, and only with
 * {@code x-amz-bypass-governance-retention: true}).
 *
 * <p>What depends on the bucket is the backend's, made atomically with the write or delete: the
 * bucket's default retention, the refusal of a lock in a bucket without Object Lock, and the refusal
 * to remove or replace in place a protected version (a delete by version id, an overwrite where no
 * versions are kept). A PutObject or CopyObject reads nothing here; the backend reads the bucket's
 * state once, at the publication.
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
     * The lock a PutObject or CopyObject asks for ({@link ObjectLock#NONE} for none), after refusing
     * malformed lock headers and, on a PutObject ({@code needsIntegrity}), lock headers without
     * {@code Content-MD5} or a checksum. The backend adds the bucket's default retention.
     */
    ObjectLock asked(Exchange x, boolean needsIntegrity) {
        String mode = x.header(MODE);
        String until = x.header(RETAIN_UNTIL);
        String hold = x.header(LEGAL_HOLD);
        ObjectLock requested = ObjectLockRules.fromHeaders(mode, until, hold, now());
        if (needsIntegrity && ObjectLockRules.asksForLock(mode, until, hold) && !hasIntegrity(x)) {
            throw new S3Exception(
                    S3Error.INVALID_REQUEST,
                    "Content-MD5 OR x-amz-checksum- HTTP header is required for Put Object requests with Object Lock parameters");
        }
        return requested;
    }

    /**
     * The lock of the object a CreateMultipartUpload will make: what it asks for plus the bucket's
     * default retention, kept on the upload until Complete ({@code InvalidRequest} for a lock in a
     * bucket without Object Lock).
     */
    ObjectLock forUpload(Exchange x) throws IOException {
        Instant now = now();
        return ObjectLockRules.forNewVersion(asked(x, false), backend.getObjectLockConfiguration(x.bucket()), now);
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
