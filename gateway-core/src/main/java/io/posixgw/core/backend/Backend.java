package io.posixgw.core.backend;

import io.posixgw.core.listing.Page;
import io.posixgw.core.lock.LockConfiguration;
import io.posixgw.core.lock.ObjectLock;
import io.posixgw.core.lock.Retention;
import io.posixgw.core.model.AbortMultipartUploadRequest;
import io.posixgw.core.model.BucketInfo;
import io.posixgw.core.model.CompleteMultipartResult;
import io.posixgw.core.model.CompleteMultipartUploadRequest;
import io.posixgw.core.model.CopyObjectRequest;
import io.posixgw.core.model.CopyObjectResult;
import io.posixgw.core.model.CreateMultipartUploadRequest;
import io.posixgw.core.model.DeleteObjectRequest;
import io.posixgw.core.model.DeleteObjectResult;
import io.posixgw.core.model.GetObjectRequest;
import io.posixgw.core.model.ListMultipartUploadsRequest;
import io.posixgw.core.model.ListMultipartUploadsResult;
import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ListObjectsResult;
import io.posixgw.core.model.ListPartsRequest;
import io.posixgw.core.model.ListPartsResult;
import io.posixgw.core.model.ListVersionsRequest;
import io.posixgw.core.model.ObjectVersion;
import io.posixgw.core.model.Part;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.core.model.PutObjectResult;
import io.posixgw.core.model.UploadPartCopyRequest;
import io.posixgw.core.model.UploadPartRequest;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The storage behind the gateway, named for S3 operations. Implementations are
 * called from blocking worker threads, concurrently, and by several gateway
 * processes over one store: no correctness may rest on in-process state.
 * Bucket names and keys arrive validated ({@link io.posixgw.core.names}).
 * S3 errors are thrown as {@link io.posixgw.core.S3Exception}; an
 * {@link IOException} is an internal failure (or a client gone mid-body).
 */
public interface Backend {
    /**
     * Readiness: throws when the store cannot take writes now (root gone, read-only,
     * full, metadata not storable). Cheap enough for a probe every few seconds.
     */
    void checkReady() throws IOException;

    List<BucketInfo> listBuckets() throws IOException;

    /**
     * @param owner access key of the creator, recorded as the bucket owner. A new bucket also
     *     starts with every switch of its Public Access Block on ({@link BucketConfig#PUBLIC_ACCESS_BLOCK}
     *     is {@link io.posixgw.core.policy.PublicAccessBlock#ALL}), as on S3.
     */
    default void createBucket(String bucket, String owner) throws IOException {
        createBucket(bucket, owner, null);
    }

    /**
     * CreateBucket; with {@code objectLock} (CreateBucket's {@code x-amz-bucket-object-lock-enabled: true})
     * the bucket is born with that Object Lock configuration, never without it.
     */
    default void createBucket(String bucket, String owner, LockConfiguration objectLock) throws IOException {
        createBucket(bucket, owner, objectLock, java.util.Map.of());
    }

    /**
     * CreateBucket with configuration documents (its ACL, its Object Ownership) that are in place
     * before the bucket appears, replacing the defaults (the owner's full control, BucketOwnerEnforced).
     */
    void createBucket(
            String bucket, String owner, LockConfiguration objectLock, java.util.Map<BucketConfig, byte[]> configs)
            throws IOException;

    /** Throws {@code NoSuchBucket} when absent. */
    void headBucket(String bucket) throws IOException;

    /**
     * The access key recorded as the bucket's owner at CreateBucket (versitygw's {@code acl}
     * attribute), or null when none is recorded (a directory made by other means);
     * {@code NoSuchBucket} when absent.
     */
    String bucketOwner(String bucket) throws IOException;

    /** {@code BucketNotEmpty} when objects remain; pending multipart uploads do not count and are removed. */
    void deleteBucket(String bucket) throws IOException;

    /** Stores the body atomically: readers see the old object or the new one, never a mix. */
    PutObjectResult putObject(PutObjectRequest request, BodySource body) throws IOException;

    /**
     * Opens the object for reading and resolves the request against that one version: its
     * preconditions, then its part number or range ({@link ObjectReads#resolve}); the body is cut
     * to the range. {@code NoSuchKey} / {@code NoSuchBucket} when absent.
     */
    ObjectContent getObject(GetObjectRequest request) throws IOException;

    /** What {@link #getObject} answers for the same request, without opening the body. */
    ObjectHead headObject(GetObjectRequest request) throws IOException;

