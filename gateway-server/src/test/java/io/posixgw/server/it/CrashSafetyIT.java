package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kill -9 at random moments under concurrent PUT, multipart Complete, CopyObject and
 * DeleteObject; after every restart each key holds its last acknowledged state or
 * the state of a write that was in flight at the kill, byte-exact with matching
 * metadata, listed keys are exactly the readable ones, and no staging is visible.
 * Cycles: {@code -Dcrash.cycles=200} for the full run (CI runs a handful).
 */
class CrashSafetyIT {
    static final int CYCLES = Integer.getInteger("crash.cycles", 6);
    static final int KEYS = 24;
    static final int THREADS = 6;
    static final String BUCKET = "crash";

    @TempDir
    Path root;

    /** What a key may hold: the last acknowledged version plus those in flight since (null = deleted). */
    static final class KeyState {
        String acked; // version id, or null when deleted/never written
        final Set<String> inFlight = new HashSet<>();
    }

    final Map<String, KeyState> model = new ConcurrentHashMap<>();
    final AtomicLong versions = new AtomicLong();
    /** Acknowledged operations by kind (PUT, multipart, copy, delete), and reads checked after restarts: for the summary line. */
    final Map<String, AtomicLong> acknowledged = new ConcurrentHashMap<>();

    final AtomicLong checkedReads = new AtomicLong();
    /** Reads that found a version's bytes without its attributes (sidecar mode only). */
    final AtomicLong withoutAttributes = new AtomicLong();

    /** Server flags of the storage mode under test (the sidecar variant adds {@code --sidecar}). */
    List<String> modeArgs() {
        return List.of();
    }

    /**
     * Whether a version may come back without its attributes: in sidecar mode a kill
     * between the data rename and the attributes' move leaves the new bytes with none.
     */
    boolean attributesMayBeLost() {
        return false;
    }

    private ServerProcess startServer() throws Exception {
        List<String> args = new ArrayList<>(List.of("--stale-staging", "0"));
        args.addAll(modeArgs());
        return ServerProcess.start(root, "256m", args.toArray(String[]::new));
    }

    /** Content of a version: derived from its id, so any reader can recompute it. */
    static byte[] content(String version) {
        Random r = new Random(version.hashCode());
        int size = version.hashCode() % 3 == 0 ? 1 + r.nextInt(200_000) : 1 + r.nextInt(3000);
        byte[] b = new byte[size];
        r.nextBytes(b);
        byte[] id = version.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(id, 0, b, 0, Math.min(id.length, b.length));
        return b;
    }

