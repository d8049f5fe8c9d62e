package io.posixgw.server.it;

/**
 * Every clause of {@code docs/CONFORMANCE.md}, verbatim and in its order, each under a name that tests
 * cite with {@link Conformance}. The clauses of one bullet, joined by the bullet's own separators
 * ({@code ;}, {@code ,}, {@code .}, {@code :} and spaces), spell the whole bullet: {@link ConformanceChecklistTest}
 * checks that against the file, so an edited checklist fails the build until this table (and the tests) follow,
 * and it checks that every clause is asserted by at least one test.
 */
enum Checklist {
    // ---- Authentication
    AUTH_UNKNOWN_ACCESS_KEY("Authentication", "Unknown access key → 403 `InvalidAccessKeyId`"),
    AUTH_WRONG_SIGNATURE("Authentication", "wrong signature → 403 `SignatureDoesNotMatch`"),
    AUTH_ANONYMOUS("Authentication", "no auth on a private resource → 403 `AccessDenied`"),
    AUTH_CLOCK_SKEW("Authentication", "Date outside ±15 min → 403 `RequestTimeTooSkewed`"),
    AUTH_SCOPE_DATE("Authentication", "scope date must match `x-amz-date`"),
    AUTH_WRONG_REGION(
            "Authentication",
            "Scope region ≠ configured → 400 `AuthorizationHeaderMalformed` (\"the region 'x' is wrong; expecting 'y'\")"),
    AUTH_WRONG_REGION_PRESIGNED("Authentication", "presigned: 400 `AuthorizationQueryParametersError`"),
    AUTH_US_EAST_1_DISCOVERY(
            "Authentication", "GetBucketLocation, ListBuckets and CreateBucket also accept `us-east-1`"),
    AUTH_PAYLOAD_HASH(
            "Authentication",
            "`x-amz-content-sha256`: 64-hex verified against the body (400 `XAmzContentSHA256Mismatch`)"),
    AUTH_UNSIGNED_PAYLOAD("Authentication", "`UNSIGNED-PAYLOAD`"),
    AUTH_STREAMING_MODES(
            "Authentication",
            "and the streaming modes `STREAMING-AWS4-HMAC-SHA256-PAYLOAD`, `STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER`, `STREAMING-UNSIGNED-PAYLOAD-TRAILER`"),
    AUTH_STREAMING_DECODED_LENGTH("Authentication", "(need `x-amz-decoded-content-length`"),
    AUTH_STREAMING_BAD_CHUNK_SIGNATURE("Authentication", "a bad chunk signature fails the request and stores nothing"),
    AUTH_STREAMING_TRAILER_CHECKSUM("Authentication", "a trailer `x-amz-checksum-*` is verified)"),
    AUTH_PRESIGNED_EXPIRES_BOUNDS("Authentication", "Presigned URLs: `X-Amz-Expires` 1..604800"),
    AUTH_PRESIGNED_EXPIRED("Authentication", "expired → 403 `AccessDenied`"),
    AUTH_SIGV2("Authentication", "SigV2 → 400 with a message that says SigV2 is not supported"),

    // ---- Buckets
    BUCKET_NAMES(
            "Buckets",
            "Names: 3–63 chars, lowercase letters, digits, `.`, `-`, start/end alphanumeric, not an IP address → else 400 `InvalidBucketName`"),
    BUCKET_ALREADY_OWNED(
            "Buckets",
            "CreateBucket on an existing bucket you own → 409 `BucketAlreadyOwnedByYou`, except in `us-east-1`, where AWS answers 200 (with `Location`) and resets the bucket's ACL to the one the request names"),
    BUCKET_LOCATION_CONSTRAINT(
            "Buckets", "LocationConstraint must be the configured region (400 `InvalidLocationConstraint`)"),
    BUCKET_US_EAST_1_NO_CONSTRAINT("Buckets", "and `us-east-1` is expressed by no constraint"),
    BUCKET_GET_LOCATION(
            "Buckets", "GetBucketLocation → empty `<LocationConstraint/>` for `us-east-1`, else the region"),
    BUCKET_HEAD("Buckets", "HeadBucket → 200 with `x-amz-bucket-region`"),
    BUCKET_HEAD_MISSING("Buckets", "missing → 404 (no body)"),
    BUCKET_DELETE("Buckets", "DeleteBucket → 204"),
    BUCKET_DELETE_NOT_EMPTY(
            "Buckets", "not empty → 409 `BucketNotEmpty` (pending multipart staging does not count as content)"),
    BUCKET_DELETE_MISSING("Buckets", "missing → 404 `NoSuchBucket`"),

