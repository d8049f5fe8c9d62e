package io.posixgw.core.model;

/**
 * UploadPart; the body comes beside the request.
 *
 * @param partNumber 1..10000
 * @param contentMd5 the decoded {@code Content-MD5} (16 bytes) or null; a mismatch is {@code BadDigest}
 *                   and stores nothing
 */
public record UploadPartRequest(String bucket, String key, String uploadId, int partNumber, byte[] contentMd5) {}
