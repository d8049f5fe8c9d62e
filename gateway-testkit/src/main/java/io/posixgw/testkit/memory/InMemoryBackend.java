package io.posixgw.testkit.memory;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.BodySource;
import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.backend.ObjectHead;
import io.posixgw.core.backend.ObjectReads;
import io.posixgw.core.backend.StreamBody;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.checksum.ChecksumType;
import io.posixgw.core.checksum.Checksummer;
import io.posixgw.core.http.ByteRange;
import io.posixgw.core.model.AbortMultipartUploadRequest;
import io.posixgw.core.model.BucketInfo;
import io.posixgw.core.model.CompleteMultipartResult;
import io.posixgw.core.model.CompleteMultipartUploadRequest;
import io.posixgw.core.model.CopyObjectRequest;
import io.posixgw.core.model.CopyObjectResult;
import io.posixgw.core.model.CreateMultipartUploadRequest;
import io.posixgw.core.model.DeleteObjectRequest;
import io.posixgw.core.model.Etags;
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
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The whole {@link Backend} in memory, with S3's answers: for handler tests that run in
 * milliseconds, and to hold the contract suite to a second implementation. Thread-safe: one
 * lock guards all state; bodies are read before it is taken and versions are immutable, so a
 * reader keeps the version it opened.
 */
public final class InMemoryBackend implements Backend {
    private final Object lock = new Object();
    private final TreeMap<String, MemoryBucket> buckets = new TreeMap<>();
    private final Clock clock;
    private final MemoryMultipart multipart;

    public InMemoryBackend() {
        this(Clock.systemUTC());
    }

    public InMemoryBackend(Clock clock) {
        this.clock = clock;
        this.multipart = new MemoryMultipart(this);
    }

    // ------------------------------------------------------------------ buckets

    @Override
    public void checkReady() {
        // always ready
    }

    @Override
    public List<BucketInfo> listBuckets() {
        synchronized (lock) {
            List<BucketInfo> out = new ArrayList<>();
            buckets.values().forEach(b -> out.add(new BucketInfo(b.name, b.created)));
            return out;
        }
    }

    @Override
    public void createBucket(
            String bucket,
            String owner,
            io.posixgw.core.lock.LockConfiguration objectLock,
            Map<io.posixgw.core.backend.BucketConfig, byte[]> configs) {
        synchronized (lock) {
            if (buckets.containsKey(bucket)) {
                throw S3Error.BUCKET_ALREADY_OWNED_BY_YOU.exception();
            }
            MemoryBucket b = new MemoryBucket(bucket, owner, now());
            b.objectLock = objectLock;
            configs.forEach((which, document) -> b.configs.put(which, document.clone()));
            buckets.put(bucket, b);
        }
    }

    @Override
    public void headBucket(String bucket) {
        synchronized (lock) {
            bucket(bucket);
        }
    }

    @Override
    public String bucketOwner(String bucket) {
        synchronized (lock) {
            return bucket(bucket).owner;
        }
    }

    @Override
    public void deleteBucket(String bucket) {
        synchronized (lock) {
            if (!bucket(bucket).objects.isEmpty()) {
                throw S3Error.BUCKET_NOT_EMPTY.exception();
            }
            buckets.remove(bucket);
        }
    }

    // ------------------------------------------------------------------ objects

    @Override
    public PutObjectResult putObject(PutObjectRequest request, BodySource body) throws IOException {
        MemoryBucket target;
        synchronized (lock) {
            target = bucket(request.bucket());
        }
        requireSupported(request.condition());
        ObjectAttributes asked = request.attributes() == null ? ObjectAttributes.EMPTY : request.attributes();
        checkMetadataSize(asked);
        ReadBody b = ReadBody.read(body, request.contentMd5());
        synchronized (lock) {
            requireSame(target);
            checkWrite(target, request.key(), request.condition());
            ObjectAttributes attributes = asked.withLock(newVersionLock(target, asked.lock()));
            requireReplaceable(target, request.key(), request.bypassGovernance());
            ObjectInfo info = new ObjectInfo(
                    request.key(),
                    b.data().length,
                    b.etag(),
                    now(),
                    attributes,
                    0,
                    b.checksums(),
                    b.checksums().isEmpty() ? null : ChecksumType.FULL_OBJECT);
            target.objects.put(request.key(), new Stored(b.data(), info, null, null));
        }
        return new PutObjectResult(b.etag(), b.checksums());
    }

