package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Two gateways on two FUSE mounts of one GlusterFS replica-2 volume (issue 19), in both
 * metadata modes and both mount profiles, under the {@link RaceHarness}'s races. Asserts no
 * anomaly for the scenarios that are correct on that profile and mode today ({@link #CORRECT});
 * the others are run and reported (the counts go to stdout and, with
 * {@code -Dposixgw.scaleout.out=FILE}, to a Markdown file). {@code -Dposixgw.scaleout.bench=true}
 * (bench/scaleout.sh) runs longer, asserts nothing and adds latency on GlusterFS and local ext4;
 * {@code -Dposixgw.scaleout.scenarios=a,b} runs only those (none: {@code -Dposixgw.scaleout.scenarios=latency}),
 * {@code -Dposixgw.scaleout.combos=default/xattr,...} only those profiles and modes.
 * Skips where GlusterFS or FUSE is missing (bench/gluster-bed.sh check).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GlusterScaleOutIT {
    private static final boolean BENCH = Boolean.getBoolean("posixgw.scaleout.bench");
    private static final long MILLIS = Long.getLong("posixgw.scaleout.millis", BENCH ? 10_000 : 2_000);
    private static final int THREADS = Integer.getInteger("posixgw.scaleout.threads", 2);

    /** profile/mode -> the scenarios asserted to see no anomaly. */
    // Not asserted (counts in docs/DEPLOY-SCALE-OUT.md): in sidecar mode, a PUT killed between its
    // data's rename and its attributes' leaves the new bytes without their attributes (a key in
    // flight, never an acknowledged one); with the default caching, sidecar reads find the bytes
    // and the attributes at different versions; with caching off in sidecar mode, a HEAD racing
    // deletes came without its metadata once (run 6, 1 of 168). A PUT racing DeleteBucket, lost
    // with the default caching before the temp file's creation took the writers lock, is asserted
    // in every combination.
    private static final Map<String, Set<String>> CORRECT = Map.of(
            "coherent/xattr",
                    Set.of(
                            "overwrite-read",
                            "concurrent-overwrites",
                            "deletes-reads",
                            "conditional",
                            "put-deletebucket",
                            "kill-a",
                            "kill-b"),
            "coherent/sidecar", Set.of("overwrite-read", "concurrent-overwrites", "conditional", "put-deletebucket"),
            "default/xattr",
                    Set.of(
                            "overwrite-read",
                            "concurrent-overwrites",
                            "deletes-reads",
                            "conditional",
                            "put-deletebucket",
                            "kill-a",
                            "kill-b"),
            "default/sidecar", Set.of("put-deletebucket"));

    private GlusterBed bed;
    private Path dir;
    private final Map<String, Path[]> mounts = new LinkedHashMap<>();
    private final List<String> rows = new ArrayList<>();
    private final List<String> latencyRows = new ArrayList<>();

    @BeforeAll
    void startBed() throws Exception {
        // In the suite wherever GlusterFS and FUSE work here (GlusterBed skips elsewhere); POSIXGW_GLUSTER_IT=0 turns
        // it off.
        org.junit.jupiter.api.Assumptions.assumeFalse(
                "0".equals(System.getenv("POSIXGW_GLUSTER_IT")), "POSIXGW_GLUSTER_IT=0: the GlusterFS races are off");
        dir = Files.createTempDirectory("gluster-bed");
        bed = GlusterBed.start(dir);
        for (String profile : List.of(GlusterBed.DEFAULT, GlusterBed.COHERENT)) {
            mounts.put(profile, new Path[] {bed.mount(profile, profile + "-a"), bed.mount(profile, profile + "-b")});
        }
        for (String profile : mounts.keySet()) {
            for (String sub : List.of("xattr", "sidecar-data", "sidecar-meta")) {
                Files.createDirectories(mounts.get(profile)[0].resolve(profile + "-" + sub));
            }
        }
        Thread.sleep(1500); // the other mounts' entry caches
    }

    @AfterAll
    void stopBed() throws Exception {
        if (bed != null) {
            bed.close();
        }
        StringBuilder md = new StringBuilder("| profile | mode | scenario | anomalies |\n|---|---|---|---|\n");
        rows.forEach(r -> md.append(r).append('\n'));
        if (!latencyRows.isEmpty()) {
            md.append("\n| file system | mode | operation | n | p50 ms | p99 ms |\n|---|---|---|---|---|---|\n");
            latencyRows.forEach(r -> md.append(r).append('\n'));
        }
        System.out.println(md);
        String out = System.getProperty("posixgw.scaleout.out");
        if (out != null) {
            Files.writeString(Path.of(out), md.toString(), StandardCharsets.UTF_8);
        }
        if (dir != null) {
            new ProcessBuilder("rm", "-rf", dir.toString()).start().waitFor();
        }
    }

    /**
     * The record locks the gateways order their writes with must exclude each other across
     * clients: a process holding one through one mount, this JVM's try through the other fails;
     * once the holder is gone (killed), the lock is free.
     */
    @org.junit.jupiter.api.Test
    void recordLocksExcludeAcrossMounts() throws Exception {
        for (String profile : mounts.keySet()) {
            Path[] m = mounts.get(profile);
            Path file = m[0].resolve("lock-probe-" + profile);
            Files.write(file, new byte[1]);
            Process holder = new ProcessBuilder(
                            "/usr/bin/python3",
                            "-c",
                            "import fcntl,sys,time\n"
                                    + "f=open(sys.argv[1],'r+b'); fcntl.lockf(f, fcntl.LOCK_EX); print('held', flush=True); time.sleep(60)",
                            file.toString())
                    .redirectErrorStream(true)
                    .start();
            try {
                assertEquals(
                        "held",
                        new java.io.BufferedReader(new java.io.InputStreamReader(holder.getInputStream())).readLine());
                Thread.sleep(1200); // the other mount's entry cache
                try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(
                        m[1].resolve(file.getFileName()), java.nio.file.StandardOpenOption.WRITE)) {
                    assertEquals(
                            null, ch.tryLock(), profile + ": a lock held through one mount must exclude the other's");
                    holder.destroyForcibly().waitFor();
                    java.nio.channels.FileLock l = null;
                    for (int i = 0; i < 50 && l == null; i++) {
                        l = ch.tryLock();
                        Thread.sleep(100);
                    }
                    assertTrue(l != null, profile + ": the lock of a killed holder is released");
                    l.release();
                }
            } finally {
                holder.destroyForcibly();
            }
        }
    }

    @ParameterizedTest(name = "{0} mount, {1}")
    @CsvSource({"coherent, xattr", "coherent, sidecar", "default, xattr", "default, sidecar"})
    void races(String profile, String mode) throws Exception {
        String combos = System.getProperty("posixgw.scaleout.combos"); // e.g. default/xattr,default/sidecar
        org.junit.jupiter.api.Assumptions.assumeTrue(
                combos == null || Set.of(combos.split(",")).contains(profile + "/" + mode),
                "not among -Dposixgw.scaleout.combos");
        Path[] m = mounts.get(profile);
        Gateways g = new Gateways(m[0], m[1], profile, mode);
        try {
            List<String> failures = new ArrayList<>();
            Set<String> asserted = BENCH ? Set.of() : CORRECT.get(profile + "/" + mode);
            RawS3 ra = g.client(g.a);
            RawS3 rb = g.client(g.b);
            RaceHarness h = new RaceHarness(ra, rb, MILLIS, THREADS);
            assertEquals(
                    200,
                    ra.send("PUT", "/races", Map.of(), Map.of(), new byte[0]).status());
            Thread.sleep(1200);
            Map<String, ScenarioRun> scenarios = new LinkedHashMap<>();
            scenarios.put("overwrite-read", () -> h.overwriteThenRead("races"));
            scenarios.put("concurrent-overwrites", () -> h.concurrentOverwrites("races", 3));
            scenarios.put("deletes-reads", () -> h.deletesRacingReads("races", 3));
            scenarios.put("conditional", () -> h.conditionalWrites("races"));
            scenarios.put("put-deletebucket", () -> h.putRacingDeleteBucket("rb"));
            scenarios.put("kill-a", () -> g.kill(true));
            scenarios.put("kill-b", () -> g.kill(false));
            String only = System.getProperty("posixgw.scaleout.scenarios");
            if (only != null) {
                scenarios.keySet().retainAll(Set.of(only.split(",")));
            }
            for (Map.Entry<String, ScenarioRun> s : scenarios.entrySet()) {
                Tally t = s.getValue().run();
                String row = "| " + profile + " | " + mode + " | " + t.scenario + " | " + t.summary() + " |";
                rows.add(row);
                System.out.println(row);
                t.examples().forEach(e -> System.out.println("    " + e));
                for (String e : t.examples()) {
                    if (e.startsWith("acknowledged-put-lost: ")) {
                        whereIsIt(m, e.substring("acknowledged-put-lost: ".length()));
                    }
                }
                if (asserted.contains(s.getKey()) && t.total() > 0) {
                    failures.add(row + " " + t.examples());
                }
            }
            if (BENCH) {
                latencyRows.addAll(g.latencyRows("GlusterFS " + profile));
            }
            assertEquals(List.of(), failures);
        } finally {
            g.close();
        }
        if (BENCH && profile.equals(GlusterBed.COHERENT)) {
            Path local = Files.createTempDirectory("ext4-bed");
            Files.createDirectories(local.resolve("xattr"));
            Files.createDirectories(local.resolve("sidecar-data"));
            Files.createDirectories(local.resolve("sidecar-meta"));
            Gateways l = new Gateways(local, local, "local", mode, "");
            try {
                latencyRows.addAll(l.latencyRows("local ext4"));
            } finally {
                l.close();
                new ProcessBuilder("rm", "-rf", local.toString()).start().waitFor();
            }
        }
    }

    /**
     * What both mounts show of a bucket whose acknowledged object was lost (its directory, parked
     * or not, and the object), what each brick holds of it (the replicas agreeing or not), and
     * the clients' log lines of operations that failed on one brick only.
     */
    private void whereIsIt(Path[] m, String bucket) throws Exception {
        List<Path> places = new ArrayList<>(List.of(m));
        places.add(bed.dir().resolve("bricks/b1"));
        places.add(bed.dir().resolve("bricks/b2"));
        for (Path place : places) {
            String out = run(
                    "find",
                    place.toString(),
                    "-maxdepth",
                    "4",
                    "-path",
                    "*/.glusterfs",
                    "-prune",
                    "-o",
                    "-path",
                    "*" + bucket + "*",
                    "-ls");
            System.out.println("    where " + bucket + " is in " + place + ": " + (out.isBlank() ? "nowhere" : out));
        }
        for (String brick : List.of("b1", "b2")) {
            Path b = bed.dir().resolve("bricks").resolve(brick);
            System.out.println("    " + brick + ": "
                    + run(
                            "sh",
                            "-c",
                            "find " + b + " -path '*/.glusterfs' -prune -o -path '*"
                                    + bucket
                                    + "*' -print | while read -r f; do ls -ld \"$f\"; getfattr -d -m . -e hex \"$f\"; done; "
                                    + "getfattr -d -m trusted.afr -e hex " + b + "/* 2>&1"));
        }
        String logs = run(
                "sh",
                "-c",
                "grep -h ' [EW] ' " + bed.dir().resolve("log") + "/mount-* "
                        + bed.dir().resolve("log") + "/brick* | grep -v 'deprecated' | tail -n 30");
        System.out.println("    warnings and errors of the clients and bricks (last 30):\n" + logs);
    }

    private static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }

    interface ScenarioRun {
        Tally run() throws Exception;
    }

    /** The two gateways of one profile and mode, one per mount, restartable after a kill -9. */
    private static final class Gateways implements AutoCloseable {
        final Path mountA;
        final Path mountB;
        final String mode;
        final String prefix;
        ServerProcess a;
        ServerProcess b;
        /** Every gateway started, the killed ones too: their logs say what the anomalies were. */
        final List<ServerProcess> started = new ArrayList<>();

        Gateways(Path mountA, Path mountB, String profile, String mode) throws Exception {
            this(mountA, mountB, profile, mode, profile + "-");
        }

        Gateways(Path mountA, Path mountB, String profile, String mode, String prefix) throws Exception {
            this.mountA = mountA;
            this.mountB = mountB;
            this.mode = mode;
            this.prefix = prefix;
            a = start(mountA);
            b = start(mountB);
        }

        ServerProcess start(Path mount) throws Exception {
            ServerProcess p = startProcess(mount);
            started.add(p);
            return p;
        }

        private ServerProcess startProcess(Path mount) throws Exception {
            if (mode.equals("xattr")) {
                return ServerProcess.start(mount.resolve(prefix + "xattr"), "192m", false, "--quiet", "--fsync", "off");
            }
            return ServerProcess.start(
                    mount.resolve(prefix + "sidecar-data"),
                    "192m",
                    false,
                    "--quiet",
                    "--fsync",
                    "off",
                    "--sidecar",
                    mount.resolve(prefix + "sidecar-meta").toString());
        }

        RawS3 client(ServerProcess p) {
            return new RawS3("127.0.0.1", p.port, new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "us-east-1"));
        }

        /** kill -9 of A (or B) during PUTs, reads through the other, then the killed one started again. */
        Tally kill(boolean killA) throws Exception {
            ServerProcess victim = killA ? a : b;
            ServerProcess survivor = killA ? b : a;
            RawS3 rv = client(victim);
            RawS3 rs = client(survivor);
            String bucket = "kill-" + (killA ? "a" : "b");
            assertEquals(
                    200,
                    rv.send("PUT", "/" + bucket, Map.of(), Map.of(), new byte[0])
                            .status());
            Thread.sleep(1200);
            RaceHarness h = new RaceHarness(rv, rs, MILLIS, 2);
            Tally t = h.killMidPut(
                    rv,
                    rs,
                    bucket,
                    () -> {
                        victim.process.destroyForcibly(); // SIGKILL
                        try {
                            victim.process.waitFor();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    },
                    killA ? "A" : "B");
            ServerProcess again = start(killA ? mountA : mountB);
            if (killA) {
                a = again;
            } else {
                b = again;
            }
            return t;
        }

        List<String> latencyRows(String fs) throws Exception {
            RawS3 ra = client(a);
            assertEquals(
                    200,
                    ra.send("PUT", "/latency", Map.of(), Map.of(), new byte[0]).status());
            RaceHarness h = new RaceHarness(ra, client(b), 0, 1);
            List<String> out = new ArrayList<>();
            for (int size : new int[] {4 << 10, 1 << 20}) {
                Tally t = h.latency("latency", size, size > 4096 ? 20 : 60);
                t.latencies()
                        .forEach((op, l) -> out.add(String.format(
                                "| %s | %s | %s | %d | %.1f | %.1f |",
                                fs, mode, op.replace("<=4KiB", "4KiB"), l.count(), l.millis(0.5), l.millis(0.99))));
            }
            return out;
        }

        @Override
        public void close() {
            a.close();
            b.close();
            // what the gateways logged of errors (the 500s' causes), each kind once
            java.util.Set<String> seen = new java.util.LinkedHashSet<>();
            for (ServerProcess p : started) {
                synchronized (p.output) {
                    for (String line : p.output) {
                        if (line.contains("WARN")
                                || line.contains("ERROR")
                                || line.contains("Exception")
                                || line.contains("Caused by")
                                || line.contains("\tat io.posixgw")) {
                            seen.add(line.replaceAll("^\\S+ \\S+ ", "").replaceAll("[0-9a-f]{16}", "#"));
                        }
                    }
                }
            }
            seen.stream().limit(250).forEach(l -> System.out.println("    gateway: " + l));
        }
    }
}
