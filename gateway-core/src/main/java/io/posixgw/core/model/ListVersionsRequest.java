package io.posixgw.core.model;

/**
 * ListObjectVersions.
 *
 * @param keyMarker       list after this key (null: from the start)
 * @param versionIdMarker with {@code keyMarker}: continue after this version of that key
 */
public record ListVersionsRequest(
        String bucket, String prefix, String delimiter, String keyMarker, String versionIdMarker, int maxKeys) {}
