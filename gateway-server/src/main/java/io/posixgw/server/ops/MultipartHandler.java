package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.checksum.ChecksumType;
import io.posixgw.core.checksum.MultipartChecksum;
import io.posixgw.core.http.ByteRange;
import io.posixgw.core.model.AbortMultipartUploadRequest;
import io.posixgw.core.model.CompleteChecks;
import io.posixgw.core.model.CompleteMultipartResult;
import io.posixgw.core.model.CompleteMultipartUploadRequest;
import io.posixgw.core.model.CompletedPart;
import io.posixgw.core.model.CreateMultipartUploadRequest;
import io.posixgw.core.model.ListMultipartUploadsRequest;
import io.posixgw.core.model.ListMultipartUploadsResult;
import io.posixgw.core.model.ListPartsRequest;
import io.posixgw.core.model.ListPartsResult;
import io.posixgw.core.model.MultipartRules;
import io.posixgw.core.model.MultipartUpload;
import io.posixgw.core.model.Part;
import io.posixgw.core.model.UploadOrigin;
import io.posixgw.core.model.UploadPartCopyRequest;
import io.posixgw.core.model.UploadPartRequest;
import io.posixgw.core.xml.ChecksumValues;
import io.posixgw.core.xml.CommonPrefix;
import io.posixgw.core.xml.CompleteMultipartUpload;
import io.posixgw.core.xml.CompleteMultipartUploadResult;
import io.posixgw.core.xml.CopyPartResult;
import io.posixgw.core.xml.InitiateMultipartUploadResult;
import io.posixgw.core.xml.ListMultipartUploadsResultXml;
import io.posixgw.core.xml.ListPartsResultXml;
import io.posixgw.core.xml.Owner;
import io.posixgw.core.xml.S3Xml;
import io.posixgw.server.routing.CopySource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** The multipart upload family: create, upload part, complete, abort, list uploads, list parts. */
final class MultipartHandler {
    static final int MAX_LIST = 1000;

    private final Backend backend;
    private final ObjectLockGuard locks;
    private final io.posixgw.server.auth.BucketAcls acls;

    MultipartHandler(Backend backend) {
        this(backend, new ObjectLockGuard(backend, java.time.Clock.systemUTC()));
    }

    MultipartHandler(Backend backend, ObjectLockGuard locks) {
        this.backend = backend;
        this.locks = locks;
        this.acls = new io.posixgw.server.auth.BucketAcls(backend);
    }

    /**
     * The {@code Initiator} and {@code Owner} ListParts and ListMultipartUploads name for each upload.
     * An upload that recorded its initiator ({@link UploadOrigin}) is named as it was made, whoever asks:
     * the initiator, and the owner its object will have. That is the bucket owner while ACLs are
     * disabled (BucketOwnerEnforced: the object is the bucket owner's, whoever wrote it), else the owner
     * of the ACL the upload carries, which Create decided (the initiator under ObjectWriter, and under
     * BucketOwnerPreferred unless it asked for {@code bucket-owner-full-control}), or the bucket owner when
     * it carries none (its object will be the bucket owner's alone). An upload without a recorded
     * initiator (made before posixgw recorded it, by versitygw, or anonymously) names the caller as its
     * initiator, and as its owner too unless ACLs are disabled, as posixgw answered before. A bucket
     * without a recorded owner is the caller's here, as in every other answer.
     */
    private final class UploadParties {
        private final Owner caller;
        private final Owner bucketOwner; // null: the bucket has no recorded owner
        private final boolean aclsEnabled;

        UploadParties(Exchange x) throws IOException {
            this.caller = new Owner(x.accessKey(), x.accessKey());
            String recorded = backend.bucketOwner(x.bucket());
            this.bucketOwner = recorded == null ? null : new Owner(recorded, recorded);
            this.aclsEnabled = acls.ownership(x.bucket()).aclsEnabled();
        }

        Owner initiator(UploadOrigin origin) {
            return origin.initiator() == null ? caller : new Owner(origin.initiator(), origin.initiator());
        }

