package io.posixgw.core.lock;

/**
 * A bucket's Object Lock configuration, as versitygw keeps it ({@code auth.BucketLockConfig}):
 * whether Object Lock is enabled, the default retention (null for none) and when that rule was
 * set (null when there is no rule; versitygw records it, posixgw keeps it for versitygw).
 */
public record LockConfiguration(boolean enabled, DefaultRetention defaultRetention, java.time.Instant createdAt) {
    /** What CreateBucket with {@code x-amz-bucket-object-lock-enabled: true} stores. */
    public static LockConfiguration enabledAt(java.time.Instant now) {
        return new LockConfiguration(true, null, now);
    }
}
