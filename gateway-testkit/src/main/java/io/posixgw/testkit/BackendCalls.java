package io.posixgw.testkit;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.BodySource;
import io.posixgw.core.backend.FileRegionBody;
import io.posixgw.core.backend.ObjectBody;
import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.backend.ObjectHead;
import io.posixgw.core.backend.PartLayout;
import io.posixgw.core.backend.StreamBody;
import io.posixgw.core.checksum.MultipartChecksum;
import io.posixgw.core.http.ByteRange;
import io.posixgw.core.model.AbortMultipartUploadRequest;
import io.posixgw.core.model.BucketInfo;
import io.posixgw.core.model.CompleteChecks;
import io.posixgw.core.model.CompleteMultipartResult;
import io.posixgw.core.model.CompleteMultipartUploadRequest;
import io.posixgw.core.model.CompletedPart;
import io.posixgw.core.model.CopyObjectRequest;
import io.posixgw.core.model.CopyObjectResult;
import io.posixgw.core.model.CreateMultipartUploadRequest;
import io.posixgw.core.model.DeleteObjectRequest;
import io.posixgw.core.model.GetObjectRequest;
import io.posixgw.core.model.ListMultipartUploadsRequest;
import io.posixgw.core.model.ListMultipartUploadsResult;
import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ListObjectsResult;
import io.posixgw.core.model.ListPartsRequest;
import io.posixgw.core.model.ListPartsResult;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.Part;
import io.posixgw.core.model.Preconditions;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.core.model.PutObjectResult;
import io.posixgw.core.model.UploadPartCopyRequest;
import io.posixgw.core.model.UploadPartRequest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A {@link Backend} with the short call shapes tests want (the whole object, no condition,
 * positional multipart arguments), each spelled once here instead of in the interface.
 */
public final class BackendCalls implements Backend {
    private final Backend backend;

    public BackendCalls(Backend backend) {
        this.backend = backend;
    }

    /** The backend these calls go to. */
    public Backend backend() {
        return backend;
    }

    // ------------------------------------------------------------------ short shapes

    /** The whole object with its checksums. */
    public ObjectContent getObject(String bucket, String key) throws IOException {
        return getObject(bucket, key, true);
    }

    public ObjectContent getObject(String bucket, String key, boolean withChecksums) throws IOException {
        return backend.getObject(new GetObjectRequest(bucket, key, null, null, withChecksums, false, null));
    }

    /** The object's description with its checksums. */
    public ObjectInfo headObject(String bucket, String key) throws IOException {
        return headObject(bucket, key, true);
    }

    public ObjectInfo headObject(String bucket, String key, boolean withChecksums) throws IOException {
        return backend.headObject(new GetObjectRequest(bucket, key, null, null, withChecksums, false, null))
                .info();
    }

    /** Cumulative end offsets of the parts of a multipart object, or null for one without a layout. */
    public long[] partEnds(String bucket, String key) throws IOException {
        PartLayout layout = backend.headObject(new GetObjectRequest(bucket, key, null, null, false, true, null))
                .parts();
        return layout == null ? null : layout.ends();
    }

    public void deleteObject(String bucket, String key) throws IOException {
        backend.deleteObject(DeleteObjectRequest.of(bucket, key));
    }

    /** A delete conditional on {@code If-Match}, the only condition a delete takes. */
    public void deleteObject(String bucket, String key, Preconditions condition) throws IOException {
        if (condition.ifNoneMatch() != null
                || condition.ifModifiedSince() != null
                || condition.ifUnmodifiedSince() != null) {
            throw new S3Exception(S3Error.NOT_IMPLEMENTED, "A delete takes If-Match only");
        }
        backend.deleteObject(new DeleteObjectRequest(bucket, key, condition.ifMatch()));
    }

    public String createMultipartUpload(String bucket, String key, ObjectAttributes attributes) throws IOException {
        return createMultipartUpload(bucket, key, attributes, null);
    }

    public String createMultipartUpload(
            String bucket, String key, ObjectAttributes attributes, MultipartChecksum checksum) throws IOException {
        return backend.createMultipartUpload(new CreateMultipartUploadRequest(bucket, key, attributes, checksum));
    }

    public Part uploadPart(
            String bucket, String key, String uploadId, int partNumber, BodySource body, byte[] contentMd5)
            throws IOException {
        return backend.uploadPart(new UploadPartRequest(bucket, key, uploadId, partNumber, contentMd5), body);
    }

