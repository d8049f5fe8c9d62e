package io.posixgw.core.model;

/**
 * A PutObject as the backend sees it.
 *
 * @param contentMd5 the decoded {@code Content-MD5} the client sent (16 bytes), or null;
 *                   the backend compares it with the MD5 it computes anyway for the ETag
 *                   and answers {@code BadDigest} on mismatch, before anything is visible
 */
public record PutObjectRequest(
        String bucket,
        String key,
        ObjectAttributes attributes,
        byte[] contentMd5) {
}
