package io.posixgw.core.lock;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * S3's Object Lock rules, in one place for every backend and handler: what the lock headers of a
 * write may say, what a bucket's configuration may say, which retention a new version gets, and
 * when a version may be deleted or its retention changed. Pure functions of their arguments and
 * {@code now}; the caller reads the state and applies the answer.
 */
public final class ObjectLockRules {
    /** S3's longest default retention: 100 years, or 36,500 days. */
    public static final int MAX_DAYS = 36_500;

    public static final int MAX_YEARS = 100;

    static final String LOCKED = "Access Denied because object protected by object lock.";

    private ObjectLockRules() {}

    /**
     * The lock a write asks for in its {@code x-amz-object-lock-mode}, {@code -retain-until-date} and
     * {@code -legal-hold} headers (each null when absent), checked as S3 checks them: mode and date
     * come together, the mode is {@code GOVERNANCE} or {@code COMPLIANCE}, the date is ISO 8601 and
     * in the future, the legal hold is {@code ON} or {@code OFF}. {@link ObjectLock#NONE} for none.
     */
    public static ObjectLock fromHeaders(String mode, String retainUntil, String legalHold, Instant now) {
        if (mode != null && retainUntil == null) {
            throw invalidArgument(
                    "x-amz-object-lock-retain-until-date and x-amz-object-lock-mode must both be supplied",
                    "x-amz-object-lock-retain-until-date");
        }
        if (mode == null && retainUntil != null) {
            throw invalidArgument(
                    "x-amz-object-lock-retain-until-date and x-amz-object-lock-mode must both be supplied",
                    "x-amz-object-lock-mode");
        }
        Retention retention = null;
        if (mode != null) {
            RetentionMode m = RetentionMode.parse(mode.trim());
            if (m == null) {
                throw invalidArgument("Unknown wormMode directive.", "x-amz-object-lock-mode");
            }
            Instant until = parseDate(retainUntil.trim());
            if (until == null) {
                throw invalidArgument(
                        "The retain until date must be provided in ISO 8601 format",
                        "x-amz-object-lock-retain-until-date");
            }
            if (!until.isAfter(now)) {
                throw invalidArgument(
                        "The retain until date must be in the future!", "x-amz-object-lock-retain-until-date");
            }
            retention = new Retention(m, until);
        }
        Boolean hold = null;
        if (legalHold != null) {
            hold = parseLegalHold(legalHold.trim());
            if (hold == null) {
                throw invalidArgument("Legal Hold must be either of 'ON' or 'OFF'", "x-amz-object-lock-legal-hold");
            }
        }
        return new ObjectLock(retention, hold);
    }

    /** {@code ON} is true, {@code OFF} false, anything else null (S3 takes only these two, upper case). */
    public static Boolean parseLegalHold(String value) {
        if ("ON".equals(value)) {
            return Boolean.TRUE;
        }
        if ("OFF".equals(value)) {
            return Boolean.FALSE;
        }
        return null;
    }