    public Part uploadPartCopy(
            String bucket,
            String key,
            String uploadId,
            int partNumber,
            String sourceBucket,
            String sourceKey,
            Consumer<ObjectInfo> sourceCheck,
            ByteRange range)
            throws IOException {
        return backend.uploadPartCopy(new UploadPartCopyRequest(
                bucket, key, uploadId, partNumber, sourceBucket, sourceKey, sourceCheck, range));
    }

    public CompleteMultipartResult completeMultipartUpload(
            String bucket, String key, String uploadId, List<CompletedPart> parts) throws IOException {
        return completeMultipartUpload(bucket, key, uploadId, parts, CompleteChecks.NONE);
    }

    public CompleteMultipartResult completeMultipartUpload(
            String bucket, String key, String uploadId, List<CompletedPart> parts, CompleteChecks checks)
            throws IOException {
        return backend.completeMultipartUpload(
                new CompleteMultipartUploadRequest(bucket, key, uploadId, parts, checks));
    }

    public void abortMultipartUpload(String bucket, String key, String uploadId) throws IOException {
        backend.abortMultipartUpload(new AbortMultipartUploadRequest(bucket, key, uploadId));
    }

    public ListPartsResult listParts(String bucket, String key, String uploadId, int partNumberMarker, int maxParts)
            throws IOException {
        return backend.listParts(new ListPartsRequest(bucket, key, uploadId, partNumberMarker, maxParts));
    }

    /** Every byte of the content's body (a file region or a stream). */
    public static byte[] readAll(ObjectContent c) throws IOException {
        return readAll(c.body());
    }

    public static byte[] readAll(ObjectBody body) throws IOException {
        if (body instanceof FileRegionBody f) {
            ByteBuffer buf = ByteBuffer.allocate((int) f.length());
            long pos = f.position();
            while (buf.hasRemaining()) {
                int n = f.channel().read(buf, pos);
                if (n < 0) {
                    break;
                }
                pos += n;
            }
            return buf.array();
        }
        InputStream in = ((StreamBody) body).stream();
        return in.readNBytes((int) body.length());
    }

    // ------------------------------------------------------------------ the interface, delegated

    @Override
    public void checkReady() throws IOException {
        backend.checkReady();
    }

    @Override
    public List<BucketInfo> listBuckets() throws IOException {
        return backend.listBuckets();
    }

    @Override
    public void headBucket(String bucket) throws IOException {
        backend.headBucket(bucket);
    }

    @Override
    public String bucketOwner(String bucket) throws IOException {
        return backend.bucketOwner(bucket);
    }

    @Override
    public void deleteBucket(String bucket) throws IOException {
        backend.deleteBucket(bucket);
    }

    @Override
    public PutObjectResult putObject(PutObjectRequest request, BodySource body) throws IOException {
        return backend.putObject(request, body);
    }

    @Override
    public ObjectContent getObject(GetObjectRequest request) throws IOException {
        return backend.getObject(request);
    }

    @Override
    public ObjectHead headObject(GetObjectRequest request) throws IOException {
        return backend.headObject(request);
    }

    @Override
    public io.posixgw.core.model.DeleteObjectResult deleteObject(DeleteObjectRequest request) throws IOException {
        return backend.deleteObject(request);
    }

    @Override
    public boolean keepsVersions() {
        return backend.keepsVersions();
    }

    @Override
    public String getBucketVersioning(String bucket) throws IOException {
        return backend.getBucketVersioning(bucket);
    }

    @Override
    public void putBucketVersioning(String bucket, String status) throws IOException {
        backend.putBucketVersioning(bucket, status);
    }

    @Override
    public io.posixgw.core.listing.Page<io.posixgw.core.model.ObjectVersion> listObjectVersions(
            io.posixgw.core.model.ListVersionsRequest request) throws IOException {
        return backend.listObjectVersions(request);
    }

    @Override
    public Map<String, String> getObjectTagging(String bucket, String key, String versionId) throws IOException {
        return backend.getObjectTagging(bucket, key, versionId);
    }

    @Override
    public void putObjectTagging(String bucket, String key, String versionId, Map<String, String> tags)
            throws IOException {
        backend.putObjectTagging(bucket, key, versionId, tags);
    }

    @Override
    public CopyObjectResult copyObject(CopyObjectRequest request) throws IOException {
        return backend.copyObject(request);
    }

    @Override
    public Map<String, String> getBucketTagging(String bucket) throws IOException {
        return backend.getBucketTagging(bucket);
    }

