package io.posixgw.server.it;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void twoRequestsReuseOneConnectionAndCloseIsHonoured() throws Exception {
        RawS3 raw = gw.raw();
        try (Socket s = new Socket("127.0.0.1", gw.port)) {
            s.setSoTimeout(10_000);
            RawS3.Response create = raw.send(s, "PUT", "/keepalive", Map.of(), Map.of(), new byte[0]);
            assertEquals(200, create.status(), create.text());
            RawS3.Response put = raw.send(s, "PUT", "/keepalive/a.txt", Map.of(), Map.of(), "hello".getBytes(StandardCharsets.UTF_8));
            assertEquals(200, put.status(), put.text());
            assertEquals("\"5d41402abc4b2a76b9719d911017c592\"", put.header("etag"));
            RawS3.Response get = raw.send(s, "GET", "/keepalive/a.txt", Map.of(), Map.of("connection", "close"), new byte[0]);
            assertEquals(200, get.status());
            assertEquals("hello", get.text());
            assertEquals("close", get.header("connection"));
            assertEquals(-1, s.getInputStream().read(), "server closed the connection after Connection: close");
        }
    }

    @Test
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
                headers.putAll(raw.signer.sign("GET", "/pipe/" + key, Map.of(), Map.of("host", "127.0.0.1:" + gw.port),
                        TestSigner.EMPTY_SHA256, java.time.Instant.now()));
                RawS3.writeHead(out, "GET", "/pipe/" + key, headers);
            }
            out.flush();
            InputStream in = s.getInputStream();
            assertEquals("1", RawS3.read(in, false).text());
            assertEquals("22", RawS3.read(in, false).text());
            assertEquals("1", RawS3.read(in, false).text());
        }
    }

    @Test
    void curlWithoutAuthIsAccessDeniedXml() throws Exception {
        Process p = new ProcessBuilder("curl", "-s", "-i", gw.endpoint() + "/some-bucket/some-key").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor());
        assertTrue(out.startsWith("HTTP/1.1 403"), out);
        assertTrue(out.contains("<Code>AccessDenied</Code>"), out);
        assertTrue(out.toLowerCase().contains("x-amz-request-id: "), out);
        assertTrue(out.contains("<RequestId>"), out);
    }

    @Test
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
    void errorsCarryRequestIdAndResource() throws Exception {
        RawS3.Response r = gw.raw().send("GET", "/missing-bucket/k", Map.of(), Map.of(), new byte[0]);
        assertEquals(404, r.status());
        assertEquals("NoSuchBucket", r.errorCode());
        assertTrue(r.text().contains("<Resource>/missing-bucket/k</Resource>"), r.text());
        assertTrue(r.text().contains("<RequestId>" + r.header("x-amz-request-id") + "</RequestId>"), r.text());
    }

    @Test
    void oversizeHeaderSectionIs400AndClosed() throws Exception {
        try (Socket s = new Socket("127.0.0.1", gw.port)) {
            s.setSoTimeout(10_000);
            RawS3.writeHead(s.getOutputStream(), "GET", "/", Map.of("host", "x", "x-big", "a".repeat(9000)));
            RawS3.Response r = RawS3.read(s.getInputStream(), false);
            assertEquals(400, r.status());
            assertEquals("RequestHeaderSectionTooLarge", r.errorCode());
            assertEquals(-1, s.getInputStream().read());
        }
    }

    @Test
    void unimplementedApisSayWhich() throws Exception {
        RawS3 raw = gw.raw();
        raw.send("PUT", "/ni", Map.of(), Map.of(), new byte[0]);
        RawS3.Response r = raw.send("GET", "/ni", Map.of("policy", ""), Map.of(), new byte[0]);
        assertEquals(501, r.status());
        assertEquals("NotImplemented", r.errorCode());
        assertTrue(r.text().contains("GetBucketPolicy"), r.text());
        RawS3.Response t = raw.send("GET", "/ni/k", Map.of("acl", ""), Map.of(), new byte[0]);
        assertEquals(501, t.status());
        assertTrue(t.text().contains("GetObjectAcl"), t.text());
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
        assertTrue(sorted[sorted.length / 2] < 25, "PUT median " + sorted[sorted.length / 2] + " ms: " + Arrays.toString(millis));
    }
}
