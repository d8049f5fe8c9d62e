package io.posixgw.migrate.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.minio.GetObjectArgs;
import io.minio.GetObjectTagsArgs;
import io.minio.ListObjectsArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.minio.RemoveObjectArgs;
import io.minio.Result;
import io.minio.StatObjectArgs;
import io.minio.StatObjectResponse;
import io.minio.messages.Item;
import io.minio.messages.ListAllMyBucketsResult;
import io.posixgw.migrate.MigrateCommand;
import io.posixgw.migrate.S3Clients;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code posixgw migrate} against a second posixgw as the source (standing in for the
 * MinIO being replaced): everything copied with its metadata and verified, a second
 * run a no-op, interruptions (in-process and SIGKILL of a real process) resumed with
 * each object copied once, dry run, --delete-extra, and the reverse sync of a rollback.
 */
class MigrateIT {
    static final String BUCKET = "ryax-filestore";
    private static final String[] COPIED_HEADERS = {
        "Content-Type", "Content-Encoding", "Content-Language", "Content-Disposition", "Cache-Control", "Expires"
    };

    @TempDir
    Path tmp;

    /** The output and status of one migrate run. */
    record Run(int status, String out, String err) {
        long count(String label) {
            Matcher m = Pattern.compile("([\\d,]+) " + Pattern.quote(label)).matcher(out);
            assertTrue(m.find(), "no '" + label + "' in:\n" + out + err);
            return Long.parseLong(m.group(1).replace(",", ""));
        }
    }

