package io.posixgw.testkit.memory;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.BodySource;
import io.posixgw.core.backend.PartLayout;
import io.posixgw.core.checksum.Checksummer;
import io.posixgw.core.checksum.MultipartChecksum;
import io.posixgw.core.listing.KeyOrder;
import io.posixgw.core.listing.Page;
import io.posixgw.core.listing.Pager;
import io.posixgw.core.model.AbortMultipartUploadRequest;
import io.posixgw.core.model.CompleteChecks;
import io.posixgw.core.model.CompleteMultipartResult;
import io.posixgw.core.model.CompleteMultipartUploadRequest;
import io.posixgw.core.model.CompletedPart;
import io.posixgw.core.model.CreateMultipartUploadRequest;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.ListMultipartUploadsRequest;
import io.posixgw.core.model.ListMultipartUploadsResult;
import io.posixgw.core.model.ListPartsRequest;
import io.posixgw.core.model.ListPartsResult;
import io.posixgw.core.model.MultipartRules;
import io.posixgw.core.model.MultipartUpload;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.Part;
import io.posixgw.core.model.UploadPartCopyRequest;
import io.posixgw.core.model.UploadPartRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** The multipart operations of {@link InMemoryBackend}, under its lock. */
final class MemoryMultipart {
    private final InMemoryBackend store;
    private final AtomicLong sequence = new AtomicLong();

    MemoryMultipart(InMemoryBackend store) {
        this.store = store;
    }

    String create(CreateMultipartUploadRequest r) {
        synchronized (store.lock()) {
            MemoryBucket b = store.bucket(r.bucket());
            // ids sort by creation, as the uploads of one key are listed
            String id = String.format(Locale.ROOT, "%013x%07x", store.now().toEpochMilli(), sequence.incrementAndGet());
            b.uploads.put(id, new Upload(r.key(), id, store.now(), r.attributes(), r.checksum(), r.initiator()));
            return id;
        }
    }

    Part uploadPart(UploadPartRequest r, BodySource body) throws IOException {
        MultipartRules.requireValidPartNumber(r.partNumber());
        Upload upload;
        synchronized (store.lock()) {
            upload = upload(store.bucket(r.bucket()), r.key(), r.uploadId());
        }
        ReadBody b = ReadBody.read(body, r.contentMd5());
        String computed = null;
        if (MultipartRules.computesPartChecksum(upload.checksum)) {
            Checksummer sum = upload.checksum.algorithm().newChecksummer();
            sum.update(ByteBuffer.wrap(b.data()));
            computed = sum.base64();
        }
        Map<String, String> checksum = MultipartRules.partChecksum(upload.checksum, b.checksums(), computed);
        return publish(r.bucket(), r.key(), r.uploadId(), r.partNumber(), b.data(), b.etag(), checksum);
    }

    Part uploadPartCopy(UploadPartCopyRequest r) {
        MultipartRules.requireValidPartNumber(r.partNumber());
        Upload upload;
        synchronized (store.lock()) {
            upload = upload(store.bucket(r.bucket()), r.key(), r.uploadId());
        }
        Stored src = store.current(r.sourceBucket(), r.sourceKey());
        r.sourceCheck().accept(src.info());
        int first = 0;
        int length = src.data().length;
        if (r.range() != null) {
            if (r.range().last() >= src.info().size()) {
                throw new S3Exception(
                        S3Error.INVALID_ARGUMENT,
                        "Range specified is not valid for source object of size: "
                                + src.info().size());
            }
            first = (int) r.range().first();
            length = (int) r.range().length();
        }
        byte[] data = Arrays.copyOfRange(src.data(), first, first + length);
        Map<String, String> checksum = Map.of();
        if (upload.checksum != null) {
            Checksummer sum = upload.checksum.algorithm().newChecksummer();
            sum.update(ByteBuffer.wrap(data));
            checksum = Map.of(upload.checksum.algorithm().name(), sum.base64());
        }
        return publish(
                r.bucket(),
                r.key(),
                r.uploadId(),
                r.partNumber(),
                data,
                Etags.fromMd5(Etags.newMd5().digest(data)),
                checksum);
    }

    private Part publish(
            String bucket, String key, String uploadId, int n, byte[] data, String etag, Map<String, String> checksum) {
        synchronized (store.lock()) {
            Upload upload = upload(store.bucket(bucket), key, uploadId); // aborted or completed meanwhile: NoSuchUpload
            Part part = new Part(n, etag, data.length, store.now(), checksum);
            upload.parts.put(n, new Upload.StoredPart(part, data));
            return part;
        }
    }