    @Override
    public ObjectContent getObject(GetObjectRequest request) {
        Resolved resolved = resolve(request);
        ObjectHead head = resolved.head();
        ByteRange r = head.range();
        int first = r == null ? 0 : (int) r.first();
        int length = (int) head.contentLength();
        return new ObjectContent(
                head, new StreamBody(new ByteArrayInputStream(resolved.stored().data(), first, length), length));
    }

    @Override
    public ObjectHead headObject(GetObjectRequest request) {
        return resolve(request).head();
    }

    /** The request resolved against the current version, which the answer keeps. */
    private Resolved resolve(GetObjectRequest request) {
        Stored s = current(request.bucket(), request.key());
        return new Resolved(
                s,
                ObjectReads.resolve(
                        request, s.info(request.withChecksums()), request.needsPartLayout() ? s.layout() : null));
    }

    private record Resolved(Stored stored, ObjectHead head) {}

    /** Keeps no versions: the server serves only the null version (and PutBucketVersioning is 501). */
    @Override
    public io.posixgw.core.model.DeleteObjectResult deleteObject(DeleteObjectRequest request) {
        synchronized (lock) {
            MemoryBucket b = bucket(request.bucket());
            if (request.ifMatch() != null) {
                Stored s = b.objects.get(request.key());
                if (s == null) {
                    throw S3Error.NO_SUCH_KEY.exception();
                }
                new Preconditions(request.ifMatch(), null, null, null).checkOr412(s.info());
            }
            requireReplaceable(b, request.key(), request.bypassGovernance());
            b.objects.remove(request.key());
        }
        return io.posixgw.core.model.DeleteObjectResult.UNVERSIONED;
    }

    @Override
    public CopyObjectResult copyObject(CopyObjectRequest r) {
        boolean self = r.sourceBucket().equals(r.bucket()) && r.sourceKey().equals(r.key());
        if (self && r.replaceAttributes() == null && r.replaceTags() == null) {
            throw new S3Exception(
                    S3Error.INVALID_REQUEST,
                    "This copy request is illegal because it is trying to copy an object "
                            + "to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.");
        }
        requireSupported(r.condition());
        synchronized (lock) {
            MemoryBucket target = bucket(r.bucket());
            checkWrite(target, r.key(), r.condition());
            Stored src = current(r.sourceBucket(), r.sourceKey());
            ObjectInfo si = src.info();
            if (r.sourceCheck() != null) {
                r.sourceCheck().accept(si);
            }
            ObjectAttributes attrs = r.attributesOfCopy(si.attributes()).withLock(newVersionLock(target, r.lock()));
            requireReplaceable(target, r.key(), r.bypassGovernance());
            checkMetadataSize(attrs);
            Map<String, String> checksums = copiedChecksums(si, r.checksumAlgorithm(), src.data());
            String etag = Etags.partsCount(si.etag()) > 0
                    ? Etags.fromMd5(Etags.newMd5().digest(src.data()))
                    : si.etag();
            Instant now = now();
            ObjectInfo info = new ObjectInfo(
                    r.key(),
                    si.size(),
                    etag,
                    now,
                    attrs,
                    0,
                    checksums,
                    checksums.isEmpty() ? null : ChecksumType.FULL_OBJECT);
            target.objects.put(r.key(), new Stored(src.data(), info, null, null));
            return new CopyObjectResult(etag, now, checksums);
        }
    }

    /**
     * A whole-object checksum stays true of the copy; a composite one describes parts the copy
     * does not have (the copy gets a whole-object one of its algorithm); an algorithm asked for is
     * kept when the source has it, else computed.
     */
    private static Map<String, String> copiedChecksums(ObjectInfo si, ChecksumAlgorithm asked, byte[] data) {
        Map<String, String> checksums = si.checksumType() == ChecksumType.FULL_OBJECT ? si.checksums() : Map.of();
        ChecksumAlgorithm wanted = asked;
        if (wanted == null
                && si.checksumType() == ChecksumType.COMPOSITE
                && si.checksums().size() == 1) {
            wanted = ChecksumAlgorithm.parse(si.checksums().keySet().iterator().next())
                    .orElse(null);
        }
        if (wanted == null) {
            return checksums;
        }
        String kept = checksums.get(wanted.name());
        if (kept != null) {
            return Map.of(wanted.name(), kept);
        }
        Checksummer summer = wanted.newChecksummer();
        summer.update(ByteBuffer.wrap(data));
        return Map.of(wanted.name(), summer.base64());
    }

