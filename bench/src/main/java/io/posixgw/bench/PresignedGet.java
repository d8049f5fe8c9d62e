package io.posixgw.bench;

import io.minio.GetPresignedObjectUrlArgs;
import io.minio.Http;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.util.concurrent.TimeUnit;

/**
 * Presigned GET throughput with wrk (8 connections) at 4 KiB and 64 KiB: each S3
 * target serves a presigned URL made by the MinIO SDK; the floor (nginx) serves the
 * very same file the first S3 target stored, from the same disk, as a plain URL.
 * Every URL is checked once (status 200, exact length) before wrk hammers it, the
 * first round starts with an unrecorded 2 s warm-up run per URL, and wrk's non-2xx
 * and socket errors count as errors.
 */
final class PresignedGet implements Section {
    static final int[] SIZES = {4 * Payloads.KIB, 64 * Payloads.KIB};
    static final java.time.Duration WARMUP = java.time.Duration.ofSeconds(2);

    private final Context ctx;
    private final Wrk wrk;

    PresignedGet(Context ctx, Wrk wrk) {
        this.ctx = ctx;
        this.wrk = wrk;
    }

    @Override
    public String id() {
        return "presigned";
    }

    @Override
    public String title() {
        return "Presigned GET throughput (wrk, " + ctx.plan().wrkConnections() + " connections, "
                + ctx.plan().wrkThreads() + " threads)";
    }

    @Override
    public boolean includes(Target target) {
        return target.role() == Target.Role.S3 || target.role() == Target.Role.FLOOR;
    }

    static String row(int size) {
        return "presigned GET " + Payloads.label(size);
    }

    static String key(int size) {
        return "bench-presigned/object-" + size + ".bin";
    }

    @Override
    public void prepare(Target target) throws Exception {
        if (target.role() != Target.Role.S3) {
            return;
        }
        ctx.ensureBucket(target);
        MinioClient mc = ctx.client(target);
        for (int size : SIZES) {
            mc.putObject(PutObjectArgs.builder().bucket(ctx.bucket()).object(key(size)).stream(
                            ctx.payloads.stream(size), (long) size, null)
                    .build());
        }
    }

    @Override
    public Run run(Target target, int round) throws Exception {
        Run run = new Run();
        long requests = 0;
        for (int size : SIZES) {
            Measurement row = run.row(row(size));
            try {
                String url = url(target, size);
                check(url, size);
                if (round == 0) {
                    // the server's JIT warms up on the same URL first; this run is not recorded
                    wrk.run(url, ctx.plan().wrkThreads(), ctx.plan().wrkConnections(), WARMUP);
                }
                Wrk.Result r = wrk.run(
                        url,
                        ctx.plan().wrkThreads(),
                        ctx.plan().wrkConnections(),
                        ctx.plan().wrkDuration());
                row.addOps(r.requests(), (long) (r.seconds() * 1e9));
                row.errors(r.non2xx(), r.non2xx() + " non-2xx responses");
                row.errors(r.socketErrors(), r.socketErrors() + " socket errors");
                requests += r.requests();
            } catch (Exception e) {
                row.error(e);
            }
        }
        return new Run(run.rows(), requests);
    }

    private String url(Target target, int size) throws Exception {
        if (target.role() == Target.Role.FLOOR) {
            return target.endpoint() + "/" + ctx.bucket() + "/" + key(size);
        }
        return ctx.client(target)
                .getPresignedObjectUrl(GetPresignedObjectUrlArgs.builder()
                        .method(Http.Method.GET)
                        .bucket(ctx.bucket())
                        .object(key(size))
                        .expiry(1, TimeUnit.HOURS)
                        .build());
    }

    static void check(String url, int size) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
        try {
            int status = c.getResponseCode();
            if (status != 200) {
                throw new IOException("GET " + url + " answered " + status);
            }
            try (InputStream in = c.getInputStream()) {
                long n = in.readAllBytes().length;
                if (n != size) {
                    throw new IOException("GET " + url + " returned " + n + " bytes, expected " + size);
                }
            }
        } finally {
            c.disconnect();
        }
    }
}
