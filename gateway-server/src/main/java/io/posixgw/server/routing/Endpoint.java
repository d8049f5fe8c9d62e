package io.posixgw.server.routing;

import java.util.ArrayList;
import java.util.List;

/**
 * Every S3 API the gateway answers, implemented or not, one row each, in the order the router
 * tries them. Modelled on Garage's router: an endpoint is matched by method, by the level of the
 * path (service, bucket, object), by a selector query parameter and, for copies, by the
 * {@code x-amz-copy-source} header; each row then declares what else it takes (the query
 * parameters the router lets through and the handler may read, the headers it honours), how its
 * body is read and what the caller must be allowed to do. Routing, the parameter allowlist, the
 * body, the {@code NotImplemented} answers (which name the row's API) and README's operations
 * table all derive from this table; {@code ops.Operations} binds a handler to each implemented row.
 * Implementing an API is this row (its {@link Takes} and {@link BodyKind} instead of the short
 * unimplemented form), one handler method bound in {@code Operations}, and its notes in README's
 * table (its test says what is missing).
 */
public enum Endpoint {
    // spotless:off (one row per API, read as a table)
    // ---- service ----
    LIST_BUCKETS("ListBuckets", "GET", Level.SERVICE, null, Copy.ANY, Permission.READ, BodyKind.NONE,
            Takes.query("prefix", "max-buckets", "continuation-token", "bucket-region")),

