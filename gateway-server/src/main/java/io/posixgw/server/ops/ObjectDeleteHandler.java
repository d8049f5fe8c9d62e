package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.model.DeleteObjectRequest;
import io.posixgw.core.model.DeleteObjectResult;
import io.posixgw.core.names.ObjectKeys;
import io.posixgw.core.xml.Delete;
import io.posixgw.core.xml.DeleteResult;
import io.posixgw.core.xml.S3Xml;
import io.posixgw.server.auth.Authorizer;
import io.posixgw.server.routing.Versions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * DeleteObject and DeleteObjects. Object Lock's refusal of the removal of a protected version is the
 * backend's, made atomically with the removal ({@code bypassGovernance} from {@link ObjectLockGuard}).
 */
final class ObjectDeleteHandler {
    static final int MAX_DELETE_KEYS = 1000;

    private final Backend backend;
    private final Authorizer authorizer;

    /** @param authorizer checks each key of a DeleteObjects ({@code s3:DeleteObject}), as S3 does */
    ObjectDeleteHandler(Backend backend, Authorizer authorizer) {
        this.backend = backend;
        this.authorizer = authorizer;
    }

    S3Response delete(Exchange x) throws IOException {
        for (String h : new String[] {"x-amz-if-match-last-modified-time", "x-amz-if-match-size"}) {
            if (x.header(h) != null) {
                throw new S3Exception(
                        S3Error.NOT_IMPLEMENTED,
                        h + " (a condition of directory buckets) is not implemented by posixgw");
            }
        }
        String versionId = x.query("versionId");
        if (!backend.keepsVersions() && !Versions.namesCurrent(versionId)) {
            backend.headBucket(x.bucket()); // a version that is not kept: nothing to delete
            return S3Response.noContent();
        }
        Versions.namesCurrent(versionId); // an empty id is InvalidArgument
        String named = backend.keepsVersions() ? versionId : null;
        DeleteObjectResult result = backend.deleteObject(new DeleteObjectRequest(
                x.bucket(), x.key(), x.header("if-match"), named, ObjectLockGuard.bypassesGovernance(x)));
        S3Response response = S3Response.noContent();
        if (result.versionId() != null) {
            response.header("x-amz-version-id", result.versionId());
        }
        if (result.deleteMarker()) {
            response.header("x-amz-delete-marker", "true");
        }
        return response;
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
                authorizer.requireObject(x.caller(), "s3:DeleteObject", x.request(), x.client(), x.bucket(), key);
                if (id.lastModifiedTime != null || id.size != null) {
                    throw new S3Exception(
                            S3Error.NOT_IMPLEMENTED,
                            "LastModifiedTime and Size conditions (of directory buckets) are not implemented by posixgw");
                }
                DeleteObjectResult r = null;
                if (backend.keepsVersions()) {
                    Versions.namesCurrent(id.versionId); // an empty id is InvalidArgument
                    r = backend.deleteObject(new DeleteObjectRequest(
                            x.bucket(), key, id.etag, id.versionId, ObjectLockGuard.bypassesGovernance(x)));
                } else if (Versions.namesCurrent(id.versionId)) {
                    backend.deleteObject(new DeleteObjectRequest(
                            x.bucket(), key, id.etag, null, ObjectLockGuard.bypassesGovernance(x)));
                }
                if (!quiet) {
                    boolean marker = r != null && r.deleteMarker();
                    deleted.add(new DeleteResult.Deleted(
                            key, id.versionId, marker ? Boolean.TRUE : null, marker ? r.versionId() : null));
                }
            } catch (S3Exception e) {
                failed.add(new DeleteResult.Failed(key, id.versionId, e.error().code(), e.getMessage()));
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
