package io.posixgw.server.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RouterTest {
    static S3Request req(String method, String bucket, String key, String query, Map<String, String> headers) {
        List<Map.Entry<String, String>> q = query.isEmpty() ? List.of() : RequestTarget.decodeQuery(query);
        RequestHeaders h = new RequestHeaders() {
            @Override
            public List<String> all(String name) {
                String v = headers.get(name);
                return v == null ? List.of() : List.of(v);
            }

            @Override
            public Set<String> names() {
                return headers.keySet();
            }
        };
        return new S3Request(method, "/", bucket, key, new ArrayList<>(q), h);
    }

    static Endpoint route(String method, String bucket, String key, String query) {
        return Router.route(req(method, bucket, key, query, Map.of()));
    }

    @Test
    void table() {
        assertEquals(Endpoint.LIST_BUCKETS, route("GET", null, null, ""));
        assertEquals(Endpoint.GET_BUCKET_LOCATION, route("GET", "b", null, "location"));
        assertEquals(Endpoint.LIST_OBJECTS_V2, route("GET", "b", null, "list-type=2&prefix=x"));
        assertEquals(Endpoint.LIST_OBJECTS, route("GET", "b", null, "prefix=x"));
        assertEquals(Endpoint.LIST_MULTIPART_UPLOADS, route("GET", "b", null, "uploads"));
        assertEquals(Endpoint.DELETE_OBJECTS, route("POST", "b", null, "delete"));
        assertEquals(Endpoint.CREATE_BUCKET, route("PUT", "b", null, ""));
        assertEquals(Endpoint.HEAD_BUCKET, route("HEAD", "b", null, ""));
        assertEquals(Endpoint.DELETE_BUCKET, route("DELETE", "b", null, ""));
        assertEquals(Endpoint.PUT_OBJECT, route("PUT", "b", "k", ""));
        assertEquals(Endpoint.COPY_OBJECT, Router.route(req("PUT", "b", "k", "", Map.of("x-amz-copy-source", "/a/b"))));
        assertEquals(Endpoint.UPLOAD_PART, route("PUT", "b", "k", "partNumber=1&uploadId=u"));
        assertEquals(
                Endpoint.UPLOAD_PART_COPY,
                Router.route(req("PUT", "b", "k", "partNumber=1&uploadId=u", Map.of("x-amz-copy-source", "/a/b"))));
        assertEquals(Endpoint.CREATE_MULTIPART_UPLOAD, route("POST", "b", "k", "uploads"));
        assertEquals(Endpoint.COMPLETE_MULTIPART_UPLOAD, route("POST", "b", "k", "uploadId=u"));
        assertEquals(Endpoint.ABORT_MULTIPART_UPLOAD, route("DELETE", "b", "k", "uploadId=u"));
        assertEquals(Endpoint.LIST_PARTS, route("GET", "b", "k", "uploadId=u"));
        assertEquals(Endpoint.GET_OBJECT, route("GET", "b", "k", ""));
        assertEquals(Endpoint.HEAD_OBJECT, route("HEAD", "b", "k", ""));
        assertEquals(Endpoint.DELETE_OBJECT, route("DELETE", "b", "k", ""));
        assertEquals(Endpoint.GET_OBJECT_TAGGING, route("GET", "b", "k", "tagging"));
    }

    @Test
    void unimplementedBucketSubresourcesNameTheApi() {
        Endpoint lifecycle = route("PUT", "b", null, "lifecycle");
        assertEquals(Endpoint.PUT_BUCKET_LIFECYCLE_CONFIGURATION, lifecycle);
        assertTrue(
                !lifecycle.implemented() && lifecycle.apiName().equals("PutBucketLifecycleConfiguration"),
                lifecycle.apiName());
        assertEquals(Endpoint.PUT_BUCKET_CORS, route("PUT", "b", null, "cors"));
        assertTrue(route("PUT", "b", null, "cors").implemented(), "issue 18: CORS");
        // a read or delete of a configuration posixgw has none of is answered (issue 16 item 9)
        assertTrue(route("DELETE", "b", null, "cors").implemented());
        assertEquals(Endpoint.DELETE_BUCKET_LIFECYCLE, route("DELETE", "b", null, "lifecycle"));
        // a HEAD is refused as the GET; the first such sub-resource in the query names the API
        assertEquals(Endpoint.GET_BUCKET_METRICS_CONFIGURATION, route("HEAD", "b", null, "metrics"));
        assertEquals(Endpoint.GET_BUCKET_INVENTORY_CONFIGURATION, route("GET", "b", null, "inventory&metrics"));
        // a sub-resource posixgw has still wins over one it lacks; a method no row has keeps its 405
        assertEquals(Endpoint.GET_BUCKET_VERSIONING, route("GET", "b", null, "metrics&versioning"));
        assertEquals(
                S3Error.METHOD_NOT_ALLOWED,
                assertThrows(S3Exception.class, () -> route("GET", "b", null, "metrics&delete"))
                        .error());
        assertEquals(
                S3Error.METHOD_NOT_ALLOWED,
                assertThrows(S3Exception.class, () -> route("POST", "b", null, "metrics"))
                        .error());
    }

    /** The bucket sub-resources answered by family name before they were rows, and the family each was named by. */
    private static final Map<String, String> FAMILIES_BEFORE_ROWS = Map.ofEntries(
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

    /**
     * Every method on every bucket sub-resource posixgw lacks answers 501 with the message it had when they
     * were a list in the router (Get/Put/Delete + family), whether its row or the router says it; the one
     * change is DELETE ?lifecycle, which now names S3's API, DeleteBucketLifecycle.
     */
    @Test
    void lackedSubresourcesAnswerAsBefore() {
        assertEquals(
                new java.util.TreeSet<>(FAMILIES_BEFORE_ROWS.keySet()),
                new java.util.TreeSet<>(
                        java.util.stream.Stream.concat(Router.lackedSubresources().stream(), ANSWERED_SINCE.stream())
                                .toList()));
        Map<String, String> verbs = Map.of("GET", "Get", "HEAD", "Get", "PUT", "Put", "DELETE", "Delete");
        FAMILIES_BEFORE_ROWS.forEach((query, family) -> verbs.forEach((method, verb) -> {
            String expected =
                    (method.equals("DELETE") && query.equals("lifecycle") ? "DeleteBucketLifecycle" : verb + family)
                            + " is not implemented by posixgw";
            String answer;
            try {
                Endpoint e = route(method, "b", null, query);
                if (e.implemented()) {
                    // issue 16 items 9 and 8: the reads and deletes of configurations posixgw has none of are answered;
                    // tagging and (issue 18) policies are kept
                    assertTrue(
                            ANSWERED_SINCE.contains(query)
                                    && (method.equals("GET")
                                            || method.equals("DELETE")
                                            || (query.equals("tagging")
                                                            || query.equals("cors")
                                                            || query.equals("policy")
                                                            || query.equals("publicAccessBlock")
                                                            || query.equals("ownershipControls")
                                                            || query.equals("object-lock"))
                                                    && method.equals("PUT")),
                            method + " ?" + query);
                    return;
                }
                answer = e.apiName()
                        + " is not implemented by posixgw"; // as the connection answers an unimplemented row
            } catch (S3Exception refused) {
                if (refused.error() == S3Error.METHOD_NOT_ALLOWED && ANSWERED_SINCE.contains(query)) {
                    // a method S3 has no API for on a sub-resource posixgw now has (DELETE ?policyStatus, HEAD ?cors):
                    // 405, as ?versioning
                    return;
                }
                assertEquals(S3Error.NOT_IMPLEMENTED, refused.error(), method + " ?" + query);
                answer = refused.getMessage();
            }
            assertEquals(expected, answer, method + " ?" + query);
        }));
    }

    /** The sub-resources whose reads (and deletes) are answered since issue 16 item 9; their writes still name the API. */
    private static final java.util.Set<String> ANSWERED_SINCE = java.util.Set.of(
            "policy",
            "policyStatus",
            "cors",
            "lifecycle",
            "website",
            "logging",
            "notification",
            "replication",
            "encryption",
            "object-lock",
            "ownershipControls",
            "publicAccessBlock",
            "accelerate",
            "requestPayment",
            "tagging");

    /** No row is shadowed by another: a request made from a row's own method, level, selector and copy rule reaches it. */
    @Test
    void everyRowIsReachedByItsOwnRequest() {
        for (Endpoint e : Endpoint.values()) {
            String bucket = e.level() == Endpoint.Level.SERVICE ? null : "b";
            String key = e.level() == Endpoint.Level.OBJECT ? "k" : null;
            Map<String, String> headers =
                    e.copy() == Endpoint.Copy.REQUIRED ? Map.of("x-amz-copy-source", "/a/b") : Map.of();
            assertEquals(
                    e,
                    Router.route(
                            req(e.method(), bucket, key, e.selector() == null ? "" : e.selector() + "=2", headers)),
                    e.toString());
        }
    }

    /** A CORS preflight names the URL the browser will use: a presigned one, a multipart upload's, a sub-resource. */
    @Test
    void preflightTakesAnyQuery() {
        assertEquals(Endpoint.OPTIONS_OBJECT, route("OPTIONS", "b", "k", "uploadId=1&partNumber=2&X-Amz-Signature=x"));
        assertEquals(Endpoint.OPTIONS_BUCKET, route("OPTIONS", "b", null, "policy"));
        assertEquals(Endpoint.OPTIONS_BUCKET, route("OPTIONS", "b", null, ""));
    }

    /** A plain endpoint lets through exactly the parameters its row declares (and the ones every request may carry). */
    @Test
    void plainEndpointsTakeWhatTheirRowDeclares() {
        for (Endpoint e : Endpoint.values()) {
            if (e.selector() != null || !e.implemented() || e.method().equals("OPTIONS")) {
                continue; // a preflight takes any query (preflightTakesAnyQuery)
            }
            String bucket = e.level() == Endpoint.Level.SERVICE ? null : "b";
            String key = e.level() == Endpoint.Level.OBJECT ? "k" : null;
            Map<String, String> headers =
                    e.copy() == Endpoint.Copy.REQUIRED ? Map.of("x-amz-copy-source", "/a/b") : Map.of();
            for (String p : e.takes().query()) {
                assertEquals(e, Router.route(req(e.method(), bucket, key, p + "=1", headers)), e + " ?" + p);
            }
            S3Exception refused = assertThrows(
                    S3Exception.class,
                    () -> Router.route(req(e.method(), bucket, key, "undeclared", headers)),
                    e.toString());
            assertEquals(S3Error.NOT_IMPLEMENTED, refused.error());
            assertEquals(e.method() + " with ?undeclared is not implemented by posixgw", refused.getMessage());
        }
    }

    @Test
    void serverSideEncryptionIsRefusedNotIgnored() {
        for (String header : List.of(
                "x-amz-server-side-encryption",
                "x-amz-server-side-encryption-aws-kms-key-id",
                "x-amz-server-side-encryption-customer-algorithm",
                "x-amz-copy-source-server-side-encryption-customer-algorithm")) {
            for (S3Request r : List.of(
                    req("PUT", "b", "k", "", Map.of(header, "AES256")),
                    req("POST", "b", "k", "uploads", Map.of(header, "aws:kms")),
                    req("PUT", "b", "k", "", Map.of(header, "AES256", "x-amz-copy-source", "/a/b")),
                    req("GET", "b", "k", "", Map.of(header, "AES256")))) {
                S3Exception e = assertThrows(S3Exception.class, () -> Router.route(r), header);
                assertEquals(S3Error.NOT_IMPLEMENTED, e.error());
                assertTrue(e.getMessage().contains(header), e.getMessage());
            }
        }
        assertEquals(
                Endpoint.PUT_OBJECT, Router.route(req("PUT", "b", "k", "", Map.of("x-amz-storage-class", "STANDARD"))));
    }

    @Test
    void aSubresourceWithoutItsMethodNeverFallsToThePlainOperation() {
        // there is no DELETE ?acl, ?versioning, ?uploads...: never a DeleteObject or DeleteBucket
        for (String query : List.of("acl", "retention", "uploads", "attributes", "legal-hold")) {
            assertEquals(
                    S3Error.METHOD_NOT_ALLOWED,
                    assertThrows(S3Exception.class, () -> route("DELETE", "b", "k", query))
                            .error(),
                    query);
        }
        for (String query : List.of("versioning", "versions", "uploads", "location", "list-type=2")) {
            assertEquals(
                    S3Error.METHOD_NOT_ALLOWED,
                    assertThrows(S3Exception.class, () -> route("DELETE", "b", null, query))
                            .error(),
                    query);
        }
        assertEquals(
                S3Error.METHOD_NOT_ALLOWED,
                assertThrows(S3Exception.class, () -> route("PUT", "b", "k", "uploads"))
                        .error());
        // sub-resources of APIs posixgw does not know at all are refused too (newer S3 APIs)
        for (String[] r : new String[][] {
            {"PUT", "k", "encryption"},
            {"PUT", "k", "renameObject"},
            {"DELETE", null, "metadataConfiguration"},
            {"GET", null, "session"},
            {"PUT", null, "abac"},
            {"DELETE", "k", "somethingNew"}
        }) {
            S3Exception e = assertThrows(S3Exception.class, () -> route(r[0], "b", r[1], r[2]), String.join(" ", r));
            assertEquals(S3Error.NOT_IMPLEMENTED, e.error(), String.join(" ", r));
        }
        // parameters that are not sub-resources keep the plain operation
        assertEquals(Endpoint.DELETE_OBJECT, route("DELETE", "b", "k", "versionId=null"));
        assertEquals(Endpoint.GET_OBJECT, route("GET", "b", "k", "partNumber=1&response-content-type=x"));
        assertEquals(Endpoint.LIST_OBJECTS, route("GET", "b", null, "prefix=a&marker=b"));
        assertEquals(
                Endpoint.PUT_OBJECT, route("PUT", "b", "k", "x-id=PutObject&X-Amz-Signature=00&X-Amz-Expires=60&&"));
        assertEquals(Endpoint.LIST_BUCKETS, route("GET", null, null, "prefix=a&max-buckets=2&x-id=ListBuckets"));
    }

    @Test
    void readsIgnoreUnknownParametersWithAValueAsS3Does() {
        assertEquals(Endpoint.GET_OBJECT, route("GET", "b", "k", "cachebust=123"));
        assertEquals(Endpoint.HEAD_OBJECT, route("HEAD", "b", "k", "foo=bar&versionId=null"));
        assertEquals(Endpoint.GET_OBJECT, route("GET", "b", "k", "response-content-type=text%2Fplain&foo=1"));
        // a sub-resource (named without a value) is an API, never answered with the object
        for (String query : List.of("metadataTable", "somethingNew", "foo=", "cachebust=1&attributes2")) {
            assertEquals(
                    S3Error.NOT_IMPLEMENTED,
                    assertThrows(S3Exception.class, () -> route("GET", "b", "k", query), query)
                            .error(),
                    query);
        }
        // nor is a header sent as a parameter without a presigned signature dropped
        assertEquals(
                S3Error.NOT_IMPLEMENTED,
                assertThrows(S3Exception.class, () -> route("GET", "b", "k", "x-amz-checksum-mode=ENABLED"))
                        .error());
        // writes and deletes keep refusing anything they do not take
        assertEquals(
                S3Error.NOT_IMPLEMENTED,
                assertThrows(S3Exception.class, () -> route("PUT", "b", "k", "foo=bar"))
                        .error());
        assertEquals(
                S3Error.NOT_IMPLEMENTED,
                assertThrows(S3Exception.class, () -> route("DELETE", "b", "k", "foo=bar"))
                        .error());
    }

    @Test
    void wrongMethodIsMethodNotAllowed() {
        assertEquals(
                S3Error.METHOD_NOT_ALLOWED,
                assertThrows(S3Exception.class, () -> route("PATCH", "b", "k", ""))
                        .error());
        assertEquals(
                S3Error.METHOD_NOT_ALLOWED,
                assertThrows(S3Exception.class, () -> route("PUT", null, null, ""))
                        .error());
    }
}
