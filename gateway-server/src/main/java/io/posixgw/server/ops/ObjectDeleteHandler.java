package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.model.DeleteObjectRequest;
import io.posixgw.core.names.ObjectKeys;
import io.posixgw.core.xml.Delete;
import io.posixgw.core.xml.DeleteResult;
import io.posixgw.core.xml.S3Xml;
import io.posixgw.server.routing.Versions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** DeleteObject and DeleteObjects. */
final class ObjectDeleteHandler {
    static final int MAX_DELETE_KEYS = 1000;

    private final Backend backend;
    private final ObjectLockGuard locks;

    ObjectDeleteHandler(Backend backend) {
        this(backend, new ObjectLockGuard(backend, java.time.Clock.systemUTC()));
    }

    ObjectDeleteHandler(Backend backend, ObjectLockGuard locks) {
        this.backend = backend;
        this.locks = locks;
    }

    S3Response delete(Exchange x) throws IOException {
        for (String h : new String[] {"x-amz-if-match-last-modified-time", "x-amz-if-match-size"}) {
            if (x.header(h) != null) {
                throw new S3Exception(
                        S3Error.NOT_IMPLEMENTED,
                        h + " (a condition of directory buckets) is not implemented by posixgw");
            }
        }
        if (Versions.namesCurrent(x.query("versionId"))) {
            locks.requireDeletable(x, x.key());
            backend.deleteObject(new DeleteObjectRequest(x.bucket(), x.key(), x.header("if-match")));
        } else {
            backend.headBucket(x.bucket()); // a version that does not exist: nothing to delete
        }
        return S3Response.noContent();
    }

    S3Response deleteMany(Exchange x) throws IOException {
        byte[] body = SmallBodies.read(x);
        requireIntegrity(x);
        Delete request = S3Xml.read(body, Delete.class);
        if (request.objects.isEmpty() || request.objects.size() > MAX_DELETE_KEYS) {
            throw new S3Exception(
                    S3Error.MALFORMED_XML,
                    "The XML you provided was not well-formed or did not validate against our published schema: "
                            + "between 1 and " + MAX_DELETE_KEYS + " keys per request");
        }
        backend.headBucket(x.bucket());
        boolean quiet = Boolean.TRUE.equals(request.quiet);
        List<DeleteResult.Deleted> deleted = new ArrayList<>();
        List<DeleteResult.Failed> failed = new ArrayList<>();
        for (Delete.ObjectId id : request.objects) {
            String key = id.key == null ? "" : id.key;
            try {
                ObjectKeys.requireValid(key);
                if (id.lastModifiedTime != null || id.size != null) {
                    throw new S3Exception(
                            S3Error.NOT_IMPLEMENTED,
                            "LastModifiedTime and Size conditions (of directory buckets) are not implemented by posixgw");
                }
                if (Versions.namesCurrent(id.versionId)) {
                    locks.requireDeletable(x, key);
                    backend.deleteObject(new DeleteObjectRequest(x.bucket(), key, id.etag));
                }
                if (!quiet) {
                    deleted.add(new DeleteResult.Deleted(key, id.versionId));
                }
            } catch (S3Exception e) {
                failed.add(new DeleteResult.Failed(key, e.error().code(), e.getMessage()));
            }
        }
        return S3Response.xml(new DeleteResult(deleted, failed));
    }

    /**
     * S3 requires Content-MD5 (checked by {@link SmallBodies#read}) or a checksum value on
     * DeleteObjects (and PutBucketTagging): an algorithm named alone ({@code x-amz-sdk-checksum-algorithm}) checks nothing.
     */
    static void requireIntegrity(Exchange x) {
        if (x.header("content-md5") != null) {
            return;
        }
        for (ChecksumAlgorithm a : ChecksumAlgorithm.values()) {
            if (x.header(a.headerName()) != null) {
                return; // verified while the body streamed in (BodyChecksums)
            }
        }
        String trailer = x.header("x-amz-trailer");
        if (trailer != null && !trailer.isBlank() && !x.body().checksums().isEmpty()) {
            return; // sent in a trailer and verified
        }
        throw new S3Exception(
                S3Error.INVALID_REQUEST, "Missing required header for this request: Content-MD5 or x-amz-checksum-*");
    }
}
