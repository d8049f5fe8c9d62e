package io.posixgw.migrate;

import java.time.Instant;

/** What the destination already holds under a key: enough to decide whether to copy again. */
record Existing(String etag, long size, Instant lastModified) {}
