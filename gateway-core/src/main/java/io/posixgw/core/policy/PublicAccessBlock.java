package io.posixgw.core.policy;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * A bucket's Public Access Block, as S3 defines its four switches: BlockPublicAcls (refuse
 * writes that set a public ACL), IgnorePublicAcls (public grants give nothing), BlockPublicPolicy
 * (refuse a public bucket policy) and RestrictPublicBuckets (while the policy is public, it
 * grants nothing to anyone outside the bucket owner). Stored as this JSON object, with AWS's
 * member names; versitygw has no such attribute (see ON-DISK.md).
 */
public record PublicAccessBlock(
        @JsonProperty("BlockPublicAcls") boolean blockPublicAcls,
        @JsonProperty("IgnorePublicAcls") boolean ignorePublicAcls,
        @JsonProperty("BlockPublicPolicy") boolean blockPublicPolicy,
        @JsonProperty("RestrictPublicBuckets") boolean restrictPublicBuckets) {
    /** What a new bucket starts with, as on AWS since April 2023. */
    public static final PublicAccessBlock ALL = new PublicAccessBlock(true, true, true, true);
    /** A bucket without a configuration. */
    public static final PublicAccessBlock NONE = new PublicAccessBlock(false, false, false, false);

    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    public byte[] toJson() {
        try {
            return JSON.writeValueAsBytes(this);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The stored configuration; an unreadable one blocks everything (the safe reading). */
    public static PublicAccessBlock fromJson(byte[] json) {
        try {
            PublicAccessBlock b = JSON.readValue(json, PublicAccessBlock.class);
            return b == null ? ALL : b;
        } catch (IOException | RuntimeException e) {
            return ALL;
        }
    }
}
