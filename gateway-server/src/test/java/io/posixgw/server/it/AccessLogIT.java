package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The access log of a real server process: its fields, JSON that stays one valid object per
 * line whatever the key holds, and never a secret, a signature or a credential.
 */
class AccessLogIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A key with a quote, a backslash, a newline, a control character, non-ASCII and braces. */
    private static final String KEY = "dir/q\"uo\\te\nline\u0001é{}";

    @TempDir
    Path root;

    /** What the test sent, and the secrets the log must not show. */
    record Sent(
            String putRequestId, String missingRequestId, String authorizationSignature, String presignedSignature) {}

    private static Sent traffic(ServerProcess server) throws Exception {
        TestSigner signer = new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "us-east-1");
        RawS3 raw = new RawS3("127.0.0.1", server.port, signer);
        assertEquals(
                200, raw.send("PUT", "/logs", Map.of(), Map.of(), new byte[0]).status());
        String path = "/logs/" + TestSigner.encode(KEY, false);
        byte[] body = "hello".getBytes(StandardCharsets.UTF_8);
        Map<String, String> headers = raw.signedHeaders(
                "PUT", path, Map.of(), Map.of(), TestSigner.hex(TestSigner.sha256(body)), Instant.now());
        RawS3.Response put = raw.exchange("PUT", path, headers, body);
        assertEquals(200, put.status(), put.text());
        RawS3.Response missing = raw.send("GET", "/logs/missing", Map.of(), Map.of(), new byte[0]);
        assertEquals("NoSuchKey", missing.errorCode());

        String query = signer.presign("GET", path, "127.0.0.1:" + server.port, Map.of(), 300, Instant.now());
        HttpResponse<String> presigned = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(server.endpoint() + path + "?" + query))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals("hello", presigned.body());
        String presignedSignature = query.substring(query.indexOf("X-Amz-Signature=") + "X-Amz-Signature=".length());
        return new Sent(
                put.header("x-amz-request-id"),
                missing.header("x-amz-request-id"),
                RawS3.signatureOf(headers.get("Authorization")),
                presignedSignature);
    }

    /** The output once it holds {@code n} lines from the access logger (the appender is asynchronous). */
    private static List<String> waitForAccessLines(ServerProcess server, String marker, int n)
            throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            List<String> lines;
            synchronized (server.output) {
                lines = new ArrayList<>(server.output);
            }
            if (lines.stream().filter(l -> l.contains(marker)).count() >= n || System.nanoTime() > deadline) {
                return lines;
            }
            Thread.sleep(50);
        }
    }

    private static void assertNoSecret(List<String> output, Sent sent) {
        String all = String.join("\n", output);
        for (String secret : List.of(
                TestGateway.SECRET,
                sent.authorizationSignature(),
                sent.presignedSignature(),
                "X-Amz-Signature",
                "X-Amz-Credential",
                "Signature=",
                "AWS4-HMAC-SHA256")) {
            assertFalse(all.contains(secret), "the log shows " + secret + ":\n" + all);
        }
    }

    @Test
    void jsonLinesCarryTheFieldsStayValidAndShowNoSecret() throws Exception {
        try (ServerProcess server =
                ServerProcess.start(root, "128m", false, "--log-format", "json", "--fsync", "off")) {
            Sent sent = traffic(server);
            List<String> output = waitForAccessLines(server, "\"logger\":\"posixgw.access\"", 4);
            List<JsonNode> access = new ArrayList<>();
            for (String line : output) {
                JsonNode n = JSON.readTree(line); // every line of the server is one JSON object
                assertTrue(n.isObject(), line);
                assertTrue(n.get("time").asText().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"), line);
                if (n.get("logger").asText().equals("posixgw.access")) {
                    access.add(n);
                }
            }
            assertEquals(4, access.size(), output.toString());

            JsonNode put = access.stream()
                    .filter(n -> n.get("request_id").asText().equals(sent.putRequestId()))
                    .findFirst()
                    .orElseThrow();
            assertEquals("PUT", put.get("method").asText());
            assertEquals("PutObject", put.get("operation").asText());
            assertEquals("logs", put.get("bucket").asText());
            assertEquals(KEY, put.get("key").asText(), "the key round-trips through the JSON escaping");
            assertEquals(
                    "/logs/" + TestSigner.encode(KEY, false), put.get("path").asText());
            assertEquals(200, put.get("status").asInt());
            assertTrue(put.get("status").isInt());
            assertFalse(put.has("error"));
            assertEquals(5, put.get("bytes_in").asLong());
            assertEquals(0, put.get("bytes_out").asLong());
            assertTrue(put.get("latency_ms").isNumber() && put.get("latency_ms").asDouble() > 0, put.toString());
            assertTrue(put.get("remote").asText().matches("127\\.0\\.0\\.1:\\d+"), put.toString());

            JsonNode missing = access.stream()
                    .filter(n -> n.get("request_id").asText().equals(sent.missingRequestId()))
                    .findFirst()
                    .orElseThrow();
            assertEquals("GetObject", missing.get("operation").asText());
            assertEquals(404, missing.get("status").asInt());
            assertEquals("NoSuchKey", missing.get("error").asText());
            assertTrue(missing.get("bytes_out").asLong() > 0, "the error body");

            JsonNode presigned = access.stream()
                    .filter(n -> n.get("operation").asText().equals("GetObject")
                            && n.get("status").asInt() == 200)
                    .findFirst()
                    .orElseThrow();
            assertEquals(KEY, presigned.get("key").asText());
            assertEquals(5, presigned.get("bytes_out").asLong());
            assertFalse(presigned.get("path").asText().contains("?"), "never the query");

            assertNoSecret(output, sent);
        }
    }

    @Test
    void textLinesByDefaultAndNoneWhenQuiet() throws Exception {
        try (ServerProcess server = ServerProcess.start(root, "128m", false, "--fsync", "off")) {
            Sent sent = traffic(server);
            List<String> output = waitForAccessLines(server, sent.missingRequestId(), 1);
            String put = output.stream()
                    .filter(l -> l.contains(sent.putRequestId()))
                    .findFirst()
                    .orElseThrow();
            assertTrue(
                    put.matches(".* " + sent.putRequestId()
                            + " 127\\.0\\.0\\.1:\\d+ PUT /logs/\\S+ PutObject 200 - in=5 out=0 " + "\\d+\\.\\d{3}ms"),
                    put);
            String missing = output.stream()
                    .filter(l -> l.contains(sent.missingRequestId()))
                    .findFirst()
                    .orElseThrow();
            assertTrue(missing.contains(" GET /logs/missing GetObject 404 NoSuchKey "), missing);
            assertNoSecret(output, sent);
        }
        try (ServerProcess quiet = ServerProcess.start(root.resolve("q"), "128m", true, "--fsync", "off")) {
            Sent sent = traffic(quiet);
            Thread.sleep(500); // what the asynchronous appender would have written by now
            synchronized (quiet.output) {
                assertTrue(
                        quiet.output.stream()
                                .noneMatch(l -> l.contains(sent.putRequestId()) || l.contains(sent.missingRequestId())),
                        quiet.output.toString());
            }
        }
    }
}
