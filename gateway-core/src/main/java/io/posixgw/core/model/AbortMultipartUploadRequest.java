package io.posixgw.core.model;

/** AbortMultipartUpload. */
public record AbortMultipartUploadRequest(String bucket, String key, String uploadId) {}
