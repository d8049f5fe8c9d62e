package io.posixgw.bench;

import io.minio.BucketExistsArgs;
import io.minio.GetObjectArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.minio.RemoveObjectArgs;
import io.minio.StatObjectArgs;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code alternate}: the latency suite's put/stat/get/delete cycle on fresh keys
 * ({@code executions-data/<uuid>/out.bin}), one client, alternating between the
 * targets at every cycle (order flipped each time), so that a shared machine's noise,
 * which comes in bursts, hits every target alike. For before/after comparisons of
 * one change; with {@code NAME=URL@PID} it also gives each server's CPU time per cycle,
 * which other processes do not inflate.
 */
@Command(
        name = "alternate",
        mixinStandardHelpOptions = true,
        description =
                "put/stat/get/delete cycles alternating between targets at every cycle; p50s, ratios, server CPU per cycle.")
final class Alternate implements Callable<Integer> {
    private static final String[] OPS = {"put", "stat", "get", "delete"};

    @Option(
            names = "--target",
            required = true,
            paramLabel = "NAME=URL[@PID]",
            description = "Two or more S3 endpoints; ratios are the first over each other one.")
    List<String> targetSpecs = new ArrayList<>();

    @Mixin
    CredentialOptions credentials;

    @Option(
            names = "--bucket",
            defaultValue = "bench-alternate",
            description = "Bucket, made if missing (default ${DEFAULT-VALUE}).")
    String bucket;

    @Option(
            names = "--size",
            split = ",",
            defaultValue = "4096,65536",
            description = "Object sizes in bytes (default ${DEFAULT-VALUE}).")
    List<Integer> sizes;

    @Option(
            names = "--count",
            defaultValue = "400",
            description = "Measured cycles per size and target (default ${DEFAULT-VALUE}).")
    int count;

    @Option(
            names = "--warmup",
            defaultValue = "100",
            description = "Unmeasured cycles first (default ${DEFAULT-VALUE}).")
    int warmup;

    @Override
    public Integer call() throws Exception {
        List<Target> targets = new ArrayList<>();
        for (String spec : targetSpecs) {
            targets.add(Target.parse(spec, Target.Role.S3));
        }
        int maxSize = sizes.stream().mapToInt(Integer::intValue).max().orElse(4096);
        Payloads payloads = new Payloads(maxSize);
        Clients clients = credentials.clients();
        ServerCost cost = new ServerCost();
        List<MinioClient> mcs = new ArrayList<>();
        for (Target t : targets) {
            MinioClient mc = clients.shared(t, 1);
            if (!mc.bucketExists(BucketExistsArgs.builder().bucket(bucket).build())) {
                mc.makeBucket(MakeBucketArgs.builder().bucket(bucket).build());
            }
            mcs.add(mc);
        }
        byte[] buffer = new byte[64 * 1024];
        System.out.println("| size | op | "
                + String.join(
                        " | ",
                        targets.stream()
                                .map(t -> t.name() + " p50 | p90 | mean")
                                .toList())
                + " | "
                + String.join(
                        " | ",
                        targets.subList(1, targets.size()).stream()
                                .map(t -> targets.get(0).name() + "/" + t.name() + " p50")
                                .toList())
                + " |");
        System.out.println("|---|---|" + "---|---|---|".repeat(targets.size()) + "---|".repeat(targets.size() - 1));
        for (int size : sizes) {
            Samples[][] samples = new Samples[targets.size()][OPS.length];
            long[] cpu = new long[targets.size()];
            for (int t = 0; t < targets.size(); t++) {
                for (int o = 0; o < OPS.length; o++) {
                    samples[t][o] = new Samples();
                }
            }
            for (int i = 0; i < warmup + count; i++) {
                for (int k = 0; k < targets.size(); k++) {
                    int t = i % 2 == 0 ? k : targets.size() - 1 - k;
                    Target target = targets.get(t);
                    boolean measured = i >= warmup;
                    long cpu0 = measured && cost.available(target.pid())
                            ? cost.read(target.pid()).cpuNanos()
                            : 0;
                    long[] nanos = cycle(mcs.get(t), payloads, size, buffer);
                    if (measured) {
                        if (cost.available(target.pid())) {
                            cpu[t] += cost.read(target.pid()).cpuNanos() - cpu0;
                        }
                        for (int o = 0; o < OPS.length; o++) {
                            samples[t][o].add(nanos[o]);
                        }
                    }
                }
            }
            for (int o = 0; o < OPS.length; o++) {
                StringBuilder line = new StringBuilder("| " + Payloads.label(size) + " | " + OPS[o] + " |");
                for (int t = 0; t < targets.size(); t++) {
                    Samples s = samples[t][o];
                    line.append(String.format(
                            Locale.ROOT, " %.3f | %.3f | %.3f |", s.percentileMs(50), s.percentileMs(90), s.meanMs()));
                }
                for (int t = 1; t < targets.size(); t++) {
                    line.append(String.format(
                            Locale.ROOT, " %.2fx |", samples[0][o].percentileMs(50) / samples[t][o].percentileMs(50)));
                }
                System.out.println(line);
            }
            StringBuilder line = new StringBuilder("| " + Payloads.label(size) + " | server CPU ms per cycle |");
            for (int t = 0; t < targets.size(); t++) {
                line.append(
                        cost.available(targets.get(t).pid())
                                ? String.format(Locale.ROOT, " %.3f | | |", cpu[t] / 1e6 / count)
                                : " - | | |");
            }
            for (int t = 1; t < targets.size(); t++) {
                line.append(cpu[t] > 0 ? String.format(Locale.ROOT, " %.2fx |", (double) cpu[0] / cpu[t]) : " - |");
            }
            System.out.println(line);
        }
        for (MinioClient mc : mcs) {
            mc.close();
        }
        return 0;
    }

    /** put, stat, get (whole body), delete of one fresh key; nanoseconds of each. */
    private long[] cycle(MinioClient mc, Payloads payloads, int size, byte[] buffer) throws Exception {
        String key = "executions-data/" + UUID.randomUUID() + "/out.bin";
        long t0 = System.nanoTime();
        mc.putObject(PutObjectArgs.builder().bucket(bucket).object(key).stream(payloads.stream(size), (long) size, null)
                .build());
        long t1 = System.nanoTime();
        mc.statObject(StatObjectArgs.builder().bucket(bucket).object(key).build());
        long t2 = System.nanoTime();
        long read;
        try (InputStream in =
                mc.getObject(GetObjectArgs.builder().bucket(bucket).object(key).build())) {
            read = LatencySuite.drain(in, buffer);
        }
        long t3 = System.nanoTime();
        if (read != size) {
            throw new IllegalStateException("get returned " + read + " bytes, expected " + size);
        }
        mc.removeObject(RemoveObjectArgs.builder().bucket(bucket).object(key).build());
        long t4 = System.nanoTime();
        return new long[] {t1 - t0, t2 - t1, t3 - t2, t4 - t3};
    }
}
