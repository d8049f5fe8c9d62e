package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.checksum.ChecksumType;
import io.posixgw.core.http.HttpDates;
import io.posixgw.core.model.CopyObjectRequest;
import io.posixgw.core.model.CopyObjectResult;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.Preconditions;
import io.posixgw.core.model.Tags;
import io.posixgw.core.xml.ChecksumValues;
import io.posixgw.core.xml.CopyObjectResultXml;
import io.posixgw.core.xml.S3Xml;
import io.posixgw.server.routing.CopySource;
import java.io.IOException;
import java.util.Map;

/** CopyObject: source parsing, metadata directive, copy-source preconditions. */
final class ObjectCopyHandler {
    private final Backend backend;
    private final ObjectLockGuard locks;

    ObjectCopyHandler(Backend backend) {
        this(backend, new ObjectLockGuard(backend, java.time.Clock.systemUTC()));
    }

    ObjectCopyHandler(Backend backend, ObjectLockGuard locks) {
        this.backend = backend;
        this.locks = locks;
    }

    /** The {@code x-amz-copy-source-if-*} headers. */
    static Preconditions copySourceConditions(Exchange x) {
        return new Preconditions(
                x.header("x-amz-copy-source-if-match"),
                x.header("x-amz-copy-source-if-none-match"),
                HttpDates.parse(x.header("x-amz-copy-source-if-modified-since")),
                HttpDates.parse(x.header("x-amz-copy-source-if-unmodified-since")));
    }

    S3Response copy(Exchange x, io.posixgw.core.acl.Acl acl) throws IOException {
        CopySource source = CopySource.parse(x.header("x-amz-copy-source"));
        String directive = x.header("x-amz-metadata-directive");
        boolean replace;
        if (directive == null || directive.equalsIgnoreCase("COPY")) {
            replace = false;
        } else if (directive.equalsIgnoreCase("REPLACE")) {
            replace = true;
        } else {
            throw new S3Exception(S3Error.INVALID_ARGUMENT, "Unknown metadata directive.");
        }
        String taggingDirective = x.header("x-amz-tagging-directive");
        boolean replaceTags;
        if (taggingDirective == null || taggingDirective.equalsIgnoreCase("COPY")) {
            replaceTags = false;
        } else if (taggingDirective.equalsIgnoreCase("REPLACE")) {
            replaceTags = true;
        } else {
            throw new S3Exception(S3Error.INVALID_ARGUMENT, "Unknown tagging directive.");
        }
        Map<String, String> newTags = replaceTags ? Tags.parseHeader(x.header("x-amz-tagging")) : null;
        boolean self = source.bucket().equals(x.bucket()) && source.key().equals(x.key());
        if (self && !replace && !replaceTags) {
            throw new S3Exception(
                    S3Error.INVALID_REQUEST,
                    "This copy request is illegal because it is trying to copy an object "
                            + "to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.");
        }
        ObjectAttributes attributes =
                replace ? ObjectHeaders.attributesFrom(x.request().headers()) : null;
        Preconditions conditions = copySourceConditions(x);
        io.posixgw.core.lock.ObjectLock lock = locks.asked(x, false);
        CopyObjectResult result = backend.copyObject(new CopyObjectRequest(
                source.bucket(),
                source.key(),
                x.bucket(),
                x.key(),
                attributes,
                conditions::checkOr412,
                newTags,
                ObjectPutHandler.writeCondition(x),
                checksumAlgorithm(x.header("x-amz-checksum-algorithm")),
                io.posixgw.server.routing.Versions.named(source.versionId(), backend.keepsVersions()),
                lock,
                acl,
                ObjectLockGuard.bypassesGovernance(x)));
        boolean summed = !result.checksums().isEmpty();
        S3Response response = S3Response.xml(new CopyObjectResultXml(
                S3Xml.timestamp(result.lastModified()),
                result.etag(),
                summed ? ChecksumValues.of(result.checksums()) : null,
                summed ? ChecksumType.FULL_OBJECT.name() : null));
        ObjectHeaders.writeVersionId(response, result.versionId());
        if (result.sourceVersionId() != null) {
            response.header("x-amz-copy-source-version-id", result.sourceVersionId());
        }
        return response;
    }

    /** The checksum the copy must carry; null when the request names none. */
    private static ChecksumAlgorithm checksumAlgorithm(String header) {
        if (header == null) {
            return null;
        }
        return ChecksumAlgorithm.parse(header.trim())
                .orElseThrow(
                        () -> new S3Exception(
                                S3Error.INVALID_REQUEST,
                                "Checksum algorithm provided is unsupported. "
                                        + "Please try again with any of the valid types: [CRC32, CRC32C, CRC64NVME, SHA1, SHA256]"));
    }
}
