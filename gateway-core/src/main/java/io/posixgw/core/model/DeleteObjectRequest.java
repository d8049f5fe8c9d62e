package io.posixgw.core.model;

/**
 * DeleteObject. Deleting a missing key succeeds (S3 answers 204) unless a condition is given.
 *
 * @param ifMatch the {@code If-Match} condition (an ETag, or {@code *} for "if it exists"), or null:
 *                checked against the current object atomically with the removal against other
 *                conditional writers of any gateway; {@code PreconditionFailed} on a mismatch,
 *                {@code NoSuchKey} when there is no object
 * @param versionId the version to remove for good, or null: on a versioned bucket a delete marker is added
 */
public record DeleteObjectRequest(String bucket, String key, String ifMatch, String versionId) {
    public DeleteObjectRequest(String bucket, String key, String ifMatch) {
        this(bucket, key, ifMatch, null);
    }

    /** An unconditional delete. */
    public static DeleteObjectRequest of(String bucket, String key) {
        return new DeleteObjectRequest(bucket, key, null);
    }
}
