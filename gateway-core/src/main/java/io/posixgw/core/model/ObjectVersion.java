package io.posixgw.core.model;

/**
 * One version in ListObjectVersions.
 *
 * @param info         the version (its {@link ObjectInfo#versionId()} is set, {@code null} for S3's null version)
 * @param latest       it is the key's current version
 * @param deleteMarker it is a delete marker (no size, no ETag listed)
 */
public record ObjectVersion(ObjectInfo info, boolean latest, boolean deleteMarker) {
    public String key() {
        return info.key();
    }

    public String versionId() {
        return info.versionId();
    }
}
