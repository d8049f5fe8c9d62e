package io.posixgw.core.model;

/** @param maxUploads 1..1000 */
public record ListMultipartUploadsRequest(
        String bucket, String prefix, String delimiter, String keyMarker, String uploadIdMarker, int maxUploads) {}
