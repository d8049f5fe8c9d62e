package io.posixgw.core.model;

/**
 * GetObject or HeadObject. The range and part number are the client's values, unparsed: S3
 * answers NoSuchKey and the preconditions before it judges them, so the backend resolves
 * them ({@link io.posixgw.core.backend.ObjectReads#resolve}) once it has the object.
 *
 * @param range          the {@code Range} header, or null
 * @param partNumber     the {@code partNumber} query parameter, or null
 * @param withChecksums  whether {@link io.posixgw.core.model.ObjectInfo#checksums()} is filled in: GET and
 *                       HEAD return them only for {@code x-amz-checksum-mode: ENABLED}, and not reading
 *                       them saves a metadata read per request
 * @param withPartLayout whether the part layout is wanted even without a part number (GetObjectAttributes)
 * @param conditions     If-Match and friends, evaluated against the version read (304 or 412)
 * @param versionId      the {@code versionId} parameter, or null for the current version
 */
public record GetObjectRequest(
        String bucket,
        String key,
        String range,
        String partNumber,
        boolean withChecksums,
        boolean withPartLayout,
        Preconditions conditions,
        String versionId) {
    public GetObjectRequest {
        conditions = conditions == null ? Preconditions.NONE : conditions;
    }

    /** A read of the current version. */
    public GetObjectRequest(
            String bucket,
            String key,
            String range,
            String partNumber,
            boolean withChecksums,
            boolean withPartLayout,
            Preconditions conditions) {
        this(bucket, key, range, partNumber, withChecksums, withPartLayout, conditions, null);
    }

    /** The whole object with its checksums, unconditionally. */
    public static GetObjectRequest of(String bucket, String key) {
        return new GetObjectRequest(bucket, key, null, null, true, false, Preconditions.NONE);
    }

    /** Whether the backend must read the part layout with the object. */
    public boolean needsPartLayout() {
        return withPartLayout || partNumber != null;
    }
}