    static String md5(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(b));
    }

    @Test
    void acknowledgedWritesSurviveKillNine() throws Exception {
        for (int k = 0; k < KEYS; k++) {
            model.put("k/" + (k % 4) + "/obj-" + k, new KeyState());
        }
        Random random = new Random(42);
        for (int cycle = 0; cycle < CYCLES; cycle++) {
            ServerProcess server = startServer();
            RawS3 raw = new RawS3(
                    "127.0.0.1", server.port, new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "us-east-1"));
            try {
                if (cycle == 0) {
                    assertEquals(
                            200,
                            raw.send("PUT", "/" + BUCKET, Map.of(), Map.of(), new byte[0])
                                    .status());
                }
                verify(raw, cycle);
                AtomicBoolean stop = new AtomicBoolean();
                ExecutorService pool = Executors.newFixedThreadPool(THREADS);
                List<String> all = new ArrayList<>(new TreeSet<>(model.keySet()));
                for (int t = 0; t < THREADS; t++) {
                    long seed = random.nextLong();
                    List<String> mine = new ArrayList<>();
                    for (int i = t; i < all.size(); i += THREADS) {
                        mine.add(all.get(i));
                    }
                    pool.submit(() -> load(raw, mine, new Random(seed), stop));
                }
                Thread.sleep(150 + random.nextInt(600));
                server.process.destroyForcibly().waitFor(20, TimeUnit.SECONDS); // SIGKILL, mid-flight
                stop.set(true);
                pool.shutdown();
                assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
            } finally {
                server.close();
            }
        }
        ServerProcess last = startServer();
        try {
            verify(
                    new RawS3(
                            "127.0.0.1",
                            last.port,
                            new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "us-east-1")),
                    CYCLES);
        } finally {
            last.close();
        }
        System.out.println("CrashSafetyIT: " + CYCLES + " SIGKILL cycles, acknowledged operations "
                + new java.util.TreeMap<>(acknowledged) + ", " + checkedReads + " key states checked after restarts, "
                + withoutAttributes + " of them without attributes");
    }

    /**
     * One client thread: random operations on its own keys until told to stop or the
     * server dies. Each key has one writer, so its history is exact: the last
     * acknowledged state, and at most one operation in flight at the kill.
     * (Racing writers on one key are tested elsewhere.)
     */
    void load(RawS3 raw, List<String> keys, Random r, AtomicBoolean stop) {
        while (!stop.get()) {
            String key = keys.get(r.nextInt(keys.size()));
            KeyState state = model.get(key);
            String version = "v" + versions.incrementAndGet() + "-" + key.hashCode();
            int op = r.nextInt(10);
            String recorded = op < 2 ? null : version; // delete records "absent"
            synchronized (state) {
                state.inFlight.add(recorded == null ? "<deleted>" : recorded);
            }
            boolean acked;
            String kind = op < 2 ? "delete" : op < 4 ? "multipart" : op < 5 ? "copy" : "put";
            try {
                if (op < 2) {
                    acked = raw.send("DELETE", "/" + BUCKET + "/" + key, Map.of(), Map.of(), new byte[0])
                                    .status()
                            == 204;
                } else if (op < 4) {
                    acked = multipart(raw, key, version);
                } else if (op < 5) {
                    acked = copy(raw, key, version);
                } else {
                    acked = raw.send(
                                            "PUT",
                                            "/" + BUCKET + "/" + key,
                                            Map.of(),
                                            Map.of("x-amz-meta-version", version),
                                            content(version))
                                    .status()
                            == 200;
                }
            } catch (Exception e) {
                return; // the server was killed: whatever was in flight stays "may have landed"
            }
            if (acked) {
                acknowledged.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
                synchronized (state) {
                    state.acked = recorded;
                    state.inFlight.clear();
                }
            }
        }
    }

    boolean multipart(RawS3 raw, String key, String version) throws Exception {
        RawS3.Response init = raw.send(
                "POST",
                "/" + BUCKET + "/" + key,
                Map.of("uploads", ""),
                Map.of("x-amz-meta-version", version),
                new byte[0]);
        if (init.status() != 200) {
            return false;
        }
        String id = S3SemanticsIT.between(init.text(), "<UploadId>", "</UploadId>");
        RawS3.Response part = raw.send(
                "PUT", "/" + BUCKET + "/" + key, Map.of("uploadId", id, "partNumber", "1"), Map.of(), content(version));
        if (part.status() != 200) {
            return false;
        }
        String body = "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>" + part.header("etag")
                + "</ETag></Part></CompleteMultipartUpload>";
        return raw.send(
                                "POST",
                                "/" + BUCKET + "/" + key,
                                Map.of("uploadId", id),
                                Map.of(),
                                body.getBytes(StandardCharsets.UTF_8))
                        .status()
                == 200;
    }

    /** Writes the version under a side key, then copies it over the key (with its metadata). */
    boolean copy(RawS3 raw, String key, String version) throws Exception {
        String side = "side/" + version;
        if (raw.send(
                                "PUT",
                                "/" + BUCKET + "/" + side,
                                Map.of(),
                                Map.of("x-amz-meta-version", version),
                                content(version))
                        .status()
                != 200) {
            return false;
        }
        boolean ok = raw.send(
                                "PUT",
                                "/" + BUCKET + "/" + key,
                                Map.of(),
                                Map.of("x-amz-copy-source", "/" + BUCKET + "/" + side),
                                new byte[0])
                        .status()
                == 200;
        raw.send("DELETE", "/" + BUCKET + "/" + side, Map.of(), Map.of(), new byte[0]);
        return ok;
    }

    /** The allowed version whose content these bytes are, or null. */
    static String versionOfBytes(byte[] body, Set<String> allowed) {
        for (String v : allowed) {
            if (!"<deleted>".equals(v) && java.util.Arrays.equals(content(v), body)) {
                return v;
            }
        }
        return null;
    }

    void verify(RawS3 raw, int cycle) throws Exception {
        Set<String> readable = new TreeSet<>();
        for (Map.Entry<String, KeyState> e : model.entrySet()) {
            String key = e.getKey();
            KeyState s = e.getValue();
            RawS3.Response got = raw.send("GET", "/" + BUCKET + "/" + key, Map.of(), Map.of(), new byte[0]);
            checkedReads.incrementAndGet();
            Set<String> allowed = new HashSet<>(s.inFlight);
            allowed.add(s.acked == null ? "<deleted>" : s.acked);
            String seen;
            if (got.status() == 404) {
                seen = "<deleted>";
            } else {
                assertEquals(200, got.status(), "cycle " + cycle + " " + key + ": " + got.text());
                seen = got.header("x-amz-meta-version");
                if (seen == null && attributesMayBeLost()) {
                    seen = versionOfBytes(got.body(), allowed);
                    assertTrue(seen != null, "cycle " + cycle + " " + key + ": bytes of none of " + allowed);
                    withoutAttributes.incrementAndGet();
                }
                byte[] expected = content(seen);
                assertTrue(
                        java.util.Arrays.equals(expected, got.body()),
                        "cycle " + cycle + " " + key + " bytes of " + seen);
                String etag = got.header("etag").replace("\"", "");
                assertTrue(
                        etag.equals(md5(expected)) || etag.endsWith("-1"),
                        "cycle " + cycle + " " + key + " etag " + etag);
                readable.add(key);
            }
            if (!allowed.contains(seen)) {
                fail("cycle " + cycle + " " + key + " holds " + seen + ", expected one of " + allowed);
            }
            // What is on disk now is the new acknowledged state.
            s.acked = "<deleted>".equals(seen) ? null : seen;
            s.inFlight.clear();
        }
        Set<String> listed = new TreeSet<>();
        RawS3.Response list =
                raw.send("GET", "/" + BUCKET, Map.of("list-type", "2", "prefix", "k/"), Map.of(), new byte[0]);
        assertEquals(200, list.status());
        String xml = list.text();
        for (int i = xml.indexOf("<Key>"); i >= 0; i = xml.indexOf("<Key>", i + 1)) {
            listed.add(xml.substring(i + 5, xml.indexOf("</Key>", i)));
        }
        assertEquals(readable, listed, "cycle " + cycle + ": keys listed = keys readable");
        assertTrue(!xml.contains(".sgwtmp"), "staging is never listed");
        Path staging = root.resolve(BUCKET).resolve(".sgwtmp");
        if (Files.isDirectory(staging)) {
            try (Stream<Path> files = Files.list(staging)) {
                assertEquals(
                        0,
                        files.filter(Files::isRegularFile)
                                .filter(f -> !f.getFileName().toString().equals("fold-moves")) // a count, no debris
                                .count(),
                        "cycle " + cycle + ": debris swept at start");
            }
        }
    }
}
