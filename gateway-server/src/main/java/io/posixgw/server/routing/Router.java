package io.posixgw.server.routing;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;

import java.util.List;
import java.util.Map;

/**
 * Picks the {@link Endpoint} of a request: the first entry of the table whose
 * method, level, selector and copy-source rule match. Bucket-level sub-resources
 * that S3 has and posixgw does not are answered {@code NotImplemented} by name.
 */
public final class Router {
    /** Bucket sub-resources posixgw does not implement, with the name of the AWS API family. */
    private static final Map<String, String> UNIMPLEMENTED_BUCKET_SUBRESOURCES = Map.ofEntries(
            Map.entry("policy", "BucketPolicy"),
            Map.entry("policyStatus", "BucketPolicyStatus"),
            Map.entry("cors", "BucketCors"),
            Map.entry("lifecycle", "BucketLifecycleConfiguration"),
            Map.entry("tagging", "BucketTagging"),
            Map.entry("website", "BucketWebsite"),
            Map.entry("logging", "BucketLogging"),
            Map.entry("notification", "BucketNotificationConfiguration"),
            Map.entry("replication", "BucketReplication"),
            Map.entry("encryption", "BucketEncryption"),
            Map.entry("object-lock", "ObjectLockConfiguration"),
            Map.entry("ownershipControls", "BucketOwnershipControls"),
            Map.entry("publicAccessBlock", "PublicAccessBlock"),
            Map.entry("accelerate", "BucketAccelerateConfiguration"),
            Map.entry("requestPayment", "BucketRequestPayment"),
            Map.entry("analytics", "BucketAnalyticsConfiguration"),
            Map.entry("metrics", "BucketMetricsConfiguration"),
            Map.entry("inventory", "BucketInventoryConfiguration"),
            Map.entry("intelligent-tiering", "BucketIntelligentTieringConfiguration"),
            Map.entry("metadataTable", "BucketMetadataTableConfiguration"));

    private static final List<Endpoint> TABLE = List.of(Endpoint.values());

    /** The sub-resource parameters that select an endpoint, per level: a plain endpoint never answers a request naming one. */
    private static final Map<Endpoint.Level, java.util.Set<String>> SELECTORS = selectors();

    private static Map<Endpoint.Level, java.util.Set<String>> selectors() {
        Map<Endpoint.Level, java.util.Set<String>> out = new java.util.EnumMap<>(Endpoint.Level.class);
        for (Endpoint.Level level : Endpoint.Level.values()) {
            out.put(level, new java.util.HashSet<>());
        }
        for (Endpoint e : Endpoint.values()) {
            if (e.selector() != null) {
                out.get(e.level()).add(e.selector());
            }
        }
        return out;
    }

    private Router() {
    }

    /** The bucket sub-resources answered NotImplemented, query keyword to API family (for README's operations table). */
    public static Map<String, String> unimplementedBucketSubresources() {
        return UNIMPLEMENTED_BUCKET_SUBRESOURCES;
    }

    public static Endpoint route(S3Request request) {
        Endpoint.Level level = request.bucket() == null ? Endpoint.Level.SERVICE
                : request.key() == null ? Endpoint.Level.BUCKET : Endpoint.Level.OBJECT;
        boolean copySource = request.header("x-amz-copy-source") != null;
        boolean methodKnownAtLevel = false;
        for (Endpoint e : TABLE) {
            if (e.level() != level) {
                continue;
            }
            if (!e.method().equals(request.method())) {
                continue;
            }
            methodKnownAtLevel = true;
            if (e.selector() != null && !request.hasQueryParam(e.selector())) {
                continue;
            }
            if (e.copy() == Endpoint.Copy.REQUIRED && !copySource || e.copy() == Endpoint.Copy.ABSENT && copySource) {
                continue;
            }
            if (e.selector() == null && namesSubresource(request, level)) {
                // e.g. DELETE /bucket/key?acl: no such API, and never a plain DeleteObject
                throw new S3Exception(S3Error.METHOD_NOT_ALLOWED,
                        "The specified method is not allowed against this resource: " + request.method());
            }
            if (e.selector() == null && level == Endpoint.Level.BUCKET) {
                String unimplemented = unimplementedSubresource(request);
                if (unimplemented != null) {
                    throw new S3Exception(S3Error.NOT_IMPLEMENTED,
                            verb(request.method()) + unimplemented + " is not implemented by posixgw");
                }
            }
            if (e.selector() == null) {
                String unknown = unknownParameter(e, request);
                if (unknown != null) {
                    // an S3 API posixgw does not know (PUT ?encryption, PUT ?renameObject, DELETE ?metadataConfiguration...):
                    // never the plain PutObject, DeleteBucket or listing it would otherwise reach
                    throw new S3Exception(S3Error.NOT_IMPLEMENTED, request.method() + " with ?" + unknown
                            + " is not implemented by posixgw");
                }
            }
            String sse = serverSideEncryptionHeader(request);
            if (sse != null) {
                // storing plain bytes when a client asked for them encrypted (or, with SSE-C,
                // readable only with its key) would be a silent lie; MinIO without a KMS refuses too
                throw new S3Exception(S3Error.NOT_IMPLEMENTED, e.apiName() + " with server-side encryption (" + sse
                        + ") is not implemented by posixgw: objects are stored as plain files");
            }
            return e;
        }
        if (!methodKnownAtLevel && level == Endpoint.Level.BUCKET && request.method().equals("POST")) {
            throw new S3Exception(S3Error.NOT_IMPLEMENTED, "POST Object (browser form upload) is not implemented by posixgw");
        }
        throw new S3Exception(S3Error.METHOD_NOT_ALLOWED,
                "The specified method is not allowed against this resource: " + request.method());
    }

