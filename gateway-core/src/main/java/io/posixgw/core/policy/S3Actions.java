package io.posixgw.core.policy;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The S3 actions a bucket policy may name, as AWS spells them, each with the resource it applies
 * to (an object ARN {@code arn:aws:s3:::bucket/key} or the bucket's ARN). A policy naming an action
 * that is not here (or a wildcard matching none) is refused as AWS refuses it. Which action each
 * endpoint is authorised as lives in the server ({@code auth.PolicyActions}).
 */
public final class S3Actions {
    private static final String[] OBJECT_ACTIONS = {
        "AbortMultipartUpload",
        "BypassGovernanceRetention",
        "DeleteObject",
        "DeleteObjectTagging",
        "DeleteObjectVersion",
        "DeleteObjectVersionTagging",
        "GetObject",
        "GetObjectAcl",
        "GetObjectAttributes",
        "GetObjectLegalHold",
        "GetObjectRetention",
        "GetObjectTagging",
        "GetObjectTorrent",
        "GetObjectVersion",
        "GetObjectVersionAcl",
        "GetObjectVersionAttributes",
        "GetObjectVersionForReplication",
        "GetObjectVersionTagging",
        "GetObjectVersionTorrent",
        "InitiateReplication",
        "ListMultipartUploadParts",
        "PutObject",
        "PutObjectAcl",
        "PutObjectLegalHold",
        "PutObjectRetention",
        "PutObjectTagging",
        "PutObjectVersionAcl",
        "PutObjectVersionTagging",
        "ReplicateDelete",
        "ReplicateObject",
        "ReplicateTags",
        "RestoreObject"
    };
    private static final String[] BUCKET_ACTIONS = {
        "CreateBucket",
        "DeleteBucket",
        "DeleteBucketMetadataTableConfiguration",
        "DeleteBucketPolicy",
        "DeleteBucketWebsite",
        "GetAccelerateConfiguration",
        "GetAnalyticsConfiguration",
        "GetBucketAcl",
        "GetBucketCORS",
        "GetBucketLocation",
        "GetBucketLogging",
        "GetBucketMetadataTableConfiguration",
        "GetBucketNotification",
        "GetBucketObjectLockConfiguration",
        "GetBucketOwnershipControls",
        "GetBucketPolicy",
        "GetBucketPolicyStatus",
        "GetBucketPublicAccessBlock",
        "GetBucketRequestPayment",
        "GetBucketTagging",
        "GetBucketVersioning",
        "GetBucketWebsite",
        "GetEncryptionConfiguration",
        "GetIntelligentTieringConfiguration",
        "GetInventoryConfiguration",
        "GetLifecycleConfiguration",
        "GetMetricsConfiguration",
        "GetReplicationConfiguration",
        "ListBucket",
        "ListBucketMultipartUploads",
        "ListBucketVersions",
        "PutAccelerateConfiguration",
        "PutAnalyticsConfiguration",
        "PutBucketAcl",
        "PutBucketCORS",
        "PutBucketLogging",
        "PutBucketNotification",
        "PutBucketObjectLockConfiguration",
        "PutBucketOwnershipControls",
        "PutBucketPolicy",
        "PutBucketPublicAccessBlock",
        "PutBucketRequestPayment",
        "PutBucketTagging",
        "PutBucketVersioning",
        "PutBucketWebsite",
        "PutEncryptionConfiguration",
        "PutIntelligentTieringConfiguration",
        "PutInventoryConfiguration",
        "PutLifecycleConfiguration",
        "PutMetricsConfiguration",
        "PutReplicationConfiguration",
        "ListAllMyBuckets"
    };

    /** Lower-cased {@code s3:name} to whether it applies to objects. */
    private static final Map<String, Boolean> KNOWN = new TreeMap<>();

    static {
        for (String a : OBJECT_ACTIONS) {
            KNOWN.put(("s3:" + a).toLowerCase(Locale.ROOT), true);
        }
        for (String a : BUCKET_ACTIONS) {
            KNOWN.put(("s3:" + a).toLowerCase(Locale.ROOT), false);
        }
    }

    private S3Actions() {}

    /** Whether {@code action} ({@code s3:Name}) is one AWS knows. */
    public static boolean known(String action) {
        return KNOWN.containsKey(action.toLowerCase(Locale.ROOT));
    }

    /** Whether the known {@code action} applies to an object rather than to the bucket. */
    public static boolean isObjectAction(String action) {
        return Boolean.TRUE.equals(KNOWN.get(action.toLowerCase(Locale.ROOT)));
    }

    /** Whether a policy's action pattern names at least one known action. */
    static boolean matchesAny(String pattern) {
        for (String a : KNOWN.keySet()) {
            if (Wildcards.match(pattern, a, true)) {
                return true;
            }
        }
        return false;
    }

    /** Whether every known action a pattern names is of one kind: true objects, false buckets, null mixed. */
    static Boolean kindOf(String pattern) {
        Boolean kind = null;
        boolean first = true;
        for (Map.Entry<String, Boolean> e : KNOWN.entrySet()) {
            if (Wildcards.match(pattern, e.getKey(), true)) {
                if (first) {
                    kind = e.getValue();
                    first = false;
                } else if (!e.getValue().equals(kind)) {
                    return null;
                }
            }
        }
        return kind;
    }
}
