package io.posixgw.core.model;

import java.time.Instant;

/** An uploaded part. @param etag quoted */
public record Part(int partNumber, String etag, long size, Instant lastModified) {
}