    // ---- bucket: selector sub-resources first ----
    GET_BUCKET_LOCATION("GetBucketLocation", "GET", Level.BUCKET, "location", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    GET_BUCKET_VERSIONING("GetBucketVersioning", "GET", Level.BUCKET, "versioning", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    PUT_BUCKET_VERSIONING("PutBucketVersioning", "PUT", Level.BUCKET, "versioning", Copy.ANY, Permission.OWNER, BodyKind.XML,
            Takes.headers("Content-MD5", "x-amz-checksum-*", "x-amz-sdk-checksum-algorithm", "x-amz-mfa")),
    LIST_OBJECT_VERSIONS("ListObjectVersions", "GET", Level.BUCKET, "versions", Copy.ANY, Permission.READ, BodyKind.NONE,
            Takes.query("prefix", "delimiter", "key-marker", "version-id-marker", "max-keys", "encoding-type")),
    LIST_MULTIPART_UPLOADS("ListMultipartUploads", "GET", Level.BUCKET, "uploads", Copy.ANY, Permission.READ, BodyKind.NONE,
            Takes.query("prefix", "delimiter", "key-marker", "upload-id-marker", "max-uploads", "encoding-type")),
    DELETE_OBJECTS("DeleteObjects", "POST", Level.BUCKET, "delete", Copy.ANY, Permission.WRITE, BodyKind.XML,
            Takes.headers("x-amz-checksum-*", "x-amz-sdk-checksum-algorithm", "x-amz-bypass-governance-retention")),
    LIST_OBJECTS_V2("ListObjectsV2", "GET", Level.BUCKET, "list-type", Copy.ANY, Permission.READ, BodyKind.NONE,
            Takes.query("prefix", "delimiter", "max-keys", "continuation-token", "start-after", "fetch-owner", "encoding-type")),
    GET_BUCKET_ACL("GetBucketAcl", "GET", Level.BUCKET, "acl", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    PUT_BUCKET_ACL("PutBucketAcl", "PUT", Level.BUCKET, "acl", Copy.ANY, Permission.OWNER, BodyKind.XML,
            Takes.headers(Takes.ACL_HEADERS)),

    // ---- bucket: configurations posixgw has none of. Reads answer what S3 answers for a bucket without one
    // (ops.BucketConfigHandler), deletes of what is absent 204; writes, and any other method on a sub-resource
    // none of whose APIs is implemented, 501 naming the API (see Router) ----
    GET_BUCKET_POLICY("GetBucketPolicy", "GET", Level.BUCKET, "policy", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    PUT_BUCKET_POLICY("PutBucketPolicy", "PUT", Level.BUCKET, "policy", Copy.ANY, Permission.OWNER, BodyKind.XML,
            Takes.headers("Content-MD5", "x-amz-checksum-*", "x-amz-sdk-checksum-algorithm", "x-amz-confirm-remove-self-bucket-access")),
    DELETE_BUCKET_POLICY("DeleteBucketPolicy", "DELETE", Level.BUCKET, "policy", Copy.ANY, Permission.OWNER, BodyKind.NONE, Takes.NOTHING),
    GET_BUCKET_POLICY_STATUS("GetBucketPolicyStatus", "GET", Level.BUCKET, "policyStatus", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    GET_BUCKET_CORS("GetBucketCors", "GET", Level.BUCKET, "cors", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    PUT_BUCKET_CORS("PutBucketCors", "PUT", Level.BUCKET, "cors", Copy.ANY, Permission.OWNER, BodyKind.XML,
            Takes.headers("Content-MD5", "x-amz-checksum-*", "x-amz-sdk-checksum-algorithm")),
    DELETE_BUCKET_CORS("DeleteBucketCors", "DELETE", Level.BUCKET, "cors", Copy.ANY, Permission.OWNER, BodyKind.NONE, Takes.NOTHING),
    GET_BUCKET_LIFECYCLE_CONFIGURATION("GetBucketLifecycleConfiguration", "GET", Level.BUCKET, "lifecycle", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    PUT_BUCKET_LIFECYCLE_CONFIGURATION("PutBucketLifecycleConfiguration", "PUT", Level.BUCKET, "lifecycle", Permission.OWNER),
    DELETE_BUCKET_LIFECYCLE("DeleteBucketLifecycle", "DELETE", Level.BUCKET, "lifecycle", Copy.ANY, Permission.OWNER, BodyKind.NONE, Takes.NOTHING),
    GET_BUCKET_TAGGING("GetBucketTagging", "GET", Level.BUCKET, "tagging", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    PUT_BUCKET_TAGGING("PutBucketTagging", "PUT", Level.BUCKET, "tagging", Copy.ANY, Permission.OWNER, BodyKind.XML,
            Takes.headers("Content-MD5", "x-amz-checksum-*", "x-amz-sdk-checksum-algorithm")),
    DELETE_BUCKET_TAGGING("DeleteBucketTagging", "DELETE", Level.BUCKET, "tagging", Copy.ANY, Permission.OWNER, BodyKind.NONE,
            Takes.NOTHING),
    GET_BUCKET_WEBSITE("GetBucketWebsite", "GET", Level.BUCKET, "website", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    PUT_BUCKET_WEBSITE("PutBucketWebsite", "PUT", Level.BUCKET, "website", Permission.OWNER),
    DELETE_BUCKET_WEBSITE("DeleteBucketWebsite", "DELETE", Level.BUCKET, "website", Copy.ANY, Permission.OWNER, BodyKind.NONE, Takes.NOTHING),
    GET_BUCKET_LOGGING("GetBucketLogging", "GET", Level.BUCKET, "logging", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    PUT_BUCKET_LOGGING("PutBucketLogging", "PUT", Level.BUCKET, "logging", Permission.OWNER),
    GET_BUCKET_NOTIFICATION_CONFIGURATION("GetBucketNotificationConfiguration", "GET", Level.BUCKET, "notification", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    PUT_BUCKET_NOTIFICATION_CONFIGURATION("PutBucketNotificationConfiguration", "PUT", Level.BUCKET, "notification", Permission.OWNER),
    GET_BUCKET_REPLICATION("GetBucketReplication", "GET", Level.BUCKET, "replication", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    PUT_BUCKET_REPLICATION("PutBucketReplication", "PUT", Level.BUCKET, "replication", Permission.OWNER),
    DELETE_BUCKET_REPLICATION("DeleteBucketReplication", "DELETE", Level.BUCKET, "replication", Copy.ANY, Permission.OWNER, BodyKind.NONE, Takes.NOTHING),
    GET_BUCKET_ENCRYPTION("GetBucketEncryption", "GET", Level.BUCKET, "encryption", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    PUT_BUCKET_ENCRYPTION("PutBucketEncryption", "PUT", Level.BUCKET, "encryption", Permission.OWNER),
    DELETE_BUCKET_ENCRYPTION("DeleteBucketEncryption", "DELETE", Level.BUCKET, "encryption", Copy.ANY, Permission.OWNER, BodyKind.NONE, Takes.NOTHING),
    GET_OBJECT_LOCK_CONFIGURATION("GetObjectLockConfiguration", "GET", Level.BUCKET, "object-lock", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    PUT_OBJECT_LOCK_CONFIGURATION("PutObjectLockConfiguration", "PUT", Level.BUCKET, "object-lock", Copy.ANY, Permission.OWNER, BodyKind.XML,
            Takes.headers("Content-MD5", "x-amz-checksum-*", "x-amz-sdk-checksum-algorithm", "x-amz-object-lock-token")),
    GET_BUCKET_OWNERSHIP_CONTROLS("GetBucketOwnershipControls", "GET", Level.BUCKET, "ownershipControls", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    PUT_BUCKET_OWNERSHIP_CONTROLS("PutBucketOwnershipControls", "PUT", Level.BUCKET, "ownershipControls", Copy.ANY, Permission.OWNER,
            BodyKind.XML, Takes.NOTHING),
    DELETE_BUCKET_OWNERSHIP_CONTROLS("DeleteBucketOwnershipControls", "DELETE", Level.BUCKET, "ownershipControls", Copy.ANY,
            Permission.OWNER, BodyKind.NONE, Takes.NOTHING),
    GET_PUBLIC_ACCESS_BLOCK("GetPublicAccessBlock", "GET", Level.BUCKET, "publicAccessBlock", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    PUT_PUBLIC_ACCESS_BLOCK("PutPublicAccessBlock", "PUT", Level.BUCKET, "publicAccessBlock", Copy.ANY, Permission.OWNER, BodyKind.XML,
            Takes.headers("Content-MD5", "x-amz-checksum-*", "x-amz-sdk-checksum-algorithm")),
    DELETE_PUBLIC_ACCESS_BLOCK("DeletePublicAccessBlock", "DELETE", Level.BUCKET, "publicAccessBlock", Copy.ANY, Permission.OWNER, BodyKind.NONE,
            Takes.NOTHING),
    GET_BUCKET_ACCELERATE_CONFIGURATION("GetBucketAccelerateConfiguration", "GET", Level.BUCKET, "accelerate", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    PUT_BUCKET_ACCELERATE_CONFIGURATION("PutBucketAccelerateConfiguration", "PUT", Level.BUCKET, "accelerate", Permission.OWNER),
    GET_BUCKET_REQUEST_PAYMENT("GetBucketRequestPayment", "GET", Level.BUCKET, "requestPayment", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    PUT_BUCKET_REQUEST_PAYMENT("PutBucketRequestPayment", "PUT", Level.BUCKET, "requestPayment", Permission.OWNER),
    // a GET of these without an id is S3's List...Configurations: the same request line, one row
    GET_BUCKET_ANALYTICS_CONFIGURATION("GetBucketAnalyticsConfiguration", "GET", Level.BUCKET, "analytics", Permission.READ),
    PUT_BUCKET_ANALYTICS_CONFIGURATION("PutBucketAnalyticsConfiguration", "PUT", Level.BUCKET, "analytics", Permission.OWNER),
    DELETE_BUCKET_ANALYTICS_CONFIGURATION("DeleteBucketAnalyticsConfiguration", "DELETE", Level.BUCKET, "analytics", Permission.OWNER),
    GET_BUCKET_METRICS_CONFIGURATION("GetBucketMetricsConfiguration", "GET", Level.BUCKET, "metrics", Permission.READ),
    PUT_BUCKET_METRICS_CONFIGURATION("PutBucketMetricsConfiguration", "PUT", Level.BUCKET, "metrics", Permission.OWNER),
    DELETE_BUCKET_METRICS_CONFIGURATION("DeleteBucketMetricsConfiguration", "DELETE", Level.BUCKET, "metrics", Permission.OWNER),
    GET_BUCKET_INVENTORY_CONFIGURATION("GetBucketInventoryConfiguration", "GET", Level.BUCKET, "inventory", Permission.READ),
    PUT_BUCKET_INVENTORY_CONFIGURATION("PutBucketInventoryConfiguration", "PUT", Level.BUCKET, "inventory", Permission.OWNER),
    DELETE_BUCKET_INVENTORY_CONFIGURATION("DeleteBucketInventoryConfiguration", "DELETE", Level.BUCKET, "inventory", Permission.OWNER),
    GET_BUCKET_INTELLIGENT_TIERING_CONFIGURATION("GetBucketIntelligentTieringConfiguration", "GET", Level.BUCKET, "intelligent-tiering",
            Permission.READ),
    PUT_BUCKET_INTELLIGENT_TIERING_CONFIGURATION("PutBucketIntelligentTieringConfiguration", "PUT", Level.BUCKET, "intelligent-tiering",
            Permission.OWNER),
    DELETE_BUCKET_INTELLIGENT_TIERING_CONFIGURATION("DeleteBucketIntelligentTieringConfiguration", "DELETE", Level.BUCKET,
            "intelligent-tiering", Permission.OWNER),
    GET_BUCKET_METADATA_TABLE_CONFIGURATION("GetBucketMetadataTableConfiguration", "GET", Level.BUCKET, "metadataTable", Permission.READ),
    DELETE_BUCKET_METADATA_TABLE_CONFIGURATION("DeleteBucketMetadataTableConfiguration", "DELETE", Level.BUCKET, "metadataTable",
            Permission.OWNER),

    // ---- bucket: plain ----
    // S3's POST Object (a browser form upload): authenticated by the form's own policy and signature, not the request's
    POST_OBJECT("PostObject", "POST", Level.BUCKET, null, Copy.ANY, Permission.WRITE, BodyKind.FORM,
            Takes.headers("Content-Type")),
    // V2's own parameters on a V1 listing are ignored, as S3 ignores them
    LIST_OBJECTS("ListObjects", "GET", Level.BUCKET, null, Copy.ANY, Permission.READ, BodyKind.NONE,
            Takes.query("prefix", "delimiter", "marker", "max-keys", "encoding-type", "start-after", "continuation-token", "fetch-owner")),
    CREATE_BUCKET("CreateBucket", "PUT", Level.BUCKET, null, Copy.ANY, Permission.OWNER, BodyKind.XML,
            Takes.headers(Takes.ACL_HEADERS).andHeaders("x-amz-object-ownership", "x-amz-bucket-object-lock-enabled")),
    HEAD_BUCKET("HeadBucket", "HEAD", Level.BUCKET, null, Copy.ANY, Permission.READ, BodyKind.NONE, Takes.NOTHING),
    DELETE_BUCKET("DeleteBucket", "DELETE", Level.BUCKET, null, Copy.ANY, Permission.OWNER, BodyKind.NONE, Takes.NOTHING),

    // ---- object: multipart ----
    CREATE_MULTIPART_UPLOAD("CreateMultipartUpload", "POST", Level.OBJECT, "uploads", Copy.ANY, Permission.WRITE, BodyKind.NONE,
            Takes.headers(Takes.NEW_OBJECT_HEADERS).andHeaders("x-amz-checksum-algorithm", "x-amz-checksum-type")
                    .andHeaders(Takes.OBJECT_LOCK_HEADERS)),
    UPLOAD_PART_COPY("UploadPartCopy", "PUT", Level.OBJECT, "uploadId", Copy.REQUIRED, Permission.WRITE, BodyKind.NONE,
            Takes.query("partNumber").andHeaders("x-amz-copy-source", "x-amz-copy-source-range", "x-amz-copy-source-if-match",
                    "x-amz-copy-source-if-none-match", "x-amz-copy-source-if-modified-since", "x-amz-copy-source-if-unmodified-since")),
    UPLOAD_PART("UploadPart", "PUT", Level.OBJECT, "uploadId", Copy.ABSENT, Permission.WRITE, BodyKind.OBJECT_DATA,
            Takes.query("partNumber").andHeaders("Content-MD5", "x-amz-checksum-*", "x-amz-sdk-checksum-algorithm")),
    COMPLETE_MULTIPART_UPLOAD("CompleteMultipartUpload", "POST", Level.OBJECT, "uploadId", Copy.ANY, Permission.WRITE, BodyKind.PART_LIST,
            Takes.headers("x-amz-checksum-type", "x-amz-checksum-*", "x-amz-mp-object-size", "If-None-Match", "If-Match")),
    ABORT_MULTIPART_UPLOAD("AbortMultipartUpload", "DELETE", Level.OBJECT, "uploadId", Copy.ANY, Permission.WRITE, BodyKind.NONE,
            Takes.NOTHING),
    LIST_PARTS("ListParts", "GET", Level.OBJECT, "uploadId", Copy.ANY, Permission.READ, BodyKind.NONE,
            Takes.query("max-parts", "part-number-marker")),

    // ---- object: sub-resources ----
    GET_OBJECT_TAGGING("GetObjectTagging", "GET", Level.OBJECT, "tagging", Copy.ANY, Permission.READ, BodyKind.NONE,
            Takes.query("versionId")),
    PUT_OBJECT_TAGGING("PutObjectTagging", "PUT", Level.OBJECT, "tagging", Copy.ANY, Permission.WRITE, BodyKind.XML,
            Takes.query("versionId")),
    DELETE_OBJECT_TAGGING("DeleteObjectTagging", "DELETE", Level.OBJECT, "tagging", Copy.ANY, Permission.WRITE, BodyKind.NONE,
            Takes.query("versionId")),
    GET_OBJECT_ACL("GetObjectAcl", "GET", Level.OBJECT, "acl", Copy.ANY, Permission.READ, BodyKind.NONE, Takes.query("versionId")),
    PUT_OBJECT_ACL("PutObjectAcl", "PUT", Level.OBJECT, "acl", Copy.ANY, Permission.OWNER, BodyKind.XML,
            Takes.query("versionId").andHeaders(Takes.ACL_HEADERS)),
    GET_OBJECT_ATTRIBUTES("GetObjectAttributes", "GET", Level.OBJECT, "attributes", Copy.ANY, Permission.READ, BodyKind.NONE,
            Takes.query("versionId").andHeaders("x-amz-object-attributes", "x-amz-max-parts", "x-amz-part-number-marker")),
    GET_OBJECT_RETENTION("GetObjectRetention", "GET", Level.OBJECT, "retention", Copy.ANY, Permission.READ, BodyKind.NONE,
            Takes.query("versionId")),
    PUT_OBJECT_RETENTION("PutObjectRetention", "PUT", Level.OBJECT, "retention", Copy.ANY, Permission.WRITE, BodyKind.XML,
            Takes.query("versionId").andHeaders("Content-MD5", "x-amz-checksum-*", "x-amz-sdk-checksum-algorithm",
                    "x-amz-bypass-governance-retention")),
    GET_OBJECT_LEGAL_HOLD("GetObjectLegalHold", "GET", Level.OBJECT, "legal-hold", Copy.ANY, Permission.READ, BodyKind.NONE,
            Takes.query("versionId")),
    PUT_OBJECT_LEGAL_HOLD("PutObjectLegalHold", "PUT", Level.OBJECT, "legal-hold", Copy.ANY, Permission.WRITE, BodyKind.XML,
            Takes.query("versionId").andHeaders("Content-MD5", "x-amz-checksum-*", "x-amz-sdk-checksum-algorithm")),
    GET_OBJECT_TORRENT("GetObjectTorrent", "GET", Level.OBJECT, "torrent", Permission.READ),
    RESTORE_OBJECT("RestoreObject", "POST", Level.OBJECT, "restore", Permission.WRITE),
    SELECT_OBJECT_CONTENT("SelectObjectContent", "POST", Level.OBJECT, "select", Permission.READ),

    // ---- CORS preflight (any query: a presigned URL's, a multipart upload's): answered from the bucket's own CORS
    // rules, never authenticated (see Router) ----
    OPTIONS_BUCKET("OptionsBucket", "OPTIONS", Level.BUCKET, null, Copy.ANY, Permission.NONE, BodyKind.NONE,
            Takes.headers("Origin", "Access-Control-Request-Method", "Access-Control-Request-Headers")),
    OPTIONS_OBJECT("OptionsObject", "OPTIONS", Level.OBJECT, null, Copy.ANY, Permission.NONE, BodyKind.NONE,
            Takes.headers("Origin", "Access-Control-Request-Method", "Access-Control-Request-Headers")),

    // ---- object: plain ----
    COPY_OBJECT("CopyObject", "PUT", Level.OBJECT, null, Copy.REQUIRED, Permission.WRITE, BodyKind.NONE,
            Takes.headers("x-amz-copy-source", "x-amz-metadata-directive", "x-amz-tagging-directive", "x-amz-copy-source-if-match",
                    "x-amz-copy-source-if-none-match", "x-amz-copy-source-if-modified-since", "x-amz-copy-source-if-unmodified-since",
                    "If-None-Match", "If-Match").andHeaders(Takes.OBJECT_LOCK_HEADERS)),
    PUT_OBJECT("PutObject", "PUT", Level.OBJECT, null, Copy.ABSENT, Permission.WRITE, BodyKind.OBJECT_DATA,
            Takes.headers("Content-MD5", "x-amz-checksum-*", "x-amz-sdk-checksum-algorithm").andHeaders(Takes.NEW_OBJECT_HEADERS)
                    .andHeaders("If-None-Match", "If-Match").andHeaders(Takes.OBJECT_LOCK_HEADERS)),
    GET_OBJECT("GetObject", "GET", Level.OBJECT, null, Copy.ANY, Permission.READ, BodyKind.NONE, Takes.OBJECT_READ),
    HEAD_OBJECT("HeadObject", "HEAD", Level.OBJECT, null, Copy.ANY, Permission.READ, BodyKind.NONE, Takes.OBJECT_READ),
    DELETE_OBJECT("DeleteObject", "DELETE", Level.OBJECT, null, Copy.ANY, Permission.WRITE, BodyKind.NONE,
            Takes.query("versionId").andHeaders("If-Match", "x-amz-bypass-governance-retention"));
    // spotless:on

    /** Which part of the path-style target is present. */
    public enum Level {
        SERVICE,
        BUCKET,
        OBJECT
    }

    /** Whether the endpoint is selected by the presence of {@code x-amz-copy-source}. */
    public enum Copy {
        ANY,
        REQUIRED,
        ABSENT
    }

    /** What the caller must be allowed to do, checked by {@link io.posixgw.server.auth.Authorizer}. */
    public enum Permission {
        READ,
        WRITE,
        OWNER,
        /** Anyone, unauthenticated: a CORS preflight, which the bucket's own CORS rules answer. */
        NONE
    }

    private final String apiName;
    private final String method;
    private final Level level;
    private final String selector;
    private final Copy copy;
    private final Permission permission;
    private final BodyKind body;
    private final Takes takes;
    private final boolean implemented;

    /**
     * An implemented API. Every one on a bucket or object but CreateBucket also takes S3's
     * {@code x-amz-expected-bucket-owner} (and a copy {@code x-amz-source-expected-bucket-owner}),
     * checked for all of them in one place, {@link io.posixgw.server.auth.Authorizer}.
     */
    Endpoint(
            String apiName,
            String method,
            Level level,
            String selector,
            Copy copy,
            Permission permission,
            BodyKind body,
            Takes takes) {
        this(
                apiName,
                method,
                level,
                selector,
                copy,
                permission,
                body,
                Takes.withOwnerChecks(apiName, level, copy, takes),
                true);
    }

    /** An API posixgw answers {@code NotImplemented}, by name: it takes nothing and its body is never read. */
    Endpoint(String apiName, String method, Level level, String selector, Permission permission) {
        this(apiName, method, level, selector, Copy.ANY, permission, BodyKind.NONE, Takes.NOTHING, false);
    }

    Endpoint(
            String apiName,
            String method,
            Level level,
            String selector,
            Copy copy,
            Permission permission,
            BodyKind body,
            Takes takes,
            boolean implemented) {
        this.apiName = apiName;
        this.method = method;
        this.level = level;
        this.selector = selector;
        this.copy = copy;
        this.permission = permission;
        this.body = body;
        this.takes = takes;
        this.implemented = implemented;
    }

    /** The AWS API name, used in logs, metrics and NotImplemented messages. */
    public String apiName() {
        return apiName;
    }

    public String method() {
        return method;
    }

    public Level level() {
        return level;
    }

    /** The query parameter that selects this endpoint, or null. */
    public String selector() {
        return selector;
    }

    public Copy copy() {
        return copy;
    }

    public Permission permission() {
        return permission;
    }

    /** Whether and how the request body is read. */
    public BodyKind body() {
        return body;
    }

    /** The query parameters (besides the selector) and headers this endpoint takes. */
    public Takes takes() {
        return takes;
    }

    /**
     * Whether the handler may read query parameter {@code name}: the selector or one the row
     * declares. For an endpoint without a selector these are also the only parameters the
     * router lets through (see {@link Router}).
     */
    public boolean takesParameter(String name) {
        return name.equals(selector) || takes.query().contains(name);
    }

    public boolean implemented() {
        return implemented;
    }

    /**
     * Whether the connection authenticates the request's own signature (header or presigned) before the operation
     * runs: all but a CORS preflight (nobody is asked to sign one) and POST Object (signed inside its form, which the
     * operation reads and verifies).
     */
    public boolean signedByRequest() {
        return permission != Permission.NONE && this != POST_OBJECT;
    }

    /**
     * The endpoints whose signature may be scoped to {@code us-east-1} whatever the
     * configured region: clients such as minio-py sign their region discovery with it.
     */
    public boolean acceptsUsEast1Scope() {
        return this == LIST_BUCKETS || this == GET_BUCKET_LOCATION || this == CREATE_BUCKET;
    }

    /**
     * What an endpoint takes besides its selector: the query parameters, in the order README
     * lists them, and the headers it honours (names as S3 documents them; {@code *} ends a
     * family such as {@code x-amz-meta-*}). Headers are documentation: any header may be sent.
     */
    public record Takes(List<String> query, List<String> headers) {
        static final Takes NOTHING = new Takes(List.of(), List.of());
        static final String[] ACL_HEADERS = {"x-amz-acl", "x-amz-grant-*"};
        /** A new object's Object Lock (PutObject, CopyObject, CreateMultipartUpload). */
        static final String[] OBJECT_LOCK_HEADERS = {
            "x-amz-object-lock-mode", "x-amz-object-lock-retain-until-date", "x-amz-object-lock-legal-hold"
        };
        /** What PutObject and CreateMultipartUpload store with a new object besides its bytes. */
        static final String[] NEW_OBJECT_HEADERS = {
            "Content-Type",
            "Content-Encoding",
            "Content-Language",
            "Content-Disposition",
            "Cache-Control",
            "Expires",
            "x-amz-meta-*",
            "x-amz-tagging",
            "x-amz-storage-class"
        };

        static final Takes OBJECT_READ = query(
                        "partNumber",
                        "versionId",
                        "response-content-type",
                        "response-content-language",
                        "response-expires",
                        "response-cache-control",
                        "response-content-disposition",
                        "response-content-encoding")
                .andHeaders(
                        "Range",
                        "If-Match",
                        "If-None-Match",
                        "If-Modified-Since",
                        "If-Unmodified-Since",
                        "x-amz-checksum-mode");

        public Takes {
            query = List.copyOf(query);
            headers = List.copyOf(headers);
        }

        static Takes query(String... names) {
            return new Takes(List.of(names), List.of());
        }

        static Takes headers(String... names) {
            return new Takes(List.of(), List.of(names));
        }

        /** The header naming the account a request expects to own its bucket. */
        public static final String EXPECTED_BUCKET_OWNER = "x-amz-expected-bucket-owner";
        /** The same for a copy's source bucket. */
        public static final String SOURCE_EXPECTED_BUCKET_OWNER = "x-amz-source-expected-bucket-owner";

        /** {@code takes} with the expected-owner headers where S3 takes them: every bucket and object API but CreateBucket. */
        static Takes withOwnerChecks(String apiName, Level level, Copy copy, Takes takes) {
            if (level == Level.SERVICE || apiName.equals("CreateBucket") || apiName.startsWith("Options")) {
                return takes;
            }
            Takes checked = takes.andHeaders(EXPECTED_BUCKET_OWNER);
            return copy == Copy.REQUIRED ? checked.andHeaders(SOURCE_EXPECTED_BUCKET_OWNER) : checked;
        }

        /** These, with more headers. */
        Takes andHeaders(String... names) {
            List<String> all = new ArrayList<>(headers);
            all.addAll(List.of(names));
            return new Takes(query, all);
        }
    }
}
