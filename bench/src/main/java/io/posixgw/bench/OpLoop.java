package io.posixgw.bench;

import io.minio.GetObjectArgs;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.minio.StatObjectArgs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;

/**
 * {@code op-loop}: N sequential requests of one kind (PUT of fresh keys, or GET or
 * STAT of one object uploaded first), nothing else, so that a tracer attached to
 * the server (strace -c) counts the syscalls of that request only.
 */
@Command(name = "op-loop", mixinStandardHelpOptions = true,
        description = "Sequential PUTs (fresh keys), GETs or STATs (for strace or a profiler attached to the server).")
final class OpLoop implements Callable<Integer> {
    enum Op { put, get, stat }

    @Option(names = "--endpoint", required = true, description = "S3 endpoint URL.")
    String endpoint;

    @Option(names = "--access", defaultValue = "${env:AWS_ACCESS_KEY_ID:-posixgw}")
    String access;

    @Option(names = "--secret", defaultValue = "${env:AWS_SECRET_ACCESS_KEY:-posixgw-secret}")
    String secret;

    @Option(names = "--op", defaultValue = "put", description = "put, get or stat (default ${DEFAULT-VALUE}).")
    Op op;

    @Option(names = "--bucket", defaultValue = "bench-op-loop", description = "Bucket, made if missing (default ${DEFAULT-VALUE}).")
    String bucket;

    @Option(names = "--count", defaultValue = "500", description = "Requests (default ${DEFAULT-VALUE}).")
    int count;

    @Option(names = "--size", defaultValue = "65536", description = "Object size in bytes (default ${DEFAULT-VALUE}).")
    int size;

    @Option(names = "--ready-delay", defaultValue = "0",
            description = "Seconds to wait after setup (bucket, region lookup, GET/STAT object) before the loop, "
                    + "so that a tracer can attach (default ${DEFAULT-VALUE}).")
    int readyDelay;

    @Override
    public Integer call() throws Exception {
        Target target = new Target("server", endpoint, Target.Role.S3, 0);
        Plan plan = new Plan(1, 1, Plan.ALL_SECTIONS, bucket, 1, 1, 1, Duration.ZERO, Duration.ZERO, 1, 1, size, Duration.ZERO);
        try (Context ctx = new Context(plan, new Clients(access, secret), new Payloads(size), List.of(target))) {
            ctx.ensureBucket(target);
            MinioClient mc = ctx.client(target);
            String fixed = "op-loop/" + UUID.randomUUID() + "/out.bin";
            mc.putObject(PutObjectArgs.builder().bucket(bucket).object(fixed).stream(ctx.payloads.stream(size), (long) size, null)
                    .build());
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
                    case put -> mc.putObject(PutObjectArgs.builder().bucket(bucket).object("op-loop/" + UUID.randomUUID() + "/out.bin")
                            .stream(ctx.payloads.stream(size), (long) size, null).build());
                    case get -> {
                        try (InputStream in = mc.getObject(GetObjectArgs.builder().bucket(bucket).object(fixed).build())) {
                            LatencySuite.drain(in, buffer);
                        }
                    }
                    case stat -> mc.statObject(StatObjectArgs.builder().bucket(bucket).object(fixed).build());
                    default -> throw new IllegalStateException();
                }
                samples.add(System.nanoTime() - t0);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(Locale.ROOT, "%d %s of %s in %.2f s: %.0f/s, p50 %.2f ms, p99 %.2f ms%n", count, op,
                    Payloads.label(size), seconds, count / seconds, samples.percentileMs(50), samples.percentileMs(99));
        }
        return 0;
    }
}
