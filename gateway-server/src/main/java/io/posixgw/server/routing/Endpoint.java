package io.posixgw.server.routing;

/**
 * Every S3 API the gateway answers, implemented or not, in the order the router
 * tries them. Modelled on Garage's router: an endpoint is matched by method, by
 * the level of the path (service, bucket, object), by a selector query parameter
 * and, for copies, by the {@code x-amz-copy-source} header. Unimplemented APIs are
 * listed too, so that {@code NotImplemented} is an explicit answer naming the API.
 */
public enum Endpoint {
    // ---- service ----
    LIST_BUCKETS("ListBuckets", "GET", Level.SERVICE, null, Copy.ANY, Permission.READ, true),

    // ---- bucket: selector sub-resources first ----
    GET_BUCKET_LOCATION("GetBucketLocation", "GET", Level.BUCKET, "location", Copy.ANY, Permission.READ, true),
    GET_BUCKET_VERSIONING("GetBucketVersioning", "GET", Level.BUCKET, "versioning", Copy.ANY, Permission.READ, true),
    PUT_BUCKET_VERSIONING("PutBucketVersioning", "PUT", Level.BUCKET, "versioning", Copy.ANY, Permission.OWNER, false),
    LIST_OBJECT_VERSIONS("ListObjectVersions", "GET", Level.BUCKET, "versions", Copy.ANY, Permission.READ, true),
    LIST_MULTIPART_UPLOADS("ListMultipartUploads", "GET", Level.BUCKET, "uploads", Copy.ANY, Permission.READ, true),
    DELETE_OBJECTS("DeleteObjects", "POST", Level.BUCKET, "delete", Copy.ANY, Permission.WRITE, true),
    LIST_OBJECTS_V2("ListObjectsV2", "GET", Level.BUCKET, "list-type", Copy.ANY, Permission.READ, true),
    GET_BUCKET_ACL("GetBucketAcl", "GET", Level.BUCKET, "acl", Copy.ANY, Permission.READ, true),
    PUT_BUCKET_ACL("PutBucketAcl", "PUT", Level.BUCKET, "acl", Copy.ANY, Permission.OWNER, true),

    // ---- bucket: plain ----
    LIST_OBJECTS("ListObjects", "GET", Level.BUCKET, null, Copy.ANY, Permission.READ, true),
    CREATE_BUCKET("CreateBucket", "PUT", Level.BUCKET, null, Copy.ANY, Permission.OWNER, true),
    HEAD_BUCKET("HeadBucket", "HEAD", Level.BUCKET, null, Copy.ANY, Permission.READ, true),
    DELETE_BUCKET("DeleteBucket", "DELETE", Level.BUCKET, null, Copy.ANY, Permission.OWNER, true),

    // ---- object: multipart ----
    CREATE_MULTIPART_UPLOAD("CreateMultipartUpload", "POST", Level.OBJECT, "uploads", Copy.ANY, Permission.WRITE, true),
    UPLOAD_PART_COPY("UploadPartCopy", "PUT", Level.OBJECT, "uploadId", Copy.REQUIRED, Permission.WRITE, true),
    UPLOAD_PART("UploadPart", "PUT", Level.OBJECT, "uploadId", Copy.ABSENT, Permission.WRITE, true),
    COMPLETE_MULTIPART_UPLOAD("CompleteMultipartUpload", "POST", Level.OBJECT, "uploadId", Copy.ANY, Permission.WRITE, true),
    ABORT_MULTIPART_UPLOAD("AbortMultipartUpload", "DELETE", Level.OBJECT, "uploadId", Copy.ANY, Permission.WRITE, true),
    LIST_PARTS("ListParts", "GET", Level.OBJECT, "uploadId", Copy.ANY, Permission.READ, true),

