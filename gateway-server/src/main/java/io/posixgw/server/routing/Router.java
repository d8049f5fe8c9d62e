package io.posixgw.server.routing;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Picks the {@link Endpoint} of a request: the first row of the table whose method, level,
 * selector and copy-source rule match. An endpoint without a selector takes only the query
 * parameters its row declares; a request naming a bucket sub-resource that posixgw has none of
 * ({@code ?policy}, {@code ?cors}...) reaches that sub-resource's row, which answers
 * {@code NotImplemented} by name. Everything here is derived from the rows.
 */
public final class Router {
    /**
     * The rows the router tries in order: all but those of the bucket sub-resources posixgw has
     * none of, which a plain bucket endpoint hands over (see {@link #lackedSubresource}) exactly
     * where it refuses them, after the method and sub-resource checks.
     */
    private static final List<Endpoint> TABLE;

    /** The sub-resource parameters that select an endpoint, per level: a plain endpoint never answers a request naming one. */
    private static final Map<Endpoint.Level, Set<String>> SELECTORS = new EnumMap<>(Endpoint.Level.class);

    /** Bucket sub-resources none of whose APIs posixgw implements, to the AWS API family named in a refusal ({@code BucketPolicy}). */
    private static final Map<String, String> LACKED = new HashMap<>();

    static {
        List<Endpoint> table = new ArrayList<>();
        Set<String> implementedAtBucket = new HashSet<>();
        for (Endpoint e : Endpoint.values()) {
            if (e.level() == Endpoint.Level.BUCKET && e.selector() != null && e.implemented()) {
                implementedAtBucket.add(e.selector());
            }
        }
        for (Endpoint.Level level : Endpoint.Level.values()) {
            SELECTORS.put(level, new HashSet<>());
        }
        for (Endpoint e : Endpoint.values()) {
            boolean lacked = e.level() == Endpoint.Level.BUCKET
                    && e.selector() != null
                    && !implementedAtBucket.contains(e.selector());
            if (!lacked) {
                table.add(e);
                if (e.selector() != null) {
                    SELECTORS.get(e.level()).add(e.selector());
                }
            } else if (e.method().equals("GET")) {
                // the family is what follows the verb of its GET: GetBucketLifecycleConfiguration, GetPublicAccessBlock
                LACKED.put(e.selector(), e.apiName().substring("Get".length()));
            }
        }
        TABLE = List.copyOf(table);
    }

    private Router() {}

    /** The bucket sub-resources posixgw has none of, in name order (for README's operations table). */
    public static Set<String> lackedSubresources() {
        return new TreeSet<>(LACKED.keySet());
    }

    public static Endpoint route(S3Request request) {
        Endpoint.Level level = request.bucket() == null
                ? Endpoint.Level.SERVICE
                : request.key() == null ? Endpoint.Level.BUCKET : Endpoint.Level.OBJECT;
        if (request.method().equals("OPTIONS") && level != Endpoint.Level.SERVICE) {
            // a CORS preflight names the URL the browser will use, whatever its query (presigned, ?uploadId, ?tagging)
            return level == Endpoint.Level.BUCKET ? Endpoint.OPTIONS_BUCKET : Endpoint.OPTIONS_OBJECT;
        }
        boolean copySource = request.header("x-amz-copy-source") != null;
        for (Endpoint e : TABLE) {
            if (e.level() != level) {
                continue;
            }
            if (!e.method().equals(request.method())) {
                continue;
            }
            if (e.selector() != null && !request.hasQueryParam(e.selector())) {
                continue;
            }
            if (e.copy() == Endpoint.Copy.REQUIRED && !copySource || e.copy() == Endpoint.Copy.ABSENT && copySource) {
                continue;
            }
            if (e.selector() == null && namesSubresource(request, level)) {
                // e.g. DELETE /bucket/key?acl: no such API, and never a plain DeleteObject
                throw new S3Exception(
                        S3Error.METHOD_NOT_ALLOWED,
                        "The specified method is not allowed against this resource: " + request.method());
            }
            if (e == Endpoint.POST_OBJECT && request.query().stream().anyMatch(q -> LACKED.containsKey(q.getKey()))) {
                // POST ?metrics and the like: no such API, and never a form upload
                throw new S3Exception(
                        S3Error.METHOD_NOT_ALLOWED,
                        "The specified method is not allowed against this resource: " + request.method());
            }
            if (e.selector() == null && level == Endpoint.Level.BUCKET) {
                Endpoint lacked = lackedSubresource(request);
                if (lacked != null) {
                    return lacked; // answered NotImplemented by name, whatever else the request carries
                }
            }
            if (e.selector() == null) {
                String unknown = unknownParameter(e, request);
                if (unknown != null) {
                    // an S3 API posixgw does not know (PUT ?encryption, PUT ?renameObject, DELETE
                    // ?metadataConfiguration...):
                    // never the plain PutObject, DeleteBucket or listing it would otherwise reach
                    throw new S3Exception(
                            S3Error.NOT_IMPLEMENTED,
                            request.method() + " with ?" + unknown + " is not implemented by posixgw");
                }
            }
            String sse = serverSideEncryptionHeader(request);
            if (sse != null) {
                // storing plain bytes when a client asked for them encrypted (or, with SSE-C,
                // readable only with its key) would be a silent lie; MinIO without a KMS refuses too
                throw new S3Exception(
                        S3Error.NOT_IMPLEMENTED,
                        e.apiName() + " with server-side encryption (" + sse
                                + ") is not implemented by posixgw: objects are stored as plain files");
            }
            return e;
        }
        throw new S3Exception(
                S3Error.METHOD_NOT_ALLOWED,
                "The specified method is not allowed against this resource: " + request.method());
    }

