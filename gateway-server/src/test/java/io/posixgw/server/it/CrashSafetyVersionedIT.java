package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CrashSafetyIT} for a versioned bucket: kill -9 at random moments while PUTs move the current
 * version aside and publish a new one, DELETEs add delete markers and DELETEs by id remove versions
 * (restoring the previous one when it was the current). After every restart, for each key:
 * every acknowledged version not deleted is listed once and readable by its id with its bytes and
 * metadata; the current version is the last acknowledged one (or the one in flight at the kill);
 * ListObjectVersions lists nothing else (no partial version, no twin of a version whose move a kill
 * cut short) and exactly one latest; ListObjectsV2 lists exactly the keys whose latest is an object.
 * Cycles: {@code -Dcrash.cycles=N} (CI runs a handful).
 */
class CrashSafetyVersionedIT {
    static final int CYCLES = Integer.getInteger("crash.cycles", 6);
    static final int KEYS = 12;
    static final int THREADS = 4;
    static final String BUCKET = "crashv";
    static final String MARKER = "<marker>";
    static final String EMPTY = "<empty>";

    @TempDir
    Path root;

    @TempDir
    Path versions;

    /** One version of a key: its id and its content tag ({@link #MARKER} for a delete marker). */
    record Ver(String id, String tag) {}

    /** What the client knows of a key: its acknowledged versions, oldest first, and the operation in flight at the kill. */
    static final class KeyState {
        final List<Ver> acked = new ArrayList<>();
        String inFlight; // "put:<tag>", "marker", "delete:<id>", or null
        /** What happened to the key, for failure messages. */
        final List<String> log = new ArrayList<>();
    }

    final Map<String, KeyState> model = new ConcurrentHashMap<>();
    final AtomicLong tags = new AtomicLong();
    final Map<String, AtomicLong> acknowledged = new ConcurrentHashMap<>();
    final AtomicLong checkedVersions = new AtomicLong();

    List<String> modeArgs() {
        return List.of();
    }

    /** Sidecar mode: a kill between a publication's data rename and its attributes' move leaves the bytes without attributes. */
    boolean attributesMayBeLost() {
        return false;
    }

    private ServerProcess startServer() throws Exception {
        List<String> args = new ArrayList<>(List.of("--stale-staging", "0", "--versioning-dir", versions.toString()));
        args.addAll(modeArgs());
        return ServerProcess.start(root, "256m", args.toArray(String[]::new));
    }

