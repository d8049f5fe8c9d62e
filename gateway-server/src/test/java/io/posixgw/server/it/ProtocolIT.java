package io.posixgw.server.it;

import static io.posixgw.server.it.Checklist.AUTH_ANONYMOUS;
import static io.posixgw.server.it.Checklist.ERROR_BODY;
import static io.posixgw.server.it.Checklist.GET_MISSING_BUCKET;
import static io.posixgw.server.it.Checklist.HTTP_CONNECTION_CLOSE;
import static io.posixgw.server.it.Checklist.HTTP_HEADER_LIMIT;
import static io.posixgw.server.it.Checklist.HTTP_IDLE_TIMEOUT;
import static io.posixgw.server.it.Checklist.HTTP_KEEP_ALIVE;
import static io.posixgw.server.it.Checklist.PUT_ETAG;
import static io.posixgw.server.it.Checklist.REQUEST_ID;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** HTTP behaviour: keep-alive, Connection: close, unauthenticated access, health, request ids. */
class ProtocolIT {
    @TempDir
    Path root;

    TestGateway gw;

    @BeforeEach
    void start() throws Exception {
        gw = TestGateway.start(root);
    }

    @AfterEach
    void stop() {
        gw.close();
    }

    @Test
    @Conformance({HTTP_KEEP_ALIVE, HTTP_CONNECTION_CLOSE, PUT_ETAG})
    void twoRequestsReuseOneConnectionAndCloseIsHonoured() throws Exception {
        RawS3 raw = gw.raw();
        try (Socket s = new Socket("127.0.0.1", gw.port)) {
            s.setSoTimeout(10_000);
            RawS3.Response create = raw.send(s, "PUT", "/keepalive", Map.of(), Map.of(), new byte[0]);
            assertEquals(200, create.status(), create.text());
            RawS3.Response put = raw.send(
                    s, "PUT", "/keepalive/a.txt", Map.of(), Map.of(), "hello".getBytes(StandardCharsets.UTF_8));
            assertEquals(200, put.status(), put.text());
            assertEquals("\"5d41402abc4b2a76b9719d911017c592\"", put.header("etag"));
            RawS3.Response get =
                    raw.send(s, "GET", "/keepalive/a.txt", Map.of(), Map.of("connection", "close"), new byte[0]);
            assertEquals(200, get.status());
            assertEquals("hello", get.text());
            assertEquals("close", get.header("connection"));
            assertEquals(-1, s.getInputStream().read(), "server closed the connection after Connection: close");
        }
    }

