package io.posixgw.core.model;

/**
 * ListParts.
 *
 * @param partNumberMarker list the parts after this number (0 for from the start)
 * @param maxParts         1..1000
 */
public record ListPartsRequest(String bucket, String key, String uploadId, int partNumberMarker, int maxParts) {}
