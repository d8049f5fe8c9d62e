package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.testkit.BackendCalls;
import io.posixgw.testkit.Bodies;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Races between writers, readers and deletes on one volume. */
class ConcurrencyTest extends BackendTestBase {

    @Test
    void readersAlwaysSeeOneConsistentVersion() throws Exception {
        put("hot", random(50_000, 0), attrs("v/0", Map.of("v", "0")));
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<Integer>> fs = new ArrayList<>();
            for (int w = 1; w <= 2; w++) {
                int id = w;
                fs.add(pool.submit(() -> {
                    for (int i = 0; i < 60; i++) {
                        int v = id * 1000 + i;
                        put(
                                "hot",
                                random(20_000 + (v % 50) * 997, v),
                                attrs("v/" + v, Map.of("v", Integer.toString(v))));
                    }
                    return 0;
                }));
            }
            for (int r = 0; r < 4; r++) {
                fs.add(pool.submit(() -> {
                    int reads = 0;
                    while (!stop.get()) {
                        try (ObjectContent c = backend.getObject(B, "hot")) {
                            ObjectInfo info = c.info();
                            byte[] data = readAll(c);
                            String v = info.attributes().userMetadata().get("v");
                            assertEquals("v/" + v, info.attributes().contentType());
                            assertEquals(Etags.fromMd5(Etags.newMd5().digest(data)), info.etag());
                            assertEquals(info.size(), data.length);
                            reads++;
                        } catch (S3Exception busy) {
                            // ServiceUnavailable after repeated overwrites mid-open is allowed
                        }
                    }
                    return reads;
                }));
            }
            fs.get(0).get();
            fs.get(1).get();
            stop.set(true);
            int reads = 0;
            for (Future<Integer> f : fs) {
                reads += f.get();
            }
            assertTrue(reads > 0);
        } finally {
            pool.shutdown();
        }
    }

    /**
     * HEAD and GET while writers overwrite one key without pause: every read answers (never 503)
     * with one whole version. Prints how many looks the reads needed (ObjectReader.ATTEMPTS).
     */
    @Test
    void readsUnderAConstantStreamOfOverwritesAlwaysAnswerOneWholeVersion() throws Exception {
        put("stream", random(1000, 0), attrs("v/0", Map.of("v", "0")));
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService pool = Executors.newFixedThreadPool(5);
        long changedBefore = ObjectReader.changedRetries();
        int reads = Integer.getInteger("race.reads", 3000);
        try {
            List<Future<Integer>> writers = new ArrayList<>();
            for (int w = 1; w <= 3; w++) {
                int id = w;
                writers.add(pool.submit(() -> {
                    int n = 0;
                    while (!stop.get()) {
                        int v = id * 1_000_000 + n++;
                        put(
                                "stream",
                                random(1000 + (v % 7) * 500, v),
                                attrs("v/" + v, Map.of("v", Integer.toString(v))));
                    }
                    return n;
                }));
            }
            List<Future<Integer>> readers = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                boolean head = r == 0;
                readers.add(pool.submit(() -> {
                    for (int i = 0; i < reads; i++) {
                        if (head) {
                            ObjectInfo info = backend.headObject(B, "stream");
                            String v = info.attributes().userMetadata().get("v");
                            assertEquals("v/" + v, info.attributes().contentType());
                            assertEquals(1000 + (Integer.parseInt(v) % 7) * 500, info.size());
                        } else {
                            try (ObjectContent c = backend.getObject(B, "stream")) {
                                ObjectInfo info = c.info();
                                byte[] data = readAll(c);
                                String v = info.attributes().userMetadata().get("v");
                                assertArrayEquals(
                                        random(1000 + (Integer.parseInt(v) % 7) * 500, Integer.parseInt(v)), data);
                                assertEquals(Etags.fromMd5(Etags.newMd5().digest(data)), info.etag());
                            }
                        }
                    }
                    return reads;
                }));
            }
            for (Future<Integer> f : readers) {
                f.get(); // a 503 (S3Exception) fails here
            }
            stop.set(true);
            int written = 0;
            for (Future<Integer> f : writers) {
                written += f.get();
            }
            System.out.printf(
                    "%s: %d reads during %d overwrites looked again %d times%n",
                    getClass().getSimpleName(), 2 * reads, written, ObjectReader.changedRetries() - changedBefore);
        } finally {
            stop.set(true);
            pool.shutdownNow();
        }
    }

    @Test
    void twoGatewaysOverwritingKeysWithBodiesOfOneSizeNeverMixBytesAndAttributes() throws Exception {
        // equal sizes and mtimes within the file system's clock tick: only the inode tells versions apart
        BackendCalls other = new BackendCalls(new PosixBackend(root, options()));
        List<BackendCalls> gateways = List.of(backend, other);
        int size = 4096;
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> writers = new ArrayList<>();
            for (int w = 0; w < 6; w++) {
                int id = w;
                BackendCalls g = gateways.get(w % 2);
                writers.add(pool.submit(() -> {
                    for (int i = 0; i < 40; i++) {
                        int v = id * 1000 + i;
                        g.putObject(
                                new io.posixgw.core.model.PutObjectRequest(
                                        B, "k" + (i % 3), attrs("v/" + v, Map.of("v", Integer.toString(v))), null),
                                Bodies.of(random(size, v), 1000));
                    }
                    return 0;
                }));
            }
            List<Future<Integer>> readers = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                BackendCalls g = gateways.get(r);
                readers.add(pool.submit(() -> {
                    int checked = 0;
                    while (!stop.get()) {
                        for (int k = 0; k < 3; k++) {
                            checked += checkOneVersion(g, "k" + k, size) ? 1 : 0;
                        }
                    }
                    return checked;
                }));
            }
            for (Future<Integer> f : writers) {
                f.get();
            }
            stop.set(true);
            for (Future<Integer> f : readers) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        for (int k = 0; k < 3; k++) {
            for (BackendCalls g : gateways) {
                assertTrue(checkOneVersion(g, "k" + k, size), "k" + k + " settled with its writer's attributes");
            }
        }
    }

    /**
     * The bytes, ETag and attributes of {@code key} read through {@code g} belong to one writer.
     * A version read while its attributes are on their way has none (ETag from its bytes): allowed.
     *
     * @return whether it had its attributes
     */
    private static boolean checkOneVersion(BackendCalls g, String key, int size) throws Exception {
        try (ObjectContent c = g.getObject(B, key)) {
            byte[] data = readAll(c);
            ObjectInfo info = c.info();
            assertEquals(size, data.length);
            assertEquals(Etags.fromMd5(Etags.newMd5().digest(data)), info.etag(), "the ETag of other bytes");
            String v = info.attributes().userMetadata().get("v");
            if (v == null) {
                return false;
            }
            assertEquals("v/" + v, info.attributes().contentType());
            assertArrayEquals(random(size, Integer.parseInt(v)), data, "the attributes of another writer's bytes");
            return true;
        } catch (S3Exception busy) {
            return false; // ServiceUnavailable after repeated overwrites mid-open is allowed
        }
    }

    @Test
    void conditionalWritersAndDeletesOfManyKeysInTwoGatewaysNeverDeadlock() throws Exception {
        // each takes a key's lock, then (sidecar) its publication lock: locks that share stripes
        // across those two kinds could wait on each other in a cycle
        BackendCalls other = new BackendCalls(new PosixBackend(root, options()));
        for (int k = 0; k < 64; k++) {
            put("c" + k, random(100, k));
        }
        io.posixgw.core.model.Preconditions any = new io.posixgw.core.model.Preconditions("*", null, null, null);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> fs = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int id = t;
                BackendCalls g = t % 2 == 0 ? backend : other;
                fs.add(pool.submit(() -> {
                    for (int i = 0; i < 200; i++) {
                        String key = "c" + ((id * 7 + i * 13) % 64);
                        try {
                            if (i % 10 == 9) {
                                g.deleteObject(B, key, any);
                                g.putObject(
                                        new io.posixgw.core.model.PutObjectRequest(
                                                B, key, io.posixgw.core.model.ObjectAttributes.EMPTY, null),
                                        Bodies.of(random(100, i)));
                            } else {
                                g.putObject(
                                        new io.posixgw.core.model.PutObjectRequest(
                                                B, key, io.posixgw.core.model.ObjectAttributes.EMPTY, null, any),
                                        Bodies.of(random(100, i)));
                            }
                        } catch (S3Exception raced) {
                            // 404/412 when another thread's delete came first
                        }
                    }
                    return 0;
                }));
            }
            for (Future<Integer> f : fs) {
                f.get(60, java.util.concurrent.TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void putsSurviveConcurrentDeletesPruningTheirParents() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int id = t;
                fs.add(pool.submit(() -> {
                    for (int i = 0; i < 150; i++) {
                        String key = "shared/deep/dir/k" + id;
                        put(key, bytes("v" + i));
                        assertArrayEquals(bytes("v" + i), get(key));
                        backend.deleteObject(B, key);
                    }
                    return null;
                }));
            }
            for (Future<?> f : fs) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        assertTrue(allKeys("", 1000).isEmpty());
        assertEquals(0, tempFiles());
    }

    @Test
    void worksWithoutFsync() throws Exception {
        Path r2 = tmp.resolve("nofsync");
        java.nio.file.Files.createDirectories(r2);
        BackendCalls b = new BackendCalls(new PosixBackend(r2, PosixOptions.DEFAULT.withFsync(false)));
        b.createBucket("quick", "o");
        b.putObject(
                new io.posixgw.core.model.PutObjectRequest(
                        "quick", "a/b", io.posixgw.core.model.ObjectAttributes.EMPTY, null),
                Bodies.of(bytes("fast")));
        assertEquals(4, b.headObject("quick", "a/b").size());
    }
}
