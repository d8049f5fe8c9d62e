package io.posixgw.core.model;

import java.time.Instant;
import java.util.Map;

/**
 * @param etag      quoted
 * @param checksums the copy's whole-object checksum, algorithm name ({@code CRC32}, ...) to base64; empty without one
 */
public record CopyObjectResult(
        String etag, Instant lastModified, Map<String, String> checksums, String versionId, String sourceVersionId) {
    public CopyObjectResult(String etag, Instant lastModified, Map<String, String> checksums) {
        this(etag, lastModified, checksums, null, null);
    }

    public CopyObjectResult(String etag, Instant lastModified) {
        this(etag, lastModified, Map.of());
    }
}
