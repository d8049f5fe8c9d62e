package io.posixgw.core.backend;

import io.posixgw.core.checksum.MultipartChecksum;
import io.posixgw.core.http.ByteRange;
import io.posixgw.core.model.BucketInfo;
import io.posixgw.core.model.CompleteChecks;
import io.posixgw.core.model.CompleteMultipartResult;
import io.posixgw.core.model.CompletedPart;
import io.posixgw.core.model.CopyObjectRequest;
import io.posixgw.core.model.CopyObjectResult;
import io.posixgw.core.model.ListMultipartUploadsRequest;
import io.posixgw.core.model.ListMultipartUploadsResult;
import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ListObjectsResult;
import io.posixgw.core.model.ListPartsResult;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.Part;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.core.model.PutObjectResult;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

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

    /** @param owner access key of the creator, recorded as the bucket owner */
    void createBucket(String bucket, String owner) throws IOException;

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
     * Opens the object for reading; {@code NoSuchKey} / {@code NoSuchBucket} when absent.
     *
     * @param withChecksums whether {@link ObjectInfo#checksums()} is filled in: GET and HEAD
     *                      return them only for {@code x-amz-checksum-mode: ENABLED}, and not
     *                      reading them saves a metadata read per request
     */
    ObjectContent getObject(String bucket, String key, boolean withChecksums) throws IOException;

    /** {@link #getObject(String, String, boolean)} with the checksums. */
    default ObjectContent getObject(String bucket, String key) throws IOException {
        return getObject(bucket, key, true);
    }

    /** The object's description; {@code withChecksums} as for {@link #getObject(String, String, boolean)}. */
    ObjectInfo headObject(String bucket, String key, boolean withChecksums) throws IOException;

    /** {@link #headObject(String, String, boolean)} with the checksums. */
    default ObjectInfo headObject(String bucket, String key) throws IOException {
        return headObject(bucket, key, true);
    }

    /**
     * Cumulative end offsets of the parts of a multipart object (what GET/HEAD with
     * {@code partNumber} need), or null for an object not written in parts.
     */
    long[] partEnds(String bucket, String key) throws IOException;

    /** Deleting a missing key succeeds (S3 answers 204). */
    void deleteObject(String bucket, String key) throws IOException;

    /**
     * A conditional delete: {@code If-Match} (an ETag, or {@code *}) is checked against the current
     * object atomically with the removal against other conditional writers of any gateway;
     * {@code PreconditionFailed} on a mismatch, {@code NoSuchKey} when there is no object.
     */
    default void deleteObject(String bucket, String key, io.posixgw.core.model.Preconditions condition) throws IOException {
        if (condition != null && !condition.isEmpty()) {
            throw new io.posixgw.core.S3Exception(io.posixgw.core.S3Error.NOT_IMPLEMENTED, "Conditional deletes are not implemented");
        }
        deleteObject(bucket, key);
    }

    CopyObjectResult copyObject(CopyObjectRequest request) throws IOException;

    /** The object's tags (empty when it has none); {@code NoSuchKey} when absent. */
    Map<String, String> getObjectTagging(String bucket, String key) throws IOException;

    /** Replaces the object's tags; an empty map removes them. */
    void putObjectTagging(String bucket, String key, Map<String, String> tags) throws IOException;

    ListObjectsResult listObjects(ListObjectsRequest request) throws IOException;

    /**
     * @param checksum the algorithm and type every part must carry and the object's checksum is made
     *                 with, or null for none
     * @return the new upload id
     */
    String createMultipartUpload(String bucket, String key, ObjectAttributes attributes, MultipartChecksum checksum)
            throws IOException;

    /** An upload without a checksum algorithm. */
    default String createMultipartUpload(String bucket, String key, ObjectAttributes attributes) throws IOException {
        return createMultipartUpload(bucket, key, attributes, null);
    }

    /**
     * Stores (or replaces) one part; {@code NoSuchUpload} when the upload is unknown, also when it is aborted meanwhile.
     * When the upload has a checksum algorithm, the body's verified checksums must be of exactly that
     * algorithm ({@code InvalidRequest} otherwise) and the part keeps it.
     *
     * @param contentMd5 the decoded {@code Content-MD5} (16 bytes) or null; a mismatch is {@code BadDigest} and stores nothing
     */
    Part uploadPart(String bucket, String key, String uploadId, int partNumber, BodySource body, byte[] contentMd5)
            throws IOException;

    /**
     * UploadPartCopy: bytes of an existing object become a part.
     *
     * @param sourceCheck copy-source preconditions, run against the version being copied
     * @param range       the inclusive byte range ({@code x-amz-copy-source-range}), or null for the whole object;
     *                    {@code InvalidRange} when it ends past the source
     */
    Part uploadPartCopy(String bucket, String key, String uploadId, int partNumber, String sourceBucket, String sourceKey,
                        Consumer<ObjectInfo> sourceCheck, ByteRange range) throws IOException;

    /**
     * Assembles the named parts into the object. Validates the list with
     * {@link io.posixgw.core.model.MultipartRules}. A repeated Complete of an
     * upload that already completed answers the same result. With a checksum algorithm on the
     * upload, every listed part must name its checksum, which must match the stored one.
     *
     * @param checks what the request asserts about the result, verified before publishing
     */
    CompleteMultipartResult completeMultipartUpload(String bucket, String key, String uploadId, List<CompletedPart> parts,
                                                    CompleteChecks checks) throws IOException;

    /** A Complete that asserts nothing beyond its part list. */
    default CompleteMultipartResult completeMultipartUpload(String bucket, String key, String uploadId,
                                                            List<CompletedPart> parts) throws IOException {
        return completeMultipartUpload(bucket, key, uploadId, parts, CompleteChecks.NONE);
    }

    /** Removes the upload and its parts; {@code NoSuchUpload} when unknown. */
    void abortMultipartUpload(String bucket, String key, String uploadId) throws IOException;

    ListMultipartUploadsResult listMultipartUploads(ListMultipartUploadsRequest request) throws IOException;

    /** @param maxParts 1..1000 */
    ListPartsResult listParts(String bucket, String key, String uploadId, int partNumberMarker, int maxParts) throws IOException;

    // ---- bucket tagging (issue 16 item 8) ----

    /** The bucket's tags, empty when it has none; {@code NoSuchBucket} when it does not exist. */
    Map<String, String> getBucketTagging(String bucket) throws IOException;

    /** Replaces the bucket's tags (already checked against S3's rules); an empty map removes them. */
    void putBucketTagging(String bucket, Map<String, String> tags) throws IOException;
}
