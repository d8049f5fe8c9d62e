package io.posixgw.core.model;

/** @param etag quoted, {@code "<hex>-N"} */
public record CompleteMultipartResult(String bucket, String key, String etag) {
}
