package io.posixgw.bench;

import io.minio.BucketExistsArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.minio.RemoveObjectArgs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code put-load}: PUT throughput and latency of fresh keys {@code executions-data/<uuid>/out.bin}
 * under 1 and 8 concurrent clients, for the durability comparison ({@code bench/durability.sh}:
 * posixgw {@code --fsync on} against {@code --fsync off} on a journalled ext4). Each round runs
 * every client count against every target in turn (A, B, A, B), for a fixed time each, so that
 * the machine's bursts of load hit all of them; the keys are deleted after each phase, untimed. {@code --file-floor NAME=DIR} adds posixgw's own file calls
 * ({@link ChosenFloor}, fsync included) done by as many threads of this JVM: the floor of a
 * durable PUT on that file system.
 */
@Command(
        name = "put-load",
        mixinStandardHelpOptions = true,
        description = "Concurrent PUTs of fresh keys for a fixed time, targets interleaved: ops/s, p50, p95.")
final class PutLoad implements Callable<Integer> {
    @Option(
            names = "--target",
            paramLabel = "NAME=URL",
            required = true,
            description = "An S3 endpoint; the first is compared with each other one.")
    List<String> targets;

    @Option(
            names = "--file-floor",
            paramLabel = "NAME=DIR",
            description = "posixgw's file calls (floor-chosen) done in this JVM under DIR, as one more target.")
    List<String> floors = new ArrayList<>();

    @Mixin
    CredentialOptions credentials;

    @Option(names = "--bucket", defaultValue = "bench-put-load", description = "Bucket (default ${DEFAULT-VALUE}).")
    String bucket;

    @Option(
            names = "--clients",
            split = ",",
            defaultValue = "1,8",
            description = "Concurrent clients, one row each (default ${DEFAULT-VALUE}).")
    List<Integer> clients;

    @Option(names = "--size", defaultValue = "4096", description = "Object size in bytes (default ${DEFAULT-VALUE}).")
    int size;

