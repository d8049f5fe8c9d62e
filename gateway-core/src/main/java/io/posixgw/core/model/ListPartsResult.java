package io.posixgw.core.model;

import io.posixgw.core.checksum.MultipartChecksum;
import java.time.Instant;
import java.util.List;

/**
 * @param checksum the checksum the upload was created with, or null
 * @param origin   who created the upload and whose object it will be, as far as the upload recorded it
 */
public record ListPartsResult(
        String key,
        String uploadId,
        Instant initiated,
        List<Part> parts,
        boolean truncated,
        int nextPartNumberMarker,
        MultipartChecksum checksum,
        UploadOrigin origin) {
    public ListPartsResult {
        origin = origin == null ? UploadOrigin.UNRECORDED : origin;
    }

    /** An upload that recorded no origin. */
    public ListPartsResult(
            String key,
            String uploadId,
            Instant initiated,
            List<Part> parts,
            boolean truncated,
            int nextPartNumberMarker,
            MultipartChecksum checksum) {
        this(key, uploadId, initiated, parts, truncated, nextPartNumberMarker, checksum, UploadOrigin.UNRECORDED);
    }
}
