package io.posixgw.core.model;

import io.posixgw.core.checksum.MultipartChecksum;
import java.time.Instant;

/** @param checksum the checksum the upload was created with, or null */
public record MultipartUpload(String key, String uploadId, Instant initiated, MultipartChecksum checksum) {}