    static Run migrate(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = MigrateCommand.run(
                args,
                env,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A MinIO client with TCP_NODELAY (TestGateway's waits for delayed ACKs on every PUT body). */
    static MinioClient client(TestGateway g) {
        return S3Clients.create(g.endpoint(), TestGateway.ACCESS, TestGateway.SECRET, 4);
    }

    static Run migrate(String... args) {
        return migrate(Map.of(), args);
    }

    static String[] from(TestGateway source, String... rest) {
        return from(source.endpoint(), rest);
    }

    static String[] from(String endpoint, String... rest) {
        List<String> a = new ArrayList<>(List.of(
                "--from",
                endpoint,
                "--access",
                TestGateway.ACCESS,
                "--secret",
                TestGateway.SECRET,
                "--progress",
                "0",
                "--retry-delay-ms",
                "50"));
        a.addAll(List.of(rest));
        return a.toArray(new String[0]);
    }

    /** What the platform's MinIO holds, in miniature: 37 objects in two buckets, one of them multipart. */
    static int populate(MinioClient mc) throws Exception {
        mc.makeBucket(MakeBucketArgs.builder().bucket(BUCKET).build());
        mc.makeBucket(MakeBucketArgs.builder().bucket("second").build());
        Random random = new Random(7);
        int n = 0;
        for (int i = 0; i < 30; i++) {
            byte[] b = new byte[(i * 2311) % 70_000];
            random.nextBytes(b);
            put(
                    mc,
                    BUCKET,
                    "executions-data/e" + i + "/out.json",
                    b,
                    "application/json",
                    Map.of("step", "train-" + i, "owner-id", "42"),
                    Map.of(),
                    Map.of());
            n++;
        }
        put(mc, BUCKET, "dir/", new byte[0], null, Map.of(), Map.of(), Map.of());
        put(mc, BUCKET, "empty.txt", new byte[0], "text/plain", Map.of(), Map.of(), Map.of());
        put(
                mc,
                BUCKET,
                "unicode/été 🎉.txt",
                "ünïcödé".getBytes(StandardCharsets.UTF_8),
                "text/plain; charset=utf-8",
                Map.of("lang", "fr"),
                Map.of(),
                Map.of());
        put(
                mc,
                BUCKET,
                "gz/data.json.gz",
                new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                "application/json",
                Map.of("origin", "ryax"),
                Map.of(
                        "Content-Encoding",
                        "gzip",
                        "Content-Disposition",
                        "attachment; filename=\"d.json.gz\"",
                        "Cache-Control",
                        "max-age=60",
                        "Content-Language",
                        "fr",
                        "Expires",
                        "Wed, 21 Oct 2026 07:28:00 GMT"),
                Map.of("project", "p1", "kind", "gz"));
        byte[] big = new byte[12 << 20];
        random.nextBytes(big);
        mc.putObject(PutObjectArgs.builder().bucket(BUCKET).object("big.bin").stream(
                        new ByteArrayInputStream(big), null, 5L << 20)
                .contentType("application/octet-stream")
                .userMetadata(Map.of("kind", "multipart"))
                .build());
        n += 5;
        put(mc, "second", "a.txt", "a".getBytes(StandardCharsets.UTF_8), "text/plain", Map.of(), Map.of(), Map.of());
        put(mc, "second", "b/c.txt", "c".getBytes(StandardCharsets.UTF_8), "text/plain", Map.of(), Map.of(), Map.of());
        return n + 2;
    }

    static void put(
            MinioClient mc,
            String bucket,
            String key,
            byte[] data,
            String contentType,
            Map<String, String> meta,
            Map<String, String> headers,
            Map<String, String> tags)
            throws Exception {
        PutObjectArgs.Builder b = PutObjectArgs.builder().bucket(bucket).object(key).stream(
                        new ByteArrayInputStream(data), (long) data.length, null)
                .userMetadata(meta)
                .headers(headers);
        if (contentType != null) {
            b.contentType(contentType);
        }
        if (!tags.isEmpty()) {
            b.tags(tags);
        }
        mc.putObject(b.build());
    }

    static List<String> keys(MinioClient mc, String bucket) throws Exception {
        List<String> keys = new ArrayList<>();
        for (Result<Item> r : mc.listObjects(
                ListObjectsArgs.builder().bucket(bucket).recursive(true).build())) {
            keys.add(r.get().objectName());
        }
        return keys;
    }

    static byte[] get(MinioClient mc, String bucket, String key) throws Exception {
        try (InputStream in =
                mc.getObject(GetObjectArgs.builder().bucket(bucket).object(key).build())) {
            return in.readAllBytes();
        }
    }

    static Map<String, String> meta(StatObjectResponse s) {
        Map<String, String> m = new TreeMap<>();
        for (Map.Entry<String, String> e : s.userMetadata().entries()) {
            m.put(e.getKey().toLowerCase(Locale.ROOT), e.getValue());
        }
        return m;
    }

    /** Every bucket, key, byte, stored header, user metadata and tag of {@code a} is in {@code b}, and nothing else. */
    static void assertMirrors(MinioClient a, MinioClient b) throws Exception {
        List<String> buckets = new ArrayList<>();
        for (ListAllMyBucketsResult.Bucket bucket : a.listBuckets()) {
            buckets.add(bucket.name());
        }
        for (String bucket : buckets) {
            List<String> keys = keys(a, bucket);
            assertEquals(keys, keys(b, bucket), "keys of " + bucket);
            for (String key : keys) {
                StatObjectResponse sa = a.statObject(
                        StatObjectArgs.builder().bucket(bucket).object(key).build());
                StatObjectResponse sb = b.statObject(
                        StatObjectArgs.builder().bucket(bucket).object(key).build());
                String what = bucket + "/" + key;
                assertEquals(sa.size(), sb.size(), what);
                for (String h : COPIED_HEADERS) {
                    assertEquals(sa.headers().get(h), sb.headers().get(h), h + " of " + what);
                }
                assertEquals(meta(sa), meta(sb), "user metadata of " + what);
                if (!sa.etag().contains("-") && !sb.etag().contains("-")) {
                    assertEquals(sa.etag(), sb.etag(), "ETag of " + what);
                }
                assertArrayEquals(get(a, bucket, key), get(b, bucket, key), "bytes of " + what);
                if (!"0".equals(String.valueOf(sa.headers().get("x-amz-tagging-count")))) {
                    assertEquals(
                            a.getObjectTags(GetObjectTagsArgs.builder()
                                            .bucket(bucket)
                                            .object(key)
                                            .build())
                                    .get(),
                            b.getObjectTags(GetObjectTagsArgs.builder()
                                            .bucket(bucket)
                                            .object(key)
                                            .build())
                                    .get(),
                            "tags of " + what);
                }
            }
        }
    }

    static JsonNode marker(Path root) throws Exception {
        return new ObjectMapper()
                .readTree(root.resolve(".posixgw-migrated.json").toFile());
    }

    /** Objects published in a bucket directory (staging debris excluded). */
    static long published(Path bucketDir) throws Exception {
        if (!Files.isDirectory(bucketDir)) {
            return 0;
        }
        try (Stream<Path> s = Files.walk(bucketDir)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> !bucketDir.relativize(p).toString().startsWith(".sgwtmp"))
                    .count();
        }
    }

    @Test
    void copiesEverythingWithMetadataVerifiedThenASecondRunIsANoOp() throws Exception {
        Path srcRoot = Files.createDirectories(tmp.resolve("minio"));
        Path dstRoot = tmp.resolve("data/s3");
        int objects;
        TestGateway source = TestGateway.start(srcRoot);
        // A stable endpoint for a source that goes away and comes back on another port.
        try (ThrottledProxy endpoint = new ThrottledProxy(source.port, Long.MAX_VALUE)) {
            try {
                objects = populate(client(source));
                Run run = migrate(from(endpoint.endpoint(), "--all", dstRoot.toString()));
                assertEquals(0, run.status(), run.out() + run.err());
                assertEquals(objects, run.count("objects listed"));
                assertEquals(objects, run.count("copied and verified"));
                assertEquals(0, run.count("failed"));
                assertTrue(run.err().contains("posixgw migrate: "), run.err());

                try (TestGateway copy = TestGateway.start(dstRoot)) {
                    assertMirrors(client(source), client(copy));
                    StatObjectResponse big = client(copy)
                            .statObject(StatObjectArgs.builder()
                                    .bucket(BUCKET)
                                    .object("big.bin")
                                    .build());
                    assertFalse(
                            big.etag().contains("-"), "a multipart source object is stored whole: its ETag is its MD5");
                }
                JsonNode m = marker(dstRoot);
                assertEquals(1, m.get("runs").size());
                assertEquals(
                        endpoint.endpoint(), m.get("runs").get(0).get("from").asText());
                assertEquals(objects, m.get("runs").get(0).get("copied").asLong());
                assertTrue(m.get("runs").get(0).get("all").asBoolean());
            } finally {
                source.close();
            }
            // The source is gone now: the same migration is a no-op that does not contact it.
            Run again = migrate(from(endpoint.endpoint(), "--all", dstRoot.toString()));
            assertEquals(0, again.status(), again.out() + again.err());
            assertTrue(again.out().contains("nothing to do"), again.out());
            // One bucket of an --all migration is covered as well.
            Run one = migrate(from(endpoint.endpoint(), "--bucket", "second", dstRoot.toString()));
            assertEquals(0, one.status(), one.out() + one.err());
            assertTrue(one.out().contains("nothing to do"), one.out());

            try (TestGateway back = TestGateway.start(srcRoot)) {
                endpoint.retarget(back.port);
                Run forced = migrate(from(endpoint.endpoint(), "--force", dstRoot.toString()));
                assertEquals(0, forced.status(), forced.out() + forced.err());
                assertEquals(0, forced.count("copied and verified"));
                assertEquals(objects, forced.count("already present"));
                assertEquals(2, marker(dstRoot).get("runs").size());

                // tags changed in place keep the ETag: only --recopy brings them over
                client(back)
                        .setObjectTags(io.minio.SetObjectTagsArgs.builder()
                                .bucket(BUCKET)
                                .object("big.bin")
                                .tags(Map.of("stage", "changed"))
                                .build());
                Run recopied = migrate(from(endpoint.endpoint(), "--force", "--recopy", dstRoot.toString()));
                assertEquals(0, recopied.status(), recopied.out() + recopied.err());
                assertEquals(objects, recopied.count("copied and verified"));
                // a marker nobody can read is replaced by the next completed run, not an error for every later one
                Files.writeString(dstRoot.resolve(".posixgw-migrated.json"), "null");
                Run overDamaged = migrate(from(endpoint.endpoint(), "--force", dstRoot.toString()));
                assertEquals(0, overDamaged.status(), overDamaged.out() + overDamaged.err());
                assertEquals(1, marker(dstRoot).get("runs").size());
            }
            try (TestGateway copy = TestGateway.start(dstRoot)) {
                assertEquals(
                        Map.of("stage", "changed"),
                        client(copy)
                                .getObjectTags(io.minio.GetObjectTagsArgs.builder()
                                        .bucket(BUCKET)
                                        .object("big.bin")
                                        .build())
                                .get());
            }
        }
    }

    @Test
    void dryRunWritesNothingAndSaysWhatWouldHappen() throws Exception {
        Path dstRoot = tmp.resolve("dst");
        try (TestGateway source = TestGateway.start(Files.createDirectories(tmp.resolve("src")))) {
            int objects = populate(client(source));
            // Source settings from the environment, as the chart's initContainer passes them.
            Map<String, String> env = Map.of(
                    "POSIXGW_MIGRATE_FROM",
                    source.endpoint(),
                    "POSIXGW_MIGRATE_ACCESS_KEY",
                    TestGateway.ACCESS,
                    "POSIXGW_MIGRATE_SECRET_KEY",
                    TestGateway.SECRET,
                    "POSIXGW_ROOT",
                    dstRoot.toString());
            Run dry = migrate(env, "--dry-run", "--progress", "0");
            assertEquals(0, dry.status(), dry.out() + dry.err());
            assertEquals(objects, dry.count("would be copied"));
            assertFalse(Files.exists(dstRoot), "a dry run creates nothing");

            assertEquals(0, migrate(env, "--bucket", BUCKET, "--progress", "0").status());
            try (TestGateway copy = TestGateway.start(dstRoot)) {
                put(client(copy), BUCKET, "extra.txt", new byte[3], "text/plain", Map.of(), Map.of(), Map.of());
            }
            Run dry2 = migrate(env, "--dry-run", "--delete-extra", "--bucket", BUCKET, "--progress", "0");
            assertEquals(0, dry2.status(), dry2.out() + dry2.err());
            assertEquals(0, dry2.count("would be copied"));
            assertEquals(objects - 2, dry2.count("already present"));
            assertEquals(1, dry2.count("extra would be deleted"));
            assertTrue(Files.exists(dstRoot.resolve(BUCKET).resolve("extra.txt")));
            assertFalse(Files.exists(dstRoot.resolve("second")));
        }
    }

    @Test
    void deleteExtraMakesTheDestinationAMirror() throws Exception {
        Path dstRoot = tmp.resolve("dst");
        try (TestGateway source = TestGateway.start(Files.createDirectories(tmp.resolve("src")))) {
            MinioClient src = client(source);
            populate(src);
            assertEquals(0, migrate(from(source, dstRoot.toString())).status());
            // The source moves on: two deletions, an overwrite of the same size, a new object.
            src.removeObject(RemoveObjectArgs.builder()
                    .bucket(BUCKET)
                    .object("executions-data/e3/out.json")
                    .build());
            src.removeObject(RemoveObjectArgs.builder()
                    .bucket("second")
                    .object("b/c.txt")
                    .build());
            byte[] e4 = get(src, BUCKET, "executions-data/e4/out.json");
            e4[0] ^= 1;
            put(
                    src,
                    BUCKET,
                    "executions-data/e4/out.json",
                    e4,
                    "application/json",
                    Map.of("step", "retrain"),
                    Map.of(),
                    Map.of());
            put(
                    src,
                    BUCKET,
                    "executions-data/e99/out.json",
                    new byte[10],
                    "application/json",
                    Map.of(),
                    Map.of(),
                    Map.of());
            try (TestGateway copy = TestGateway.start(dstRoot)) {
                put(client(copy), BUCKET, "zz-only-here.txt", new byte[1], "text/plain", Map.of(), Map.of(), Map.of());

                Run keep = migrate(from(source, "--force", dstRoot.toString()));
                assertEquals(0, keep.status(), keep.out() + keep.err());
                assertEquals(2, keep.count("copied and verified"));
                assertEquals(0, keep.count("extra deleted"));
                assertTrue(keys(client(copy), BUCKET).contains("zz-only-here.txt"));
                assertTrue(keys(client(copy), BUCKET).contains("executions-data/e3/out.json"));

                Run mirror = migrate(from(source, "--force", "--delete-extra", dstRoot.toString()));
                assertEquals(0, mirror.status(), mirror.out() + mirror.err());
                assertEquals(0, mirror.count("copied and verified"));
                assertEquals(3, mirror.count("extra deleted"));
                assertMirrors(src, client(copy));
            }
        }
    }

    /** 40 objects of 48 KiB behind a proxy that slows the source down, for interruptions. */
    static int populateSlow(MinioClient mc) throws Exception {
        mc.makeBucket(MakeBucketArgs.builder().bucket(BUCKET).build());
        Random random = new Random(11);
        for (int i = 0; i < 40; i++) {
            byte[] b = new byte[48 << 10];
            random.nextBytes(b);
            put(
                    mc,
                    BUCKET,
                    String.format("runs/r%02d.bin", i),
                    b,
                    "application/octet-stream",
                    Map.of("i", Integer.toString(i)),
                    Map.of(),
                    Map.of());
        }
        return 40;
    }

    @Test
    void anInterruptedRunResumesAndCopiesEachObjectOnce() throws Exception {
        Path dstRoot = tmp.resolve("dst");
        try (TestGateway source = TestGateway.start(Files.createDirectories(tmp.resolve("src")));
                ThrottledProxy slow = new ThrottledProxy(source.port, 256 << 10)) {
            int objects = populateSlow(client(source));
            AtomicInteger status = new AtomicInteger(-1);
            String[] args = {
                "--from",
                slow.endpoint(),
                "--access",
                TestGateway.ACCESS,
                "--secret",
                TestGateway.SECRET,
                "--concurrency",
                "2",
                "--progress",
                "0",
                dstRoot.toString()
            };
            Thread t = new Thread(() -> status.set(migrate(args).status()), "migrate-under-test");
            t.start();
            Path bucketDir = dstRoot.resolve(BUCKET);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (published(bucketDir) < 8 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(t.isAlive(), "the run must still be going to be interrupted half-way");
            t.interrupt();
            t.join(30_000);
            assertFalse(t.isAlive());
            assertEquals(1, status.get(), "an interrupted run fails");
            assertFalse(Files.exists(dstRoot.resolve(".posixgw-migrated.json")), "no marker for an interrupted run");
            long done = published(bucketDir);
            assertTrue(done >= 8 && done < objects, "copied before the interruption: " + done);

            Run resumed = migrate(from(source, dstRoot.toString()));
            assertEquals(0, resumed.status(), resumed.out() + resumed.err());
            assertEquals(done, resumed.count("already present"));
            assertEquals(
                    objects - done, resumed.count("copied and verified"), "each object copied once over both runs");
            try (TestGateway copy = TestGateway.start(dstRoot)) {
                assertMirrors(client(source), client(copy));
            }
        }
    }

    @Test
    void aKilledProcessResumes() throws Exception {
        Path dstRoot = tmp.resolve("dst");
        try (TestGateway source = TestGateway.start(Files.createDirectories(tmp.resolve("src")));
                ThrottledProxy slow = new ThrottledProxy(source.port, 256 << 10)) {
            int objects = populateSlow(client(source));
            String javaBin =
                    Path.of(System.getProperty("java.home"), "bin", "java").toString();
            ProcessBuilder pb = new ProcessBuilder(
                            javaBin,
                            "-cp",
                            System.getProperty("java.class.path"),
                            "io.posixgw.migrate.Main",
                            "--from",
                            slow.endpoint(),
                            "--concurrency",
                            "2",
                            dstRoot.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(tmp.resolve("migrate.log").toFile());
            pb.environment().put("POSIXGW_MIGRATE_ACCESS_KEY", TestGateway.ACCESS);
            pb.environment().put("POSIXGW_MIGRATE_SECRET_KEY", TestGateway.SECRET);
            pb.environment().put("LC_ALL", "C.UTF-8");
            Process p = pb.start();
            try {
                Path bucketDir = dstRoot.resolve(BUCKET);
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (published(bucketDir) < 8 && System.nanoTime() < deadline && p.isAlive()) {
                    Thread.sleep(20);
                }
                assertTrue(
                        p.isAlive(),
                        "the process must still be copying: " + Files.readString(tmp.resolve("migrate.log")));
                p.destroyForcibly();
                assertTrue(p.waitFor(30, TimeUnit.SECONDS));
            } finally {
                p.destroyForcibly();
            }
            long done = published(dstRoot.resolve(BUCKET));
            assertTrue(done >= 8 && done < objects, "copied before the kill: " + done);
            assertFalse(Files.exists(dstRoot.resolve(".posixgw-migrated.json")));

            Run resumed = migrate(from(source, dstRoot.toString()));
            assertEquals(0, resumed.status(), resumed.out() + resumed.err());
            assertEquals(objects - done, resumed.count("copied and verified"));
            assertEquals(done, resumed.count("already present"));
            assertEquals(
                    objects - done,
                    marker(dstRoot).get("runs").get(0).get("copied").asLong());
            try (TestGateway copy = TestGateway.start(dstRoot)) {
                assertMirrors(client(source), client(copy));
            }
        }
    }

    @Test
    void reverseSyncPutsTheOldEndpointBackInStep() throws Exception {
        Path newRoot = tmp.resolve("new");
        try (TestGateway old = TestGateway.start(Files.createDirectories(tmp.resolve("old")))) {
            populate(client(old));
            // big.bin must be newer at posixgw than at the old end to the second (HEAD's Last-Modified precision)
            Thread.sleep(1100);
            assertEquals(0, migrate(from(old, newRoot.toString())).status());
            try (TestGateway posixgw = TestGateway.start(newRoot)) {
                MinioClient mc = client(posixgw);
                // Cut over; the platform writes to posixgw for a while, then the site rolls back.
                put(
                        mc,
                        BUCKET,
                        "after-cutover/new.json",
                        "{}".getBytes(StandardCharsets.UTF_8),
                        "application/json",
                        Map.of("step", "new"),
                        Map.of(),
                        Map.of("phase", "after"));
                put(
                        mc,
                        BUCKET,
                        "executions-data/e1/out.json",
                        "rewritten".getBytes(StandardCharsets.UTF_8),
                        "text/plain",
                        Map.of("step", "rewritten"),
                        Map.of("Cache-Control", "no-cache"),
                        Map.of());
                mc.removeObject(RemoveObjectArgs.builder()
                        .bucket(BUCKET)
                        .object("executions-data/e2/out.json")
                        .build());
                byte[] large = new byte[20 << 20];
                new Random(3).nextBytes(large);
                mc.putObject(PutObjectArgs.builder().bucket(BUCKET).object("large/20mib.bin").stream(
                                new ByteArrayInputStream(large), null, 5L << 20)
                        .build());

                String[] reverse = {
                    "--from",
                    posixgw.endpoint(),
                    "--access",
                    TestGateway.ACCESS,
                    "--secret",
                    TestGateway.SECRET,
                    "--to",
                    old.endpoint(),
                    "--to-access",
                    TestGateway.ACCESS,
                    "--to-secret",
                    TestGateway.SECRET,
                    "--all",
                    "--delete-extra",
                    "--progress",
                    "0"
                };
                Run back = migrate(reverse);
                assertEquals(0, back.status(), back.out() + back.err());
                // new, rewritten, large, and big.bin (its multipart ETag at the old end proves nothing about the bytes)
                assertEquals(4, back.count("copied and verified"));
                assertEquals(1, back.count("extra deleted"));
                assertMirrors(mc, client(old));
                assertFalse(back.out().contains("recorded in"), "no marker for an endpoint");

                Run again = migrate(reverse);
                assertEquals(0, again.status(), again.out() + again.err());
                assertEquals(0, again.count("copied and verified"), "the reverse sync is idempotent too");
                assertEquals(0, again.count("extra deleted"));
            }
        }
    }

    @Test
    void sidecarModeKeepsTheMetadataInFiles() throws Exception {
        Path dstRoot = tmp.resolve("nfs/s3");
        Path sidecar = tmp.resolve("nfs/meta");
        try (TestGateway source = TestGateway.start(Files.createDirectories(tmp.resolve("src")))) {
            populate(client(source));
            // As the chart's sidecar mode passes it to the initContainer: from the environment.
            Run run = migrate(Map.of("POSIXGW_SIDECAR", sidecar.toString()), from(source, dstRoot.toString()));
            assertEquals(0, run.status(), run.out() + run.err());
            assertTrue(
                    Files.isRegularFile(sidecar.resolve(BUCKET).resolve("gz/data.json.gz/meta/content-encoding")),
                    "metadata in sidecar files");
            try (TestGateway copy = TestGateway.start(dstRoot, "--sidecar", sidecar.toString())) {
                assertMirrors(client(source), client(copy));
            }
        }
    }

    @Test
    void badArgumentsAndMissingSourcesAreClearErrors() throws Exception {
        // The server's own credentials never stand in for the source's.
        Run noAccess = migrate(
                Map.of("ROOT_ACCESS_KEY_ID", "ryax", "ROOT_SECRET_ACCESS_KEY", "x"),
                "--from",
                "http://127.0.0.1:1",
                tmp.toString());
        assertEquals(2, noAccess.status());
        assertTrue(noAccess.err().contains("--access"), noAccess.err());
        assertEquals(
                2,
                migrate("--from", "ryax-minio:9000", "--access", "a", "--secret", "b")
                        .status());
        assertEquals(
                2,
                migrate("--from", "http://x", "--access", "a", "--secret", "b", "--all", "--bucket", "x")
                        .status());
        assertEquals(
                2,
                migrate(
                                "--from",
                                "http://x",
                                "--access",
                                "a",
                                "--secret",
                                "b",
                                "--to",
                                "http://y",
                                "--to-access",
                                "a",
                                "--to-secret",
                                "b",
                                tmp.toString())
                        .status());
        assertEquals(
                2,
                migrate("--from", "http://x", "--access", "a", "--secret", "b", "--concurrency", "0")
                        .status());
        assertEquals(0, migrate("--help").status());

        try (TestGateway source = TestGateway.start(Files.createDirectories(tmp.resolve("src")))) {
            Run missing =
                    migrate(from(source, "--bucket", "nope", tmp.resolve("dst").toString()));
            assertEquals(1, missing.status());
            assertTrue(missing.err().contains("nope"), missing.err());
            Run wrongSecret = migrate(
                    "--from",
                    source.endpoint(),
                    "--access",
                    TestGateway.ACCESS,
                    "--secret",
                    "wrong",
                    "--progress",
                    "0",
                    tmp.resolve("dst").toString());
            assertEquals(1, wrongSecret.status());
            assertTrue(wrongSecret.err().contains("SignatureDoesNotMatch"), wrongSecret.err());
        }
        Run down = migrate(
                "--from",
                "http://127.0.0.1:1",
                "--access",
                "a",
                "--secret",
                "b",
                "--progress",
                "0",
                tmp.resolve("dst").toString());
        assertEquals(1, down.status());
        assertNotEquals("", down.err());
    }
}
