package io.posixgw.migrate;

import java.time.Instant;

/**
 * One object as the source lists it.
 *
 * @param etag         unquoted, as listed ({@code <md5hex>} or {@code <hex>-N})
 * @param lastModified null when the source did not say
 */
record SourceObject(String bucket, String key, long size, String etag, Instant lastModified) {}
