package io.posixgw.server.auth;

import io.posixgw.server.routing.Endpoint;

/**
 * The S3 action each endpoint is authorised as when a bucket policy is asked, with AWS's names
 * (S3's "Actions, resources, and condition keys" reference): one place, an exhaustive switch, so
 * a new {@link Endpoint} row does not compile until it is given its action. Deletes of a bucket
 * configuration are the Put action where AWS has no Delete action of their own.
 */
public final class PolicyActions {
    private PolicyActions() {}

    public static String of(Endpoint e) {
        return "s3:"
                + switch (e) {
                    case LIST_BUCKETS -> "ListAllMyBuckets";
                    case GET_BUCKET_LOCATION -> "GetBucketLocation";
                    case GET_BUCKET_VERSIONING -> "GetBucketVersioning";
                    case PUT_BUCKET_VERSIONING -> "PutBucketVersioning";
                    case LIST_OBJECT_VERSIONS -> "ListBucketVersions";
                    case LIST_MULTIPART_UPLOADS -> "ListBucketMultipartUploads";
                    case DELETE_OBJECTS, DELETE_OBJECT -> "DeleteObject"; // DeleteObjects: per key
                    case LIST_OBJECTS_V2, LIST_OBJECTS, HEAD_BUCKET -> "ListBucket";
                    case GET_BUCKET_ACL -> "GetBucketAcl";
                    case PUT_BUCKET_ACL -> "PutBucketAcl";
                    case GET_BUCKET_POLICY -> "GetBucketPolicy";
                    case PUT_BUCKET_POLICY -> "PutBucketPolicy";
                    case DELETE_BUCKET_POLICY -> "DeleteBucketPolicy";
                    case GET_BUCKET_POLICY_STATUS -> "GetBucketPolicyStatus";
                    case GET_BUCKET_CORS -> "GetBucketCORS";
                    case PUT_BUCKET_CORS, DELETE_BUCKET_CORS -> "PutBucketCORS";
                    case GET_BUCKET_LIFECYCLE_CONFIGURATION -> "GetLifecycleConfiguration";
                    case PUT_BUCKET_LIFECYCLE_CONFIGURATION, DELETE_BUCKET_LIFECYCLE -> "PutLifecycleConfiguration";
                    case GET_BUCKET_TAGGING -> "GetBucketTagging";
                    case PUT_BUCKET_TAGGING, DELETE_BUCKET_TAGGING -> "PutBucketTagging";
                    case GET_BUCKET_WEBSITE -> "GetBucketWebsite";
                    case PUT_BUCKET_WEBSITE -> "PutBucketWebsite";
                    case DELETE_BUCKET_WEBSITE -> "DeleteBucketWebsite";
                    case GET_BUCKET_LOGGING -> "GetBucketLogging";
                    case PUT_BUCKET_LOGGING -> "PutBucketLogging";
                    case GET_BUCKET_NOTIFICATION_CONFIGURATION -> "GetBucketNotification";
                    case PUT_BUCKET_NOTIFICATION_CONFIGURATION -> "PutBucketNotification";
                    case GET_BUCKET_REPLICATION -> "GetReplicationConfiguration";
                    case PUT_BUCKET_REPLICATION, DELETE_BUCKET_REPLICATION -> "PutReplicationConfiguration";
                    case GET_BUCKET_ENCRYPTION -> "GetEncryptionConfiguration";
                    case PUT_BUCKET_ENCRYPTION, DELETE_BUCKET_ENCRYPTION -> "PutEncryptionConfiguration";
                    case GET_OBJECT_LOCK_CONFIGURATION -> "GetBucketObjectLockConfiguration";
                    case PUT_OBJECT_LOCK_CONFIGURATION -> "PutBucketObjectLockConfiguration";
                    case GET_BUCKET_OWNERSHIP_CONTROLS -> "GetBucketOwnershipControls";
                    case PUT_BUCKET_OWNERSHIP_CONTROLS, DELETE_BUCKET_OWNERSHIP_CONTROLS ->
                        "PutBucketOwnershipControls";
                    case GET_PUBLIC_ACCESS_BLOCK -> "GetBucketPublicAccessBlock";
                    case PUT_PUBLIC_ACCESS_BLOCK, DELETE_PUBLIC_ACCESS_BLOCK -> "PutBucketPublicAccessBlock";
                    case GET_BUCKET_ACCELERATE_CONFIGURATION -> "GetAccelerateConfiguration";
                    case PUT_BUCKET_ACCELERATE_CONFIGURATION -> "PutAccelerateConfiguration";
                    case GET_BUCKET_REQUEST_PAYMENT -> "GetBucketRequestPayment";
                    case PUT_BUCKET_REQUEST_PAYMENT -> "PutBucketRequestPayment";
                    case GET_BUCKET_ANALYTICS_CONFIGURATION -> "GetAnalyticsConfiguration";
                    case PUT_BUCKET_ANALYTICS_CONFIGURATION, DELETE_BUCKET_ANALYTICS_CONFIGURATION ->
                        "PutAnalyticsConfiguration";
                    case GET_BUCKET_METRICS_CONFIGURATION -> "GetMetricsConfiguration";
                    case PUT_BUCKET_METRICS_CONFIGURATION, DELETE_BUCKET_METRICS_CONFIGURATION ->
                        "PutMetricsConfiguration";
                    case GET_BUCKET_INVENTORY_CONFIGURATION -> "GetInventoryConfiguration";
                    case PUT_BUCKET_INVENTORY_CONFIGURATION, DELETE_BUCKET_INVENTORY_CONFIGURATION ->
                        "PutInventoryConfiguration";
                    case GET_BUCKET_INTELLIGENT_TIERING_CONFIGURATION -> "GetIntelligentTieringConfiguration";
                    case PUT_BUCKET_INTELLIGENT_TIERING_CONFIGURATION,
                            DELETE_BUCKET_INTELLIGENT_TIERING_CONFIGURATION -> "PutIntelligentTieringConfiguration";
                    case GET_BUCKET_METADATA_TABLE_CONFIGURATION -> "GetBucketMetadataTableConfiguration";
                    case DELETE_BUCKET_METADATA_TABLE_CONFIGURATION -> "DeleteBucketMetadataTableConfiguration";
                    case CREATE_BUCKET -> "CreateBucket";
                    case DELETE_BUCKET -> "DeleteBucket";
                    case CREATE_MULTIPART_UPLOAD,
                            UPLOAD_PART,
                            UPLOAD_PART_COPY,
                            COMPLETE_MULTIPART_UPLOAD,
                            COPY_OBJECT,
                            POST_OBJECT,
                            PUT_OBJECT -> "PutObject";
                    case OPTIONS_BUCKET, OPTIONS_OBJECT ->
                        // a CORS preflight is answered from the bucket's CORS rules, never authorised
                        throw new IllegalArgumentException("a preflight has no S3 action");
                    case ABORT_MULTIPART_UPLOAD -> "AbortMultipartUpload";
                    case LIST_PARTS -> "ListMultipartUploadParts";
                    case GET_OBJECT_TAGGING -> "GetObjectTagging";
                    case PUT_OBJECT_TAGGING -> "PutObjectTagging";
                    case DELETE_OBJECT_TAGGING -> "DeleteObjectTagging";
                    case GET_OBJECT_ACL -> "GetObjectAcl";
                    case PUT_OBJECT_ACL -> "PutObjectAcl";
                    case GET_OBJECT_ATTRIBUTES -> "GetObjectAttributes";
                    case GET_OBJECT_RETENTION -> "GetObjectRetention";
                    case PUT_OBJECT_RETENTION -> "PutObjectRetention";
                    case GET_OBJECT_LEGAL_HOLD -> "GetObjectLegalHold";
                    case PUT_OBJECT_LEGAL_HOLD -> "PutObjectLegalHold";
                    case GET_OBJECT_TORRENT -> "GetObjectTorrent";
                    case RESTORE_OBJECT -> "RestoreObject";
                    case SELECT_OBJECT_CONTENT, GET_OBJECT, HEAD_OBJECT -> "GetObject";
                };
    }

