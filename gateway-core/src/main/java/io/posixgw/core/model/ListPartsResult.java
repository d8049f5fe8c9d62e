package io.posixgw.core.model;

import java.time.Instant;
import java.util.List;

public record ListPartsResult(
        String key,
        String uploadId,
        Instant initiated,
        List<Part> parts,
        boolean truncated,
        int nextPartNumberMarker) {
}