    @Override
    public Map<String, String> getBucketTagging(String bucket) {
        synchronized (lock) {
            return bucket(bucket).tags;
        }
    }

    @Override
    public void putBucketTagging(String bucket, Map<String, String> tags) {
        synchronized (lock) {
            bucket(bucket).tags = Map.copyOf(tags);
        }
    }

    @Override
    public Map<String, String> getObjectTagging(String bucket, String key) {
        return current(bucket, key).info().attributes().tags();
    }

    @Override
    public void putObjectTagging(String bucket, String key, Map<String, String> tags) {
        replaceAttributes(bucket, key, a -> a.withTags(tags));
    }

    @Override
    public byte[] getObjectAcl(String bucket, String key) {
        synchronized (lock) {
            var current = current(bucket, key);
            byte[] acl = bucket(bucket).objectAcls.get(current.data());
            if (acl != null) {
                return acl.clone();
            }
            // the one the write published with the object, if any
            io.posixgw.core.acl.Acl written = current.info().attributes().acl();
            return written == null ? null : written.toJson();
        }
    }

    @Override
    public void putObjectAcl(String bucket, String key, byte[] acl) {
        synchronized (lock) {
            bucket(bucket).objectAcls.put(current(bucket, key).data(), acl.clone());
        }
    }

    /** Changes the current version's attributes in place (its tags, its lock), as the POSIX backend does. */
    private void replaceAttributes(
            String bucket, String key, java.util.function.UnaryOperator<ObjectAttributes> change) {
        synchronized (lock) {
            MemoryBucket b = bucket(bucket);
            Stored s = b.objects.get(key);
            if (s == null) {
                throw S3Error.NO_SUCH_KEY.exception();
            }
            ObjectInfo i = s.info();
            ObjectInfo changed = new ObjectInfo(
                    i.key(),
                    i.size(),
                    i.etag(),
                    i.lastModified(),
                    change.apply(i.attributes()),
                    i.partsCount(),
                    i.checksums(),
                    i.checksumType());
            b.objects.put(key, new Stored(s.data(), changed, s.layout(), s.uploadId()));
        }
    }

    // ------------------------------------------------------------------ Object Lock

    @Override
    public io.posixgw.core.lock.LockConfiguration getObjectLockConfiguration(String bucket) {
        synchronized (lock) {
            return bucket(bucket).objectLock;
        }
    }

    @Override
    public void putObjectLockConfiguration(String bucket, io.posixgw.core.lock.LockConfiguration config) {
        synchronized (lock) {
            bucket(bucket).objectLock = config;
        }
    }

    @Override
    public io.posixgw.core.lock.ObjectLock getObjectLock(String bucket, String key) {
        return current(bucket, key).info().attributes().lock();
    }

    @Override
    public void putObjectRetention(String bucket, String key, io.posixgw.core.lock.Retention retention) {
        replaceAttributes(bucket, key, a -> a.withLock(a.lock().withRetention(retention)));
    }

    @Override
    public void putObjectLegalHold(String bucket, String key, boolean on) {
        replaceAttributes(bucket, key, a -> a.withLock(a.lock().withLegalHold(on)));
    }

    @Override
    public ListObjectsResult listObjects(ListObjectsRequest request) {
        synchronized (lock) {
            return MemoryListing.list(bucket(request.bucket()).objects, request);
        }
    }

    // ------------------------------------------------------------------ multipart

    @Override
    public String createMultipartUpload(CreateMultipartUploadRequest request) {
        checkMetadataSize(request.attributes());
        return multipart.create(request);
    }

    @Override
    public Part uploadPart(UploadPartRequest request, BodySource body) throws IOException {
        return multipart.uploadPart(request, body);
    }

    @Override
    public Part uploadPartCopy(UploadPartCopyRequest request) {
        return multipart.uploadPartCopy(request);
    }

    @Override
    public CompleteMultipartResult completeMultipartUpload(CompleteMultipartUploadRequest request) {
        return multipart.complete(request);
    }

    @Override
    public void abortMultipartUpload(AbortMultipartUploadRequest request) {
        multipart.abort(request);
    }