        Owner owner(UploadOrigin origin) {
            // a bucket without a recorded owner is answered as the caller's, as everywhere
            Owner objectsOwner = bucketOwner != null ? bucketOwner : caller;
            if (!aclsEnabled) {
                return objectsOwner;
            }
            if (origin.initiator() == null) {
                return caller;
            }
            return origin.aclOwner() != null ? new Owner(origin.aclOwner(), origin.aclOwner()) : objectsOwner;
        }
    }

    /** The upload's ACL ({@code acl}, null for none) waits on the upload with its other attributes until Complete. */
    S3Response create(Exchange x, io.posixgw.core.acl.Acl acl) throws IOException {
        MultipartChecksum checksum =
                MultipartChecksum.fromHeaders(x.header("x-amz-checksum-algorithm"), x.header("x-amz-checksum-type"));
        String uploadId = backend.createMultipartUpload(new CreateMultipartUploadRequest(
                x.bucket(),
                x.key(),
                ObjectHeaders.attributesFrom(x.request().headers())
                        .withLock(locks.forUpload(x))
                        .withAcl(acl),
                checksum,
                x.accessKey()));
        S3Response response = S3Response.xml(new InitiateMultipartUploadResult(x.bucket(), x.key(), uploadId));
        if (checksum != null) {
            response.header("x-amz-checksum-algorithm", checksum.algorithm().name());
            response.header("x-amz-checksum-type", checksum.type().name());
        }
        return response;
    }

    S3Response uploadPart(Exchange x) throws IOException {
        int partNumber = partNumber(x.query("partNumber"));
        MultipartRules.requireUploadedPartSize(x.body().length());
        byte[] md5 = ObjectPutHandler.contentMd5(x);
        Part part =
                backend.uploadPart(new UploadPartRequest(x.bucket(), x.key(), uploadId(x), partNumber, md5), x.body());
        S3Response response = S3Response.ok().header("ETag", part.etag());
        // the body's verified checksum, and the part's own when the server computed it (a FULL_OBJECT upload)
        Map<String, String> checksums = new LinkedHashMap<>(x.body().checksums());
        checksums.putAll(part.checksums());
        ObjectPutHandler.writeChecksums(response, checksums);
        return response;
    }

    /** UploadPartCopy: the source and its preconditions are parsed as for CopyObject. */
    S3Response uploadPartCopy(Exchange x) throws IOException {
        int partNumber = partNumber(x.query("partNumber"));
        CopySource source = CopySource.parse(x.header("x-amz-copy-source"));
        ByteRange range = copySourceRange(x.header("x-amz-copy-source-range"));
        Part part = backend.uploadPartCopy(new UploadPartCopyRequest(
                x.bucket(),
                x.key(),
                uploadId(x),
                partNumber,
                source.bucket(),
                source.key(),
                ObjectCopyHandler.copySourceConditions(x)::checkOr412,
                range,
                io.posixgw.server.routing.Versions.named(source.versionId(), backend.keepsVersions())));
        return S3Response.xml(new CopyPartResult(
                S3Xml.timestamp(part.lastModified()), part.etag(), ChecksumValues.of(part.checksums())));
    }

    /** {@code bytes=first-last}, both given, first ≤ last; anything else is {@code InvalidArgument}. */
    static ByteRange copySourceRange(String header) {
        if (header == null) {
            return null;
        }
        String h = header.trim();
        int dash = h.indexOf('-');
        if (!h.startsWith("bytes=") || dash < 0) {
            throw invalidRange(header);
        }
        try {
            long first = Long.parseLong(h.substring("bytes=".length(), dash).trim());
            long last = Long.parseLong(h.substring(dash + 1).trim());
            if (first < 0 || last < first) {
                throw invalidRange(header);
            }
            return new ByteRange(first, last);
        } catch (NumberFormatException e) {
            throw invalidRange(header);
        }
    }

    private static S3Exception invalidRange(String header) {
        return new S3Exception(
                S3Error.INVALID_ARGUMENT,
                "The x-amz-copy-source-range value must be of the form bytes=first-last where first and last are the zero-based offsets of the first and last bytes to copy: "
                        + header);
    }