    /** An ISO 8601 date with an offset ({@code 2030-01-01T00:00:00Z}, {@code ...000+02:00}), or null when it is none. */
    public static Instant parseDate(String value) {
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /**
     * The lock a new version gets: what the write asked for, with the bucket's default retention
     * when it asked for no retention of its own. A write that asks for a lock in a bucket without
     * Object Lock is refused ({@code InvalidRequest}, as S3).
     *
     * @param config the bucket's configuration, null when it has none
     */
    public static ObjectLock forNewVersion(ObjectLock requested, LockConfiguration config, Instant now) {
        boolean enabled = config != null && config.enabled();
        if (!enabled) {
            if (!requested.isEmpty()) {
                throw new S3Exception(S3Error.INVALID_REQUEST, "Bucket is missing Object Lock Configuration");
            }
            return ObjectLock.NONE;
        }
        if (requested.retention() == null && config.defaultRetention() != null) {
            return requested.withRetention(config.defaultRetention().from(now));
        }
        return requested;
    }

    /**
     * Whether the headers ask for any lock: S3 then requires {@code Content-MD5} or a checksum on the
     * write (checked by the caller, which knows the request's headers).
     */
    public static boolean asksForLock(String mode, String retainUntil, String legalHold) {
        return mode != null || retainUntil != null || legalHold != null;
    }

    /**
     * A PutObjectLockConfiguration body, checked as S3 checks it: {@code ObjectLockEnabled} must be
     * {@code Enabled}; a rule has a mode ({@code GOVERNANCE} or {@code COMPLIANCE}) and exactly one of
     * {@code Days} and {@code Years} ({@code MalformedXML} otherwise), a positive one within 100 years
     * ({@code InvalidArgument}).
     *
     * @param hasRule whether the body has a {@code Rule}; its members then follow (each null when absent)
     */
    public static LockConfiguration configuration(
            String objectLockEnabled, boolean hasRule, String mode, Integer days, Integer years, Instant now) {
        if (!"Enabled".equals(objectLockEnabled)) {
            throw malformed();
        }
        if (!hasRule) {
            return new LockConfiguration(true, null, null);
        }
        RetentionMode m = RetentionMode.parse(mode);
        if (m == null || (days == null) == (years == null)) {
            throw malformed();
        }
        if (days != null && days <= 0) {
            throw invalidArgument("Default retention period must be a positive integer value.", "Days");
        }
        if (years != null && years <= 0) {
            throw invalidArgument("Default retention period must be a positive integer value.", "Years");
        }
        if ((days != null && days > MAX_DAYS) || (years != null && years > MAX_YEARS)) {
            throw invalidArgument("Default retention period too large.", days != null ? "Days" : "Years");
        }
        return new LockConfiguration(true, new DefaultRetention(m, days, years), now);
    }

    /**
     * A PutObjectRetention body: both members set a retention (its date in the future), neither
     * removes it; one without the other, an unknown mode or a date that is not ISO 8601 is
     * {@code MalformedXML}.
     *
     * @return the retention, or null for removal
     */
    public static Retention retentionBody(String mode, String retainUntil, Instant now) {
        if (mode == null && retainUntil == null) {
            return null;
        }
        RetentionMode m = mode == null ? null : RetentionMode.parse(mode.trim());
        Instant until = retainUntil == null ? null : parseDate(retainUntil.trim());
        if (m == null || until == null) {
            throw malformed();
        }
        if (!until.isAfter(now)) {
            throw invalidArgument("The retain until date must be in the future!", "RetainUntilDate");
        }
        return new Retention(m, until);
    }

    /**
     * Refuses the permanent removal (or in-place overwrite) of a version its lock protects:
     * a legal hold, an active COMPLIANCE retention, an active GOVERNANCE retention unless the caller
     * may bypass it and asked to. 403 {@code AccessDenied}, as S3.
     */
    public static void requireDeletable(ObjectLock lock, boolean bypassGovernance, Instant now) {
        if (lock == null) {
            return;
        }
        if (lock.legalHoldOn()) {
            throw locked();
        }
        Retention r = lock.retention();
        if (r == null || !r.activeAt(now)) {
            return;
        }
        if (r.mode() == RetentionMode.COMPLIANCE || !bypassGovernance) {
            throw locked();
        }
    }

    /**
     * Whether a version's retention may become {@code proposed} (null: removed). An active COMPLIANCE
     * retention can only be kept or extended; an active GOVERNANCE one can be extended in its mode,
     * and shortened, removed or changed to COMPLIANCE only by a caller who may bypass it and asked
     * to. An expired or absent retention may be set to anything.
     */
    public static void requireRetentionChange(
            Retention current, Retention proposed, boolean bypassGovernance, Instant now) {
        if (current == null || !current.activeAt(now)) {
            return;
        }
        boolean keepsOrExtends = proposed != null
                && proposed.mode() == current.mode()
                && !proposed.retainUntil().isBefore(current.retainUntil());
        if (keepsOrExtends) {
            return;
        }
        if (current.mode() == RetentionMode.COMPLIANCE || !bypassGovernance) {
            throw locked();
        }
    }

    /** Versioning cannot be suspended on a bucket with Object Lock (409 {@code InvalidBucketState}, as S3). */
    public static void requireVersioningChange(LockConfiguration config, boolean suspend) {
        if (suspend && config != null && config.enabled()) {
            throw new S3Exception(
                    S3Error.INVALID_BUCKET_STATE,
                    "An Object Lock configuration is present on this bucket, so the versioning state cannot be changed.");
        }
    }

    /**
     * PutObjectLockConfiguration on a bucket that has no Object Lock yet needs versioning enabled
     * (409 {@code InvalidBucketState}).
     */
    public static void requireLockConfigurable(LockConfiguration current, boolean versioningEnabled) {
        if ((current == null || !current.enabled()) && !versioningEnabled) {
            throw new S3Exception(
                    S3Error.INVALID_BUCKET_STATE,
                    "Versioning must be 'Enabled' on the bucket to apply a Object Lock configuration");
        }
    }

    /** A lock request on a bucket without Object Lock: {@code InvalidRequest}, as S3. */
    public static void requireEnabled(LockConfiguration config) {
        if (config == null || !config.enabled()) {
            throw new S3Exception(S3Error.INVALID_REQUEST, "Bucket is missing Object Lock Configuration");
        }
    }

    static S3Exception locked() {
        return new S3Exception(S3Error.ACCESS_DENIED, LOCKED);
    }

    private static S3Exception malformed() {
        return new S3Exception(S3Error.MALFORMED_XML, S3Error.MALFORMED_XML.defaultMessage());
    }

    private static S3Exception invalidArgument(String message, String argument) {
        return new S3Exception(S3Error.INVALID_ARGUMENT, message).detail("ArgumentName", argument);
    }
}
