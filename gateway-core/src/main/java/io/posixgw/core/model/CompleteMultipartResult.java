package io.posixgw.core.model;

import io.posixgw.core.checksum.ChecksumType;
import java.util.Map;

/**
 * @param etag         quoted, {@code "<hex>-N"}
 * @param checksums    the object's checksum when the upload was created with an algorithm
 * @param checksumType how that checksum was formed; null without one
 */
public record CompleteMultipartResult(
        String bucket,
        String key,
        String etag,
        Map<String, String> checksums,
        ChecksumType checksumType,
        String versionId) {
    public CompleteMultipartResult {
        checksums = checksums == null ? Map.of() : Map.copyOf(checksums);
    }

    public CompleteMultipartResult(
            String bucket, String key, String etag, Map<String, String> checksums, ChecksumType checksumType) {
        this(bucket, key, etag, checksums, checksumType, null);
    }

    public CompleteMultipartResult withVersionId(String id) {
        return new CompleteMultipartResult(bucket, key, etag, checksums, checksumType, id);
    }

    public CompleteMultipartResult(String bucket, String key, String etag) {
        this(bucket, key, etag, Map.of(), null);
    }
}