    // ---- Objects
    KEY_LENGTH("Objects", "Keys up to 1024 bytes UTF-8"),
    KEY_ESCAPE("Objects", "`..` segments or anything escaping the bucket → 400"),
    KEY_SPECIAL_CHARACTERS("Objects", "special characters `!-_.'()&@=;: ,?^{}%`[]~<>|#\\` and spaces round-trip"),
    KEY_LOOK_ALIKES("Objects", "look-alikes (`%2e%2e/`, `..%2f`) are stored literally"),
    PUT_ETAG("Objects", "PUT: ETag `\"<md5>\"`"),
    PUT_CONTENT_MD5_INVALID("Objects", "`Content-MD5` bad → 400 `InvalidDigest`"),
    PUT_CONTENT_MD5_MISMATCH("Objects", "mismatch → 400 `BadDigest`"),
    PUT_USER_METADATA(
            "Objects", "user metadata `x-amz-meta-*` (names lowercased, total > 2 KiB → 400 `MetadataTooLarge`)"),
    PUT_DEFAULT_CONTENT_TYPE("Objects", "Content-Type default `binary/octet-stream`"),
    PUT_IF_NONE_MATCH("Objects", "`If-None-Match: *` on an existing key → 412"),
    PUT_IF_MATCH_MISMATCH("Objects", "`If-Match` mismatch → 412"),
    PUT_IF_MATCH_MISSING("Objects", "missing key → 404"),
    CHECKSUM_VERIFIED(
            "Objects",
            "Checksums `x-amz-checksum-crc32|crc32c|crc64nvme|sha1|sha256` (base64): verified (mismatch → 400 `BadDigest`)"),
    CHECKSUM_STORED("Objects", "stored"),
    CHECKSUM_MODE("Objects", "returned on GET/HEAD only with `x-amz-checksum-mode: ENABLED`"),
    CHECKSUM_TWO_HEADERS("Objects", "two checksum headers → 400"),
    GET_MISSING_KEY("Objects", "GET/HEAD missing key → 404 `NoSuchKey` (HEAD without body)"),
    GET_MISSING_BUCKET("Objects", "missing bucket → 404 `NoSuchBucket`"),
    GET_HEADERS("Objects", "Always `Accept-Ranges: bytes`, `Last-Modified` (RFC 1123), `ETag`, `Content-Length`"),
    RANGE_IGNORED(
            "Objects",
            "Range on a 100-byte object: ignored (200, full body) for malformed specs (`bytes=abc`, `bytes=10-5`, `foo=0-1`, multi-range `0-0,1-2`)"),
    RANGE_PARTIAL("Objects", "206 for `0-0`, `50-`, `-10`, `-101` (→ 0-99), `0-999999` (clamped), `99-99`"),
    RANGE_UNSATISFIABLE("Objects", "416 `InvalidRange` for `100-110`, `-0`, `100-`"),
    RANGE_CONTENT_RANGE("Objects", "`Content-Range: bytes s-e/size`"),
    RANGE_EMPTY_OBJECT("Objects", "On an empty object any satisfiable-looking range → 416"),
    COND_IF_MATCH("Objects", "Conditional GET/HEAD: `If-Match` false → 412"),
    COND_IF_NONE_MATCH("Objects", "`If-None-Match` match → 304"),
    COND_IF_MODIFIED_SINCE("Objects", "`If-Modified-Since` not modified → 304"),
    COND_IF_UNMODIFIED_SINCE("Objects", "`If-Unmodified-Since` modified → 412"),
    COND_IF_MATCH_OVERRIDES("Objects", "If-Match true overrides If-Unmodified-Since"),
    COND_IF_NONE_MATCH_OVERRIDES("Objects", "If-None-Match false overrides If-Modified-Since"),
    COND_ETAG_SYNTAX("Objects", "Quotes ignored, `*` matches any"),
    RESPONSE_OVERRIDES(
            "Objects",
            "`response-content-type`, `response-content-disposition`, `response-cache-control`, `response-content-encoding`, `response-content-language`, `response-expires` override the stored headers on GET"),
    PART_NUMBER_MULTIPART(
            "Objects",
            "`partNumber=N` on GET/HEAD: multipart object → 206 with that part and `x-amz-mp-parts-count` (and, with `x-amz-checksum-mode: ENABLED`, that part's checksum)"),
    PART_NUMBER_SINGLE_PART("Objects", "non-multipart part 1 → whole object"),
    PART_NUMBER_OUT_OF_RANGE(
            "Objects", "N out of range → 416 `InvalidPartNumber` with `ActualPartCount` and `PartNumberRequested`"),
    PART_NUMBER_WITH_RANGE("Objects", "with Range → 400"),
    DELETE_MISSING_KEY("Objects", "DELETE missing key → 204"),
    DIRECTORY_OBJECT("Objects", "Directory objects: `PUT key/` with empty body creates one"),
    DIRECTORY_OBJECT_WITH_BODY("Objects", "with a body → 200 and GET returns the body"),
    FILE_OVER_DIRECTORY("Objects", "PUT `a` when keys under `a/` exist → 200 and both are kept"),
    CHILD_OF_FILE("Objects", "PUT `a/b` when `a` is an object → 200 and both are kept"),