    /** Parameters any request may carry besides SigV4's own: SigV2's (which auth refuses) and SDKs' {@code x-id}. */
    private static final java.util.Set<String> ANY_REQUEST_PARAMETERS = java.util.Set.of("x-id", "AWSAccessKeyId", "Signature", "Expires");
    private static final java.util.Set<String> OBJECT_READ_PARAMETERS = java.util.Set.of("partNumber", "versionId",
            "response-content-type", "response-content-language", "response-expires", "response-cache-control",
            "response-content-disposition", "response-content-encoding");

    /**
     * The parameters each endpoint without a selector takes. Anything else names an API
     * (a sub-resource) that posixgw does not have; new ones appear in S3 every year, so the
     * list is of what is known to be harmless, not of what is known to be harmful.
     */
    private static final Map<Endpoint, java.util.Set<String>> PLAIN_PARAMETERS = Map.ofEntries(
            Map.entry(Endpoint.LIST_BUCKETS, java.util.Set.of("prefix", "max-buckets", "continuation-token", "bucket-region")),
            // V2's own parameters on a V1 listing are ignored, as S3 ignores them
            Map.entry(Endpoint.LIST_OBJECTS, java.util.Set.of("prefix", "delimiter", "marker", "max-keys", "encoding-type",
                    "start-after", "continuation-token", "fetch-owner")),
            Map.entry(Endpoint.CREATE_BUCKET, java.util.Set.of()),
            Map.entry(Endpoint.HEAD_BUCKET, java.util.Set.of()),
            Map.entry(Endpoint.DELETE_BUCKET, java.util.Set.of()),
            Map.entry(Endpoint.COPY_OBJECT, java.util.Set.of()),
            Map.entry(Endpoint.PUT_OBJECT, java.util.Set.of()),
            Map.entry(Endpoint.GET_OBJECT, OBJECT_READ_PARAMETERS),
            Map.entry(Endpoint.HEAD_OBJECT, OBJECT_READ_PARAMETERS),
            Map.entry(Endpoint.DELETE_OBJECT, java.util.Set.of("versionId")));

    /**
     * The first parameter that the plain endpoint {@code e} does not take, or null. A presigned
     * URL's other {@code x-amz-*} parameters are headers, already added as such (see
     * {@link PresignedParameters}).
     */
    private static String unknownParameter(Endpoint e, S3Request request) {
        java.util.Set<String> allowed = PLAIN_PARAMETERS.getOrDefault(e, java.util.Set.of());
        boolean presigned = PresignedParameters.presigned(request.query());
        for (Map.Entry<String, String> q : request.query()) {
            String name = q.getKey();
            if (name.isEmpty()) {
                continue; // a stray '&' or '='
            }
            if (!allowed.contains(name) && !ANY_REQUEST_PARAMETERS.contains(name) && !PresignedParameters.isAuth(name)
                    && !(presigned && PresignedParameters.isHoisted(name)) && !ignoredOnRead(e, q)) {
                return name;
            }
        }
        return null;
    }

    /**
     * GetObject and HeadObject ignore a parameter with a value that they do not know, as S3
     * does (cache busters, tracking tags a client signed along). S3's sub-resources are
     * named without a value ({@code ?renameObject}, {@code ?metadataTable}), so those still reach
     * the 501 rather than answer with the object; so do {@code x-amz-*} names, headers
     * moved into the query that a read must not drop.
     */
    private static boolean ignoredOnRead(Endpoint e, Map.Entry<String, String> q) {
        return (e == Endpoint.GET_OBJECT || e == Endpoint.HEAD_OBJECT) && q.getValue() != null && !q.getValue().isEmpty()
                && !q.getKey().regionMatches(true, 0, "x-amz-", 0, 6);
    }

    /** Headers that ask for server-side encryption (SSE-S3, SSE-KMS, SSE-C, of the request or its copy source). */
    private static final List<String> SERVER_SIDE_ENCRYPTION_HEADERS = List.of(
            "x-amz-server-side-encryption",
            "x-amz-server-side-encryption-aws-kms-key-id",
            "x-amz-server-side-encryption-customer-algorithm",
            "x-amz-copy-source-server-side-encryption-customer-algorithm");

    private static String serverSideEncryptionHeader(S3Request request) {
        for (String name : SERVER_SIDE_ENCRYPTION_HEADERS) {
            if (request.header(name) != null) {
                return name;
            }
        }
        return null;
    }

    private static boolean namesSubresource(S3Request request, Endpoint.Level level) {
        java.util.Set<String> selectors = SELECTORS.get(level);
        for (Map.Entry<String, String> q : request.query()) {
            if (selectors.contains(q.getKey())) {
                return true;
            }
        }
        return false;
    }

    private static String unimplementedSubresource(S3Request request) {
        for (Map.Entry<String, String> q : request.query()) {
            String family = UNIMPLEMENTED_BUCKET_SUBRESOURCES.get(q.getKey());
            if (family != null) {
                return family;
            }
        }
        return null;
    }

    private static String verb(String method) {
        switch (method) {
            case "GET":
            case "HEAD":
                return "Get";
            case "PUT":
                return "Put";
            case "DELETE":
                return "Delete";
            default:
                return method;
        }
    }
}
