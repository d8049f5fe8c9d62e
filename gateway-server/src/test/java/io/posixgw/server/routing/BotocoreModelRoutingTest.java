package io.posixgw.server.routing;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.posixgw.core.S3Exception;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every operation of S3's own API model (botocore's {@code service-2.json}, from Debian's
 * python3-botocore and awscli, which the test set-up installs) routed as a path-style request
 * with its required parameters and headers: an operation posixgw implements reaches its
 * endpoint, and any other is refused (or reaches its own unimplemented endpoint), never
 * another operation. S3 adds sub-resources every year; this is what keeps one of them from
 * reaching a plain PutObject, DeleteObject or DeleteBucket.
 */
class BotocoreModelRoutingTest {
    static final List<Path> MODELS = List.of(
            Path.of("/usr/lib/python3/dist-packages/botocore/data/s3/2006-03-01/service-2.json"),
            Path.of("/usr/lib/python3/dist-packages/awscli/botocore/data/s3/2006-03-01/service-2.json"));
    /** Operations of other S3 hosts that a path-style request cannot tell apart from ListBuckets and the like. */
    static final Set<String> OTHER_HOSTS = Set.of("ListDirectoryBuckets", "WriteGetObjectResponse");
    /**
     * S3's other names for the very request line of one of posixgw's unimplemented rows (a legacy name,
     * or the List of a configuration family, which differs from its Get only by the {@code id} it lacks).
     */
    static final Map<String, Endpoint> SAME_REQUEST = Map.of(
            "GetBucketLifecycle", Endpoint.GET_BUCKET_LIFECYCLE_CONFIGURATION,
            "PutBucketLifecycle", Endpoint.PUT_BUCKET_LIFECYCLE_CONFIGURATION,
            "GetBucketNotification", Endpoint.GET_BUCKET_NOTIFICATION_CONFIGURATION,
            "PutBucketNotification", Endpoint.PUT_BUCKET_NOTIFICATION_CONFIGURATION,
            "ListBucketAnalyticsConfigurations", Endpoint.GET_BUCKET_ANALYTICS_CONFIGURATION,
            "ListBucketMetricsConfigurations", Endpoint.GET_BUCKET_METRICS_CONFIGURATION,
            "ListBucketInventoryConfigurations", Endpoint.GET_BUCKET_INVENTORY_CONFIGURATION,
            "ListBucketIntelligentTieringConfigurations", Endpoint.GET_BUCKET_INTELLIGENT_TIERING_CONFIGURATION);

    /**
     * @param optionalQuery the operation's optional query members: an operation posixgw implements must take every one
     *                      (what a client may add must never turn it into a 501)
     */
    record Operation(
            Path model,
            String name,
            String method,
            String uri,
            List<Map.Entry<String, String>> query,
            Map<String, String> headers,
            List<Map.Entry<String, String>> optionalQuery) {
        @Override
        public String toString() {
            return name + " " + method + " " + uri + " (" + model + ")";
        }
    }

