package io.posixgw.core.model;

/**
 * DeleteObject. Deleting a missing key succeeds (S3 answers 204) unless a condition is given.
 *
 * @param ifMatch the {@code If-Match} condition (an ETag, or {@code *} for "if it exists"), or null:
 *                checked against the current object atomically with the removal against other
 *                conditional writers of any gateway; {@code PreconditionFailed} on a mismatch,
 *                {@code NoSuchKey} when there is no object
 * @param versionId the version to remove for good, or null: on a versioned bucket a delete marker is added
 * @param bypassGovernance {@code x-amz-bypass-governance-retention: true} from a caller allowed to: a version under
 *                GOVERNANCE retention may be removed (the backend checks the named version's Object Lock
 *                again, atomically with its removal, where it can)
 */
public record DeleteObjectRequest(
        String bucket, String key, String ifMatch, String versionId, boolean bypassGovernance) {
    public DeleteObjectRequest(String bucket, String key, String ifMatch, String versionId) {
        this(bucket, key, ifMatch, versionId, false);
    }

    public DeleteObjectRequest(String bucket, String key, String ifMatch) {
        this(bucket, key, ifMatch, null);
    }

    /** An unconditional delete. */
    public static DeleteObjectRequest of(String bucket, String key) {
        return new DeleteObjectRequest(bucket, key, null);
    }
}
