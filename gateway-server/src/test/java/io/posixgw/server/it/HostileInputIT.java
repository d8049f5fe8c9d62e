package io.posixgw.server.it;

import static io.posixgw.server.it.Checklist.HTTP_STALLED_UPLOAD;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Input meant to hurt: slow or lying clients, hostile XML, symlinks out of the root, a full disk. */
class HostileInputIT {
    @TempDir
    Path root;

    static long tempFiles(Path bucketDir) throws IOException {
        Path staging = bucketDir.resolve(".sgwtmp");
        if (!Files.isDirectory(staging)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(staging)) {
            return s.filter(Files::isRegularFile).count();
        }
    }

    /** Head of an unsigned-payload PUT, signed; the body is up to the caller. */
    static void putHead(OutputStream out, TestGateway gw, String path, long contentLength) throws IOException {
        Map<String, String> signed = new TreeMap<>(Map.of("host", "127.0.0.1:" + gw.port));
        Map<String, String> headers = new LinkedHashMap<>(signed);
        headers.putAll(gw.raw().signer.sign("PUT", path, Map.of(), signed, "UNSIGNED-PAYLOAD", Instant.now()));
        headers.put("content-length", Long.toString(contentLength));
        RawS3.writeHead(out, "PUT", path, headers);
        out.flush();
    }

    static boolean closedWithin(Socket s, long millis) throws IOException {
        s.setSoTimeout((int) millis);
        try {
            InputStream in = s.getInputStream();
            while (in.read() >= 0) {
                // drain whatever the server answered before closing
            }
            return true;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true; // reset
        }
    }

