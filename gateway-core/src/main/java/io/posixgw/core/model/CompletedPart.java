package io.posixgw.core.model;

import java.util.Map;

/**
 * A part as named in a CompleteMultipartUpload body.
 *
 * @param etag      as the client sent it (quotes optional)
 * @param checksums the {@code Checksum*} elements the client sent, algorithm name to base64
 */
public record CompletedPart(int partNumber, String etag, Map<String, String> checksums) {
    public CompletedPart {
        checksums = checksums == null ? Map.of() : Map.copyOf(checksums);
    }

    public CompletedPart(int partNumber, String etag) {
        this(partNumber, etag, Map.of());
    }
}
