package io.posixgw.bench;

import io.minio.BucketExistsArgs;
import io.minio.CopyObjectArgs;
import io.minio.GetObjectArgs;
import io.minio.ListObjectsArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.minio.RemoveBucketArgs;
import io.minio.RemoveObjectArgs;
import io.minio.Result;
import io.minio.SourceObject;
import io.minio.StatObjectArgs;
import io.minio.messages.Item;
import java.io.InputStream;
import java.util.UUID;

/**
 * The platform's latency suite, as published for the choice of MinIO's replacement:
 * one shared client, one request at a time.
 *
 * <ul>
 *   <li>startup: a fresh client (new connection, region not yet known) runs
 *       bucketExists then makeBucket on a new bucket, 20 times;</li>
 *   <li>for 1 KiB, 4 KiB, 64 KiB, 1 MiB, 16 MiB, each iteration on a fresh key
 *       {@code executions-data/<uuid>/out.bin}: put (known size), stat, get (time to
 *       first byte and to the full body, one GET), delete; 300 iterations up to 64 KiB,
 *       200 at 1 MiB, 30 at 16 MiB, of which 20/10/3 warm-up;</li>
 *   <li>streamed put of unknown length with 5 MiB parts at 64 KiB, 1 MiB, 16 MiB (same counts);</li>
 *   <li>copy at 64 KiB and 1 MiB (100 after 10 warm-up);</li>
 *   <li>recursive prefix listing of 1000 keys among 2000 (30 after 3).</li>
 * </ul>
 * Measured iterations are split across rounds; each round does its warm-up first. The
 * file floors ({@link FileFloor}) run the object rows only, with the same sizes, keys,
 * counts and warm-up, in the same rounds.
 */
final class LatencySuite implements Section {
    static final int[] SIZES = {Payloads.KIB, 4 * Payloads.KIB, 64 * Payloads.KIB, Payloads.MIB, 16 * Payloads.MIB};
    static final int[] STREAMED_SIZES = {64 * Payloads.KIB, Payloads.MIB, 16 * Payloads.MIB};
    static final int[] COPY_SIZES = {64 * Payloads.KIB, Payloads.MIB};
    static final long PART_SIZE = 5L * Payloads.MIB;
    static final String LIST_PREFIX = "bench-list/in/";
    static final String STARTUP = "startup: bucketExists + makeBucket, fresh client";

    private final Context ctx;

