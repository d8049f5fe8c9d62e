package io.posixgw.core.model;

import io.posixgw.core.http.ByteRange;
import java.util.function.Consumer;

/**
 * UploadPartCopy: bytes of an existing object become a part.
 *
 * @param sourceCheck copy-source preconditions, run against the version being copied (throws to stop)
 * @param range       the inclusive byte range ({@code x-amz-copy-source-range}), or null for the whole
 *                    object; {@code InvalidRange} when it ends past the source
 */
public record UploadPartCopyRequest(
        String bucket,
        String key,
        String uploadId,
        int partNumber,
        String sourceBucket,
        String sourceKey,
        Consumer<ObjectInfo> sourceCheck,
        ByteRange range,
        String sourceVersionId) {
    public UploadPartCopyRequest {
        sourceCheck = sourceCheck == null ? info -> {} : sourceCheck;
    }

    public UploadPartCopyRequest(
            String bucket,
            String key,
            String uploadId,
            int partNumber,
            String sourceBucket,
            String sourceKey,
            Consumer<ObjectInfo> sourceCheck,
            ByteRange range) {
        this(bucket, key, uploadId, partNumber, sourceBucket, sourceKey, sourceCheck, range, null);
    }
}
