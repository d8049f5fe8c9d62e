package io.posixgw.core.model;

import java.time.Instant;

public record MultipartUpload(String key, String uploadId, Instant initiated) {
}