    /**
     * The APIs only the bucket owner (and root, admin) may call whatever the policy says: a policy
     * must not hand control of a bucket's access to someone else. A caller the policy would let
     * in gets 405 MethodNotAllowed, as S3 answers another account, others 403.
     */
    static boolean ownerOnly(Endpoint e) {
        return switch (e) {
            case GET_BUCKET_POLICY,
                    PUT_BUCKET_POLICY,
                    DELETE_BUCKET_POLICY,
                    PUT_PUBLIC_ACCESS_BLOCK,
                    DELETE_PUBLIC_ACCESS_BLOCK,
                    PUT_BUCKET_OWNERSHIP_CONTROLS,
                    DELETE_BUCKET_OWNERSHIP_CONTROLS -> true;
            default -> false;
        };
    }

    /**
     * The APIs the bucket's owning account keeps whatever its policy denies, so that it can always undo a
     * policy that locks it out: GetBucketPolicy, PutBucketPolicy and DeleteBucketPolicy, as AWS keeps them
     * for the owning account's root user. Everything else, the owner's Public Access Block, ownership and
     * ACL writes included, an explicit Deny refuses to the owner as to anyone (root and admins are never
     * asked).
     */
    static boolean ownerKeeps(Endpoint e) {
        return switch (e) {
            case GET_BUCKET_POLICY, PUT_BUCKET_POLICY, DELETE_BUCKET_POLICY -> true;
            default -> false;
        };
    }
}
