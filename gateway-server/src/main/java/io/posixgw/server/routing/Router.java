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