    @Test
    @Conformance(HTTP_KEEP_ALIVE)
    void pipelinedRequestsAreAnsweredInOrder() throws Exception {
        RawS3 raw = gw.raw();
        raw.send("PUT", "/pipe", Map.of(), Map.of(), new byte[0]);
        raw.send("PUT", "/pipe/one", Map.of(), Map.of(), "1".getBytes(StandardCharsets.UTF_8));
        raw.send("PUT", "/pipe/two", Map.of(), Map.of(), "22".getBytes(StandardCharsets.UTF_8));
        try (Socket s = new Socket("127.0.0.1", gw.port)) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            for (String key : new String[] {"one", "two", "one"}) {
                Map<String, String> headers = new LinkedHashMap<>();
                headers.put("host", "127.0.0.1:" + gw.port);
                headers.putAll(raw.signer.sign(
                        "GET",
                        "/pipe/" + key,
                        Map.of(),
                        Map.of("host", "127.0.0.1:" + gw.port),
                        TestSigner.EMPTY_SHA256,
                        java.time.Instant.now()));
                RawS3.writeHead(out, "GET", "/pipe/" + key, headers);
            }
            out.flush();
            InputStream in = s.getInputStream();
            assertEquals("1", RawS3.read(in, false).text());
            assertEquals("22", RawS3.read(in, false).text());
            assertEquals("1", RawS3.read(in, false).text());
        }
    }

    /** A client of the gateway on {@code port} whose secret is wrong: its signatures fail. */
    static RawS3 wrongSecret(int port) {
        return new RawS3("127.0.0.1", port, new TestSigner(TestGateway.ACCESS, "wrong-secret", "us-east-1"));
    }

    @Test
    @Conformance(HTTP_KEEP_ALIVE)
    void nothingPipelinedBehindAnAnswerThatClosesTheConnectionIsRun() throws Exception {
        RawS3 raw = gw.raw();
        raw.send("PUT", "/pipe-close", Map.of(), Map.of(), new byte[0]);
        raw.send("PUT", "/pipe-close/victim", Map.of(), Map.of(), "abc".getBytes(StandardCharsets.UTF_8));
        try (Socket s = new Socket("127.0.0.1", gw.port)) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            // a GET whose signature fails, asking to close; a DELETE pipelined behind it in the same write
            Map<String, String> get = new LinkedHashMap<>(wrongSecret(gw.port)
                    .signedHeaders(
                            "GET",
                            "/pipe-close/victim",
                            Map.of(),
                            Map.of(),
                            TestSigner.EMPTY_SHA256,
                            java.time.Instant.now()));
            get.put("connection", "close");
            RawS3.writeHead(out, "GET", "/pipe-close/victim", get);
            RawS3.writeHead(
                    out,
                    "DELETE",
                    "/pipe-close/victim",
                    raw.signedHeaders(
                            "DELETE",
                            "/pipe-close/victim",
                            Map.of(),
                            Map.of(),
                            TestSigner.EMPTY_SHA256,
                            java.time.Instant.now()));
            out.flush();
            String answers = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertTrue(answers.startsWith("HTTP/1.1 403 "), answers);
            assertEquals(1, answers.split("HTTP/1.1 ", -1).length - 1, "one answer, then the close: " + answers);
        }
        Thread.sleep(300);
        assertEquals(
                "abc",
                raw.send("GET", "/pipe-close/victim", Map.of(), Map.of(), new byte[0])
                        .text(),
                "the DELETE behind the closing answer was never run");
    }

    @Test
    void malformedFramingIsAnsweredNotDropped() throws Exception {
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("PUT /b/x HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n", "HTTP/1.1 400 ");
        cases.put("PUT /b/x HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 5\r\n\r\nhello", "HTTP/1.1 400 ");
        cases.put("GET /b/x HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "HTTP/1.1 400 ");
        cases.put(
                "PUT /b/x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
                "HTTP/1.1 501 ");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            try (Socket s = new Socket("127.0.0.1", gw.port)) {
                s.setSoTimeout(10_000);
                s.getOutputStream().write(c.getKey().getBytes(StandardCharsets.US_ASCII));
                String out = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                assertTrue(out.startsWith(c.getValue()), c.getKey() + " => " + out);
                assertTrue(out.contains("<Error><Code>"), out);
            }
        }
    }

    @Test
    @Conformance({AUTH_ANONYMOUS, REQUEST_ID})
    void curlWithoutAuthIsAccessDeniedXml() throws Exception {
        gw.raw().send("PUT", "/curl-private", Map.of(), Map.of(), new byte[0]); // private: no policy lets anyone in
        Process p = new ProcessBuilder("curl", "-s", "-i", gw.endpoint() + "/curl-private/some-key")
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor());
        assertTrue(out.startsWith("HTTP/1.1 403"), out);
        assertTrue(out.contains("<Code>AccessDenied</Code>"), out);
        assertTrue(out.toLowerCase().contains("x-amz-request-id: "), out);
        assertTrue(out.contains("<RequestId>"), out);
    }

    @Test
    @Conformance(AUTH_ANONYMOUS)
    void anUnsignedRequestLearnsNothingAboutWhichApisExist() throws Exception {
        RawS3 raw = gw.raw();
        raw.send("PUT", "/anon-private", Map.of(), Map.of(), new byte[0]); // a private bucket: no policy
        Map<String, String> host = Map.of("host", "127.0.0.1:" + gw.port);
        for (String[] r : new String[][] {
            {"GET", "/anon-private?policy"},
            {"PUT", "/anon-private/k?retention"},
            {"POST", "/anon-private/k"},
            {"GET", "/anon-private/k?unknownThing"}
        }) {
            RawS3.Response answer = raw.exchange(r[0], r[1], host, new byte[0]);
            assertEquals(403, answer.status(), String.join(" ", r) + ": " + answer.text());
            assertEquals("AccessDenied", answer.errorCode(), String.join(" ", r));
        }
        // a made-up Authorization header gets the authentication error, not the routing answer
        RawS3.Response bogus = raw.exchange(
                "GET", "/some-bucket?cors", Map.of("host", "127.0.0.1:" + gw.port, "authorization", "x"), new byte[0]);
        assertTrue(bogus.status() == 400 || bogus.status() == 403, bogus.text());
        assertTrue(
                !"NotImplemented".equals(bogus.errorCode()) && !"MethodNotAllowed".equals(bogus.errorCode()),
                bogus.text());
        RawS3.Response fakeSignature =
                raw.exchange("POST", "/some-bucket/k?Signature=1", Map.of("host", "127.0.0.1:" + gw.port), new byte[0]);
        assertTrue(fakeSignature.status() == 400 || fakeSignature.status() == 403, fakeSignature.text());
    }

    @Test
    void otherHttpVersionsAreAnsweredInHttp11With505() throws Exception {
        for (String request :
                List.of("GET /some-bucket/k HTTP/2.0\r\nHost: x\r\n\r\n", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")) {
            try (Socket s = new Socket("127.0.0.1", gw.port)) {
                s.setSoTimeout(10_000);
                s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
                String out = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                assertTrue(out.startsWith("HTTP/1.1 505 "), out);
                assertTrue(out.contains("<Code>HttpVersionNotSupported</Code>"), out);
                assertTrue(out.toLowerCase().contains("connection: close"), out);
            }
        }
    }

    @Test
    @Conformance(REQUEST_ID)
    void healthIsUnauthenticated() throws Exception {
        try (Socket s = new Socket("127.0.0.1", gw.port)) {
            s.setSoTimeout(10_000);
            RawS3.writeHead(s.getOutputStream(), "GET", "/_/health", Map.of("host", "x"));
            RawS3.Response r = RawS3.read(s.getInputStream(), false);
            assertEquals(200, r.status());
            assertNotNull(r.header("x-amz-request-id"));
        }
    }

    @Test
    @Conformance({ERROR_BODY, GET_MISSING_BUCKET})
    void errorsCarryRequestIdAndResource() throws Exception {
        RawS3.Response r = gw.raw().send("GET", "/missing-bucket/k", Map.of(), Map.of(), new byte[0]);
        assertEquals(404, r.status());
        assertEquals("NoSuchBucket", r.errorCode());
        assertTrue(r.text().contains("<Resource>/missing-bucket/k</Resource>"), r.text());
        assertTrue(r.text().contains("<RequestId>" + r.header("x-amz-request-id") + "</RequestId>"), r.text());
    }

    /** Every kind of answer, from the HTTP layer, the authenticator and the operations: each has its own request id. */
    @Test
    @Conformance({REQUEST_ID, ERROR_BODY})
    void everyAnswerCarriesARequestIdAndErrorsTheirXml() throws Exception {
        RawS3 raw = gw.raw();
        raw.send("PUT", "/ids", Map.of(), Map.of(), new byte[0]);
        String etag = raw.send("PUT", "/ids/k", Map.of(), Map.of(), "0123456789".getBytes(StandardCharsets.UTF_8))
                .header("etag");
        Map<String, RawS3.Response> answers = new LinkedHashMap<>();
        answers.put("200 GET", raw.send("GET", "/ids/k", Map.of(), Map.of(), new byte[0]));
        answers.put("206 GET", raw.send("GET", "/ids/k", Map.of(), Map.of("range", "bytes=0-1"), new byte[0]));
        answers.put("304 GET", raw.send("GET", "/ids/k", Map.of(), Map.of("if-none-match", etag), new byte[0]));
        answers.put("200 HEAD", raw.send("HEAD", "/ids/k", Map.of(), Map.of(), new byte[0]));
        answers.put("404 HEAD", raw.send("HEAD", "/ids/nope", Map.of(), Map.of(), new byte[0]));
        answers.put("204 DELETE", raw.send("DELETE", "/ids/nope", Map.of(), Map.of(), new byte[0]));
        answers.put("200 list", raw.send("GET", "/ids", Map.of("list-type", "2"), Map.of(), new byte[0]));
        answers.put("404 GET", raw.send("GET", "/ids/nope", Map.of(), Map.of(), new byte[0]));
        answers.put("416 GET", raw.send("GET", "/ids/k", Map.of(), Map.of("range", "bytes=10-"), new byte[0]));
        answers.put("412 GET", raw.send("GET", "/ids/k", Map.of(), Map.of("if-match", "\"x\""), new byte[0]));
        answers.put("400 bucket name", raw.send("GET", "/Bad_Bucket", Map.of(), Map.of(), new byte[0]));
        answers.put(
                "403 anonymous", raw.exchange("GET", "/ids/k", Map.of("host", "127.0.0.1:" + gw.port), new byte[0]));
        answers.put("403 signature", wrongSecret(gw.port).send("GET", "/ids/k", Map.of(), Map.of(), new byte[0]));
        answers.put("501 metrics", raw.send("GET", "/ids", Map.of("metrics", ""), Map.of(), new byte[0]));
        answers.put("405 method", raw.send("POST", "/ids/k", Map.of(), Map.of(), new byte[0]));
        answers.put(
                "400 malformed HTTP",
                raw.exchange("GET", "/ids/k", Map.of("host", "127.0.0.1:" + gw.port, "bad header", "x"), new byte[0]));
        answers.put("health", raw.exchange("GET", "/_/health", Map.of("host", "x"), new byte[0]));
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (Map.Entry<String, RawS3.Response> a : answers.entrySet()) {
            RawS3.Response r = a.getValue();
            String id = r.header("x-amz-request-id");
            assertTrue(id != null && !id.isBlank(), a.getKey() + " has no x-amz-request-id: " + r.headers());
            assertTrue(ids.add(id), a.getKey() + " reuses request id " + id);
            if (r.status() >= 400 && r.body().length > 0) {
                assertTrue(
                        r.text()
                                .matches("(?s)<\\?xml[^>]*>\\s*<Error><Code>[A-Za-z]+</Code><Message>[^<]+</Message>"
                                        + "(<[A-Za-z]+>[^<]*</[A-Za-z]+>)*<Resource>[^<]*</Resource><RequestId>" + id
                                        + "</RequestId></Error>\\s*"),
                        a.getKey() + ": " + r.text());
            }
        }
        assertEquals(200, answers.get("200 GET").status());
        assertEquals(304, answers.get("304 GET").status());
        assertEquals(400, answers.get("400 malformed HTTP").status());
        assertEquals(0, answers.get("404 HEAD").body().length);
    }

    static Stream<Map<String, String>> oversizeHeads() {
        Map<String, String> many = new LinkedHashMap<>(Map.of("host", "x"));
        for (int i = 0; i < 100; i++) {
            many.put("x-pad-" + i, "p".repeat(80));
        }
        return Stream.of(Map.of("host", "x", "x-big", "a".repeat(9000)), many);
    }

    @ParameterizedTest
    @MethodSource("oversizeHeads")
    @Conformance(HTTP_HEADER_LIMIT)
    void oversizeHeaderSectionIs400AndClosed(Map<String, String> head) throws Exception {
        try (Socket s = new Socket("127.0.0.1", gw.port)) {
            s.setSoTimeout(10_000);
            RawS3.writeHead(s.getOutputStream(), "GET", "/", head);
            RawS3.Response r = RawS3.read(s.getInputStream(), false);
            assertEquals(400, r.status());
            assertEquals("RequestHeaderSectionTooLarge", r.errorCode());
            assertEquals(-1, s.getInputStream().read());
        }
    }

    @Test
    @Conformance(HTTP_HEADER_LIMIT)
    void aSignedHeadJustUnder8KiBIsServed() throws Exception {
        RawS3 raw = gw.raw();
        raw.send("PUT", "/roomy", Map.of(), Map.of(), new byte[0]);
        Map<String, String> pad = new LinkedHashMap<>();
        for (int i = 0; i < 60; i++) {
            pad.put("x-amz-meta-pad" + i, "p".repeat(80));
        }
        RawS3.Response r = raw.send("GET", "/roomy", Map.of("list-type", "2"), pad, new byte[0]);
        assertEquals(200, r.status(), r.text());
    }

    @Test
    @Conformance(HTTP_IDLE_TIMEOUT)
    void idleConnectionsAreClosedAfterTheTimeout(@TempDir Path other) throws Exception {
        try (TestGateway quick = TestGateway.start(other, "--idle-timeout", "1")) {
            RawS3 raw = quick.raw();
            try (Socket used = new Socket("127.0.0.1", quick.port);
                    Socket silent = new Socket("127.0.0.1", quick.port)) {
                used.setSoTimeout(10_000);
                silent.setSoTimeout(10_000);
                for (int i = 0; i < 4; i++) {
                    assertEquals(
                            200,
                            raw.send(used, "GET", "/", Map.of(), Map.of(), new byte[0])
                                    .status(),
                            "a busy connection stays open");
                    Thread.sleep(500);
                }
                long start = System.nanoTime();
                assertEquals(-1, used.getInputStream().read(), "the server closed the idle keep-alive connection");
                assertEquals(-1, silent.getInputStream().read(), "and the one that never sent anything");
                long waited = (System.nanoTime() - start) / 1_000_000;
                assertTrue(waited < 5_000, "closed after about a second, not " + waited + " ms");
            }
            // answered early (a bad signature) with a small body still to come, which the client never sends
            try (Socket stalled = new Socket("127.0.0.1", quick.port)) {
                stalled.setSoTimeout(10_000);
                OutputStream out = stalled.getOutputStream();
                Map<String, String> head = new LinkedHashMap<>(wrongSecret(quick.port)
                        .signedHeaders("PUT", "/b/k", Map.of(), Map.of(), "UNSIGNED-PAYLOAD", java.time.Instant.now()));
                head.put("content-length", "1000");
                RawS3.writeHead(out, "PUT", "/b/k", head);
                out.write(new byte[10]);
                out.flush();
                InputStream in = stalled.getInputStream();
                assertEquals(403, RawS3.read(in, false).status());
                long start = System.nanoTime();
                assertEquals(-1, in.read(), "closed once idle, not held open for the rest of a body that never comes");
                assertTrue((System.nanoTime() - start) / 1_000_000 < 5_000);
            }
        }
    }

    @Test
    void unimplementedApisSayWhich() throws Exception {
        RawS3 raw = gw.raw();
        raw.send("PUT", "/ni", Map.of(), Map.of(), new byte[0]);
        // GetBucketWebsite answers NoSuchWebsiteConfiguration since issue 16: its write still names itself
        RawS3.Response r = raw.send("PUT", "/ni", Map.of("website", ""), Map.of(), new byte[0]);
        assertEquals(501, r.status());
        assertEquals("NotImplemented", r.errorCode());
        assertTrue(r.text().contains("PutBucketWebsite"), r.text());
        RawS3.Response t = raw.send("GET", "/ni/k", Map.of("torrent", ""), Map.of(), new byte[0]);
        assertEquals(501, t.status());
        assertTrue(t.text().contains("GetObjectTorrent"), t.text());
    }

    /**
     * A client with Nagle's algorithm on (OkHttp, hence the MinIO SDKs) writes a PUT's head,
     * then holds the body until the head is acknowledged: the server must acknowledge at
     * once, or every PUT on a keep-alive connection waits for the 40 ms delayed ACK.
     */
    @Test
    void putsFromNagleClientsAreNotHeldByDelayedAcks() throws Exception {
        RawS3 raw = gw.raw();
        raw.send("PUT", "/nagle", Map.of(), Map.of(), new byte[0]);
        byte[] body = new byte[1024];
        long[] millis = new long[40];
        try (Socket s = new Socket("127.0.0.1", gw.port)) {
            s.setSoTimeout(10_000);
            s.setTcpNoDelay(false); // Nagle on, as RawS3 writes head and body in two writes
            for (int i = 0; i < millis.length; i++) {
                long t0 = System.nanoTime();
                RawS3.Response put = raw.send(s, "PUT", "/nagle/k" + i, Map.of(), Map.of(), body);
                millis[i] = (System.nanoTime() - t0) / 1_000_000;
                assertEquals(200, put.status(), put.text());
                RawS3.Response get = raw.send(s, "GET", "/nagle/k" + i, Map.of(), Map.of(), new byte[0]);
                assertEquals(1024, get.body().length);
            }
        }
        long[] sorted = millis.clone();
        Arrays.sort(sorted);
        assertTrue(
                sorted[sorted.length / 2] < 25,
                "PUT median " + sorted[sorted.length / 2] + " ms: " + Arrays.toString(millis));
    }
}
