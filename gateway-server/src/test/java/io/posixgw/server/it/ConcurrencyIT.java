package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Races through the real server, each client on its own connections: many writers on one
 * key, concurrent Completes of one upload, DeleteBucket against PutObject, and listings
 * while objects are written, overwritten and deleted. The backend has the first two at its
 * own level (AbstractObjectTests, AbstractMultipartTests); these prove them end to end,
 * through the HTTP layer, the worker pool and the metadata store of the server's mode
 * ({@link ConcurrencySidecarIT} runs them again with a sidecar directory).
 */
class ConcurrencyIT extends GatewayPerTest {
    static final byte[] NONE = new byte[0];

    /** One writer's version of an object: its bytes and the headers that must come with them. */
    record Version(int writer, int round) {
        byte[] body() {
            int size = writer % 4 == 0 ? (1 << 20) + writer * 31 + round : 1000 + writer * 7919 + round * 101;
            return ObjectFiles.random(size, writer * 1000L + round);
        }

        String contentType() {
            return "application/x-writer-" + writer;
        }

        Map<String, String> headers() {
            return Map.of(
                    "content-type",
                    contentType(),
                    "x-amz-meta-writer",
                    Integer.toString(writer),
                    "x-amz-meta-round",
                    Integer.toString(round));
        }

        /** The version a response names in its metadata, checked against everything else it carries. */
        static Version of(RawS3.Response r, byte[] body) {
            String w = r.header("x-amz-meta-writer");
            String n = r.header("x-amz-meta-round");
            assertNotNull(w, "writer metadata present");
            assertNotNull(n, "round metadata present");
            Version v = new Version(Integer.parseInt(w), Integer.parseInt(n));
            byte[] expected = v.body();
            assertEquals(v.contentType(), r.header("content-type"), "content type of " + v);
            assertEquals(ObjectFiles.etag(expected), r.header("etag"), "ETag of " + v);
            assertEquals(Long.toString(expected.length), r.header("content-length"), "length of " + v);
            if (body != null) {
                assertArrayEquals(expected, body, "bytes of " + v);
            }
            return v;
        }
    }

    RawS3 raw() {
        return gw.raw();
    }

    @Test
    void manyWritersOnOneKeyLeaveExactlyOneWritersBytesAndMetadata() throws Exception {
        RawS3 raw = raw();
        assertEquals(200, raw.send("PUT", "/hot", Map.of(), Map.of(), NONE).status());
        Version first = new Version(99, 0);
        assertEquals(
                200,
                raw.send("PUT", "/hot/k", Map.of(), first.headers(), first.body())
                        .status());
        int writers = 12;
        int rounds = 4;
        CyclicBarrier start = new CyclicBarrier(writers);
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicInteger reads = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(writers + 3);
        try {
            List<Future<?>> writes = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int id = w;
                writes.add(pool.submit(() -> {
                    for (int round = 0; round < rounds; round++) {
                        Version v = new Version(id, round);
                        byte[] body = v.body();
                        start.await(30, TimeUnit.SECONDS); // every round starts all writers at once
                        RawS3.Response r = raw.send("PUT", "/hot/k", Map.of(), v.headers(), body);
                        assertEquals(200, r.status(), r.text());
                        assertEquals(ObjectFiles.etag(body), r.header("etag"));
                    }
                    return null;
                }));
            }
            List<Future<?>> readers = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                boolean head = i == 2;
                readers.add(pool.submit(() -> {
                    while (writing.get()) {
                        RawS3.Response r = raw.send(head ? "HEAD" : "GET", "/hot/k", Map.of(), Map.of(), NONE);
                        if (r.status() == 503) {
                            continue; // the object changed under every attempt to open it: a retryable answer
                        }
                        assertEquals(200, r.status(), r.text());
                        Version.of(r, head ? null : r.body()); // bytes, type, ETag and metadata of one version
                        reads.incrementAndGet();
                    }
                    return null;
                }));
            }
            for (Future<?> f : writes) {
                f.get();
            }
            writing.set(false);
            for (Future<?> f : readers) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertTrue(reads.get() > 0, "readers saw the object while it was being overwritten");

