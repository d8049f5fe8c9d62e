package io.posixgw.core.backend;

/**
 * Bucket configuration documents a backend keeps as they are given, one per kind: it stores
 * and returns the bytes and never interprets them (the server parses and validates them). In
 * the POSIX backend each is an attribute of the bucket directory (see ON-DISK.md).
 */
public enum BucketConfig {
    /** The bucket policy, JSON as PutBucketPolicy received it (versitygw's {@code policy}). */
    POLICY,
    /** The Public Access Block, {@link io.posixgw.core.policy.PublicAccessBlock}'s JSON (posixgw's own). */
    PUBLIC_ACCESS_BLOCK,
    /** The CORS configuration, XML as PutBucketCors received it (versitygw's {@code cors}). */
    CORS,
    /**
     * The bucket's ACL, {@link io.posixgw.core.acl.Acl}'s JSON (versitygw's {@code acl}); its
     * {@code Owner} is what {@link Backend#bucketOwner} answers, so it is rewritten whole, owner kept.
     */
    ACL,
    /** The Object Ownership, {@link io.posixgw.core.acl.ObjectOwnership#wire()} as text (versitygw's {@code ownership}). */
    OWNERSHIP
}
