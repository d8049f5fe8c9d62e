package io.posixgw.core.model;

import io.posixgw.core.checksum.MultipartChecksum;
import java.time.Instant;

/**
 * @param checksum the checksum the upload was created with, or null
 * @param origin   who created it and whose object it will be, as far as the upload recorded it
 */
public record MultipartUpload(
        String key, String uploadId, Instant initiated, MultipartChecksum checksum, UploadOrigin origin) {
    public MultipartUpload {
        origin = origin == null ? UploadOrigin.UNRECORDED : origin;
    }

    /** An upload that recorded no origin. */
    public MultipartUpload(String key, String uploadId, Instant initiated, MultipartChecksum checksum) {
        this(key, uploadId, initiated, checksum, UploadOrigin.UNRECORDED);
    }
}