    S3Response complete(Exchange x) throws IOException {
        CompleteMultipartUpload body = S3Xml.read(SmallBodies.read(x), CompleteMultipartUpload.class);
        List<CompletedPart> parts = new ArrayList<>(body.parts.size());
        for (CompleteMultipartUpload.PartEntry p : body.parts) {
            if (p.partNumber == null || p.etag == null) {
                throw new S3Exception(S3Error.MALFORMED_XML, "Each Part needs a PartNumber and an ETag");
            }
            parts.add(new CompletedPart(p.partNumber, p.etag, p.checksums()));
        }
        CompleteMultipartResult result = backend.completeMultipartUpload(
                new CompleteMultipartUploadRequest(x.bucket(), x.key(), uploadId(x), parts, completeChecks(x)));
        S3Response response = S3Response.xml(new CompleteMultipartUploadResult(
                "/" + x.bucket() + "/" + x.key(),
                x.bucket(),
                x.key(),
                result.etag(),
                ChecksumValues.of(result.checksums()),
                result.checksumType() == null ? null : result.checksumType().name()));
        ObjectHeaders.writeVersionId(response, result.versionId());
        return response;
    }

    /** What the Complete request's headers assert about the object: checksum type, checksum, size, write condition. */
    static CompleteChecks completeChecks(Exchange x) {
        String typeHeader = x.header("x-amz-checksum-type");
        ChecksumType type = null;
        if (typeHeader != null) {
            type = ChecksumType.parse(typeHeader)
                    .orElseThrow(() -> new S3Exception(
                            S3Error.INVALID_REQUEST, "Value for x-amz-checksum-type header is invalid."));
        }
        Map<String, String> checksums = new LinkedHashMap<>();
        for (ChecksumAlgorithm a : ChecksumAlgorithm.values()) {
            String v = x.header(a.headerName());
            if (v != null) {
                checksums.put(a.name(), v.trim());
            }
        }
        if (checksums.size() > 1) {
            throw new S3Exception(
                    S3Error.INVALID_REQUEST,
                    "Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.");
        }
        for (Map.Entry<String, String> c : checksums.entrySet()) {
            // a composite value may carry its "-<parts>"; a value that is no checksum of its algorithm is
            // InvalidRequest, as on PutObject (BadDigest is for a well-formed one that does not match)
            String bare = c.getValue().replaceFirst("-[0-9]+$", "");
            ChecksumAlgorithm a = ChecksumAlgorithm.valueOf(c.getKey());
            if (!a.isWellFormed(bare)) {
                throw new S3Exception(S3Error.INVALID_REQUEST, "Value for " + a.headerName() + " header is invalid.");
            }
        }
        Long size = null;
        String sizeHeader = x.header("x-amz-mp-object-size");
        if (sizeHeader != null) {
            try {
                size = Long.parseLong(sizeHeader.trim());
            } catch (NumberFormatException e) {
                size = -1L;
            }
            if (size < 0) {
                throw new S3Exception(S3Error.INVALID_REQUEST, "Value for x-amz-mp-object-size header is invalid.");
            }
        }
        return new CompleteChecks(
                type, checksums, size, ObjectPutHandler.writeCondition(x), ObjectLockGuard.bypassesGovernance(x));
    }

    S3Response abort(Exchange x) throws IOException {
        backend.abortMultipartUpload(new AbortMultipartUploadRequest(x.bucket(), x.key(), uploadId(x)));
        return S3Response.noContent();
    }

