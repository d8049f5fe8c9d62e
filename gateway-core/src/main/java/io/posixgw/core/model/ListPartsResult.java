package io.posixgw.core.model;

import io.posixgw.core.checksum.MultipartChecksum;
import java.time.Instant;
import java.util.List;

/** @param checksum the checksum the upload was created with, or null */
public record ListPartsResult(
        String key,
        String uploadId,
        Instant initiated,
        List<Part> parts,
        boolean truncated,
        int nextPartNumberMarker,
        MultipartChecksum checksum) {}
