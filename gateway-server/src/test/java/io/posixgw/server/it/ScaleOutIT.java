package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two gateway processes over one root, as when users scale out on a shared file
 * system: whatever one acknowledges, the other serves at once; no in-process state
 * decides correctness.
 */
class ScaleOutIT {
    @TempDir
    Path root;

    @Test
    void twoGatewaysOneFileSystem() throws Exception {
        try (ServerProcess a = ServerProcess.start(root, "256m", "--fsync", "off");
                ServerProcess b = ServerProcess.start(root, "256m", "--fsync", "off")) {
            TestSigner signer = new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "us-east-1");
            RawS3 ra = new RawS3("127.0.0.1", a.port, signer);
            RawS3 rb = new RawS3("127.0.0.1", b.port, signer);
            assertEquals(
                    200,
                    ra.send("PUT", "/shared", Map.of(), Map.of(), new byte[0]).status());
            assertEquals(
                    200,
                    rb.send("HEAD", "/shared", Map.of(), Map.of(), new byte[0]).status());
            assertEquals(
                    200,
                    rb.send("PUT", "/shared", Map.of(), Map.of(), new byte[0]).status(),
                    "owned, in us-east-1");

            // A multipart upload started on one, parts on both, completed on the other.
            RawS3.Response init = ra.send(
                    "POST", "/shared/mp", Map.of("uploads", ""), Map.of("content-type", "text/x-shared"), new byte[0]);
            String id = S3SemanticsIT.between(init.text(), "<UploadId>", "</UploadId>");
            byte[] p1 = new byte[5 << 20];
            new Random(1).nextBytes(p1);
            byte[] p2 = "tail".getBytes(StandardCharsets.UTF_8);
            String e1 = ra.send("PUT", "/shared/mp", Map.of("uploadId", id, "partNumber", "1"), Map.of(), p1)
                    .header("etag");
            String e2 = rb.send("PUT", "/shared/mp", Map.of("uploadId", id, "partNumber", "2"), Map.of(), p2)
                    .header("etag");
            assertTrue(ra.send("GET", "/shared", Map.of("uploads", ""), Map.of(), new byte[0])
                    .text()
                    .contains(id));
            String complete =
                    "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>" + e1 + "</ETag></Part><Part>"
                            + "<PartNumber>2</PartNumber><ETag>" + e2 + "</ETag></Part></CompleteMultipartUpload>";
            RawS3.Response done = rb.send(
                    "POST", "/shared/mp", Map.of("uploadId", id), Map.of(), complete.getBytes(StandardCharsets.UTF_8));
            assertEquals(200, done.status(), done.text());
            RawS3.Response again = ra.send(
                    "POST", "/shared/mp", Map.of("uploadId", id), Map.of(), complete.getBytes(StandardCharsets.UTF_8));
            assertEquals(
                    200, again.status(), "a repeated Complete on the other gateway answers the same: " + again.text());
            assertEquals(
                    S3SemanticsIT.between(done.text(), "<ETag>", "</ETag>"),
                    S3SemanticsIT.between(again.text(), "<ETag>", "</ETag>"));
            RawS3.Response got = ra.send("GET", "/shared/mp", Map.of(), Map.of(), new byte[0]);
            assertEquals("text/x-shared", got.header("content-type"));
            assertEquals(p1.length + p2.length, got.body().length);

            // Mixed load spread over both: every acknowledged write is at once readable, listable and deletable on the
            // other.
            ExecutorService pool = Executors.newFixedThreadPool(8);
            List<Future<?>> jobs = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                jobs.add(pool.submit(() -> {
                    Random r = new Random(thread);
                    for (int i = 0; i < 40; i++) {
                        RawS3 writer = (i + thread) % 2 == 0 ? ra : rb;
                        RawS3 reader = writer == ra ? rb : ra;
                        String key = "/shared/t" + thread + "/o" + i;
                        byte[] data = new byte[1 + r.nextInt(20_000)];
                        r.nextBytes(data);
                        assertEquals(
                                200,
                                writer.send("PUT", key, Map.of(), Map.of("x-amz-meta-n", "" + i), data)
                                        .status());
                        RawS3.Response read = reader.send("GET", key, Map.of(), Map.of(), new byte[0]);
                        assertEquals(200, read.status());
                        assertArrayEquals(data, read.body());
                        assertEquals("" + i, read.header("x-amz-meta-n"));
                        if (i % 3 == 0) {
                            assertEquals(
                                    204,
                                    reader.send("DELETE", key, Map.of(), Map.of(), new byte[0])
                                            .status());
                            assertEquals(
                                    404,
                                    writer.send("GET", key, Map.of(), Map.of(), new byte[0])
                                            .status());
                        }
                    }
                    String list = (thread % 2 == 0 ? rb : ra)
                            .send(
                                    "GET",
                                    "/shared",
                                    Map.of("list-type", "2", "prefix", "t" + thread + "/"),
                                    Map.of(),
                                    new byte[0])
                            .text();
                    int count = list.split("<Key>", -1).length - 1;
                    assertEquals(40 - 14, count, list);
                    return null;
                }));
            }
            for (Future<?> f : jobs) {
                f.get();
            }
            pool.shutdown();
        }
    }

    /**
     * Sidecar mode renames an object's attributes just after its data. A reader in the
     * other gateway must never serve one version's bytes with another version's ETag or
     * metadata (each version here carries its MD5 as user metadata).
     */
    @Test
    void sidecarOverwritesReadFromTheOtherGateway() throws Exception {
        Path data = java.nio.file.Files.createDirectories(root.resolve("data"));
        String sidecar = root.resolve("sidecar").toString();
        try (ServerProcess a = ServerProcess.start(data, "256m", "--fsync", "off", "--sidecar", sidecar);
                ServerProcess b = ServerProcess.start(data, "256m", "--fsync", "off", "--sidecar", sidecar)) {
            TestSigner signer = new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "us-east-1");
            RawS3 ra = new RawS3("127.0.0.1", a.port, signer);
            RawS3 rb = new RawS3("127.0.0.1", b.port, signer);
            assertEquals(
                    200, ra.send("PUT", "/hot", Map.of(), Map.of(), new byte[0]).status());
            assertEquals(
                    200,
                    ra.send("PUT", "/hot/k", Map.of(), Map.of("x-amz-meta-md5", md5Hex(new byte[] {0})), new byte[] {0})
                            .status());

            java.util.concurrent.atomic.AtomicBoolean writing = new java.util.concurrent.atomic.AtomicBoolean(true);
            ExecutorService pool = Executors.newFixedThreadPool(3);
            Future<Integer> writer = pool.submit(() -> {
                Random r = new Random(7);
                int versions = 0;
                try {
                    for (; versions < 300; versions++) {
                        byte[] body = new byte[1 + r.nextInt(4000)];
                        r.nextBytes(body);
                        assertEquals(
                                200,
                                ra.send("PUT", "/hot/k", Map.of(), Map.of("x-amz-meta-md5", md5Hex(body)), body)
                                        .status());
                    }
                } finally {
                    writing.set(false);
                }
                return versions;
            });
            List<Future<int[]>> readers = new ArrayList<>();
            for (RawS3 reader : List.of(rb, rb)) {
                readers.add(pool.submit(() -> {
                    int reads = 0;
                    int withoutMetadata = 0;
                    while (writing.get()) {
                        RawS3.Response got = reader.send("GET", "/hot/k", Map.of(), Map.of(), new byte[0]);
                        assertEquals(200, got.status(), got.text());
                        String md5 = md5Hex(got.body());
                        assertEquals('"' + md5 + '"', got.header("etag"), "the ETag is the served bytes' MD5");
                        String meta = got.header("x-amz-meta-md5");
                        if (meta == null) {
                            withoutMetadata++; // the reader gave up waiting (200 ms) for the other gateway's move
                        } else {
                            assertEquals(md5, meta, "the metadata belongs to the served bytes");
                        }
                        reads++;
                    }
                    return new int[] {reads, withoutMetadata};
                }));
            }
            assertEquals(300, writer.get());
            int reads = 0;
            int bare = 0;
            for (Future<int[]> f : readers) {
                int[] r = f.get();
                reads += r[0];
                bare += r[1];
            }
            pool.shutdown();
            assertTrue(reads > 100, "reads during the overwrites: " + reads);
            assertTrue(bare * 20 < reads, bare + " of " + reads + " reads found no attributes");
        }
    }

    private static String md5Hex(byte[] b) throws Exception {
        return java.util.HexFormat.of()
                .formatHex(java.security.MessageDigest.getInstance("MD5").digest(b));
    }
}
