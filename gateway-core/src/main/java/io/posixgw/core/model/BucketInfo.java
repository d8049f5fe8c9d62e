package io.posixgw.core.model;

import java.time.Instant;

public record BucketInfo(String name, Instant creationDate) {}