    LatencySuite(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public String id() {
        return "latency";
    }

    @Override
    public String title() {
        return "Latency suite (one client, one request at a time)";
    }

    @Override
    public boolean includes(Target target) {
        return target.role() == Target.Role.S3 || target.onFiles();
    }

    static String listRow(int keys) {
        return "list " + keys + " of " + 2 * keys + " keys (prefix, recursive)";
    }

    /** Uploads the listed keys (and as many outside the prefix) and the copy sources. */
    @Override
    public void prepare(Target target) throws Exception {
        if (target.onFiles()) {
            ctx.floor(target).prepare();
            return;
        }
        MinioClient mc = ctx.client(target);
        int keys = ctx.plan().listKeys();
        Parallel.forEach(2 * keys, ParallelPutGet.THREADS, i -> {
            String half = i < keys ? "in" : "out";
            int n = i % keys;
            String key = "bench-list/" + half + "/r" + (n % 10) + "/m-" + n + ".json";
            mc.putObject(
                    PutObjectArgs.builder().bucket(ctx.bucket()).object(key).stream(ctx.payloads.stream(64), 64L, null)
                            .build());
        });
        for (int size : sizes(COPY_SIZES)) {
            mc.putObject(PutObjectArgs.builder().bucket(ctx.bucket()).object(copySource(size)).stream(
                            ctx.payloads.stream(size), (long) size, null)
                    .build());
        }
    }

    private static String copySource(int size) {
        return "bench-copy/source-" + size + ".bin";
    }

    static int total(int size) {
        return size <= 64 * Payloads.KIB ? 300 : size <= Payloads.MIB ? 200 : 30;
    }

    static int warmup(int size) {
        return size <= 64 * Payloads.KIB ? 20 : size <= Payloads.MIB ? 10 : 3;
    }

    @Override
    public Run run(Target target, int round) throws Exception {
        Plan plan = ctx.plan();
        Run run = new Run();
        if (target.onFiles()) {
            for (int size : sizes(SIZES)) {
                floorCycle(
                        ctx.floor(target),
                        run,
                        size,
                        plan.warmup(warmup(size)),
                        plan.share(plan.measured(total(size), warmup(size)), round));
            }
            return run;
        }
        startup(target, run.row(STARTUP), plan.warmup(2), plan.share(plan.measured(20, 0), round));
        for (int size : sizes(SIZES)) {
            objectCycle(
                    target,
                    run,
                    size,
                    plan.warmup(warmup(size)),
                    plan.share(plan.measured(total(size), warmup(size)), round));
        }
        for (int size : sizes(STREAMED_SIZES)) {
            streamedPut(
                    target,
                    run.row("streamed put " + Payloads.label(size) + " (unknown length, 5 MiB parts)"),
                    size,
                    plan.warmup(warmup(size)),
                    plan.share(plan.measured(total(size), warmup(size)), round));
        }
        for (int size : sizes(COPY_SIZES)) {
            copy(
                    target,
                    run.row("copy " + Payloads.label(size)),
                    size,
                    plan.warmup(10),
                    plan.share(plan.measured(110, 10), round));
        }
        list(target, run.row(listRow(plan.listKeys())), plan.warmup(3), plan.share(plan.measured(33, 3), round));
        return run;
    }

    private void startup(Target target, Measurement row, int warmup, int measured) {
        MinioClient shared = ctx.client(target);
        for (int i = 0; i < warmup + measured; i++) {
            String bucket = "bench-start-" + UUID.randomUUID().toString().substring(0, 18);
            try (MinioClient fresh = ctx.clients.fresh(target)) {
                long t0 = System.nanoTime();
                if (!fresh.bucketExists(
                        BucketExistsArgs.builder().bucket(bucket).build())) {
                    fresh.makeBucket(MakeBucketArgs.builder().bucket(bucket).build());
                }
                long t1 = System.nanoTime();
                if (i >= warmup) {
                    row.latency.add(t1 - t0);
                }
                shared.removeBucket(RemoveBucketArgs.builder().bucket(bucket).build());
            } catch (Exception e) {
                row.error(e);
            }
        }
    }

    private void objectCycle(Target target, Run run, int size, int warmup, int measured) {
        String label = Payloads.label(size);
        Measurement put = run.row("put " + label);
        Measurement stat = run.row("stat " + label);
        Measurement first = run.row("get first byte " + label);
        Measurement get = run.row("get " + label);
        Measurement delete = run.row("delete " + label);
        MinioClient mc = ctx.client(target);
        byte[] buffer = new byte[64 * 1024];
        for (int i = 0; i < warmup + measured; i++) {
            boolean keep = i >= warmup;
            String key = "executions-data/" + UUID.randomUUID() + "/out.bin";
            Measurement current = put;
            try {
                long t0 = System.nanoTime();
                mc.putObject(PutObjectArgs.builder().bucket(ctx.bucket()).object(key).stream(
                                ctx.payloads.stream(size), (long) size, null)
                        .build());
                long t1 = System.nanoTime();
                current = stat;
                long statSize = mc.statObject(StatObjectArgs.builder()
                                .bucket(ctx.bucket())
                                .object(key)
                                .build())
                        .size();
                long t2 = System.nanoTime();
                if (statSize != size) {
                    throw new IllegalStateException("stat answered size " + statSize + ", expected " + size);
                }
                current = get;
                long t3 = System.nanoTime();
                long firstByteAt;
                long read;
                try (InputStream in = mc.getObject(
                        GetObjectArgs.builder().bucket(ctx.bucket()).object(key).build())) {
                    int b = in.read();
                    firstByteAt = System.nanoTime();
                    read = b < 0 ? 0 : 1 + drain(in, buffer);
                }
                long t4 = System.nanoTime();
                if (read != size) {
                    throw new IllegalStateException("get returned " + read + " bytes, expected " + size);
                }
                current = delete;
                mc.removeObject(RemoveObjectArgs.builder()
                        .bucket(ctx.bucket())
                        .object(key)
                        .build());
                long t5 = System.nanoTime();
                if (keep) {
                    put.latency.add(t1 - t0);
                    stat.latency.add(t2 - t1);
                    first.latency.add(firstByteAt - t3);
                    get.latency.add(t4 - t3);
                    delete.latency.add(t5 - t4);
                }
            } catch (Exception e) {
                current.error(e);
                removeQuietly(mc, key);
            }
        }
    }

    /** {@link #objectCycle} done on files: put, stat (HEAD), get (first byte and whole), delete. */
    private void floorCycle(FileFloor floor, Run run, int size, int warmup, int measured) {
        String label = Payloads.label(size);
        Measurement put = run.row("put " + label);
        Measurement stat = run.row("stat " + label);
        Measurement first = run.row("get first byte " + label);
        Measurement get = run.row("get " + label);
        Measurement delete = run.row("delete " + label);
        java.nio.ByteBuffer body = ctx.payloads.direct(size);
        java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocateDirect(Math.max(size, 1));
        long[] firstByteAt = new long[1];
        for (int i = 0; i < warmup + measured; i++) {
            String key = "executions-data/" + UUID.randomUUID() + "/out.bin";
            Measurement current = put;
            try {
                long t0 = System.nanoTime();
                floor.put(key, body);
                long t1 = System.nanoTime();
                current = stat;
                long statSize = floor.head(key);
                long t2 = System.nanoTime();
                if (statSize != size) {
                    throw new IllegalStateException("stat answered size " + statSize + ", expected " + size);
                }
                current = get;
                long t3 = System.nanoTime();
                long read = floor.get(key, buffer, firstByteAt);
                long t4 = System.nanoTime();
                if (read != size) {
                    throw new IllegalStateException("get returned " + read + " bytes, expected " + size);
                }
                current = delete;
                floor.delete(key);
                long t5 = System.nanoTime();
                if (i >= warmup) {
                    put.latency.add(t1 - t0);
                    stat.latency.add(t2 - t1);
                    first.latency.add(firstByteAt[0] - t3);
                    get.latency.add(t4 - t3);
                    delete.latency.add(t5 - t4);
                }
            } catch (Exception e) {
                current.error(e);
                try {
                    floor.delete(key);
                } catch (Exception ignored) {
                    // best effort
                }
            }
        }
    }

    private void streamedPut(Target target, Measurement row, int size, int warmup, int measured) {
        MinioClient mc = ctx.client(target);
        for (int i = 0; i < warmup + measured; i++) {
            String key = "executions-data/" + UUID.randomUUID() + "/out.bin";
            try {
                long t0 = System.nanoTime();
                mc.putObject(PutObjectArgs.builder().bucket(ctx.bucket()).object(key).stream(
                                ctx.payloads.stream(size), null, PART_SIZE)
                        .build());
                long t1 = System.nanoTime();
                if (i >= warmup) {
                    row.latency.add(t1 - t0);
                }
            } catch (Exception e) {
                row.error(e);
            }
            removeQuietly(mc, key);
        }
    }

    private void copy(Target target, Measurement row, int size, int warmup, int measured) {
        MinioClient mc = ctx.client(target);
        for (int i = 0; i < warmup + measured; i++) {
            String key = "executions-data/" + UUID.randomUUID() + "/copy.bin";
            try {
                long t0 = System.nanoTime();
                mc.copyObject(CopyObjectArgs.builder()
                        .bucket(ctx.bucket())
                        .object(key)
                        .source(SourceObject.builder()
                                .bucket(ctx.bucket())
                                .object(copySource(size))
                                .build())
                        .build());
                long t1 = System.nanoTime();
                if (i >= warmup) {
                    row.latency.add(t1 - t0);
                }
            } catch (Exception e) {
                row.error(e);
            }
            removeQuietly(mc, key);
        }
    }

    private void list(Target target, Measurement row, int warmup, int measured) {
        MinioClient mc = ctx.client(target);
        int expected = ctx.plan().listKeys();
        for (int i = 0; i < warmup + measured; i++) {
            try {
                long t0 = System.nanoTime();
                int n = 0;
                Iterable<Result<Item>> items = mc.listObjects(ListObjectsArgs.builder()
                        .bucket(ctx.bucket())
                        .prefix(LIST_PREFIX)
                        .recursive(true)
                        .build());
                for (Result<Item> r : items) {
                    r.get();
                    n++;
                }
                long t1 = System.nanoTime();
                if (n != expected) {
                    throw new IllegalStateException("listing returned " + n + " keys, expected " + expected);
                }
                if (i >= warmup) {
                    row.latency.add(t1 - t0);
                }
            } catch (Exception e) {
                row.error(e);
            }
        }
    }

    private int[] sizes(int[] all) {
        return java.util.Arrays.stream(all)
                .filter(s -> s <= ctx.plan().maxObjectSize())
                .toArray();
    }

    static long drain(InputStream in, byte[] buffer) throws java.io.IOException {
        long n = 0;
        int r;
        while ((r = in.read(buffer)) >= 0) {
            n += r;
        }
        return n;
    }

    static void removeQuietly(MinioClient mc, String bucket, String key) {
        try {
            mc.removeObject(
                    RemoveObjectArgs.builder().bucket(bucket).object(key).build());
        } catch (Exception ignored) {
            // best effort: the key may not exist
        }
    }

    private void removeQuietly(MinioClient mc, String key) {
        removeQuietly(mc, ctx.bucket(), key);
    }
}
