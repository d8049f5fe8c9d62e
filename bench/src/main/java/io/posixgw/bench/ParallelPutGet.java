package io.posixgw.bench;

import io.minio.GetObjectArgs;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The suite's concurrent row: 8 threads sharing one client, each doing 60 PUTs of
 * 64 KiB on fresh keys, then (after all threads finished their PUTs) 60 GETs of
 * them. Throughput of each phase and of both together, and latency per request.
 * Each round runs the full count, after unrecorded warm-up rounds per target
 * ({@code Plan.warmupDuration}); the keys are deleted afterwards, untimed.
 */
final class ParallelPutGet implements Section {
    static final int THREADS = 8;
    static final int PER_THREAD = 60;
    static final int SIZE = 64 * Payloads.KIB;
    static final String PUT = "8 threads: PUT 64 KiB";
    static final String GET = "8 threads: GET 64 KiB";
    static final String BOTH = "8 threads: 60 PUT then 60 GET, 64 KiB";

    private final Context ctx;

    ParallelPutGet(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public String id() {
        return "parallel";
    }

    @Override
    public String title() {
        return "8 threads x (60 PUT then 60 GET) of 64 KiB, one shared client";
    }

    @Override
    public boolean includes(Target target) {
        return target.role() == Target.Role.S3 || target.role() == Target.Role.FSYNC_OFF;
    }

    /**
     * Unrecorded rounds for {@link #warmup} first: the --fsync off server runs nothing
     * but this section, and with a lukewarm JIT it measured 1.3x slower than the warm
     * --fsync on server, GETs included (twice the CPU per round).
     */
    @Override
    public void prepare(Target target) throws Exception {
        ctx.ensureBucket(target);
        long end = System.nanoTime() + ctx.plan().warmupDuration().toNanos();
        do {
            run(target, -1);
        } while (System.nanoTime() < end);
    }

    @Override
    public Run run(Target target, int round) throws Exception {
        int perThread = ctx.plan().perThread(PER_THREAD);
        MinioClient mc = ctx.client(target);
        Run run = new Run();
        Measurement put = run.row(PUT);
        Measurement get = run.row(GET);
        Measurement both = run.row(BOTH);
        String[][] keys = new String[THREADS][perThread];
        for (String[] row : keys) {
            for (int i = 0; i < row.length; i++) {
                row[i] = "executions-data/" + UUID.randomUUID() + "/out.bin";
            }
        }
        CyclicBarrier barrier = new CyclicBarrier(THREADS);
        long[] phase = new long[3];
        ExecutorService pool = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "bench-parallel");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                String[] mine = keys[t];
                boolean leader = t == 0;
                futures.add(pool.submit(() -> {
                    byte[] buffer = new byte[SIZE];
                    barrier.await();
                    if (leader) {
                        phase[0] = System.nanoTime();
                    }
                    for (String key : mine) {
                        long t0 = System.nanoTime();
                        try {
                            mc.putObject(PutObjectArgs.builder().bucket(ctx.bucket()).object(key).stream(
                                            ctx.payloads.stream(SIZE), (long) SIZE, null)
                                    .build());
                            put.latency.add(System.nanoTime() - t0);
                        } catch (Exception e) {
                            put.error(e);
                        }
                    }
                    barrier.await();
                    if (leader) {
                        phase[1] = System.nanoTime();
                    }
                    barrier.await();
                    for (String key : mine) {
                        long t0 = System.nanoTime();
                        try (InputStream in = mc.getObject(GetObjectArgs.builder()
                                .bucket(ctx.bucket())
                                .object(key)
                                .build())) {
                            long n = LatencySuite.drain(in, buffer);
                            if (n != SIZE) {
                                throw new IllegalStateException("get returned " + n + " bytes, expected " + SIZE);
                            }
                            get.latency.add(System.nanoTime() - t0);
                        } catch (Exception e) {
                            get.error(e);
                        }
                    }
                    barrier.await();
                    if (leader) {
                        phase[2] = System.nanoTime();
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        long n = (long) THREADS * perThread;
        put.addOps(n, phase[1] - phase[0]);
        get.addOps(n, phase[2] - phase[1]);
        both.addOps(2 * n, phase[2] - phase[0]);
        both.latency.addAll(put.latency);
        both.latency.addAll(get.latency);
        Parallel.forEach(
                (int) n,
                THREADS,
                i -> LatencySuite.removeQuietly(mc, ctx.bucket(), keys[i / perThread][i % perThread]));
        return new Run(run.rows(), 2 * n);
    }
}