    /**
     * Removes the object, if the request's condition holds. On a versioned bucket, without a
     * version id a delete marker is added; with one, that version is removed for good.
     */
    DeleteObjectResult deleteObject(DeleteObjectRequest request) throws IOException;

    CopyObjectResult copyObject(CopyObjectRequest request) throws IOException;

    /** The object's tags (empty when it has none); {@code NoSuchKey} when absent. */
    Map<String, String> getObjectTagging(String bucket, String key) throws IOException;

    /**
     * The current object's ACL ({@link io.posixgw.core.acl.Acl}'s JSON, posixgw's {@code posixgw.acl}
     * attribute), null when none was set: the object is then the bucket owner's, full control to it
     * alone. {@code NoSuchKey} when there is no such object.
     */
    default byte[] getObjectAcl(String bucket, String key) throws IOException {
        headObject(new io.posixgw.core.model.GetObjectRequest(bucket, key, null, null, false, false, null));
        return null;
    }

    /**
     * Sets the current object's ACL in place (as tags are set); {@code NoSuchKey} when there is no
     * such object. Writing an object never carries its predecessor's ACL over.
     */
    default void putObjectAcl(String bucket, String key, byte[] acl) throws IOException {
        throw new io.posixgw.core.S3Exception(
                io.posixgw.core.S3Error.NOT_IMPLEMENTED, "this backend keeps no object ACLs");
    }

    /**
     * The ACL of the version {@code versionId} names ({@code null}: the current one), as
     * {@link #getObjectAcl(String, String)}; {@code NoSuchVersion} when there is no such version.
     */
    default byte[] getObjectAcl(String bucket, String key, String versionId) throws IOException {
        if (versionId == null) {
            return getObjectAcl(bucket, key);
        }
        headObject(new io.posixgw.core.model.GetObjectRequest(bucket, key, null, null, false, false, null, versionId));
        return null;
    }

    /** Sets the ACL of the version {@code versionId} names ({@code null}: the current one) in place. */
    default void putObjectAcl(String bucket, String key, String versionId, byte[] acl) throws IOException {
        if (versionId == null) {
            putObjectAcl(bucket, key, acl);
            return;
        }
        throw new io.posixgw.core.S3Exception(
                io.posixgw.core.S3Error.NOT_IMPLEMENTED, "this backend keeps no ACLs of noncurrent versions");
    }

    /** Replaces the object's tags; an empty map removes them. */
    void putObjectTagging(String bucket, String key, Map<String, String> tags) throws IOException;

    ListObjectsResult listObjects(ListObjectsRequest request) throws IOException;

    /** @return the new upload id */
    String createMultipartUpload(CreateMultipartUploadRequest request) throws IOException;

    /**
     * Stores (or replaces) one part; {@code NoSuchUpload} when the upload is unknown, also when it is aborted meanwhile.
     * When the upload has a checksum algorithm, the body's verified checksums must be of exactly that
     * algorithm ({@code InvalidRequest} otherwise) and the part keeps it.
     */
    Part uploadPart(UploadPartRequest request, BodySource body) throws IOException;

    /** UploadPartCopy: bytes of an existing object become a part. */
    Part uploadPartCopy(UploadPartCopyRequest request) throws IOException;

    /**
     * Assembles the named parts into the object. Validates the list with
     * {@link io.posixgw.core.model.MultipartRules}. A repeated Complete of an
     * upload that already completed answers the same result. With a checksum algorithm on the
     * upload, every listed part must name its checksum, which must match the stored one.
     */
    CompleteMultipartResult completeMultipartUpload(CompleteMultipartUploadRequest request) throws IOException;

    /** Removes the upload and its parts; {@code NoSuchUpload} when unknown. */
    void abortMultipartUpload(AbortMultipartUploadRequest request) throws IOException;

    ListMultipartUploadsResult listMultipartUploads(ListMultipartUploadsRequest request) throws IOException;

    ListPartsResult listParts(ListPartsRequest request) throws IOException;

    /**
     * Whether this store keeps object versions (versitygw's versioning directory is configured). A
     * store that does not serves only S3's {@code null} version: the server refuses other ids itself.
     */
    default boolean keepsVersions() {
        return false;
    }

    /**
     * The bucket's versioning state: {@code Enabled}, {@code Suspended}, or null when it was never
     * set; {@code NoSuchBucket} when absent.
     */
    default String getBucketVersioning(String bucket) throws IOException {
        headBucket(bucket);
        return null;
    }