    // ---- Copy
    COPY_SOURCE_SYNTAX("Copy", "`x-amz-copy-source: [/]bucket/key[?versionId=...]`"),
    COPY_SOURCE_DECODED_ONCE("Copy", "percent-decoded once"),
    COPY_SOURCE_MISSING("Copy", "missing source → 404 `NoSuchKey`"),
    COPY_SOURCE_MALFORMED("Copy", "malformed → 400 `InvalidArgument`"),
    COPY_DIRECTIVE_COPY("Copy", "`x-amz-metadata-directive: COPY` (default) keeps metadata and Content-Type"),
    COPY_DIRECTIVE_REPLACE("Copy", "`REPLACE` takes the request's"),
    COPY_SELF_WITH_COPY("Copy", "copy onto itself with COPY → 400 `InvalidRequest`"),
    COPY_SELF_WITH_REPLACE("Copy", "onto itself with REPLACE updates metadata"),
    COPY_SOURCE_PRECONDITIONS(
            "Copy",
            "`x-amz-copy-source-if-match|if-none-match|if-modified-since|if-unmodified-since` → 412 when they fail"),
    COPY_RESULT("Copy", "Response `<CopyObjectResult><ETag/><LastModified/></CopyObjectResult>`"),
    COPY_ETAG("Copy", "the new object's ETag equals the source's for single-part sources"),

    // ---- Listing
    LIST_PREFIX("Listing", "V2 (`list-type=2`) and V1: `prefix`"),
    LIST_DELIMITER("Listing", "`delimiter` (any string)"),
    LIST_MAX_KEYS("Listing", "`max-keys` (default 1000, >1000 clamped, 0 → empty and not truncated, negative → 400)"),
    LIST_V2_CONTINUATION("Listing", "V2 `continuation-token` (opaque to clients) and `start-after`"),
    LIST_V1_MARKER("Listing", "V1 `marker` and `NextMarker` (only with a delimiter)"),
    LIST_FETCH_OWNER("Listing", "`fetch-owner`"),
    LIST_ORDER("Listing", "Keys in UTF-8 binary order"),
    LIST_PREFIXES_MERGED("Listing", "common prefixes merged into that order"),
    LIST_KEY_COUNT("Listing", "`KeyCount` counts keys and prefixes"),
    LIST_IS_TRUNCATED("Listing", "`IsTruncated` exact"),
    LIST_PAGES("Listing", "no duplicates or gaps across pages"),
    LIST_DIRECTORY_ORDER("Listing", "directories sort as `name/` (so `a-b`, `a.txt` come before `a/x`)"),
    LIST_ENCODING_TYPE(
            "Listing",
            "`encoding-type=url` echoed as `<EncodingType>url</EncodingType>` and applied to Key, Prefix, Delimiter, StartAfter, NextMarker, CommonPrefixes (space as `%20`, `+` as `%2B`)"),
    LIST_ENCODING_TYPE_OTHER("Listing", "Other values → 400"),
    LIST_HIDES_STAGING("Listing", "Pending multipart uploads and staging files never appear"),
    LIST_LAST_MODIFIED("Listing", "`LastModified` in ISO-8601 with milliseconds"),

