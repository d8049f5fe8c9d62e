package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.acl.Acl;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.checksum.ChecksumType;
import io.posixgw.core.model.Preconditions;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.core.model.PutObjectResult;
import java.io.IOException;
import java.util.Base64;
import java.util.Map;

/** PutObject: headers to attributes, then a streamed, atomic write. */
final class ObjectPutHandler {
    /** S3's largest single PUT. */
    static final long MAX_PUT_SIZE = 5L * 1024 * 1024 * 1024;

    private final Backend backend;
    private final ObjectLockGuard locks;

    ObjectPutHandler(Backend backend) {
        this(backend, new ObjectLockGuard(backend, java.time.Clock.systemUTC()));
    }

    ObjectPutHandler(Backend backend, ObjectLockGuard locks) {
        this.backend = backend;
        this.locks = locks;
    }

    S3Response put(Exchange x, Acl acl) throws IOException {
        if (x.body().length() > MAX_PUT_SIZE) {
            throw new S3Exception(
                    S3Error.ENTITY_TOO_LARGE, "Your proposed upload exceeds the maximum allowed object size of 5 GiB");
        }
        PutObjectRequest request = new PutObjectRequest(
                x.bucket(),
                x.key(),
                ObjectHeaders.attributesFrom(x.request().headers())
                        .withLock(locks.asked(x, true))
                        .withAcl(acl),
                contentMd5(x),
                writeCondition(x),
                ObjectLockGuard.bypassesGovernance(x));
        PutObjectResult result = backend.putObject(request, x.body());
        S3Response response = S3Response.ok().header("ETag", result.etag());
        ObjectHeaders.writeVersionId(response, result.versionId());
        writeChecksums(response, result.checksums());
        if (!result.checksums().isEmpty()) {
            response.header("x-amz-checksum-type", ChecksumType.FULL_OBJECT.name());
        }
        return response;
    }

    /** The conditional-write headers of PutObject, CompleteMultipartUpload and CopyObject (on the destination). */
    static Preconditions writeCondition(Exchange x) {
        return new Preconditions(x.header("if-match"), x.header("if-none-match"), null, null);
    }

    /** Decodes Content-MD5; a value that is not base64 of 16 bytes is {@code InvalidDigest}. */
    static byte[] contentMd5(Exchange x) {
        String v = x.header("content-md5");
        if (v == null) {
            return null;
        }
        try {
            byte[] md5 = Base64.getDecoder().decode(v.trim());
            if (md5.length != 16) {
                throw new S3Exception(S3Error.INVALID_DIGEST, "The Content-MD5 you specified is not valid.");
            }
            return md5;
        } catch (IllegalArgumentException e) {
            throw new S3Exception(S3Error.INVALID_DIGEST, "The Content-MD5 you specified is not valid.");
        }
    }

    static void writeChecksums(S3Response response, Map<String, String> checksums) {
        for (Map.Entry<String, String> c : checksums.entrySet()) {
            ChecksumAlgorithm.parse(c.getKey()).ifPresent(a -> response.header(a.headerName(), c.getValue()));
        }
    }
}