    S3Response listUploads(Exchange x) throws IOException {
        String encodingType = ListObjectsHandler.encodingType(x.query("encoding-type"));
        UnaryOperator<String> enc = ListObjectsHandler.encoder(encodingType);
        int max = bounded(x.query("max-uploads"), "max-uploads");
        String prefix = x.query("prefix");
        String delimiter = x.query("delimiter");
        String keyMarker = x.query("key-marker");
        String uploadIdMarker = x.query("upload-id-marker");
        ListMultipartUploadsResult r;
        if (max == 0) {
            backend.headBucket(x.bucket());
            r = new ListMultipartUploadsResult(List.of(), List.of(), false, null, null);
        } else {
            r = backend.listMultipartUploads(new ListMultipartUploadsRequest(
                    x.bucket(),
                    prefix == null ? "" : prefix,
                    delimiter == null || delimiter.isEmpty() ? null : delimiter,
                    keyMarker,
                    uploadIdMarker,
                    max));
        }
        UploadParties parties = new UploadParties(x);
        List<ListMultipartUploadsResultXml.Upload> uploads = new ArrayList<>();
        for (MultipartUpload u : r.uploads()) {
            MultipartChecksum c = u.checksum();
            uploads.add(new ListMultipartUploadsResultXml.Upload(
                    enc.apply(u.key()),
                    u.uploadId(),
                    parties.initiator(u.origin()),
                    parties.owner(u.origin()),
                    "STANDARD",
                    S3Xml.timestamp(u.initiated()),
                    c == null ? null : c.algorithm().name(),
                    c == null ? null : c.type().name()));
        }
        List<CommonPrefix> prefixes = new ArrayList<>();
        for (String p : r.commonPrefixes()) {
            prefixes.add(new CommonPrefix(enc.apply(p)));
        }
        return S3Response.xml(new ListMultipartUploadsResultXml(
                x.bucket(),
                enc.apply(orEmpty(keyMarker)),
                orEmpty(uploadIdMarker),
                r.truncated() ? enc.apply(r.nextKeyMarker()) : null,
                r.truncated() ? r.nextUploadIdMarker() : null,
                enc.apply(delimiter),
                enc.apply(orEmpty(prefix)),
                max,
                r.truncated(),
                encodingType,
                uploads,
                prefixes));
    }

    S3Response listParts(Exchange x) throws IOException {
        int max = bounded(x.query("max-parts"), "max-parts");
        int marker = ListParams.nonNegative(x.query("part-number-marker"), 0, "part-number-marker");
        ListPartsResult r =
                backend.listParts(new ListPartsRequest(x.bucket(), x.key(), uploadId(x), marker, Math.max(max, 1)));
        List<ListPartsResultXml.PartXml> parts = new ArrayList<>();
        if (max > 0) {
            for (Part p : r.parts()) {
                parts.add(new ListPartsResultXml.PartXml(
                        p.partNumber(),
                        S3Xml.timestamp(p.lastModified()),
                        p.etag(),
                        p.size(),
                        ChecksumValues.of(p.checksums())));
            }
        }
        UploadParties parties = new UploadParties(x);
        boolean truncated = max > 0 && r.truncated();
        MultipartChecksum checksum = r.checksum();
        return S3Response.xml(new ListPartsResultXml(
                x.bucket(),
                x.key(),
                r.uploadId(),
                parties.initiator(r.origin()),
                parties.owner(r.origin()),
                "STANDARD",
                marker,
                truncated ? r.nextPartNumberMarker() : 0,
                max,
                truncated,
                checksum == null ? null : checksum.algorithm().name(),
                checksum == null ? null : checksum.type().name(),
                parts));
    }

    private static String uploadId(Exchange x) {
        String id = x.query("uploadId");
        if (id == null || id.isEmpty()) {
            throw S3Error.NO_SUCH_UPLOAD.exception();
        }
        return id;
    }

    private static int partNumber(String value) {
        if (value == null) {
            throw new S3Exception(
                    S3Error.INVALID_ARGUMENT, "Part number must be an integer between 1 and 10000, inclusive");
        }
        try {
            return MultipartRules.requireValidPartNumber(Integer.parseInt(value.trim()));
        } catch (NumberFormatException e) {
            throw new S3Exception(
                    S3Error.INVALID_ARGUMENT, "Part number must be an integer between 1 and 10000, inclusive");
        }
    }

    /** max-uploads / max-parts: default and ceiling 1000, negative or non-numeric is InvalidArgument. */
    private static int bounded(String value, String name) {
        return Math.min(ListParams.nonNegative(value, MAX_LIST, name), MAX_LIST);
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }
}