    @Override
    public void putBucketTagging(String bucket, Map<String, String> tags) throws IOException {
        backend.putBucketTagging(bucket, tags);
    }

    @Override
    public void createBucket(
            String bucket,
            String owner,
            io.posixgw.core.lock.LockConfiguration objectLock,
            Map<io.posixgw.core.backend.BucketConfig, byte[]> configs)
            throws IOException {
        backend.createBucket(bucket, owner, objectLock, configs);
    }

    @Override
    public byte[] getObjectAcl(String bucket, String key) throws IOException {
        return backend.getObjectAcl(bucket, key);
    }

    @Override
    public void putObjectAcl(String bucket, String key, byte[] acl) throws IOException {
        backend.putObjectAcl(bucket, key, acl);
    }

    @Override
    public byte[] getObjectAcl(String bucket, String key, String versionId) throws IOException {
        return backend.getObjectAcl(bucket, key, versionId);
    }

    @Override
    public void putObjectAcl(String bucket, String key, String versionId, byte[] acl) throws IOException {
        backend.putObjectAcl(bucket, key, versionId, acl);
    }

    @Override
    public Map<String, String> getObjectTagging(String bucket, String key) throws IOException {
        return backend.getObjectTagging(bucket, key);
    }

    @Override
    public void putObjectTagging(String bucket, String key, Map<String, String> tags) throws IOException {
        backend.putObjectTagging(bucket, key, tags);
    }

    @Override
    public ListObjectsResult listObjects(ListObjectsRequest request) throws IOException {
        return backend.listObjects(request);
    }

    @Override
    public String createMultipartUpload(CreateMultipartUploadRequest request) throws IOException {
        return backend.createMultipartUpload(request);
    }

    @Override
    public Part uploadPart(UploadPartRequest request, BodySource body) throws IOException {
        return backend.uploadPart(request, body);
    }

    @Override
    public Part uploadPartCopy(UploadPartCopyRequest request) throws IOException {
        return backend.uploadPartCopy(request);
    }

    @Override
    public CompleteMultipartResult completeMultipartUpload(CompleteMultipartUploadRequest request) throws IOException {
        return backend.completeMultipartUpload(request);
    }

    @Override
    public void abortMultipartUpload(AbortMultipartUploadRequest request) throws IOException {
        backend.abortMultipartUpload(request);
    }

    @Override
    public ListMultipartUploadsResult listMultipartUploads(ListMultipartUploadsRequest request) throws IOException {
        return backend.listMultipartUploads(request);
    }

    @Override
    public ListPartsResult listParts(ListPartsRequest request) throws IOException {
        return backend.listParts(request);
    }

    @Override
    public byte[] getBucketConfig(String bucket, io.posixgw.core.backend.BucketConfig which) throws IOException {
        return backend.getBucketConfig(bucket, which);
    }

    @Override
    public void putBucketConfig(String bucket, io.posixgw.core.backend.BucketConfig which, byte[] document)
            throws IOException {
        backend.putBucketConfig(bucket, which, document);
    }

    @Override
    public io.posixgw.core.lock.LockConfiguration getObjectLockConfiguration(String bucket) throws IOException {
        return backend.getObjectLockConfiguration(bucket);
    }

    @Override
    public void putObjectLockConfiguration(String bucket, io.posixgw.core.lock.LockConfiguration config)
            throws IOException {
        backend.putObjectLockConfiguration(bucket, config);
    }

    @Override
    public io.posixgw.core.lock.ObjectLock getObjectLock(String bucket, String key) throws IOException {
        return backend.getObjectLock(bucket, key);
    }

    @Override
    public void putObjectRetention(String bucket, String key, io.posixgw.core.lock.Retention retention)
            throws IOException {
        backend.putObjectRetention(bucket, key, retention);
    }

    @Override
    public void putObjectLegalHold(String bucket, String key, boolean on) throws IOException {
        backend.putObjectLegalHold(bucket, key, on);
    }

    @Override
    public io.posixgw.core.lock.ObjectLock getObjectLock(String bucket, String key, String versionId)
            throws IOException {
        return backend.getObjectLock(bucket, key, versionId);
    }

    @Override
    public void putObjectRetention(
            String bucket, String key, String versionId, io.posixgw.core.lock.Retention retention) throws IOException {
        backend.putObjectRetention(bucket, key, versionId, retention);
    }

    @Override
    public void putObjectLegalHold(String bucket, String key, String versionId, boolean on) throws IOException {
        backend.putObjectLegalHold(bucket, key, versionId, on);
    }
}