    // ---- object: sub-resources ----
    GET_OBJECT_TAGGING("GetObjectTagging", "GET", Level.OBJECT, "tagging", Copy.ANY, Permission.READ, true),
    PUT_OBJECT_TAGGING("PutObjectTagging", "PUT", Level.OBJECT, "tagging", Copy.ANY, Permission.WRITE, true),
    DELETE_OBJECT_TAGGING("DeleteObjectTagging", "DELETE", Level.OBJECT, "tagging", Copy.ANY, Permission.WRITE, true),
    GET_OBJECT_ACL("GetObjectAcl", "GET", Level.OBJECT, "acl", Copy.ANY, Permission.READ, true),
    PUT_OBJECT_ACL("PutObjectAcl", "PUT", Level.OBJECT, "acl", Copy.ANY, Permission.OWNER, true),
    GET_OBJECT_ATTRIBUTES("GetObjectAttributes", "GET", Level.OBJECT, "attributes", Copy.ANY, Permission.READ, true),
    GET_OBJECT_RETENTION("GetObjectRetention", "GET", Level.OBJECT, "retention", Copy.ANY, Permission.READ, false),
    PUT_OBJECT_RETENTION("PutObjectRetention", "PUT", Level.OBJECT, "retention", Copy.ANY, Permission.WRITE, false),
    GET_OBJECT_LEGAL_HOLD("GetObjectLegalHold", "GET", Level.OBJECT, "legal-hold", Copy.ANY, Permission.READ, false),
    PUT_OBJECT_LEGAL_HOLD("PutObjectLegalHold", "PUT", Level.OBJECT, "legal-hold", Copy.ANY, Permission.WRITE, false),
    GET_OBJECT_TORRENT("GetObjectTorrent", "GET", Level.OBJECT, "torrent", Copy.ANY, Permission.READ, false),
    RESTORE_OBJECT("RestoreObject", "POST", Level.OBJECT, "restore", Copy.ANY, Permission.WRITE, false),
    SELECT_OBJECT_CONTENT("SelectObjectContent", "POST", Level.OBJECT, "select", Copy.ANY, Permission.READ, false),

    // ---- object: plain ----
    COPY_OBJECT("CopyObject", "PUT", Level.OBJECT, null, Copy.REQUIRED, Permission.WRITE, true),
    PUT_OBJECT("PutObject", "PUT", Level.OBJECT, null, Copy.ABSENT, Permission.WRITE, true),
    GET_OBJECT("GetObject", "GET", Level.OBJECT, null, Copy.ANY, Permission.READ, true),
    HEAD_OBJECT("HeadObject", "HEAD", Level.OBJECT, null, Copy.ANY, Permission.READ, true),
    DELETE_OBJECT("DeleteObject", "DELETE", Level.OBJECT, null, Copy.ANY, Permission.WRITE, true);

    /** Which part of the path-style target is present. */
    public enum Level { SERVICE, BUCKET, OBJECT }

    /** Whether the endpoint is selected by the presence of {@code x-amz-copy-source}. */
    public enum Copy { ANY, REQUIRED, ABSENT }

    /** What the caller must be allowed to do, checked by {@link io.posixgw.server.auth.Authorizer}. */
    public enum Permission { READ, WRITE, OWNER }

    private final String apiName;
    private final String method;
    private final Level level;
    private final String selector;
    private final Copy copy;
    private final Permission permission;
    private final boolean implemented;

    Endpoint(String apiName, String method, Level level, String selector, Copy copy, Permission permission,
             boolean implemented) {
        this.apiName = apiName;
        this.method = method;
        this.level = level;
        this.selector = selector;
        this.copy = copy;
        this.permission = permission;
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

    public boolean implemented() {
        return implemented;
    }

    /**
     * The endpoints whose signature may be scoped to {@code us-east-1} whatever the
     * configured region: clients such as minio-py sign their region discovery with it.
     */
    public boolean acceptsUsEast1Scope() {
        return this == LIST_BUCKETS || this == GET_BUCKET_LOCATION || this == CREATE_BUCKET;
    }
}
