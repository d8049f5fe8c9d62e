package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two gateway processes over one root and one versioning directory, in both metadata modes:
 * concurrent PUTs (and deletes) of one versioned key through both keep every acknowledged
 * version, each once and with its own bytes and metadata, and both gateways agree on the
 * current version, which is the newest listed. The version moves of a key take its lock file
 * ({@code .sgwtmp/locks/<sha256 of the key>}), a record lock every process on the volume honours.
 */
class VersionedScaleOutIT {
    static final int THREADS_PER_GATEWAY = 3;
    static final int PUTS_PER_THREAD = 12;

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void concurrentPutsOfOneVersionedKeyThroughTwoGateways(boolean sidecarMode) throws Exception {
        Path root = Files.createDirectories(tmp.resolve("data"));
        Path vdir = Files.createDirectories(tmp.resolve("versions"));
        List<String> args = new ArrayList<>(List.of("--fsync", "off", "--versioning-dir", vdir.toString()));
        if (sidecarMode) {
            args.addAll(List.of("--sidecar", tmp.resolve("sidecar").toString()));
        }
        String[] flags = args.toArray(new String[0]);
        try (ServerProcess a = ServerProcess.start(root, "256m", flags);
                ServerProcess b = ServerProcess.start(root, "256m", flags)) {
            TestSigner signer = new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "us-east-1");
            RawS3 ra = new RawS3("127.0.0.1", a.port, signer);
            RawS3 rb = new RawS3("127.0.0.1", b.port, signer);
            assertEquals(
                    200,
                    ra.send("PUT", "/shared", Map.of(), Map.of(), new byte[0]).status());
            byte[] on = "<VersioningConfiguration><Status>Enabled</Status></VersioningConfiguration>"
                    .getBytes(StandardCharsets.UTF_8);
            assertEquals(
                    200,
                    rb.send("PUT", "/shared", Map.of("versioning", ""), ObjectLockIT.md5(on), on)
                            .status());

            // tag -> version id, for every acknowledged PUT; ids of acknowledged delete markers
            Map<String, String> acked = new ConcurrentHashMap<>();
            Set<String> markers = ConcurrentHashMap.newKeySet();
            ExecutorService pool = Executors.newFixedThreadPool(2 * THREADS_PER_GATEWAY);
            List<Future<?>> work = new ArrayList<>();
            for (int t = 0; t < 2 * THREADS_PER_GATEWAY; t++) {
                RawS3 raw = t % 2 == 0 ? ra : rb;
                int thread = t;
                work.add(pool.submit(() -> {
                    for (int i = 0; i < PUTS_PER_THREAD; i++) {
                        if (i == PUTS_PER_THREAD / 2 && thread < 2) {
                            RawS3.Response d = raw.send("DELETE", "/shared/hot", Map.of(), Map.of(), new byte[0]);
                            assertEquals(204, d.status(), d.text());
                            markers.add(d.header("x-amz-version-id"));
                            continue;
                        }
                        String tag = "g" + (thread % 2) + "-t" + thread + "-" + i;
                        RawS3.Response p = raw.send(
                                "PUT",
                                "/shared/hot",
                                Map.of(),
                                Map.of("x-amz-meta-tag", tag),
                                CrashSafetyIT.content(tag));
                        assertEquals(200, p.status(), p.text());
                        acked.put(tag, p.header("x-amz-version-id"));
                    }
                    return null;
                }));
            }
            for (Future<?> f : work) {
                f.get();
            }
            pool.shutdown();

            // every acknowledged version is listed once, by both gateways alike
            String listing = null;
            for (RawS3 raw : List.of(ra, rb)) {
                RawS3.Response list =
                        raw.send("GET", "/shared", Map.of("versions", "", "prefix", "hot"), Map.of(), new byte[0]);
                assertEquals(200, list.status(), list.text());
                if (listing == null) {
                    listing = list.text();
                } else {
                    assertEquals(listing, list.text(), "both gateways list the same versions");
                }
            }
            List<String> ids = new ArrayList<>();
            String latest = null;
            Matcher m = Pattern.compile("<(Version|DeleteMarker)>(.*?)</\\1>", Pattern.DOTALL)
                    .matcher(listing);
            while (m.find()) {
                String id = S3SemanticsIT.between(m.group(2), "<VersionId>", "</VersionId>");
                ids.add(id);
                if (m.group(2).contains("<IsLatest>true</IsLatest>")) {
                    assertEquals(null, latest, "one latest version");
                    latest = id;
                }
            }
            Set<String> expected = new TreeSet<>(acked.values());
            expected.addAll(markers);
            assertEquals(expected.size(), ids.size(), "each version listed once: " + listing);
            assertEquals(expected, new TreeSet<>(ids));
            // the current version is the newest: ids of one key sort in publication order across gateways
            assertEquals(expected.stream().max(String::compareTo).orElseThrow(), latest);

            // each version readable by its id through either gateway, with its own bytes and metadata
            for (Map.Entry<String, String> e : acked.entrySet()) {
                for (RawS3 raw : List.of(ra, rb)) {
                    RawS3.Response got =
                            raw.send("GET", "/shared/hot", Map.of("versionId", e.getValue()), Map.of(), new byte[0]);
                    assertEquals(200, got.status(), got.text());
                    assertEquals(e.getKey(), got.header("x-amz-meta-tag"));
                    assertArrayEquals(CrashSafetyIT.content(e.getKey()), got.body());
                }
            }
            // both gateways serve the same current version
            RawS3.Response ca = ra.send("GET", "/shared/hot", Map.of(), Map.of(), new byte[0]);
            RawS3.Response cb = rb.send("GET", "/shared/hot", Map.of(), Map.of(), new byte[0]);
            assertEquals(ca.status(), cb.status());
            assertEquals(ca.header("x-amz-version-id"), cb.header("x-amz-version-id"));
            assertTrue(markers.contains(latest) ? ca.status() == 404 : latest.equals(ca.header("x-amz-version-id")));
        }
    }
}
