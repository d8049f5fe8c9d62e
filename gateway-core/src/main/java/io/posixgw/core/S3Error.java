package io.posixgw.core;

/**
 * Every S3 error posixgw can answer, with AWS's exact code and HTTP status.
 * One enum so that the wire names cannot drift between modules.
 */
public enum S3Error {
    ACCESS_CONTROL_LIST_NOT_SUPPORTED("AccessControlListNotSupported", 400, "The bucket does not allow ACLs"),
    ACCESS_DENIED("AccessDenied", 403, "Access Denied"),
    /** A CORS preflight no rule allows (S3's code for it, not AccessDenied). */
    ACCESS_FORBIDDEN(
            "AccessForbidden",
            403,
            "CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin,"
                    + " request method / Access-Control-Request-Method or Access-Control-Request-Headers are not"
                    + " whitelisted by the resource's CORS spec."),
    AUTHORIZATION_HEADER_MALFORMED("AuthorizationHeaderMalformed", 400, "The authorization header is malformed."),
    AUTHORIZATION_QUERY_PARAMETERS_ERROR(
            "AuthorizationQueryParametersError", 400, "Error parsing the X-Amz-Credential parameter."),
    BAD_REQUEST_TOO_MANY_TAGS("BadRequest", 400, "Object tags cannot be greater than 10"),
    BAD_REQUEST("BadRequest", 400, "Bad Request"),
    BAD_DIGEST("BadDigest", 400, "The Content-MD5 or checksum you specified did not match what we received."),
    BUCKET_ALREADY_EXISTS("BucketAlreadyExists", 409, "The requested bucket name is not available."),
    BUCKET_ALREADY_OWNED_BY_YOU(
            "BucketAlreadyOwnedByYou",
            409,
            "Your previous request to create the named bucket succeeded and you already own it."),
    BUCKET_NOT_EMPTY("BucketNotEmpty", 409, "The bucket you tried to delete is not empty."),
    ENTITY_TOO_LARGE("EntityTooLarge", 400, "Your proposed upload exceeds the maximum allowed object size."),
    ENTITY_TOO_SMALL("EntityTooSmall", 400, "Your proposed upload is smaller than the minimum allowed object size."),
    EXPIRED_TOKEN("ExpiredToken", 400, "The provided token has expired."),
    HTTP_VERSION_NOT_SUPPORTED("HttpVersionNotSupported", 505, "The HTTP version specified is not supported."),
    INCOMPLETE_BODY(
            "IncompleteBody",
            400,
            "You did not provide the number of bytes specified by the Content-Length HTTP header."),
    INTERNAL_ERROR("InternalError", 500, "We encountered an internal error. Please try again."),
    INVALID_ACCESS_KEY_ID(
            "InvalidAccessKeyId", 403, "The AWS access key ID you provided does not exist in our records."),
    INVALID_ARGUMENT("InvalidArgument", 400, "Invalid Argument"),
    INVALID_BUCKET_ACL_WITH_BLOCK_PUBLIC_ACCESS(
            "InvalidBucketAclWithBlockPublicAccessError",
            400,
            "Bucket cannot have public ACLs set with BlockPublicAccess enabled"),
    INVALID_BUCKET_ACL_WITH_OBJECT_OWNERSHIP(
            "InvalidBucketAclWithObjectOwnership",
            400,
            "Bucket cannot have ACLs set with ObjectOwnership's BucketOwnerEnforced setting"),
    INVALID_BUCKET_NAME("InvalidBucketName", 400, "The specified bucket is not valid."),
    INVALID_DIGEST("InvalidDigest", 400, "The Content-MD5 or checksum you specified is not valid."),
    INVALID_LOCATION_CONSTRAINT("InvalidLocationConstraint", 400, "The specified location constraint is not valid."),
    INVALID_POLICY_DOCUMENT(
            "InvalidPolicyDocument",
            400,
            "The content of the form does not meet the conditions specified in the policy document."),
    INVALID_PART(
            "InvalidPart",
            400,
            "One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part's entity tag."),
    INVALID_PART_NUMBER("InvalidPartNumber", 416, "The requested partnumber is not satisfiable"),
    INVALID_PART_ORDER(
            "InvalidPartOrder",
            400,
            "The list of parts was not in ascending order. Parts must be ordered by part number."),
    INVALID_RANGE("InvalidRange", 416, "The requested range is not satisfiable"),
    INVALID_REQUEST("InvalidRequest", 400, "Invalid Request"),
    INVALID_BUCKET_STATE("InvalidBucketState", 409, "The request is not valid with the current state of the bucket."),
    INVALID_STORAGE_CLASS("InvalidStorageClass", 400, "The storage class you specified is not valid"),
    INVALID_TAG("InvalidTag", 400, "The tag provided was not a valid tag."),
    INVALID_URI("InvalidURI", 400, "Couldn't parse the specified URI."),
    KEY_TOO_LONG("KeyTooLongError", 400, "Your key is too long."),
    MALFORMED_TRAILER_ERROR(
            "MalformedTrailerError",
            400,
            "The request contained trailing data that was not well-formed or did not conform to our published schema."),
    MALFORMED_ACL_ERROR(
            "MalformedACLError",
            400,
            "The XML you provided was not well-formed or did not validate against our published schema"),
    MALFORMED_XML(
            "MalformedXML",
            400,
            "The XML you provided was not well-formed or did not validate against our published schema."),
    MALFORMED_POST_REQUEST(
            "MalformedPOSTRequest", 400, "The body of your POST request is not well-formed multipart/form-data."),
    MAX_POST_PRE_DATA_LENGTH_EXCEEDED(
            "MaxPostPreDataLengthExceeded", 400, "Your POST request fields preceding the upload file were too large."),
    MALFORMED_POLICY("MalformedPolicy", 400, "This policy contains invalid Json"),
    MAX_MESSAGE_LENGTH_EXCEEDED("MaxMessageLengthExceeded", 400, "Your request was too big."),
    METADATA_TOO_LARGE("MetadataTooLarge", 400, "Your metadata headers exceed the maximum allowed metadata size."),
    METHOD_NOT_ALLOWED("MethodNotAllowed", 405, "The specified method is not allowed against this resource."),
    MISSING_CONTENT_LENGTH("MissingContentLength", 411, "You must provide the Content-Length HTTP header."),
    MISSING_SECURITY_HEADER("MissingSecurityHeader", 400, "Your request is missing a required header."),
    NO_SUCH_BUCKET("NoSuchBucket", 404, "The specified bucket does not exist."),
    OWNERSHIP_CONTROLS_NOT_FOUND("OwnershipControlsNotFoundError", 404, "The bucket ownership controls were not found"),
    UNEXPECTED_CONTENT("UnexpectedContent", 400, "This request does not support content"),
    UNRESOLVABLE_GRANT_BY_EMAIL_ADDRESS(
            "UnresolvableGrantByEmailAddress",
            400,
            "The e-mail address you provided does not match any account on record."),
    NO_SUCH_BUCKET_POLICY("NoSuchBucketPolicy", 404, "The bucket policy does not exist"),
    NO_SUCH_PUBLIC_ACCESS_BLOCK_CONFIGURATION(
            "NoSuchPublicAccessBlockConfiguration", 404, "The public access block configuration was not found"),
    NO_SUCH_CORS_CONFIGURATION("NoSuchCORSConfiguration", 404, "The CORS configuration does not exist"),
    NO_SUCH_LIFECYCLE_CONFIGURATION("NoSuchLifecycleConfiguration", 404, "The lifecycle configuration does not exist"),
    NO_SUCH_TAG_SET("NoSuchTagSet", 404, "The TagSet does not exist"),
    NO_SUCH_WEBSITE_CONFIGURATION(
            "NoSuchWebsiteConfiguration", 404, "The specified bucket does not have a website configuration"),
    NO_SUCH_OBJECT_LOCK_CONFIGURATION(
            "NoSuchObjectLockConfiguration", 404, "The specified object does not have a ObjectLock configuration"),
    OBJECT_LOCK_CONFIGURATION_NOT_FOUND(
            "ObjectLockConfigurationNotFoundError", 404, "Object Lock configuration does not exist for this bucket"),
    REPLICATION_CONFIGURATION_NOT_FOUND(
            "ReplicationConfigurationNotFoundError", 404, "The replication configuration was not found"),
    SERVER_SIDE_ENCRYPTION_CONFIGURATION_NOT_FOUND(
            "ServerSideEncryptionConfigurationNotFoundError",
            404,
            "The server side encryption configuration was not found"),
    NO_SUCH_KEY("NoSuchKey", 404, "The specified key does not exist."),
    NO_SUCH_VERSION("NoSuchVersion", 404, "The specified version does not exist."),
    VERSIONING_NOT_CONFIGURED("VersioningNotConfigured", 501, "Versioning has not been configured for the gateway."),
    NO_SUCH_UPLOAD(
            "NoSuchUpload",
            404,
            "The specified multipart upload does not exist. The upload ID might be invalid, or the multipart upload might have been aborted or completed."),
    NOT_IMPLEMENTED(
            "NotImplemented", 501, "A header or query you provided implies functionality that is not implemented."),
    NOT_MODIFIED("NotModified", 304, "Not Modified"),
    // Not AWS codes: a POSIX store cannot hold a file and a directory under one name.
    // The names are versitygw's, so clients of either gateway see the same answer.
    EXISTING_OBJECT_IS_DIRECTORY("ExistingObjectIsDirectory", 409, "Existing Object is a directory."),
    OBJECT_PARENT_IS_FILE("ObjectParentIsFile", 409, "Object parent already exists as a file."),
    DIRECTORY_OBJECT_CONTAINS_DATA("DirectoryObjectContainsData", 400, "Directory object contains data payload."),
    PRECONDITION_FAILED("PreconditionFailed", 412, "At least one of the pre-conditions you specified did not hold"),
    REQUEST_HEADER_SECTION_TOO_LARGE(
            "RequestHeaderSectionTooLarge", 400, "Your request header section exceeds the maximum allowed size."),
    REQUEST_TIMEOUT(
            "RequestTimeout",
            400,
            "Your socket connection to the server was not read from or written to within the timeout period."),
    REQUEST_TIME_TOO_SKEWED(
            "RequestTimeTooSkewed", 403, "The difference between the request time and the server's time is too large."),
    SERVICE_UNAVAILABLE("ServiceUnavailable", 503, "Service is unable to handle request."),
    /** Not an AWS code (AWS never fills up): 507, as WebDAV names a full store, so clients retry later. */
    STORAGE_FULL("StorageFull", 507, "The storage is full."),
    SIGNATURE_DOES_NOT_MATCH(
            "SignatureDoesNotMatch",
            403,
            "The request signature we calculated does not match the signature you provided. Check your key and signing method."),
    SLOW_DOWN("SlowDown", 503, "Please reduce your request rate."),
    X_AMZ_CONTENT_SHA256_MISMATCH(
            "XAmzContentSHA256Mismatch",
            400,
            "The provided 'x-amz-content-sha256' header does not match what was computed."),
    ;

    private final String code;
    private final int httpStatus;
    private final String defaultMessage;

    S3Error(String code, int httpStatus, String defaultMessage) {
        this.code = code;
        this.httpStatus = httpStatus;
        this.defaultMessage = defaultMessage;
    }

    /** The AWS error code, as written in {@code <Code>}. */
    public String code() {
        return code;
    }

    public int httpStatus() {
        return httpStatus;
    }

    public String defaultMessage() {
        return defaultMessage;
    }

    /** The error with this AWS code, or null. */
    public static S3Error fromCode(String code) {
        for (S3Error e : values()) {
            if (e.code.equals(code)) {
                return e;
            }
        }
        return null;
    }

    /** A new exception for this error with its default message. */
    public S3Exception exception() {
        return new S3Exception(this, defaultMessage);
    }

    public S3Exception exception(String message) {
        return new S3Exception(this, message);
    }
}
