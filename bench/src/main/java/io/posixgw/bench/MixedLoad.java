package io.posixgw.bench;

import io.minio.GetObjectArgs;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.minio.RemoveObjectArgs;
import io.minio.StatObjectArgs;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A mixed load like warp's {@code mixed}: N clients, 64 KiB objects, operations
 * drawn in warp's default proportions (GET 45 %, STAT 30 %, PUT 15 %, DELETE 10 %)
 * over a pool of objects uploaded first, for a fixed duration. An object being
 * read is never picked for deletion, so every GET and STAT must succeed.
 */
final class MixedLoad implements Section {
    static final int SIZE = 64 * Payloads.KIB;
    static final String TOTAL = "mixed: all operations";

    enum Op {
        GET(45),
        STAT(30),
        PUT(15),
        DELETE(10);

        final int weight;

        Op(int weight) {
            this.weight = weight;
        }

        static Op draw(int percent) {
            int acc = 0;
            for (Op op : values()) {
                acc += op.weight;
                if (percent < acc) {
                    return op;
                }
            }
            return DELETE;
        }

        String row() {
            return "mixed: " + name();
        }
    }

    private final Context ctx;
    private final Map<String, KeyPool> pools = new HashMap<>();

    MixedLoad(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public String id() {
        return "mixed";
    }

    @Override
    public String title() {
        return "Mixed load (warp-like: GET 45 %, STAT 30 %, PUT 15 %, DELETE 10 %, 64 KiB)";
    }

    @Override
    public boolean includes(Target target) {
        return target.role() == Target.Role.S3;
    }

    @Override
    public void prepare(Target target) throws Exception {
        ctx.ensureBucket(target);
        MinioClient mc = ctx.client(target);
        KeyPool pool = new KeyPool();
        int n = ctx.plan().mixedObjects();
        String[] keys = new String[n];
        Parallel.forEach(n, ParallelPutGet.THREADS, i -> {
            keys[i] = newKey();
            mc.putObject(PutObjectArgs.builder().bucket(ctx.bucket()).object(keys[i]).stream(
                            ctx.payloads.stream(SIZE), (long) SIZE, null)
                    .build());
        });
        for (String k : keys) {
            pool.add(k);
        }
        synchronized (pools) {
            pools.put(target.name(), pool);
        }
    }

    private static String newKey() {
        return "mixed/" + UUID.randomUUID() + "/out.bin";
    }

    @Override
    public Run run(Target target, int round) throws Exception {
        KeyPool pool;
        synchronized (pools) {
            pool = pools.get(target.name());
        }
        MinioClient mc = ctx.client(target);
        Run run = new Run();
        Measurement total = run.row(TOTAL);
        Map<Op, Measurement> rows = new HashMap<>();
        for (Op op : Op.values()) {
            rows.put(op, run.row(op.row()));
        }
        int clients = ctx.plan().mixedClients();
        long durationNanos = ctx.plan().mixedDuration().toNanos();
        ExecutorService threads = Executors.newFixedThreadPool(clients, r -> {
            Thread t = new Thread(r, "bench-mixed");
            t.setDaemon(true);
            return t;
        });
        long start = System.nanoTime();
        long end = start + durationNanos;
        List<Future<Long>> futures = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            futures.add(threads.submit(() -> {
                byte[] buffer = new byte[SIZE];
                long done = 0;
                while (System.nanoTime() < end) {
                    Op op = Op.draw(ThreadLocalRandom.current().nextInt(100));
                    Measurement row = rows.get(op);
                    long t0 = System.nanoTime();
                    try {
                        if (!once(mc, op, pool, buffer)) {
                            continue;
                        }
                        long took = System.nanoTime() - t0;
                        row.latency.add(took);
                        total.latency.add(took);
                        done++;
                    } catch (Exception e) {
                        row.error(e);
                        done++;
                    }
                }
                return done;
            }));
        }
        long requests = 0;
        try {
            for (Future<Long> f : futures) {
                requests += f.get();
            }
        } finally {
            threads.shutdownNow();
        }
        long elapsed = System.nanoTime() - start;
        total.addOps(requests, elapsed);
        for (Op op : Op.values()) {
            Measurement m = rows.get(op);
            m.addOps(m.latency.count(), elapsed);
        }
        return new Run(run.rows(), requests);
    }

    /** One operation; false when it could not be drawn (pool too small to delete from). */
    private boolean once(MinioClient mc, Op op, KeyPool pool, byte[] buffer) throws Exception {
        String bucket = ctx.bucket();
        switch (op) {
            case PUT -> {
                String key = newKey();
                mc.putObject(PutObjectArgs.builder().bucket(bucket).object(key).stream(
                                ctx.payloads.stream(SIZE), (long) SIZE, null)
                        .build());
                pool.add(key);
            }
            case DELETE -> {
                String key = pool.takeForDelete();
                if (key == null) {
                    return false;
                }
                mc.removeObject(
                        RemoveObjectArgs.builder().bucket(bucket).object(key).build());
            }
            case GET -> {
                String key = pool.borrow();
                try (InputStream in = mc.getObject(
                        GetObjectArgs.builder().bucket(bucket).object(key).build())) {
                    long n = LatencySuite.drain(in, buffer);
                    if (n != SIZE) {
                        throw new IllegalStateException("get returned " + n + " bytes, expected " + SIZE);
                    }
                } finally {
                    pool.release(key);
                }
            }
            case STAT -> {
                String key = pool.borrow();
                try {
                    mc.statObject(
                            StatObjectArgs.builder().bucket(bucket).object(key).build());
                } finally {
                    pool.release(key);
                }
            }
            default -> throw new IllegalStateException();
        }
        return true;
    }

    /** Keys that exist; a key being read is pinned and never handed out for deletion. */
    static final class KeyPool {
        private static final int MIN_KEYS = 16;
        private final List<String> keys = new ArrayList<>();
        private final Map<String, Integer> pinned = new HashMap<>();

        synchronized void add(String key) {
            keys.add(key);
        }

        synchronized String borrow() {
            String key = keys.get(ThreadLocalRandom.current().nextInt(keys.size()));
            pinned.merge(key, 1, Integer::sum);
            return key;
        }

        synchronized void release(String key) {
            pinned.computeIfPresent(key, (k, n) -> n == 1 ? null : n - 1);
        }

        synchronized String takeForDelete() {
            if (keys.size() <= MIN_KEYS) {
                return null;
            }
            for (int attempt = 0; attempt < 8; attempt++) {
                int i = ThreadLocalRandom.current().nextInt(keys.size());
                String key = keys.get(i);
                if (!pinned.containsKey(key)) {
                    keys.set(i, keys.get(keys.size() - 1));
                    keys.remove(keys.size() - 1);
                    return key;
                }
            }
            return null;
        }

        synchronized int size() {
            return keys.size();
        }
    }
}
