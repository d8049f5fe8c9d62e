package io.posixgw.core.model;

/**
 * What a DeleteObject did, for its {@code x-amz-version-id} and {@code x-amz-delete-marker} headers.
 *
 * @param versionId    the version removed, or the delete marker added; null on an unversioned bucket
 * @param deleteMarker a delete marker was added, or the version removed was one
 */
public record DeleteObjectResult(String versionId, boolean deleteMarker) {
    /** A delete on an unversioned bucket: nothing to report. */
    public static final DeleteObjectResult UNVERSIONED = new DeleteObjectResult(null, false);
}
