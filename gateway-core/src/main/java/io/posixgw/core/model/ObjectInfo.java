package io.posixgw.core.model;

import io.posixgw.core.checksum.ChecksumType;
import java.time.Instant;
import java.util.Map;

/**
 * An object as the backend knows it.
 *
 * @param etag         quoted, as on the wire: {@code "<md5hex>"} or {@code "<hex>-N"}
 * @param partsCount   number of parts for a multipart object, 0 otherwise
 * @param checksums    stored checksums, algorithm name ({@code CRC32}, ...) to base64 value
 * @param checksumType how the stored checksum was formed (FULL_OBJECT for a single PUT)
 * @param versionId    the version id ({@code x-amz-version-id}) when the object carries one, else null
 */
public record ObjectInfo(
        String key,
        long size,
        String etag,
        Instant lastModified,
        ObjectAttributes attributes,
        int partsCount,
        Map<String, String> checksums,
        ChecksumType checksumType,
        String versionId) {
    public ObjectInfo {
        attributes = attributes == null ? ObjectAttributes.EMPTY : attributes;
        checksums = checksums == null ? Map.of() : Map.copyOf(checksums);
        if (checksums.isEmpty()) {
            checksumType = null;
        } else if (checksumType == null) {
            checksumType = ChecksumType.FULL_OBJECT;
        }
    }

    /** An object of an unversioned bucket (its version is S3's {@code null}, not named). */
    public ObjectInfo(
            String key,
            long size,
            String etag,
            Instant lastModified,
            ObjectAttributes attributes,
            int partsCount,
            Map<String, String> checksums,
            ChecksumType checksumType) {
        this(key, size, etag, lastModified, attributes, partsCount, checksums, checksumType, null);
    }

    /** This object as the version {@code id} ({@code null} for S3's null version). */
    public ObjectInfo withVersionId(String id) {
        return new ObjectInfo(key, size, etag, lastModified, attributes, partsCount, checksums, checksumType, id);
    }

    /** An object whose checksums, if any, are of the whole object. */
    public ObjectInfo(
            String key,
            long size,
            String etag,
            Instant lastModified,
            ObjectAttributes attributes,
            int partsCount,
            Map<String, String> checksums) {
        this(key, size, etag, lastModified, attributes, partsCount, checksums, null);
    }
}
