package io.posixgw.core.model;

import java.time.Instant;
import java.util.Map;

/**
 * An uploaded part.
 *
 * @param etag      quoted
 * @param checksums the part's checksum when its upload was created with an algorithm,
 *                  algorithm name ({@code CRC32}, ...) to base64; empty otherwise
 */
public record Part(int partNumber, String etag, long size, Instant lastModified, Map<String, String> checksums) {
    public Part {
        checksums = checksums == null ? Map.of() : Map.copyOf(checksums);
    }

    public Part(int partNumber, String etag, long size, Instant lastModified) {
        this(partNumber, etag, size, lastModified, Map.of());
    }
}
