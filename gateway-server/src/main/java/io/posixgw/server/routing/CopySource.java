package io.posixgw.server.routing;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.names.BucketNames;
import io.posixgw.core.names.ObjectKeys;

/**
 * A parsed {@code x-amz-copy-source} of CopyObject and UploadPartCopy: the source bucket
 * and key, percent-decoded, validated like a request's own. The authoriser reads it as well
 * as the operation (a copy needs read access to its source). {@code versionId} is the source's
 * {@code ?versionId=}, or null for its current version.
 */
public record CopySource(String bucket, String key, String versionId) {
    public static CopySource parse(String header) {
        if (header == null || header.isBlank()) {
            throw invalid();
        }
        String raw = header.trim();
        String versionId = null;
        int q = raw.indexOf('?');
        if (q >= 0) {
            for (var e : RequestTarget.decodeQuery(raw.substring(q + 1))) {
                if (e.getKey().equals("versionId")) {
                    versionId = e.getValue();
                }
            }
            raw = raw.substring(0, q);
        }
        Versions.namesCurrent(versionId); // an empty id is InvalidArgument
        String decoded = RequestTarget.decodePath(raw);
        if (decoded.startsWith("/")) {
            decoded = decoded.substring(1);
        }
        int slash = decoded.indexOf('/');
        if (slash <= 0 || slash == decoded.length() - 1) {
            throw invalid();
        }
        String bucket = decoded.substring(0, slash);
        String key = decoded.substring(slash + 1);
        if (!BucketNames.isValid(bucket)) {
            throw invalid();
        }
        ObjectKeys.requireValid(key);
        return new CopySource(bucket, key, versionId);
    }

    private static S3Exception invalid() {
        return new S3Exception(
                S3Error.INVALID_ARGUMENT, "Copy Source must mention the source bucket and key: sourcebucket/sourcekey");
    }
}