    private static RawS3 client(ServerProcess server) {
        return new RawS3("127.0.0.1", server.port, new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "us-east-1"));
    }

    @Test
    void acknowledgedVersionsSurviveKillNine() throws Exception {
        for (int k = 0; k < KEYS; k++) {
            model.put(String.format("k/%d/obj-%02d", k % 3, k), new KeyState());
        }
        Random random = new Random(17);
        for (int cycle = 0; cycle < CYCLES; cycle++) {
            ServerProcess server = startServer();
            RawS3 raw = client(server);
            try {
                if (cycle == 0) {
                    assertEquals(
                            200,
                            raw.send("PUT", "/" + BUCKET, Map.of(), Map.of(), new byte[0])
                                    .status());
                    byte[] on = "<VersioningConfiguration><Status>Enabled</Status></VersioningConfiguration>"
                            .getBytes(StandardCharsets.UTF_8);
                    assertEquals(
                            200,
                            raw.send("PUT", "/" + BUCKET, Map.of("versioning", ""), ObjectLockIT.md5(on), on)
                                    .status());
                }
                verify(raw, cycle);
                AtomicBoolean stop = new AtomicBoolean();
                ExecutorService pool = Executors.newFixedThreadPool(THREADS);
                List<String> all = new ArrayList<>(new java.util.TreeSet<>(model.keySet()));
                for (int t = 0; t < THREADS; t++) {
                    long seed = random.nextLong();
                    List<String> mine = new ArrayList<>();
                    for (int i = t; i < all.size(); i += THREADS) {
                        mine.add(all.get(i));
                    }
                    pool.submit(() -> load(raw, mine, new Random(seed), stop));
                }
                Thread.sleep(200 + random.nextInt(700));
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
            verify(client(last), CYCLES);
        } finally {
            last.close();
        }
        System.out.println("CrashSafetyVersionedIT: " + CYCLES + " SIGKILL cycles, acknowledged operations "
                + new java.util.TreeMap<>(acknowledged) + ", " + checkedVersions
                + " versions checked after restarts");
    }

    /** One client thread over its own keys: each key has one writer, so its history is exact. */
    void load(RawS3 raw, List<String> keys, Random r, AtomicBoolean stop) {
        while (!stop.get()) {
            String key = keys.get(r.nextInt(keys.size()));
            KeyState state = model.get(key);
            int op = r.nextInt(10);
            String path = "/" + BUCKET + "/" + key;
            try {
                if (op < 6 || state.acked.isEmpty()) {
                    String tag = "t" + tags.incrementAndGet() + "-" + key.hashCode();
                    state.inFlight = "put:" + tag;
                    RawS3.Response p =
                            raw.send("PUT", path, Map.of(), Map.of("x-amz-meta-tag", tag), CrashSafetyIT.content(tag));
                    if (p.status() == 200) {
                        acked(state, "put", () -> state.acked.add(new Ver(p.header("x-amz-version-id"), tag)));
                        state.log.add("put " + tag + " " + p.header("x-amz-version-id"));
                    }
                } else if (op < 8) {
                    state.inFlight = "marker";
                    RawS3.Response d = raw.send("DELETE", path, Map.of(), Map.of(), new byte[0]);
                    if (d.status() == 204) {
                        acked(state, "marker", () -> state.acked.add(new Ver(d.header("x-amz-version-id"), MARKER)));
                        state.log.add("marker " + d.header("x-amz-version-id"));
                    }
                } else {
                    // the current version half the time (its removal restores the previous one), else any
                    Ver v = r.nextBoolean()
                            ? state.acked.get(state.acked.size() - 1)
                            : state.acked.get(r.nextInt(state.acked.size()));
                    state.inFlight = "delete:" + v.id();
                    RawS3.Response d = raw.send("DELETE", path, Map.of("versionId", v.id()), Map.of(), new byte[0]);
                    if (d.status() == 204) {
                        acked(state, "delete-version", () -> state.acked.remove(v));
                        state.log.add("deleted " + v.id());
                    }
                }
            } catch (Exception e) {
                return; // killed: the operation in flight may or may not have landed
            }
        }
    }

    private void acked(KeyState state, String kind, Runnable change) {
        acknowledged.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
        change.run();
        state.inFlight = null;
    }

    private static final Pattern ENTRY = Pattern.compile("<(Version|DeleteMarker)>(.*?)</\\1>", Pattern.DOTALL);

    void verify(RawS3 raw, int cycle) throws Exception {
        Set<String> readable = new java.util.TreeSet<>();
        for (Map.Entry<String, KeyState> e : model.entrySet()) {
            String key = e.getKey();
            KeyState s = e.getValue();
            String where = "cycle " + cycle + " " + key + " (in flight: " + s.inFlight + "; history " + s.log + ")";
            RawS3.Response list =
                    raw.send("GET", "/" + BUCKET, Map.of("versions", "", "prefix", key), Map.of(), new byte[0]);
            assertEquals(200, list.status(), list.text());
            List<Ver> listed = new ArrayList<>(); // as listed: versions, then markers
            String latest = null;
            int latestCount = 0;
            Set<String> ids = new HashSet<>();
            Matcher m = ENTRY.matcher(list.text());
            while (m.find()) {
                String body = m.group(2);
                assertEquals(key, S3SemanticsIT.between(body, "<Key>", "</Key>"), where);
                String id = S3SemanticsIT.between(body, "<VersionId>", "</VersionId>");
                assertTrue(ids.add(id), where + ": version " + id + " listed twice: " + list.text());
                listed.add(new Ver(id, m.group(1).equals("DeleteMarker") ? MARKER : null));
                if (body.contains("<IsLatest>true</IsLatest>")) {
                    latest = id;
                    latestCount++;
                }
            }
            assertEquals(listed.isEmpty() ? 0 : 1, latestCount, where + ": one latest version: " + list.text());

            String deleting = s.inFlight != null && s.inFlight.startsWith("delete:") ? s.inFlight.substring(7) : null;
            Set<String> expected = new HashSet<>();
            for (Ver v : s.acked) {
                expected.add(v.id());
            }
            for (Ver v : s.acked) {
                if (!ids.contains(v.id()) && !v.id().equals(deleting)) {
                    fail(where + ": acknowledged version " + v + " is gone: " + list.text());
                }
            }
            List<String> extra = new ArrayList<>(ids);
            extra.removeAll(expected);
            boolean adding = s.inFlight != null && !s.inFlight.startsWith("delete:");
            boolean mayLose = attributesMayBeLost() && s.inFlight != null;
            if (!extra.isEmpty()) {
                // only the write in flight may have landed (in sidecar mode also as "null": without attributes)
                assertTrue(
                        extra.size() == 1 && (adding || (mayLose && extra.get(0).equals("null"))),
                        where + ": versions nobody acknowledged " + extra + ": " + list.text());
            }

            // every listed version is readable by its id, with its bytes and metadata
            List<Ver> now = new ArrayList<>();
            for (Ver v : listed) {
                String tag = v.tag();
                if (tag == null) {
                    RawS3.Response got = raw.send(
                            "GET", "/" + BUCKET + "/" + key, Map.of("versionId", v.id()), Map.of(), new byte[0]);
                    assertEquals(200, got.status(), where + " version " + v.id() + ": " + got.text());
                    tag = got.header("x-amz-meta-tag");
                    if (tag == null && mayLose) {
                        tag = tagOfBytes(got.body(), s);
                    }
                    assertTrue(tag != null, where + " version " + v.id() + " has no metadata");
                    assertTrue(
                            java.util.Arrays.equals(content(tag), got.body()),
                            where + " version " + v.id() + " bytes of " + tag);
                    String ackedTag = tagOf(s, v.id());
                    if (ackedTag != null) {
                        assertEquals(ackedTag, tag, where + " version " + v.id());
                    } else if (!v.id().equals("null")) {
                        assertEquals(
                                "put:" + tag, s.inFlight, where + " version " + v.id() + " is the write in flight");
                    }
                    checkedVersions.incrementAndGet();
                }
                now.add(new Ver(v.id(), tag));
            }

            // the current version: the newest of those left (ids are ULIDs, time-ordered), the last acknowledged
            // unless the operation in flight changed it
            RawS3.Response cur = raw.send("GET", "/" + BUCKET + "/" + key, Map.of(), Map.of(), new byte[0]);
            if (listed.isEmpty()) {
                assertEquals(404, cur.status(), where);
            } else {
                String newest = now.stream()
                        .map(Ver::id)
                        .filter(id -> !id.equals("null"))
                        .max(String::compareTo)
                        .orElse("null");
                if (!mayLose || !ids.contains("null")) {
                    assertEquals(newest, latest, where + ": the latest is the newest version: " + list.text());
                    if (!s.acked.isEmpty() && s.inFlight == null) {
                        assertEquals(s.acked.get(s.acked.size() - 1).id(), latest, where);
                    }
                }
                String latestId = latest;
                Ver top = now.stream()
                        .filter(v -> v.id().equals(latestId))
                        .findFirst()
                        .orElseThrow();
                if (MARKER.equals(top.tag())) {
                    assertEquals(404, cur.status(), where);
                    assertEquals("true", cur.header("x-amz-delete-marker"), where);
                } else {
                    assertEquals(200, cur.status(), where + ": " + cur.text());
                    assertEquals(top.id(), nullable(cur.header("x-amz-version-id")), where);
                    readable.add(key);
                }
            }

            // what is on disk now is the acknowledged state the next cycle builds on
            now.sort((a, b) -> a.id().compareTo(b.id()));
            s.log.add("cycle " + cycle + " listed " + now);
            s.acked.clear();
            s.acked.addAll(now);
            s.inFlight = null;
        }
        Set<String> listedKeys = new java.util.TreeSet<>();
        RawS3.Response list =
                raw.send("GET", "/" + BUCKET, Map.of("list-type", "2", "prefix", "k/"), Map.of(), new byte[0]);
        assertEquals(200, list.status());
        String xml = list.text();
        for (int i = xml.indexOf("<Key>"); i >= 0; i = xml.indexOf("<Key>", i + 1)) {
            listedKeys.add(xml.substring(i + 5, xml.indexOf("</Key>", i)));
        }
        assertEquals(readable, listedKeys, "cycle " + cycle + ": keys listed = keys whose latest is an object");
        Path staging = root.resolve(BUCKET).resolve(".sgwtmp");
        if (Files.isDirectory(staging)) {
            try (java.util.stream.Stream<Path> files = Files.list(staging)) {
                assertEquals(
                        0, files.filter(Files::isRegularFile).count(), "cycle " + cycle + ": debris swept at start");
            }
        }
    }

    /** A version's bytes; {@link #EMPTY}: a delete marker that a kill left without its attributes (sidecar mode). */
    static byte[] content(String tag) {
        return EMPTY.equals(tag) ? new byte[0] : CrashSafetyIT.content(tag);
    }

    private static String nullable(String id) {
        return id == null ? "null" : id;
    }

    private static String tagOf(KeyState s, String id) {
        for (Ver v : s.acked) {
            if (v.id().equals(id)) {
                return v.tag();
            }
        }
        return null;
    }

    /** Sidecar mode: the tag whose content these bytes are (the write in flight, or an acknowledged version). */
    private static String tagOfBytes(byte[] body, KeyState s) {
        List<String> candidates = new ArrayList<>();
        if (s.inFlight != null && s.inFlight.startsWith("put:")) {
            candidates.add(s.inFlight.substring(4));
        }
        for (Ver v : s.acked) {
            if (!MARKER.equals(v.tag()) && !EMPTY.equals(v.tag())) {
                candidates.add(v.tag());
            }
        }
        for (String t : candidates) {
            if (java.util.Arrays.equals(content(t), body)) {
                return t;
            }
        }
        return body.length == 0 && "marker".equals(s.inFlight) ? EMPTY : null;
    }
}