    /** Parameters any request may carry besides SigV4's own: SigV2's (which auth refuses) and SDKs' {@code x-id}. */
    private static final Set<String> ANY_REQUEST_PARAMETERS = Set.of("x-id", "AWSAccessKeyId", "Signature", "Expires");

    /**
     * The first parameter that the plain endpoint {@code e} does not take, or null: anything its
     * row does not declare names an API (a sub-resource) that posixgw does not have; new ones
     * appear in S3 every year, so the list is of what is known to be harmless, not of what is
     * known to be harmful. A presigned URL's other {@code x-amz-*} parameters are headers,
     * already added as such (see {@link PresignedParameters}).
     */
    private static String unknownParameter(Endpoint e, S3Request request) {
        boolean presigned = PresignedParameters.presigned(request.query());
        for (Map.Entry<String, String> q : request.query()) {
            String name = q.getKey();
            if (name.isEmpty()) {
                continue; // a stray '&' or '='
            }
            if (!e.takesParameter(name)
                    && !ANY_REQUEST_PARAMETERS.contains(name)
                    && !PresignedParameters.isAuth(name)
                    && !(presigned && PresignedParameters.isHoisted(name))
                    && !ignoredOnRead(e, q)) {
                return name;
            }
        }
        return null;
    }

    /**
     * Plain object reads (GetObject, HeadObject) ignore a parameter with a value that they do not know, as S3
     * does (cache busters, tracking tags a client signed along). S3's sub-resources are
     * named without a value ({@code ?renameObject}, {@code ?metadataTable}), so those still reach
     * the 501 rather than answer with the object; so do {@code x-amz-*} names, headers
     * moved into the query that a read must not drop.
     */
    private static boolean ignoredOnRead(Endpoint e, Map.Entry<String, String> q) {
        return e.level() == Endpoint.Level.OBJECT
                && e.selector() == null
                && (e.method().equals("GET") || e.method().equals("HEAD"))
                && q.getValue() != null
                && !q.getValue().isEmpty()
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
        Set<String> selectors = SELECTORS.get(level);
        for (Map.Entry<String, String> q : request.query()) {
            if (selectors.contains(q.getKey())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The row of the first bucket sub-resource in the query that posixgw has none of, for the
     * request's method (a HEAD is refused as the GET), or null when the query names none. A
     * method S3 has no such API for ({@code DELETE ?policyStatus}) is refused here, by the name
     * it would have.
     */
    private static Endpoint lackedSubresource(S3Request request) {
        for (Map.Entry<String, String> q : request.query()) {
            String family = LACKED.get(q.getKey());
            if (family == null) {
                continue;
            }
            String method = request.method().equals("HEAD") ? "GET" : request.method();
            for (Endpoint e : Endpoint.values()) {
                if (e.level() == Endpoint.Level.BUCKET
                        && q.getKey().equals(e.selector())
                        && e.method().equals(method)) {
                    return e;
                }
            }
            throw new S3Exception(
                    S3Error.NOT_IMPLEMENTED, verb(request.method()) + family + " is not implemented by posixgw");
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
