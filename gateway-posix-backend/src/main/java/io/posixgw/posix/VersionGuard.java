package io.posixgw.posix;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Asked before a version is removed for good or replaced in place (a DELETE with a version id,
 * the null version overwritten while versioning is suspended). Object Lock implements it:
 * throw an {@code S3Exception} (AccessDenied) to refuse.
 */
@FunctionalInterface
public interface VersionGuard {
    /**
     * @param file      the version's file: the key's own path for the current version, else its
     *                  file in the versioning directory (read its retention and legal-hold attributes there)
     * @param versionId its id, null for S3's null version
     */
    void mayRemove(String bucket, String key, Path file, String versionId) throws IOException;
}
