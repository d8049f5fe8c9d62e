package io.posixgw.core.policy;

/**
 * What a policy is asked about.
 *
 * @param principal the caller's access key, null for an anonymous (unsigned) request
 * @param action    {@code s3:GetObject}, ...
 * @param resource  {@code arn:aws:s3:::bucket} or {@code arn:aws:s3:::bucket/key}
 */
public record PolicyRequest(String principal, String action, String resource, ConditionKeys keys) {
    public static String bucketArn(String bucket) {
        return "arn:aws:s3:::" + bucket;
    }

    public static String objectArn(String bucket, String key) {
        return "arn:aws:s3:::" + bucket + "/" + key;
    }
}