    // ---- Multipart
    PART_NUMBERS("Multipart", "Parts 1..10000 (else 400 `InvalidArgument`)"),
    PART_REUPLOAD("Multipart", "re-uploading a part replaces it"),
    UPLOAD_UNKNOWN("Multipart", "unknown upload → 404 `NoSuchUpload`"),
    COMPLETE_ORDER("Multipart", "Complete: parts ascending (400 `InvalidPartOrder`)"),
    COMPLETE_ETAG_MATCH("Multipart", "each existing with a matching ETag (400 `InvalidPart`)"),
    COMPLETE_MIN_SIZE("Multipart", "all but the last ≥ 5 MiB (400 `EntityTooSmall`)"),
    COMPLETE_MALFORMED("Multipart", "empty or malformed list → 400 `MalformedXML`"),
    COMPLETE_ETAG("Multipart", "ETag `\"<md5 of concatenated part md5s>-N\"`"),
    COMPLETE_REPEATED("Multipart", "a repeated Complete of the same upload → 200 with the same ETag"),
    ABORT("Multipart", "Abort → 204, staging removed"),
    LIST_PARTS_AND_UPLOADS(
            "Multipart",
            "ListParts and ListMultipartUploads with markers, `max-parts`/`max-uploads` (default 1000, clamped), prefix and delimiter"),
    UPLOAD_PART_COPY_RANGE(
            "Multipart", "UploadPartCopy with `x-amz-copy-source-range: bytes=s-e` (s ≤ e < size, else 400/416)"),

    // ---- DeleteObjects
    DELETE_OBJECTS_INTEGRITY("DeleteObjects", "`POST ?delete` with Content-MD5 or a checksum header"),
    DELETE_OBJECTS_LIMIT("DeleteObjects", "up to 1000 keys (more → 400 `MalformedXML`)"),
    DELETE_OBJECTS_RESULTS("DeleteObjects", "per-key `<Deleted>`/`<Error>`"),
    DELETE_OBJECTS_QUIET("DeleteObjects", "`<Quiet>true</Quiet>` returns errors only"),
    DELETE_OBJECTS_MISSING_KEYS("DeleteObjects", "missing keys count as deleted"),

    // ---- Protocol
    HTTP_KEEP_ALIVE("Protocol", "HTTP/1.1 keep-alive by default"),
    HTTP_EXPECT_CONTINUE("Protocol", "`Expect: 100-continue` honoured"),
    HTTP_CONNECTION_CLOSE("Protocol", "`Connection: close` honoured"),
    HTTP_HEADER_LIMIT("Protocol", "request header section > 8 KiB → 400 (or 431) and the connection closed"),
    HTTP_IDLE_TIMEOUT("Protocol", "idle connections closed after a timeout"),
    HTTP_STALLED_UPLOAD("Protocol", "a stalled upload times out without leaking its temp file"),
    REQUEST_ID("Protocol", "Every response carries `x-amz-request-id`"),
    ERROR_BODY("Protocol", "errors are `<Error><Code/><Message/><Resource/><RequestId/></Error>`");

    /** The {@code ## } heading of the clause's bullet. */
    final String section;
    /** The clause, exactly as the checklist writes it. */
    final String text;

    Checklist(String section, String text) {
        this.section = section;
        this.text = text;
    }

    /** A readable id: section and the constant's name, e.g. {@code Objects: RANGE_IGNORED}. */
    String id() {
        return section + ": " + name();
    }
}
