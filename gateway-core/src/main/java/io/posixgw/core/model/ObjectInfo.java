package io.posixgw.core.model;

import java.time.Instant;
import java.util.Map;

/**
 * An object as the backend knows it.
 *
 * @param etag         quoted, as on the wire: {@code "<md5hex>"} or {@code "<hex>-N"}
 * @param partsCount   number of parts for a multipart object, 0 otherwise
 * @param checksums    stored checksums, algorithm name ({@code CRC32}, ...) to base64 value
 */
public record ObjectInfo(
        String key,
        long size,
        String etag,
        Instant lastModified,
        ObjectAttributes attributes,
        int partsCount,
        Map<String, String> checksums) {

    public ObjectInfo {
        attributes = attributes == null ? ObjectAttributes.EMPTY : attributes;
        checksums = checksums == null ? Map.of() : Map.copyOf(checksums);
    }
}