    /** Sets the versioning state ({@code Enabled} or {@code Suspended}); 501 {@code VersioningNotConfigured} without versions. */
    default void putBucketVersioning(String bucket, String status) throws IOException {
        headBucket(bucket);
        throw new io.posixgw.core.S3Exception(
                io.posixgw.core.S3Error.VERSIONING_NOT_CONFIGURED,
                "Versioning has not been configured for the gateway.");
    }

    /** ListObjectVersions: keys in key order, each key's versions newest first. Only when {@link #keepsVersions()}. */
    default Page<ObjectVersion> listObjectVersions(ListVersionsRequest request) throws IOException {
        throw new io.posixgw.core.S3Exception(
                io.posixgw.core.S3Error.VERSIONING_NOT_CONFIGURED,
                "Versioning has not been configured for the gateway.");
    }

    /** The tags of one version; {@code versionId} null for the current one. */
    default Map<String, String> getObjectTagging(String bucket, String key, String versionId) throws IOException {
        return getObjectTagging(bucket, key);
    }

    /** Replaces the tags of one version; {@code versionId} null for the current one. */
    default void putObjectTagging(String bucket, String key, String versionId, Map<String, String> tags)
            throws IOException {
        putObjectTagging(bucket, key, tags);
    }

    /** The bucket's tags, empty when it has none; {@code NoSuchBucket} when it does not exist. */
    Map<String, String> getBucketTagging(String bucket) throws IOException;

    /** Replaces the bucket's tags (already checked against S3's rules); an empty map removes them. */
    void putBucketTagging(String bucket, Map<String, String> tags) throws IOException;

    /**
     * The bucket's stored {@code which} document, or null when it has none; {@code NoSuchBucket}
     * when the bucket does not exist.
     */
    byte[] getBucketConfig(String bucket, BucketConfig which) throws IOException;

    /** Replaces the bucket's {@code which} document, durably; null removes it. {@code NoSuchBucket} when absent. */
    void putBucketConfig(String bucket, BucketConfig which, byte[] document) throws IOException;

    // ---- Object Lock ----

    /** The bucket's Object Lock configuration, null when it has none; {@code NoSuchBucket} when absent. */
    LockConfiguration getObjectLockConfiguration(String bucket) throws IOException;

    /** Replaces the bucket's Object Lock configuration (already checked by {@code ObjectLockRules}). */
    void putObjectLockConfiguration(String bucket, LockConfiguration config) throws IOException;

    /** The Object Lock state of the object's current version; {@code NoSuchKey} when absent. */
    ObjectLock getObjectLock(String bucket, String key) throws IOException;

    /** Sets the current version's retention in place ({@code null} removes it); {@code NoSuchKey} when absent. */
    void putObjectRetention(String bucket, String key, Retention retention) throws IOException;

    /** Sets the current version's legal hold in place; {@code NoSuchKey} when absent. */
    void putObjectLegalHold(String bucket, String key, boolean on) throws IOException;

    /**
     * The Object Lock state of one version ({@code versionId} null: the current one);
     * {@code NoSuchVersion} when there is none, {@code MethodNotAllowed} for a delete marker.
     */
    default ObjectLock getObjectLock(String bucket, String key, String versionId) throws IOException {
        if (versionId == null) {
            return getObjectLock(bucket, key);
        }
        return headObject(new io.posixgw.core.model.GetObjectRequest(
                        bucket, key, null, null, false, false, null, versionId))
                .info()
                .attributes()
                .lock();
    }

    /** Sets one version's retention in place ({@code versionId} null: the current one). */
    default void putObjectRetention(String bucket, String key, String versionId, Retention retention)
            throws IOException {
        if (versionId != null) {
            throw new io.posixgw.core.S3Exception(
                    io.posixgw.core.S3Error.NOT_IMPLEMENTED, "PutObjectRetention of a version is not implemented");
        }
        putObjectRetention(bucket, key, retention);
    }

    /** Sets one version's legal hold in place ({@code versionId} null: the current one). */
    default void putObjectLegalHold(String bucket, String key, String versionId, boolean on) throws IOException {
        if (versionId != null) {
            throw new io.posixgw.core.S3Exception(
                    io.posixgw.core.S3Error.NOT_IMPLEMENTED, "PutObjectLegalHold of a version is not implemented");
        }
        putObjectLegalHold(bucket, key, on);
    }
}
