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
 */
public record ObjectInfo(
        String key,
        long size,
        String etag,
        Instant lastModified,
        ObjectAttributes attributes,
        int partsCount,
        Map<String, String> checksums,
        ChecksumType checksumType) {

    public ObjectInfo {
        attributes = attributes == null ? ObjectAttributes.EMPTY : attributes;
        checksums = checksums == null ? Map.of() : Map.copyOf(checksums);
        if (checksums.isEmpty()) {
            checksumType = null;
        } else if (checksumType == null) {
            checksumType = ChecksumType.FULL_OBJECT;
        }
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