    /** None without an algorithm; else the body's verified checksum, which must be of the upload's algorithm. */
    CompleteMultipartResult complete(CompleteMultipartUploadRequest r) {
        List<CompletedPart> parts = r.parts();
        CompleteChecks checks = r.checks();
        synchronized (store.lock()) {
            MemoryBucket b = store.bucket(r.bucket());
            if (parts.isEmpty()) {
                MultipartRules.validateComplete(parts, Map.of()); // MalformedXML
            }
            InMemoryBackend.requireSupported(checks.condition());
            Upload upload = b.uploads.get(r.uploadId());
            boolean pending = upload != null && upload.key.equals(r.key());
            String etag;
            try {
                etag = expectedEtag(parts);
            } catch (S3Exception badList) {
                if (!pending && completed(b, r.key(), r.uploadId()) == null) {
                    throw noSuchUpload();
                }
                throw badList;
            }
            if (!pending) {
                Stored done = completed(b, r.key(), r.uploadId());
                if (done != null && done.info().etag().equals(etag)) {
                    return new CompleteMultipartResult(
                            r.bucket(),
                            r.key(),
                            etag,
                            done.info().checksums(),
                            done.info().checksumType());
                }
                throw noSuchUpload();
            }
            InMemoryBackend.checkWrite(b, r.key(), checks.condition());
            InMemoryBackend.requireReplaceable(b, r.key(), checks.bypassGovernance());
            MultipartChecksum checksum = upload.checksum;
            if (checks.checksumType() != null && (checksum == null || checks.checksumType() != checksum.type())) {
                throw new S3Exception(
                        S3Error.INVALID_REQUEST,
                        "The upload was created using the "
                                + (checksum == null ? "null" : checksum.type().name())
                                + " checksum mode. The complete request must use the same checksum mode.");
            }
            Map<Integer, Part> stored = new HashMap<>();
            upload.parts.forEach((n, p) -> stored.put(n, p.part()));
            MultipartRules.validateComplete(parts, stored);
            ByteArrayOutputStream whole = new ByteArrayOutputStream();
            long[] ends = new long[parts.size()];
            for (int i = 0; i < parts.size(); i++) {
                whole.writeBytes(upload.parts.get(parts.get(i).partNumber()).data());
                ends[i] = whole.size();
            }
            if (checks.objectSize() != null && checks.objectSize() != whole.size()) {
                throw new S3Exception(
                        S3Error.INVALID_REQUEST,
                        "The provided 'x-amz-mp-object-size' header value " + checks.objectSize()
                                + " does not match what was computed: " + whole.size());
            }
            Map<String, String> objectChecksum =
                    checksum == null ? Map.of() : MultipartRules.completedChecksum(checksum, parts, stored, checks);
            ObjectInfo info = new ObjectInfo(
                    r.key(),
                    whole.size(),
                    etag,
                    store.now(),
                    upload.attributes,
                    parts.size(),
                    objectChecksum,
                    checksum == null ? null : checksum.type());
            b.objects.put(
                    r.key(),
                    new Stored(
                            whole.toByteArray(),
                            info,
                            new PartLayout(
                                    ends, checksum, MultipartRules.completedPartChecksums(checksum, parts, stored)),
                            r.uploadId()));
            b.uploads.remove(r.uploadId());
            return new CompleteMultipartResult(
                    r.bucket(), r.key(), etag, objectChecksum, checksum == null ? null : checksum.type());
        }
    }

    private static String expectedEtag(List<CompletedPart> parts) {
        List<String> etags = new ArrayList<>(parts.size());
        for (CompletedPart p : parts) {
            if (p.etag() == null) {
                throw new S3Exception(S3Error.INVALID_PART, S3Error.INVALID_PART.defaultMessage());
            }
            etags.add(p.etag());
        }
        try {
            return Etags.multipart(etags);
        } catch (IllegalArgumentException e) {
            throw new S3Exception(S3Error.INVALID_PART, S3Error.INVALID_PART.defaultMessage());
        }
    }

    /** The current version of {@code key} when the upload completed into it, else null. */
    private static Stored completed(MemoryBucket b, String key, String uploadId) {
        Stored s = b.objects.get(key);
        return s != null && uploadId.equals(s.uploadId()) ? s : null;
    }

    void abort(AbortMultipartUploadRequest r) {
        synchronized (store.lock()) {
            MemoryBucket b = store.bucket(r.bucket());
            upload(b, r.key(), r.uploadId());
            b.uploads.remove(r.uploadId());
        }
    }

    ListPartsResult listParts(ListPartsRequest r) {
        synchronized (store.lock()) {
            Upload upload = upload(store.bucket(r.bucket()), r.key(), r.uploadId());
            List<Part> page = new ArrayList<>();
            boolean truncated = false;
            for (Upload.StoredPart p :
                    upload.parts.tailMap(r.partNumberMarker(), false).values()) {
                if (page.size() == r.maxParts()) {
                    truncated = true;
                    break;
                }
                page.add(p.part());
            }
            int next = page.isEmpty() ? 0 : page.get(page.size() - 1).partNumber();
            return new ListPartsResult(
                    r.key(), r.uploadId(), upload.initiated, page, truncated, next, upload.checksum, upload.origin);
        }
    }

    /** Uploads by key (S3 order), then by initiation (their ids sort so), paged by the {@link Pager}. */
    ListMultipartUploadsResult listUploads(ListMultipartUploadsRequest r) {
        Pager<MultipartUpload> pager =
                Pager.afterEntry(r.prefix(), r.delimiter(), r.keyMarker(), r.uploadIdMarker(), r.maxUploads());
        List<MultipartUpload> all = new ArrayList<>();
        synchronized (store.lock()) {
            for (Upload u : store.bucket(r.bucket()).uploads.values()) {
                if (pager.inScope(u.key) && !pager.passed(u.key)) {
                    all.add(new MultipartUpload(u.key, u.id, u.initiated, u.checksum, u.origin));
                }
            }
        }
        all.sort(Comparator.comparing(MultipartUpload::key, KeyOrder.COMPARATOR)
                .thenComparing(MultipartUpload::uploadId));
        pager.offerSorted(all, MultipartUpload::key, MultipartUpload::uploadId);
        Page<MultipartUpload> page = pager.page();
        return new ListMultipartUploadsResult(
                page.entries(), page.commonPrefixes(), page.truncated(), page.nextKey(), page.nextId());
    }

    /** The pending upload, or {@code NoSuchUpload} (also for one of another key). */
    private static Upload upload(MemoryBucket b, String key, String uploadId) {
        Upload u = uploadId == null ? null : b.uploads.get(uploadId);
        if (u == null || !u.key.equals(key)) {
            throw noSuchUpload();
        }
        return u;
    }

    private static S3Exception noSuchUpload() {
        return new S3Exception(S3Error.NO_SUCH_UPLOAD, S3Error.NO_SUCH_UPLOAD.defaultMessage());
    }
}