    @Option(
            names = "--seconds",
            defaultValue = "10",
            description = "Seconds per target, client count and round (default ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = "--rounds", defaultValue = "3", description = "Interleaved rounds (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(
            names = "--warmup-seconds",
            defaultValue = "10",
            description = "Unrecorded load per target first, for the JIT (default ${DEFAULT-VALUE}).")
    double warmupSeconds;

    /** One endpoint or floor: PUTs and deletes one key. */
    private interface Putter {
        void put(String key) throws Exception;

        void delete(String key) throws Exception;
    }

    /** Results of one target at one client count, over all rounds. */
    private static final class Row {
        final Samples latency = new Samples();
        long ops;
        long errors;
        long nanos;

        double opsPerSecond() {
            return nanos == 0 ? Double.NaN : ops / (nanos / 1e9);
        }
    }

    @Override
    public Integer call() throws Exception {
        Payloads payloads = new Payloads(Math.max(size, 64));
        int maxClients = clients.stream().mapToInt(Integer::intValue).max().orElse(1);
        Map<String, Putter> putters = new LinkedHashMap<>();
        List<AutoCloseable> closing = new ArrayList<>();
        for (String spec : targets) {
            Target t = Target.parse(spec, Target.Role.S3);
            MinioClient mc = credentials.clients().shared(t, maxClients);
            if (!mc.bucketExists(BucketExistsArgs.builder().bucket(bucket).build())) {
                mc.makeBucket(MakeBucketArgs.builder().bucket(bucket).build());
            }
            putters.put(t.name(), new Putter() {
                @Override
                public void put(String key) throws Exception {
                    mc.putObject(PutObjectArgs.builder().bucket(bucket).object(key).stream(
                                    payloads.stream(size), (long) size, null)
                            .build());
                }

                @Override
                public void delete(String key) throws Exception {
                    mc.removeObject(RemoveObjectArgs.builder()
                            .bucket(bucket)
                            .object(key)
                            .build());
                }
            });
        }
        for (String spec : floors) {
            int eq = spec.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected NAME=DIR, got '" + spec + "'");
            }
            FileFloor f = FileFloor.of(FileFloor.Kind.CHOSEN, Path.of(spec.substring(eq + 1)), bucket);
            f.prepare();
            closing.add(f);
            putters.put(spec.substring(0, eq), new Putter() {
                @Override
                public void put(String key) throws Exception {
                    f.put(key, payloads.direct(size));
                }

                @Override
                public void delete(String key) throws Exception {
                    f.delete(key);
                }
            });
        }
        ExecutorService pool = Executors.newFixedThreadPool(maxClients, r -> {
            Thread th = new Thread(r, "bench-put-load");
            th.setDaemon(true);
            return th;
        });
        Map<String, Row> rows = new LinkedHashMap<>();
        try {
            for (Map.Entry<String, Putter> e : putters.entrySet()) {
                load(pool, e.getValue(), maxClients, warmupSeconds, new Row());
            }
            for (int round = 0; round < rounds; round++) {
                for (int n : clients) {
                    for (Map.Entry<String, Putter> e : putters.entrySet()) {
                        Row row = rows.computeIfAbsent(n + " " + e.getKey(), k -> new Row());
                        load(pool, e.getValue(), n, seconds, row);
                    }
                }
                System.err.printf(Locale.ROOT, "put-load: round %d of %d done%n", round + 1, rounds);
            }
        } finally {
            pool.shutdownNow();
            for (AutoCloseable c : closing) {
                c.close();
            }
        }
        print(rows, new ArrayList<>(putters.keySet()));
        return 0;
    }

    /**
     * {@code n} clients PUT fresh keys for {@code secs} seconds; the row gets their ops, time and latencies.
     * Then the keys are deleted, untimed, by as many clients: a run of many rounds must not fill the
     * small file system (of inodes first), and every phase starts on the same nearly empty one.
     */
    private void load(ExecutorService pool, Putter putter, int n, double secs, Row row) throws Exception {
        long end = System.nanoTime() + (long) (secs * 1e9);
        AtomicLong ops = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        Queue<String> written = new ConcurrentLinkedQueue<>();
        List<Future<?>> fs = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            fs.add(pool.submit(() -> {
                while (System.nanoTime() < end) {
                    String key = "executions-data/" + UUID.randomUUID() + "/out.bin";
                    long t0 = System.nanoTime();
                    try {
                        putter.put(key);
                        row.latency.add(System.nanoTime() - t0);
                        ops.incrementAndGet();
                        written.add(key);
                    } catch (Exception x) {
                        if (errors.getAndIncrement() == 0) {
                            System.err.println("put-load: " + x);
                        }
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : fs) {
            f.get(Math.max(60, (long) secs * 4), TimeUnit.SECONDS);
        }
        long took = System.nanoTime() - start;
        synchronized (row) {
            row.ops += ops.get();
            row.errors += errors.get();
            row.nanos += took;
        }
        fs.clear();
        for (int i = 0; i < n; i++) {
            fs.add(pool.submit(() -> {
                for (String key = written.poll(); key != null; key = written.poll()) {
                    try {
                        putter.delete(key);
                    } catch (Exception e) {
                        // a floor's delete racing another's pruning: the next phase starts clean anyway
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : fs) {
            f.get(10, TimeUnit.MINUTES);
        }
    }

    private void print(Map<String, Row> rows, List<String> names) {
        String first = names.get(0);
        System.out.printf(
                Locale.ROOT,
                "PUT of %s on fresh keys executions-data/<uuid>/out.bin, %d rounds of %.0f s per target and "
                        + "client count, interleaved, after %.0f s of warm-up each%n%n",
                Payloads.label(size),
                rounds,
                seconds,
                warmupSeconds);
        System.out.println("| clients | target | ops/s | p50 ms | p95 ms | requests | errors | ops/s vs " + first
                + " | p50 vs " + first + " |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        for (int n : clients) {
            Row base = rows.get(n + " " + first);
            for (String name : names) {
                Row r = rows.get(n + " " + name);
                System.out.printf(
                        Locale.ROOT,
                        "| %d | %s | %.0f | %.3f | %.3f | %d | %d | %.2fx | %.2fx |%n",
                        n,
                        name,
                        r.opsPerSecond(),
                        r.latency.percentileMs(50),
                        r.latency.percentileMs(95),
                        r.ops,
                        r.errors,
                        r.opsPerSecond() / base.opsPerSecond(),
                        r.latency.percentileMs(50) / base.latency.percentileMs(50));
            }
        }
    }
}
