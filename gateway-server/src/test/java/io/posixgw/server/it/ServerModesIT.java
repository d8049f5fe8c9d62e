package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Readiness, read-only mode and the connection limit. */
class ServerModesIT {
    @TempDir
    Path root;

    static RawS3.Response probe(int port, String path) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            RawS3.writeHead(s.getOutputStream(), "GET", path, Map.of("host", "x"));
            return RawS3.read(s.getInputStream(), false);
        }
    }

    @Test
    void readinessFollowsTheDataRoot() throws Exception {
        try (TestGateway gw = TestGateway.start(root)) {
            assertEquals(200, probe(gw.port, "/_/ready").status());
            assertEquals(200, probe(gw.port, "/_/health").status());
            try (Stream<Path> files = Files.walk(root)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
            RawS3.Response notReady = probe(gw.port, "/_/ready");
            assertEquals(503, notReady.status());
            assertTrue(notReady.text().startsWith("not ready"), notReady.text());
            assertEquals(200, probe(gw.port, "/_/health").status(), "liveness does not depend on the disk");
            try (Stream<Path> left = Files.list(root.getParent())) {
                assertFalse(left.anyMatch(p -> p.getFileName().toString().startsWith(".posixgw-ready")));
            }
        }
    }

    @Test
    void readOnlyRefusesEveryWrite() throws Exception {
        try (TestGateway rw = TestGateway.start(root)) {
            rw.raw().send("PUT", "/rox", Map.of(), Map.of(), new byte[0]);
            rw.raw().send("PUT", "/rox/k", Map.of(), Map.of(), "kept".getBytes(StandardCharsets.UTF_8));
        }
        try (TestGateway ro = TestGateway.start(root, "--read-only")) {
            RawS3 raw = ro.raw();
            assertEquals(
                    "kept",
                    raw.send("GET", "/rox/k", Map.of(), Map.of(), new byte[0]).text());
            assertEquals(
                    200,
                    raw.send("GET", "/rox", Map.of("list-type", "2"), Map.of(), new byte[0])
                            .status());
            for (String[] w : new String[][] {
                {"PUT", "/rox/k"},
                {"PUT", "/rox/new"},
                {"DELETE", "/rox/k"},
                {"PUT", "/rox2"},
                {"DELETE", "/rox"},
                {"POST", "/rox/k?uploads"}
            }) {
                String[] pq = w[1].split("\\?");
                Map<String, String> q = pq.length > 1 ? Map.of(pq[1], "") : Map.of();
                RawS3.Response r = raw.send(w[0], pq[0], q, Map.of(), "x".getBytes(StandardCharsets.UTF_8));
                assertEquals(403, r.status(), w[0] + " " + w[1]);
                assertEquals("AccessDenied", r.errorCode());
            }
            assertEquals(
                    "kept",
                    raw.send("GET", "/rox/k", Map.of(), Map.of(), new byte[0]).text());
        }
    }

    @Test
    void connectionsBeyondTheLimitGetSlowDown() throws Exception {
        try (TestGateway gw = TestGateway.start(root, "--max-connections", "2")) {
            RawS3 raw = gw.raw();
            try (Socket a = new Socket("127.0.0.1", gw.port);
                    Socket b = new Socket("127.0.0.1", gw.port)) {
                a.setSoTimeout(10_000);
                b.setSoTimeout(10_000);
                assertEquals(
                        200,
                        raw.send(a, "PUT", "/lim", Map.of(), Map.of(), new byte[0])
                                .status());
                Thread.sleep(100);
                RawS3.Response refused = raw.send("GET", "/lim", Map.of("list-type", "2"), Map.of(), new byte[0]);
                assertEquals(503, refused.status());
                assertEquals("SlowDown", refused.errorCode());
                assertEquals(
                        200,
                        raw.send(b, "GET", "/lim", Map.of("list-type", "2"), Map.of(), new byte[0])
                                .status(),
                        "the connections already open are still served");
            }
            Thread.sleep(200);
            assertEquals(
                    200,
                    raw.send("GET", "/lim", Map.of("list-type", "2"), Map.of(), new byte[0])
                            .status(),
                    "room again once connections closed");
        }
    }

    @Test
    void connectionsBeyondTheLimitThatSendNothingAreClosedAtTheHeaderTimeout() throws Exception {
        try (TestGateway gw = TestGateway.start(root, "--max-connections", "2", "--header-timeout", "1")) {
            java.util.List<Socket> idle = new java.util.ArrayList<>();
            try {
                for (int i = 0; i < 6; i++) {
                    idle.add(new Socket("127.0.0.1", gw.port)); // 2 take the places, 4 are over the limit
                }
                Socket over = idle.get(5);
                over.setSoTimeout(5_000);
                long start = System.nanoTime();
                assertEquals(-1, over.getInputStream().read(), "closed, without an answer to a request never sent");
                assertTrue(System.nanoTime() - start < 4_000_000_000L);
                // the two within the limit stay until their idle timeout; once they go, there is room again
                idle.get(0).close();
                idle.get(1).close();
                Thread.sleep(300);
                assertEquals(
                        200,
                        gw.raw()
                                .send("GET", "/", Map.of(), Map.of(), new byte[0])
                                .status());
            } finally {
                for (Socket s : idle) {
                    s.close();
                }
            }
        }
    }
}
