package io.posixgw.core.model;

/**
 * A PutObject as the backend sees it.
 *
 * @param attributes what the object carries besides its bytes, its user metadata within
 *                   S3's 2 KiB ({@code MetadataTooLarge} here otherwise), or null for none
 * @param contentMd5 the decoded {@code Content-MD5} the client sent (16 bytes), or null;
 *                   the backend compares it with the MD5 it computes anyway for the ETag
 *                   and answers {@code BadDigest} on mismatch, before anything is visible
 * @param condition  a conditional write ({@code If-None-Match: *} or {@code If-Match}), evaluated
 *                   atomically with the publication; {@link Preconditions#NONE} for none
 * @param bypassGovernance {@code x-amz-bypass-governance-retention: true} from a caller allowed to: the write may
 *                   replace in place a current version under GOVERNANCE retention (the backend checks the
 *                   bucket's Object Lock atomically with the publication)
 */
public record PutObjectRequest(
        String bucket,
        String key,
        ObjectAttributes attributes,
        byte[] contentMd5,
        Preconditions condition,
        boolean bypassGovernance) {

    public PutObjectRequest {
        condition = condition == null ? Preconditions.NONE : condition;
        ObjectRules.requireUserMetadataWithinLimit(attributes);
    }

    public PutObjectRequest(
            String bucket, String key, ObjectAttributes attributes, byte[] contentMd5, Preconditions condition) {
        this(bucket, key, attributes, contentMd5, condition, false);
    }

    /** An unconditional write. */
    public PutObjectRequest(String bucket, String key, ObjectAttributes attributes, byte[] contentMd5) {
        this(bucket, key, attributes, contentMd5, Preconditions.NONE);
    }
}