    @Test
    void slowLorisHeadersAreCut() throws Exception {
        try (TestGateway gw = TestGateway.start(root, "--header-timeout", "1")) {
            try (Socket s = new Socket("127.0.0.1", gw.port)) {
                OutputStream out = s.getOutputStream();
                out.write("GET /x HTTP/1.1\r\nHo".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                long start = System.nanoTime();
                try {
                    for (int i = 0; i < 8; i++) {
                        Thread.sleep(300);
                        out.write('s'); // one byte at a time: never idle, never done
                        out.flush();
                    }
                } catch (SocketException closed) {
                    // the server closed it while we dripped
                }
                assertTrue(closedWithin(s, 3000), "slow head cut");
                assertTrue((System.nanoTime() - start) / 1_000_000 < 4000);
            }
            assertEquals(
                    200,
                    gw.raw().send("GET", "/", Map.of(), Map.of(), new byte[0]).status(),
                    "server still serves");
        }
    }

    @Test
    @Conformance(HTTP_STALLED_UPLOAD)
    void stalledBodyTimesOutAndLeavesNothing() throws Exception {
        try (TestGateway gw = TestGateway.start(root, "--body-timeout", "1")) {
            gw.raw().send("PUT", "/stall", Map.of(), Map.of(), new byte[0]);
            gw.raw().send("PUT", "/stall/k", Map.of(), Map.of(), "old".getBytes(StandardCharsets.UTF_8));
            try (Socket s = new Socket("127.0.0.1", gw.port)) {
                s.setSoTimeout(10_000);
                putHead(s.getOutputStream(), gw, "/stall/k", 1000);
                s.getOutputStream().write(new byte[10]);
                s.getOutputStream().flush();
                RawS3.Response r = RawS3.read(s.getInputStream(), false);
                assertEquals(400, r.status());
                assertEquals("RequestTimeout", r.errorCode());
            }
            assertEquals(
                    "old",
                    gw.raw()
                            .send("GET", "/stall/k", Map.of(), Map.of(), new byte[0])
                            .text());
            assertEquals(0, tempFiles(root.resolve("stall")));
        }
    }

    @Test
    void clientGoneMidUploadLeavesThePreviousObject() throws Exception {
        try (TestGateway gw = TestGateway.start(root)) {
            gw.raw().send("PUT", "/gone", Map.of(), Map.of(), new byte[0]);
            gw.raw().send("PUT", "/gone/k", Map.of(), Map.of(), "previous".getBytes(StandardCharsets.UTF_8));
            try (Socket s = new Socket("127.0.0.1", gw.port)) {
                putHead(s.getOutputStream(), gw, "/gone/k", 1 << 20);
                s.getOutputStream().write(new byte[100_000]);
                s.getOutputStream().flush();
                Thread.sleep(200);
            } // closed mid-body
            long deadline = System.currentTimeMillis() + 5000;
            while (tempFiles(root.resolve("gone")) > 0 && System.currentTimeMillis() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(0, tempFiles(root.resolve("gone")), "temp file removed");
            assertEquals(
                    "previous",
                    gw.raw()
                            .send("GET", "/gone/k", Map.of(), Map.of(), new byte[0])
                            .text());
        }
    }

    @Test
    void hostileXmlIsRefusedAndChangesNothing() throws Exception {
        try (TestGateway gw = TestGateway.start(root)) {
            RawS3 raw = gw.raw();
            raw.send("PUT", "/xml", Map.of(), Map.of(), new byte[0]);
            raw.send("PUT", "/xml/keep", Map.of(), Map.of(), "k".getBytes(StandardCharsets.UTF_8));
            String xxe = "<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                    + "<Delete><Object><Key>&x;</Key></Object><Object><Key>keep</Key></Object></Delete>";
            byte[] body = xxe.getBytes(StandardCharsets.UTF_8);
            String md5 = java.util.Base64.getEncoder()
                    .encodeToString(
                            java.security.MessageDigest.getInstance("MD5").digest(body));
            RawS3.Response r = raw.send("POST", "/xml", Map.of("delete", ""), Map.of("content-md5", md5), body);
            assertEquals(400, r.status());
            assertEquals("MalformedXML", r.errorCode());
            StringBuilder bomb = new StringBuilder("<Delete>");
            while (bomb.length() < (3 << 20)) {
                bomb.append("<Object><Key>keep</Key></Object>");
            }
            byte[] big = bomb.append("</Delete>").toString().getBytes(StandardCharsets.UTF_8);
            String bigMd5 = java.util.Base64.getEncoder()
                    .encodeToString(
                            java.security.MessageDigest.getInstance("MD5").digest(big));
            RawS3.Response tooBig = raw.send("POST", "/xml", Map.of("delete", ""), Map.of("content-md5", bigMd5), big);
            assertEquals(400, tooBig.status());
            assertEquals(
                    "k",
                    raw.send("GET", "/xml/keep", Map.of(), Map.of(), new byte[0])
                            .text(),
                    "nothing deleted");
        }
    }

    @Test
    void symlinksOutOfTheRootAreNeverFollowed() throws Exception {
        Path outside = Files.createDirectories(
                root.resolve("../outside-" + System.nanoTime()).normalize());
        Files.writeString(outside.resolve("secret"), "top secret");
        try (TestGateway gw = TestGateway.start(root)) {
            RawS3 raw = gw.raw();
            raw.send("PUT", "/links", Map.of(), Map.of(), new byte[0]);
            Files.createSymbolicLink(root.resolve("links/dir"), outside);
            Files.createSymbolicLink(root.resolve("links/file"), outside.resolve("secret"));
            assertEquals(
                    404,
                    raw.send("GET", "/links/file", Map.of(), Map.of(), new byte[0])
                            .status());
            assertEquals(
                    404,
                    raw.send("GET", "/links/dir/secret", Map.of(), Map.of(), new byte[0])
                            .status());
            String list = raw.send("GET", "/links", Map.of("list-type", "2"), Map.of(), new byte[0])
                    .text();
            assertFalse(list.contains("secret"), list);
            RawS3.Response write =
                    raw.send("PUT", "/links/dir/planted", Map.of(), Map.of(), "x".getBytes(StandardCharsets.UTF_8));
            assertTrue(write.status() >= 400, "no write through a symlinked directory: " + write.status());
            assertFalse(Files.exists(outside.resolve("planted")));
            assertEquals("top secret", Files.readString(outside.resolve("secret")));
        }
    }

    @Test
    void fullDiskIsAClearErrorAndRecovers() throws Exception {
        Path mnt = Files.createDirectories(root.resolve("small"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", mnt.toString())
                .redirectErrorStream(true)
                .start();
        Assumptions.assumeTrue(mount.waitFor() == 0, "needs root and tmpfs to make a small disk");
        try (TestGateway gw = TestGateway.start(mnt.resolve("data"))) {
            RawS3 raw = gw.raw();
            assertEquals(
                    200,
                    raw.send("PUT", "/full", Map.of(), Map.of(), new byte[0]).status());
            byte[] big = new byte[6 << 20];
            RawS3.Response r = raw.send("PUT", "/full/big", Map.of(), Map.of(), big);
            assertEquals(507, r.status(), r.text());
            assertEquals("StorageFull", r.errorCode());
            assertFalse(Files.exists(mnt.resolve("data/full/big")), "no partial object");
            assertEquals(0, tempFiles(mnt.resolve("data/full")));
            byte[] small = "fits".getBytes(StandardCharsets.UTF_8);
            assertEquals(
                    200,
                    raw.send("PUT", "/full/small", Map.of(), Map.of(), small).status(),
                    "space came back");
            assertArrayEquals(
                    small,
                    raw.send("GET", "/full/small", Map.of(), Map.of(), new byte[0])
                            .body());
        } finally {
            new ProcessBuilder("umount", "-l", mnt.toString()).start().waitFor();
        }
    }
}
