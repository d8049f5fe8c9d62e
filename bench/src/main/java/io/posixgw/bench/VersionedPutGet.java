package io.posixgw.bench;

import io.minio.BucketExistsArgs;
import io.minio.GetObjectArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.minio.SetBucketVersioningArgs;
import io.minio.messages.VersioningConfiguration;
import java.io.InputStream;

/**
 * PUT and GET on a versioned bucket next to an unversioned one (issue 17), one client, one
 * request at a time, on the first S3 target only (posixgw, started with {@code --versioning-dir}).
 * Each PUT overwrites one of a few keys, so that on the versioned bucket every PUT keeps the
 * version it replaces (a hard link into the versioning directory under the key's lock) before
 * publishing; each GET reads a key's current version. Rows, at 4 KiB and 64 KiB (the payloads every run has):
 * {@code put <size> (overwrite), unversioned|versioned} and {@code get <size>, unversioned|versioned}.
 */
final class VersionedPutGet implements Section {
    static final int[] SIZES = {4 * Payloads.KIB, 64 * Payloads.KIB};
    static final String UNVERSIONED = "bench-unversioned";
    static final String VERSIONED = "bench-versioned";
    /** Keys overwritten in turn: few, so the versioned keys gather versions as a rewritten output does. */
    static final int KEYS = 8;

    private final Context ctx;

    VersionedPutGet(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public String id() {
        return "versioning";
    }

    @Override
    public String title() {
        return "Versioned bucket: PUT (overwrite) and GET next to an unversioned bucket (one client)";
    }

    /** Only the first S3 target: the others (s3proxy's file system backend) keep no versions. */
    @Override
    public boolean includes(Target target) {
        return target.role() == Target.Role.S3 && target.equals(ctx.primary());
    }

    @Override
    public void prepare(Target target) throws Exception {
        MinioClient mc = ctx.client(target);
        for (String b : new String[] {UNVERSIONED, VERSIONED}) {
            if (!mc.bucketExists(BucketExistsArgs.builder().bucket(b).build())) {
                mc.makeBucket(MakeBucketArgs.builder().bucket(b).build());
            }
        }
        mc.setBucketVersioning(SetBucketVersioningArgs.builder()
                .bucket(VERSIONED)
                .config(new VersioningConfiguration(VersioningConfiguration.Status.ENABLED, null, null, null))
                .build());
    }

    @Override
    public Run run(Target target, int round) throws Exception {
        Plan plan = ctx.plan();
        Run run = new Run();
        for (int size : SIZES) {
            int warmup = LatencySuite.warmup(size);
            int measured = plan.share(plan.measured(LatencySuite.total(size), warmup), round);
            for (String bucket : new String[] {UNVERSIONED, VERSIONED}) {
                String kind = bucket.equals(VERSIONED) ? "versioned" : "unversioned";
                cycle(
                        target,
                        bucket,
                        size,
                        run.row("put " + Payloads.label(size) + " (overwrite), " + kind),
                        run.row("get " + Payloads.label(size) + ", " + kind),
                        plan.warmup(warmup),
                        measured);
            }
        }
        return run;
    }

    private void cycle(
            Target target, String bucket, int size, Measurement put, Measurement get, int warmup, int measured) {
        MinioClient mc = ctx.client(target);
        byte[] buffer = new byte[64 * 1024];
        for (int i = 0; i < warmup + measured; i++) {
            String key = "rewritten/out-" + size + "-" + (i % KEYS) + ".bin";
            Measurement current = put;
            try {
                long t0 = System.nanoTime();
                mc.putObject(PutObjectArgs.builder().bucket(bucket).object(key).stream(
                                ctx.payloads.stream(size), (long) size, null)
                        .build());
                long t1 = System.nanoTime();
                current = get;
                long read = 0;
                try (InputStream in = mc.getObject(
                        GetObjectArgs.builder().bucket(bucket).object(key).build())) {
                    for (int n; (n = in.read(buffer)) > 0; ) {
                        read += n;
                    }
                }
                long t2 = System.nanoTime();
                if (read != size) {
                    throw new IllegalStateException("get returned " + read + " bytes, expected " + size);
                }
                if (i >= warmup) {
                    put.latency.add(t1 - t0);
                    get.latency.add(t2 - t1);
                }
            } catch (Exception e) {
                current.error(e);
            }
        }
    }
}
