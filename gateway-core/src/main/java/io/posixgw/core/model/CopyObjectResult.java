package io.posixgw.core.model;

import java.time.Instant;

/** @param etag quoted */
public record CopyObjectResult(String etag, Instant lastModified) {
}