    static Stream<Operation> operations() throws Exception {
        List<Operation> out = new ArrayList<>();
        List<Path> models = new ArrayList<>(MODELS);
        // more models (a newer botocore's, gzipped or not): -Dbotocore.models=/path/service-2.json.gz:...
        for (String extra : System.getProperty("botocore.models", "").split(":")) {
            if (!extra.isBlank()) {
                models.add(Path.of(extra));
            }
        }
        for (Path model : models) {
            if (!Files.isRegularFile(model)) {
                continue;
            }
            JsonNode root;
            try (java.io.InputStream in = model.toString().endsWith(".gz")
                    ? new java.util.zip.GZIPInputStream(Files.newInputStream(model))
                    : Files.newInputStream(model)) {
                root = new ObjectMapper().readTree(in);
            }
            JsonNode shapes = root.get("shapes");
            root.get("operations").fields().forEachRemaining(op -> {
                if (OTHER_HOSTS.contains(op.getKey())) {
                    return;
                }
                JsonNode http = op.getValue().get("http");
                String uri = http.get("requestUri").asText();
                List<Map.Entry<String, String>> query = new ArrayList<>();
                int q = uri.indexOf('?');
                if (q >= 0) {
                    for (String pair : uri.substring(q + 1).split("&")) {
                        int eq = pair.indexOf('=');
                        query.add(
                                Map.entry(eq < 0 ? pair : pair.substring(0, eq), eq < 0 ? "" : pair.substring(eq + 1)));
                    }
                }
                Map<String, String> headers = new HashMap<>();
                List<Map.Entry<String, String>> optional = new ArrayList<>();
                JsonNode input = op.getValue().get("input");
                if (input != null) {
                    JsonNode shape = shapes.get(input.get("shape").asText());
                    Set<String> required = new HashSet<>();
                    shape.path("required").forEach(r -> required.add(r.asText()));
                    shape.path("members").fields().forEachRemaining(m -> {
                        String location = m.getValue().path("location").asText();
                        String wire = m.getValue().path("locationName").asText(m.getKey());
                        if (!required.contains(m.getKey())) {
                            if (location.equals("querystring")) {
                                optional.add(Map.entry(wire, "1"));
                            }
                            return;
                        }
                        if (location.equals("querystring")) {
                            query.add(Map.entry(wire, "1"));
                        } else if (location.equals("header")) {
                            headers.put(wire.toLowerCase(java.util.Locale.ROOT), "/b/k");
                        }
                    });
                }
                out.add(new Operation(
                        model,
                        op.getKey(),
                        http.get("method").asText(),
                        q < 0 ? uri : uri.substring(0, q),
                        query,
                        headers,
                        optional));
            });
        }
        Assumptions.assumeFalse(out.isEmpty(), "no botocore S3 model installed (Debian's python3-botocore or awscli)");
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("operations")
    void eachS3OperationReachesItselfOrIsRefused(Operation op) {
        String bucket = op.uri().startsWith("/{Bucket}") ? "b" : null;
        String key = op.uri().contains("{Key+}") ? "k" : null;
        S3Request request = RouterTest.req(op.method(), bucket, key, "", op.headers());
        request.query().addAll(op.query());
        Endpoint ours = null;
        for (Endpoint e : Endpoint.values()) {
            if (e.apiName().equals(op.name())) {
                ours = e;
            }
        }
        Endpoint routed;
        try {
            routed = Router.route(request);
        } catch (S3Exception refused) {
            assertTrue(
                    ours == null || !ours.implemented(), op + " is implemented but refused: " + refused.getMessage());
            return;
        }
        if (ours != null && ours.implemented()) {
            assertEquals(ours, routed, op.toString());
            // what the model sends is what the row declares: the handler may read it (Exchange.query checks)
            for (Map.Entry<String, String> q : concat(op.query(), op.optionalQuery())) {
                assertTrue(
                        ours.takesParameter(q.getKey()) || q.getKey().equals("x-id"),
                        op + ": its row does not declare ?" + q.getKey());
            }
            request.query().addAll(op.optionalQuery());
            Endpoint withAll = assertDoesNotThrow(
                    () -> Router.route(request), op + " with its optional parameters " + op.optionalQuery());
            assertEquals(ours, withAll, op + " with its optional parameters");
        } else if (SAME_REQUEST.containsKey(op.name())) {
            // answered as the API it is the same request as (GetBucketLifecycle as GetBucketLifecycleConfiguration)
            assertEquals(
                    SAME_REQUEST.get(op.name()), routed, op + " is the same request as " + SAME_REQUEST.get(op.name()));
        } else {
            assertEquals(op.name(), routed.apiName(), op + " must not reach another operation");
            assertTrue(!routed.implemented(), op.toString());
        }
    }

    private static List<Map.Entry<String, String>> concat(
            List<Map.Entry<String, String>> a, List<Map.Entry<String, String>> b) {
        List<Map.Entry<String, String>> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
