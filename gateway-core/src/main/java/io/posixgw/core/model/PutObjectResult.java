package io.posixgw.core.model;

import java.util.Map;

/**
 * @param etag      quoted
 * @param checksums the checksums stored with the object (name to base64)
 * @param versionId the new version's id on a versioned bucket ({@code x-amz-version-id}), else null
 */
public record PutObjectResult(String etag, Map<String, String> checksums, String versionId) {
    public PutObjectResult(String etag, Map<String, String> checksums) {
        this(etag, checksums, null);
    }
}