        RawS3.Response got = raw.send("GET", "/hot/k", Map.of(), Map.of(), NONE);
        assertEquals(200, got.status());
        Version winner = Version.of(got, got.body());
        assertTrue(winner.writer() < writers, "a racing writer's version, not the first one: " + winner);
        assertEquals(winner, Version.of(raw.send("HEAD", "/hot/k", Map.of(), Map.of(), NONE), null));
        ListingXml list = ListingXml.parse(raw.send("GET", "/hot", Map.of("list-type", "2"), Map.of(), NONE)
                .body());
        assertEquals(
                List.of(new ListingXml.Entry("k", winner.body().length, ObjectFiles.etag(winner.body()))),
                list.contents());
        ObjectFiles.assertNoStagingDebris(root, "hot");
    }

    @Test
    void concurrentCompletesOfOneUploadAllAnswerTheSameObject() throws Exception {
        RawS3 raw = raw();
        assertEquals(200, raw.send("PUT", "/mpu", Map.of(), Map.of(), NONE).status());
        RawS3.Response init = raw.send(
                "POST",
                "/mpu/obj",
                Map.of("uploads", ""),
                Map.of("content-type", "text/x-race", "x-amz-meta-origin", "race"),
                NONE);
        String id = S3SemanticsIT.between(init.text(), "<UploadId>", "</UploadId>");
        byte[] p1 = ObjectFiles.random(5 << 20, 1);
        byte[] p2 = ObjectFiles.random(300_000, 2);
        String e1 = raw.send("PUT", "/mpu/obj", Map.of("uploadId", id, "partNumber", "1"), Map.of(), p1)
                .header("etag");
        String e2 = raw.send("PUT", "/mpu/obj", Map.of("uploadId", id, "partNumber", "2"), Map.of(), p2)
                .header("etag");
        byte[] complete = ("<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>" + e1 + "</ETag></Part>"
                        + "<Part><PartNumber>2</PartNumber><ETag>" + e2 + "</ETag></Part></CompleteMultipartUpload>")
                .getBytes(StandardCharsets.UTF_8);
        byte[] whole = new byte[p1.length + p2.length];
        System.arraycopy(p1, 0, whole, 0, p1.length);
        System.arraycopy(p2, 0, whole, p1.length, p2.length);
        String expectedEtag = ObjectFiles.multipartEtag(whole, 5 << 20);

        int clients = 8;
        CyclicBarrier start = new CyclicBarrier(clients);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<RawS3.Response> answers = new ArrayList<>();
        try {
            List<Future<RawS3.Response>> fs = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                fs.add(pool.submit(() -> {
                    start.await(30, TimeUnit.SECONDS);
                    return raw.send("POST", "/mpu/obj", Map.of("uploadId", id), Map.of(), complete);
                }));
            }
            for (Future<RawS3.Response> f : fs) {
                answers.add(f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        for (RawS3.Response r : answers) {
            // AWS answers every Complete of a completed upload with the same 200 and ETag
            assertEquals(200, r.status(), r.text());
            assertEquals(
                    expectedEtag,
                    S3SemanticsIT.between(r.text(), "<ETag>", "</ETag>").replace("&quot;", "\""),
                    r.text());
        }
        RawS3.Response got = raw.send("GET", "/mpu/obj", Map.of(), Map.of(), NONE);
        assertEquals(200, got.status());
        assertArrayEquals(whole, got.body());
        assertEquals(expectedEtag, got.header("etag"));
        assertEquals("text/x-race", got.header("content-type"));
        assertEquals("race", got.header("x-amz-meta-origin"));
        RawS3.Response part2 = raw.send("GET", "/mpu/obj", Map.of("partNumber", "2"), Map.of(), NONE);
        assertEquals(206, part2.status());
        assertArrayEquals(p2, part2.body());
        assertEquals("2", part2.header("x-amz-mp-parts-count"));
        RawS3.Response again = raw.send("POST", "/mpu/obj", Map.of("uploadId", id), Map.of(), complete);
        assertEquals(200, again.status(), "a later Complete answers the same: " + again.text());
        assertFalse(
                raw.send("GET", "/mpu", Map.of("uploads", ""), Map.of(), NONE)
                        .text()
                        .contains(id),
                "the upload is gone");
        ObjectFiles.assertNoStagingDebris(root, "mpu");
        Path uploads = root.resolve("mpu/.sgwtmp/multipart");
        if (Files.isDirectory(uploads)) {
            try (Stream<Path> s = Files.walk(uploads)) {
                assertEquals(List.of(), s.filter(Files::isRegularFile).toList(), "no part or claim left in staging");
            }
        }
    }

    /**
     * DeleteBucket against PutObject in a new, empty bucket each round. Whatever the
     * interleaving: no 5xx; an acknowledged PUT's object is readable afterwards, so the
     * bucket was not deleted; a deleted bucket is gone for good (no directory brought back
     * by a late PUT) and no PUT into it was acknowledged. With one PUT per round the answers
     * pair up exactly: (200, BucketNotEmpty) or (NoSuchBucket, 204).
     */
    @Test
    void deleteBucketRacingPutObject() throws Exception {
        RawS3 raw = raw();
        int rounds = 60;
        Map<String, Integer> outcomes = new java.util.TreeMap<>();
        Random jitter = new Random(7);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (int round = 0; round < rounds; round++) {
                String bucket = "race-" + round;
                assertEquals(
                        200,
                        raw.send("PUT", "/" + bucket, Map.of(), Map.of(), NONE).status());
                int putters = 1 + round % 3;
                CyclicBarrier start = new CyclicBarrier(putters + 1);
                List<Callable<RawS3.Response>> calls = new ArrayList<>();
                Map<Integer, byte[]> bodies = new HashMap<>();
                for (int p = 0; p < putters; p++) {
                    String key = p % 2 == 0 ? "k" + p : "nested/dir/k" + p;
                    byte[] body = ObjectFiles.random(100 + (round * 977 + p * 31) % 40_000, round * 10L + p);
                    bodies.put(p, body);
                    long delay = jitter.nextInt(1500) * 1000L;
                    calls.add(() -> {
                        start.await(30, TimeUnit.SECONDS);
                        LockSupport.parkNanos(delay);
                        return raw.send("PUT", "/" + bucket + "/" + key, Map.of(), Map.of(), body);
                    });
                }
                long deleteDelay = jitter.nextInt(1500) * 1000L;
                calls.add(() -> {
                    start.await(30, TimeUnit.SECONDS);
                    LockSupport.parkNanos(deleteDelay);
                    return raw.send("DELETE", "/" + bucket, Map.of(), Map.of(), NONE);
                });
                List<RawS3.Response> rs = new ArrayList<>();
                for (Future<RawS3.Response> f : pool.invokeAll(calls)) {
                    rs.add(f.get());
                }
                RawS3.Response del = rs.get(putters);
                assertTrue(
                        del.status() == 204 || "BucketNotEmpty".equals(del.errorCode()),
                        "round " + round + " DeleteBucket: " + del.status() + " " + del.text());
                boolean deleted = del.status() == 204;
                int acked = 0;
                for (int p = 0; p < putters; p++) {
                    RawS3.Response put = rs.get(p);
                    String key = p % 2 == 0 ? "k" + p : "nested/dir/k" + p;
                    if (put.status() == 200) {
                        acked++;
                        RawS3.Response got = raw.send("GET", "/" + bucket + "/" + key, Map.of(), Map.of(), NONE);
                        assertEquals(
                                200,
                                got.status(),
                                "round " + round + ": the acknowledged PUT of " + key
                                        + " is readable (DeleteBucket answered " + del.status() + ")");
                        assertArrayEquals(bodies.get(p), got.body());
                    } else {
                        assertEquals(
                                "NoSuchBucket",
                                put.errorCode(),
                                "round " + round + " PUT " + key + ": " + put.status() + " " + put.text());
                    }
                }
                if (deleted) {
                    assertEquals(0, acked, "round " + round + ": no PUT acknowledged into a deleted bucket");
                    assertEquals(
                            404,
                            raw.send("HEAD", "/" + bucket, Map.of(), Map.of(), NONE)
                                    .status());
                    assertFalse(
                            Files.exists(root.resolve(bucket)),
                            "round " + round + ": no bucket directory brought back");
                } else {
                    assertTrue(acked > 0, "round " + round + ": BucketNotEmpty means some PUT landed");
                    if (putters == 1) {
                        assertEquals(1, acked);
                    }
                    ObjectFiles.assertNoStagingDebris(root, bucket);
                }
                outcomes.merge(
                        (deleted ? "deleted" : "kept") + ", " + acked + "/" + putters + " PUTs acknowledged",
                        1,
                        Integer::sum);
            }
        } finally {
            pool.shutdownNow();
        }
        try (Stream<Path> s = Files.list(root)) {
            // the bucket-name locks are one hidden file; no hidden directory may stay
            List<String> trash = s.filter(Files::isDirectory)
                    .map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("."))
                    .toList();
            assertEquals(List.of(), trash, "no parked or half-made bucket directory left in the root");
        }
        System.out.println("DeleteBucket vs PutObject over " + rounds + " rounds: " + outcomes);
    }

    /**
     * Listings while four clients PUT, overwrite and DELETE keys in nested directories:
     * every listing succeeds, pages stay in order, and each listed key carries the size
     * and ETag of one complete version that was written to it (never a temp file, a
     * half-written file or another version's ETag).
     */
    @Test
    void listingDuringHeavyWritesShowsOnlyCompleteVersions() throws Exception {
        RawS3 raw = raw();
        assertEquals(200, raw.send("PUT", "/busy", Map.of(), Map.of(), NONE).status());
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 48; i++) {
            keys.add(i % 8 == 0 ? "top-" + i : "d" + i % 4 + "/s" + i % 3 + "/k" + i);
        }
        Map<String, Set<String>> written = new ConcurrentHashMap<>(); // key -> "size etag" of every version sent
        keys.forEach(k -> written.put(k, ConcurrentHashMap.newKeySet()));
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicInteger listings = new AtomicInteger();
        AtomicInteger entries = new AtomicInteger();
        AtomicInteger writes = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<?>> writers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                writers.add(pool.submit(() -> {
                    Random r = new Random(thread);
                    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(4);
                    for (int n = 0; System.nanoTime() < end; n++) {
                        String key = keys.get(thread + 4 * r.nextInt(keys.size() / 4));
                        if (r.nextInt(5) == 0) {
                            assertEquals(
                                    204,
                                    raw.send("DELETE", "/busy/" + key, Map.of(), Map.of(), NONE)
                                            .status());
                        } else {
                            byte[] body = ObjectFiles.random(1 + r.nextInt(150_000), thread * 1_000_000L + n);
                            written.get(key).add(body.length + " " + ObjectFiles.etag(body));
                            RawS3.Response put = raw.send("PUT", "/busy/" + key, Map.of(), Map.of(), body);
                            assertEquals(200, put.status(), put.text());
                        }
                        writes.incrementAndGet();
                    }
                    return null;
                }));
            }
            List<Future<?>> listers = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                int thread = t;
                listers.add(pool.submit(() -> {
                    for (int n = 0; writing.get(); n++) {
                        Map<String, String> q = new HashMap<>(Map.of("list-type", "2"));
                        switch ((n + thread) % 4) {
                            case 0 -> q.put("max-keys", "1000");
                            case 1 -> q.put("max-keys", "7");
                            case 2 -> q.put("delimiter", "/");
                            default -> q.putAll(Map.of("prefix", "d1/", "max-keys", "5"));
                        }
                        entries.addAndGet(listAll(raw, q, written));
                        listings.incrementAndGet();
                    }
                    return null;
                }));
            }
            for (Future<?> f : writers) {
                f.get();
            }
            writing.set(false);
            for (Future<?> f : listers) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertTrue(listings.get() >= 10 && entries.get() > 0, listings + " listings, " + entries + " entries");
        System.out.println("listing during writes: " + listings + " listings, " + entries + " entries checked, "
                + writes + " writes");
        ObjectFiles.assertNoStagingDebris(root, "busy");
    }

    /** Follows the continuation tokens to the end; checks order and each entry; returns the entries seen. */
    static int listAll(RawS3 raw, Map<String, String> query, Map<String, Set<String>> written) throws Exception {
        Map<String, String> q = new HashMap<>(query);
        String previous = null;
        int seen = 0;
        while (true) {
            RawS3.Response r = raw.send("GET", "/busy", q, Map.of(), NONE);
            assertEquals(200, r.status(), "listing " + q + ": " + r.text());
            ListingXml page = ListingXml.parse(r.body());
            List<String> names = new ArrayList<>(page.keys());
            names.addAll(page.commonPrefixes());
            names.sort(ObjectFiles.UTF8_ORDER);
            for (String name : names) {
                assertFalse(name.contains(".sgwtmp"), "staging listed: " + name);
                if (previous != null && ObjectFiles.UTF8_ORDER.compare(previous, name) >= 0) {
                    fail("listing " + query + " out of order or repeated: " + previous + " then " + name);
                }
                previous = name;
            }
            for (String cp : page.commonPrefixes()) {
                assertTrue(cp.matches("d[0-3]/"), "common prefix " + cp);
            }
            for (ListingXml.Entry e : page.contents()) {
                Set<String> versions = written.get(e.key());
                assertNotNull(versions, "listed key that was never written: " + e.key());
                String got = e.size() + " " + e.etag();
                assertTrue(versions.contains(got), e.key() + " listed as " + got + ", not a version written to it");
                seen++;
            }
            if (!page.truncated()) {
                return seen;
            }
            q.put("continuation-token", page.nextToken());
        }
    }
}
