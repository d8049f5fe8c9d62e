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
 */
public record PutObjectRequest(
        String bucket, String key, ObjectAttributes attributes, byte[] contentMd5, Preconditions condition) {

    public PutObjectRequest {
        condition = condition == null ? Preconditions.NONE : condition;
        ObjectRules.requireUserMetadataWithinLimit(attributes);
    }

    /** An unconditional write. */
    public PutObjectRequest(String bucket, String key, ObjectAttributes attributes, byte[] contentMd5) {
        this(bucket, key, attributes, contentMd5, Preconditions.NONE);
    }
}
