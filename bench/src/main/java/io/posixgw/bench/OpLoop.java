package io.posixgw.bench;

import io.minio.GetObjectArgs;
import io.minio.ListObjectsArgs;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.minio.RemoveObjectArgs;
import io.minio.StatObjectArgs;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code op-loop}: N sequential requests of one kind (PUT of fresh keys, GET or STAT
 * of one object uploaded first, DELETE of N objects uploaded first, or a recursive
 * listing of {@code --list-keys} objects in 10 directories), nothing else, so that a
 * tracer attached to the server (strace -c) counts the syscalls of that request only.
 */
@Command(
        name = "op-loop",
        mixinStandardHelpOptions = true,
        description =
                "Sequential PUTs (fresh keys), GETs, STATs or DELETEs (for strace or a profiler attached to the server).")
final class OpLoop implements Callable<Integer> {
    enum Op {
        put,
        get,
        stat,
        delete,
        list
    }

    @Option(names = "--endpoint", required = true, description = "S3 endpoint URL.")
    String endpoint;

    @Mixin
    CredentialOptions credentials;

    @Option(
            names = "--op",
            defaultValue = "put",
            description = "put, get, stat, delete or list (default ${DEFAULT-VALUE}).")
    Op op;

    @Option(
            names = "--bucket",
            defaultValue = "bench-op-loop",
            description = "Bucket, made if missing (default ${DEFAULT-VALUE}).")
    String bucket;

    @Option(names = "--count", defaultValue = "500", description = "Requests (default ${DEFAULT-VALUE}).")
    int count;

    @Option(names = "--size", defaultValue = "65536", description = "Object size in bytes (default ${DEFAULT-VALUE}).")
    int size;

    @Option(
            names = "--list-keys",
            defaultValue = "1000",
            description = "Objects listed by --op list (default ${DEFAULT-VALUE}).")
    int listKeys;

    @Option(
            names = "--ready-delay",
            defaultValue = "0",
            description = "Seconds to wait after setup (bucket, region lookup, GET/STAT object) before the loop, "
                    + "so that a tracer can attach (default ${DEFAULT-VALUE}).")
    int readyDelay;

    @Override
    public Integer call() throws Exception {
        Target target = new Target("server", endpoint, Target.Role.S3, 0);
        Plan plan = new Plan(
                1, 1, Plan.ALL_SECTIONS, bucket, 1, 1, 1, Duration.ZERO, Duration.ZERO, 1, 1, size, Duration.ZERO);
        try (Context ctx =
                new Context(plan, credentials.clients(), new Payloads(Math.max(size, 64)), List.of(target))) {
            ctx.ensureBucket(target);
            MinioClient mc = ctx.client(target);
            String fixed = "executions-data/" + UUID.randomUUID() + "/out.bin";
            mc.putObject(PutObjectArgs.builder().bucket(bucket).object(fixed).stream(
                            ctx.payloads.stream(size), (long) size, null)
                    .build());
            List<String> doomed = new ArrayList<>();
            for (int i = 0; op == Op.delete && i < count; i++) {
                String key = "executions-data/" + UUID.randomUUID()
                        + "/out.bin"; // the platform's shape: the key's directory goes too
                mc.putObject(PutObjectArgs.builder().bucket(bucket).object(key).stream(
                                ctx.payloads.stream(size), (long) size, null)
                        .build());
                doomed.add(key);
            }
            String listed = "op-loop-list/" + UUID.randomUUID() + "/";
            for (int i = 0; op == Op.list && i < listKeys; i++) {
                mc.putObject(
                        PutObjectArgs.builder()
                                .bucket(bucket)
                                .object(listed + "r" + (i % 10) + "/m-" + i + ".json")
                                .stream(ctx.payloads.stream(64), 64L, null)
                                .build());
            }
            if (readyDelay > 0) {
                System.out.println("ready");
                System.out.flush();
                Thread.sleep(readyDelay * 1000L);
            }
            Samples samples = new Samples();
            byte[] buffer = new byte[64 * 1024];
            long start = System.nanoTime();
            for (int i = 0; i < count; i++) {
                long t0 = System.nanoTime();
                switch (op) {
                    case put ->
                        mc.putObject(
                                PutObjectArgs.builder()
                                        .bucket(bucket)
                                        .object("executions-data/" + UUID.randomUUID() + "/out.bin")
                                        .stream(ctx.payloads.stream(size), (long) size, null)
                                        .build());
                    case get -> {
                        try (InputStream in = mc.getObject(GetObjectArgs.builder()
                                .bucket(bucket)
                                .object(fixed)
                                .build())) {
                            LatencySuite.drain(in, buffer);
                        }
                    }
                    case stat ->
                        mc.statObject(StatObjectArgs.builder()
                                .bucket(bucket)
                                .object(fixed)
                                .build());
                    case delete ->
                        mc.removeObject(RemoveObjectArgs.builder()
                                .bucket(bucket)
                                .object(doomed.get(i))
                                .build());
                    case list -> {
                        int n = 0;
                        for (var r : mc.listObjects(ListObjectsArgs.builder()
                                .bucket(bucket)
                                .prefix(listed)
                                .recursive(true)
                                .build())) {
                            r.get();
                            n++;
                        }
                        if (n != listKeys) {
                            throw new IllegalStateException("listed " + n + " keys, expected " + listKeys);
                        }
                    }
                    default -> throw new IllegalStateException();
                }
                samples.add(System.nanoTime() - t0);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(
                    Locale.ROOT,
                    "%d %s of %s in %.2f s: %.0f/s, p50 %.2f ms, p99 %.2f ms%n",
                    count,
                    op,
                    Payloads.label(size),
                    seconds,
                    count / seconds,
                    samples.percentileMs(50),
                    samples.percentileMs(99));
        }
        return 0;
    }
}