    @Override
    public ListMultipartUploadsResult listMultipartUploads(ListMultipartUploadsRequest request) {
        return multipart.listUploads(request);
    }

    @Override
    public ListPartsResult listParts(ListPartsRequest request) {
        return multipart.listParts(request);
    }

    // ------------------------------------------------------------------ shared with MemoryMultipart

    Object lock() {
        return lock;
    }

    Instant now() {
        return clock.instant();
    }

    /** The bucket, or {@code NoSuchBucket}; under the lock. */
    MemoryBucket bucket(String name) {
        MemoryBucket b = buckets.get(name);
        if (b == null) {
            throw S3Error.NO_SUCH_BUCKET.exception();
        }
        return b;
    }

    /** A write whose bucket was deleted (and maybe made again) while its body streamed in: NoSuchBucket. */
    void requireSame(MemoryBucket b) {
        if (buckets.get(b.name) != b) {
            throw S3Error.NO_SUCH_BUCKET.exception();
        }
    }

    /** The current version of the key, or NoSuchBucket / NoSuchKey. */
    Stored current(String bucket, String key) {
        synchronized (lock) {
            Stored s = bucket(bucket).objects.get(key);
            if (s == null) {
                throw S3Error.NO_SUCH_KEY.exception();
            }
            return s;
        }
    }

    /** The lock of a new version: what it asks for plus the bucket's default retention (as the POSIX backend). */
    private io.posixgw.core.lock.ObjectLock newVersionLock(MemoryBucket b, io.posixgw.core.lock.ObjectLock asked) {
        return io.posixgw.core.lock.ObjectLockRules.forNewVersion(asked, b.objectLock, now());
    }

    /**
     * Object Lock's refusal to replace or remove a protected current version (this backend keeps no
     * other), under the lock: atomic with the write, as the POSIX backend's.
     */
    static void requireReplaceable(MemoryBucket b, String key, boolean bypassGovernance) {
        if (b.objectLock == null || !b.objectLock.enabled()) {
            return;
        }
        Stored current = b.objects.get(key);
        if (current != null) {
            io.posixgw.core.lock.ObjectLockRules.requireDeletable(
                    current.info().attributes().lock(), bypassGovernance, Instant.now());
        }
    }

    /** A write condition against the current version, under the lock: 404 for If-Match on nothing, else 412. */
    static void checkWrite(MemoryBucket b, String key, Preconditions condition) {
        if (condition.isEmpty()) {
            return;
        }
        Stored current = b.objects.get(key);
        if (current == null) {
            if (condition.ifMatch() != null) {
                throw S3Error.NO_SUCH_KEY.exception();
            }
            return;
        }
        condition.checkOr412(current.info());
    }

    /** The write conditions S3 takes: If-None-Match only as {@code *}. */
    static void requireSupported(Preconditions condition) {
        if (condition.ifNoneMatch() != null && !condition.ifNoneMatch().trim().equals("*")) {
            throw new S3Exception(S3Error.NOT_IMPLEMENTED, "If-None-Match on a write takes only '*'");
        }
    }

    /** S3's 2 KiB limit on user metadata (names and values, UTF-8). */
    static void checkMetadataSize(ObjectAttributes a) {
        int total = 0;
        for (Map.Entry<String, String> e : a.userMetadata().entrySet()) {
            total += e.getKey().getBytes(StandardCharsets.UTF_8).length;
            total += e.getValue() == null ? 0 : e.getValue().getBytes(StandardCharsets.UTF_8).length;
        }
        if (total > ObjectAttributes.MAX_USER_METADATA_BYTES) {
            throw new S3Exception(
                    S3Error.METADATA_TOO_LARGE,
                    "Your metadata headers exceed the maximum allowed metadata size (" + total + " > "
                            + ObjectAttributes.MAX_USER_METADATA_BYTES + " bytes).");
        }
    }

    @Override
    public byte[] getBucketConfig(String bucket, io.posixgw.core.backend.BucketConfig which) {
        synchronized (lock) {
            byte[] d = bucket(bucket).configs.get(which);
            return d == null ? null : d.clone();
        }
    }

    @Override
    public void putBucketConfig(String bucket, io.posixgw.core.backend.BucketConfig which, byte[] document) {
        synchronized (lock) {
            if (document == null) {
                bucket(bucket).configs.remove(which);
            } else {
                bucket(bucket).configs.put(which, document.clone());
            }
        }
    }
}
