package io.posixgw.server.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The races of issue 19 between two gateways over one shared file system, as a bounded load:
 * writers and readers on both gateways, a few hot keys, bodies that name their writer and
 * version (so a read can tell whose bytes it got and whether they are whole), for a bounded
 * time. Every answer is checked; what S3 could not have answered is counted by kind in a
 * {@link Tally}, with the latency of every operation. Used by {@code GlusterScaleOutIT}
 * (which asserts no anomaly where the gateways are correct today) and by
 * {@code bench/scaleout.sh} (which prints the counts).
 */
final class RaceHarness {
    static final int SMALL = 4 << 10;
    private static final Map<String, String> NONE = Map.of();
    private static final byte[] EMPTY = new byte[0];

    private final RawS3 a;
    private final RawS3 b;
    private final long millis;
    private final int threadsPerGateway;
    /** Every ETag ever sent, with its size: a listing's (size, ETag) must be one of them. */
    private final Map<String, Integer> sent = new ConcurrentHashMap<>();

    private final AtomicLong seq = new AtomicLong();

    RaceHarness(RawS3 a, RawS3 b, long millis, int threadsPerGateway) {
        this.a = a;
        this.b = b;
        this.millis = millis;
        this.threadsPerGateway = threadsPerGateway;
    }

    // --- bodies that name their writer -----------------------------------------------------

    /** A body whose first line names writer, version and length, the rest derived from them. */
    static byte[] body(String writer, long version, int size) {
        String head = "w=" + writer + " v=" + version + " n=" + size + "\n";
        byte[] out = new byte[Math.max(size, head.length())];
        byte[] h = head.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(h, 0, out, 0, h.length);
        Random r = new Random(head.hashCode());
        for (int i = h.length; i < out.length; i++) {
            out[i] = (byte) ('a' + r.nextInt(26));
        }
        return out;
    }

    /** The version a body names, or -1 when it is not a body {@link #body} made, whole. */
    static long versionOf(byte[] got) {
        int nl = -1;
        for (int i = 0; i < Math.min(got.length, 200); i++) {
            if (got[i] == '\n') {
                nl = i;
                break;
            }
        }
        if (nl < 0) {
            return -1;
        }
        String[] f = new String(got, 0, nl, StandardCharsets.US_ASCII).split(" ");
        if (f.length != 3 || !f[0].startsWith("w=") || !f[1].startsWith("v=") || !f[2].startsWith("n=")) {
            return -1;
        }
        try {
            long v = Long.parseLong(f[1].substring(2));
            int n = Integer.parseInt(f[2].substring(2));
            return java.util.Arrays.equals(got, body(f[0].substring(2), v, n)) ? v : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static String md5(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    // --- operations, timed and checked ---------------------------------------------------

    /** PUTs a new version of key through gw; returns the response, or null on an I/O failure (counted). */
    RawS3.Response put(
            Tally t, RawS3 gw, String bucket, String key, String writer, int size, Map<String, String> extra) {
        long v = seq.incrementAndGet();
        byte[] body = body(writer, v, size);
        String md5 = md5(body);
        sent.put('"' + md5 + '"', body.length);
        Map<String, String> h = new java.util.HashMap<>(extra);
        h.put("x-amz-meta-md5", md5);
        h.put("x-amz-meta-writer", writer);
        h.put("x-amz-meta-version", Long.toString(v));
        RawS3.Response r = timed(t, "PUT", size, gw, "PUT", "/" + bucket + "/" + key, NONE, h, body);
        if (r != null && r.status() == 200 && !('"' + md5 + '"').equals(r.header("etag"))) {
            t.anomaly("put-etag-wrong", key + " " + r.header("etag"));
        }
        return r;
    }

    /** A GET checked whole: 200 with bytes, ETag and metadata of one version, or 404 when allowed. Returns the version, 0 for 404, -1 otherwise. */
    long get(Tally t, RawS3 gw, String bucket, String key, boolean notFoundAllowed) {
        RawS3.Response r = timed(t, "GET", SMALL, gw, "GET", "/" + bucket + "/" + key, NONE, NONE, EMPTY);
        if (r == null) {
            return -1;
        }
        if (r.status() == 404 && notFoundAllowed) {
            return 0;
        }
        if (r.status() != 200) {
            t.status("GET", r);
            return -1;
        }
        long v = versionOf(r.body());
        String md5 = md5(r.body());
        if (v < 0) {
            t.anomaly("get-torn-body", key + " " + r.body().length + " bytes");
        }
        if (!('"' + md5 + '"').equals(r.header("etag"))) {
            t.anomaly("get-etag-not-of-bytes", key + " etag " + r.header("etag") + " bytes " + md5);
        }
        if (r.header("x-amz-meta-md5") == null) {
            t.anomaly("get-metadata-missing", key);
        } else if (!md5.equals(r.header("x-amz-meta-md5"))
                || !Long.toString(v).equals(r.header("x-amz-meta-version"))) {
            t.anomaly(
                    "get-metadata-of-other-version",
                    key + " bytes v" + v + " metadata v" + r.header("x-amz-meta-version"));
        }
        return v;
    }

    /** A HEAD checked: its ETag, length and metadata from one version. */
    void head(Tally t, RawS3 gw, String bucket, String key, boolean notFoundAllowed) {
        RawS3.Response r = timed(t, "HEAD", SMALL, gw, "HEAD", "/" + bucket + "/" + key, NONE, NONE, EMPTY);
        if (r == null || (r.status() == 404 && notFoundAllowed)) {
            return;
        }
        if (r.status() != 200) {
            t.status("HEAD", r);
            return;
        }
        String etag = r.header("etag");
        String meta = r.header("x-amz-meta-md5");
        Integer size = sent.get(etag);
        if (meta == null) {
            t.anomaly("head-metadata-missing", key);
        } else if (!etag.equals('"' + meta + '"')) {
            t.anomaly("head-metadata-of-other-version", key + " etag " + etag + " meta " + meta);
        }
        if (size == null) {
            t.anomaly("head-etag-never-written", key + " " + etag);
        } else if (!Long.toString(size).equals(r.header("content-length"))) {
            t.anomaly("head-length-of-other-version", key + " " + r.header("content-length") + " vs " + size);
        }
    }

    /** A ListObjectsV2 of the bucket checked: each key once, with a size and ETag that belonged together. */
    void list(Tally t, RawS3 gw, String bucket) {
        RawS3.Response r = timed(t, "LIST", 0, gw, "GET", "/" + bucket, Map.of("list-type", "2"), NONE, EMPTY);
        if (r == null) {
            return;
        }
        if (r.status() != 200) {
            t.status("LIST", r);
            return;
        }
        List<String> keys = r.elements("Key");
        List<String> etags = r.elements("ETag");
        List<String> sizes = r.elements("Size");
        if (keys.size() != etags.size() || keys.size() != sizes.size()) {
            t.anomaly("list-entry-incomplete", keys.size() + " keys " + etags.size() + " etags");
            return;
        }
        if (Set.copyOf(keys).size() != keys.size()) {
            t.anomaly("list-key-twice", keys.toString());
        }
        for (int i = 0; i < keys.size(); i++) {
            Integer size = sent.get(etags.get(i));
            if (size == null) {
                t.anomaly("list-etag-never-written", keys.get(i) + " " + etags.get(i));
            } else if (size != Integer.parseInt(sizes.get(i))) {
                t.anomaly("list-size-etag-mismatch", keys.get(i) + " " + sizes.get(i) + " " + etags.get(i));
            }
        }
    }

    RawS3.Response timed(
            Tally t,
            String op,
            int size,
            RawS3 gw,
            String method,
            String path,
            Map<String, String> query,
            Map<String, String> headers,
            byte[] body) {
        long start = System.nanoTime();
        try {
            RawS3.Response r = gw.send(method, path, query, headers, body);
            t.latency(op + " " + Latency.sizeName(size), System.nanoTime() - start);
            t.ops.incrementAndGet();
            if (r.status() >= 500) {
                t.anomaly(op.toLowerCase(java.util.Locale.ROOT) + "-" + r.status(), path + " " + r.errorCode());
            }
            return r;
        } catch (IOException e) {
            t.anomaly(op.toLowerCase(java.util.Locale.ROOT) + "-io-error", path + " " + e);
            return null;
        }
    }

    // --- the scenarios ---------------------------------------------------------------------

    /** Overwrite through A, then read through B at once: read-after-write must give the new version. */
    Tally overwriteThenRead(String bucket) {
        Tally t = new Tally("overwrite on A, read on B");
        long end = System.currentTimeMillis() + millis;
        int round = 0;
        while (System.currentTimeMillis() < end || round < 10) {
            RawS3.Response r = put(t, a, bucket, "raw", "A", SMALL, NONE);
            if (r == null || r.status() != 200) {
                if (r != null) {
                    t.status("PUT", r);
                }
                continue;
            }
            long expected = seq.get(); // one writer: the last version sent is the one acknowledged
            long v = get(t, b, bucket, "raw", false);
            if (v > 0 && v != expected) {
                t.anomaly("read-after-overwrite-stale", "got v" + v + " after v" + expected);
            }
            round++;
        }
        return t;
    }

    /** Writers on both gateways overwrite a few hot keys; readers on both GET, HEAD and list. */
    Tally concurrentOverwrites(String bucket, int keys) throws Exception {
        Tally t = new Tally("concurrent overwrites, both gateways");
        for (int k = 0; k < keys; k++) {
            put(t, a, bucket, "hot" + k, "seed", SMALL, NONE);
        }
        return load(
                t,
                (gw, name, i, r) -> {
                    String key = "hot" + r.nextInt(keys);
                    RawS3.Response p = put(t, gw, bucket, key, name, 1 + r.nextInt(SMALL), NONE);
                    if (p != null && p.status() != 200) {
                        t.status("PUT", p);
                    }
                },
                (gw, name, i, r) -> {
                    String key = "hot" + r.nextInt(keys);
                    switch (i % 5) {
                        case 0 -> list(t, gw, bucket);
                        case 1, 2 -> head(t, gw, bucket, key, false);
                        default -> get(t, gw, bucket, key, false);
                    }
                });
    }

    /** Writers PUT and DELETE a few keys; readers on the other gateway get 200 (whole) or 404, nothing else. */
    Tally deletesRacingReads(String bucket, int keys) throws Exception {
        Tally t = new Tally("deletes racing reads");
        return load(
                t,
                (gw, name, i, r) -> {
                    String key = "del" + r.nextInt(keys);
                    if (i % 2 == 0) {
                        RawS3.Response p = put(t, gw, bucket, key, name, 1 + r.nextInt(SMALL), NONE);
                        if (p != null && p.status() != 200) {
                            t.status("PUT", p);
                        }
                    } else {
                        RawS3.Response d =
                                timed(t, "DELETE", SMALL, gw, "DELETE", "/" + bucket + "/" + key, NONE, NONE, EMPTY);
                        if (d != null && d.status() != 204) {
                            t.status("DELETE", d);
                        }
                    }
                },
                (gw, name, i, r) -> {
                    String key = "del" + r.nextInt(keys);
                    if (i % 2 == 0) {
                        get(t, gw, bucket, key, true);
                    } else {
                        head(t, gw, bucket, key, true);
                    }
                });
    }

    /**
     * If-Match races: both gateways overwrite the same version at once, each with If-Match of
     * its ETag; exactly one may win (200), the other fails (412, or 409 ConditionalRequestConflict).
     * If-None-Match: * races on a new key: exactly one creates it.
     */
    Tally conditionalWrites(String bucket) throws Exception {
        Tally t = new Tally("conditional writes across gateways");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            long end = System.currentTimeMillis() + millis;
            int round = 0;
            while (System.currentTimeMillis() < end || round < 10) {
                round++;
                RawS3.Response seed = put(t, a, bucket, "cond", "seed", SMALL, NONE);
                if (seed == null || seed.status() != 200) {
                    continue;
                }
                String etag = seed.header("etag");
                List<RawS3.Response> m = race(
                        pool,
                        () -> put(t, a, bucket, "cond", "A", SMALL, Map.of("if-match", etag)),
                        () -> put(t, b, bucket, "cond", "B", SMALL, Map.of("if-match", etag)));
                judge(t, "if-match", m);
                String fresh = "new" + round + "-" + System.nanoTime();
                List<RawS3.Response> n = race(
                        pool,
                        () -> put(t, a, bucket, fresh, "A", SMALL, Map.of("if-none-match", "*")),
                        () -> put(t, b, bucket, fresh, "B", SMALL, Map.of("if-none-match", "*")));
                judge(t, "if-none-match", n);
                get(t, b, bucket, fresh, false);
                timed(t, "DELETE", SMALL, a, "DELETE", "/" + bucket + "/" + fresh, NONE, NONE, EMPTY);
            }
        } finally {
            pool.shutdownNow();
        }
        return t;
    }

    private static void judge(Tally t, String kind, List<RawS3.Response> rs) {
        int won = 0;
        int lost = 0;
        for (RawS3.Response r : rs) {
            if (r == null) {
                continue;
            }
            if (r.status() == 200) {
                won++;
            } else if (r.status() == 412 || (r.status() == 409 && "ConditionalRequestConflict".equals(r.errorCode()))) {
                lost++;
            } else {
                t.status("PUT " + kind, r);
            }
        }
        if (won > 1) {
            t.anomaly(kind + "-both-won", "");
        } else if (won == 0 && lost == 2) {
            t.anomaly(kind + "-none-won", "");
        }
    }

    /**
     * A PUT through B racing a DeleteBucket through A: the acknowledged PUT must stay readable,
     * or fail (NoSuchBucket), or the bucket must not be deleted.
     */
    Tally putRacingDeleteBucket(String prefix) throws Exception {
        Tally t = new Tally("PUT on B racing DeleteBucket on A");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            long end = System.currentTimeMillis() + millis;
            int round = 0;
            while (System.currentTimeMillis() < end || round < 5) {
                round++;
                String bucket = prefix + "-" + round + "-" + (System.nanoTime() % 100000);
                RawS3.Response mk = timed(t, "CREATEBUCKET", 0, a, "PUT", "/" + bucket, NONE, NONE, EMPTY);
                if (mk == null || mk.status() != 200) {
                    if (mk != null) {
                        t.status("CreateBucket", mk);
                    }
                    continue;
                }
                awaitBucket(b, bucket);
                List<RawS3.Response> rs = race(
                        pool,
                        () -> put(t, b, bucket, "k", "B", SMALL, NONE),
                        () -> timed(t, "DELETEBUCKET", 0, a, "DELETE", "/" + bucket, NONE, NONE, EMPTY));
                RawS3.Response p = rs.get(0);
                RawS3.Response d = rs.get(1);
                if (p == null || d == null) {
                    continue;
                }
                boolean putOk = p.status() == 200;
                if (!putOk && !"NoSuchBucket".equals(p.errorCode())) {
                    t.status("PUT", p);
                }
                if (d.status() != 204 && !"BucketNotEmpty".equals(d.errorCode())) {
                    t.status("DeleteBucket", d);
                }
                if (putOk) {
                    if (d.status() == 204) {
                        t.anomaly("acknowledged-put-lost", bucket);
                    } else if (get(t, a, bucket, "k", false) < 0) {
                        t.anomaly("acknowledged-put-unreadable", bucket);
                    }
                }
                timed(t, "DELETE", SMALL, a, "DELETE", "/" + bucket + "/k", NONE, NONE, EMPTY);
                timed(t, "DELETEBUCKET", 0, a, "DELETE", "/" + bucket, NONE, NONE, EMPTY);
            }
        } finally {
            pool.shutdownNow();
        }
        return t;
    }

    private static void awaitBucket(RawS3 gw, String bucket) throws Exception {
        for (int i = 0; i < 40; i++) {
            RawS3.Response r = gw.send("HEAD", "/" + bucket, NONE, NONE, EMPTY);
            if (r.status() == 200) {
                return;
            }
            Thread.sleep(100);
        }
    }

    /**
     * Writers PUT distinct keys through the victim until it is killed (kill -9, by {@code kill});
     * then every acknowledged key must read whole through the survivor, every key in flight must be
     * whole or absent, and the listing must name only whole objects.
     */
    Tally killMidPut(RawS3 victim, RawS3 survivor, String bucket, Runnable kill, String name) throws Exception {
        Tally t = new Tally("kill -9 of " + name + " mid-PUT, read through the other");
        Set<String> acked = ConcurrentHashMap.newKeySet();
        Set<String> tried = ConcurrentHashMap.newKeySet();
        ExecutorService pool = Executors.newFixedThreadPool(threadsPerGateway);
        List<Future<?>> jobs = new ArrayList<>();
        AtomicReference<Boolean> alive = new AtomicReference<>(true);
        for (int w = 0; w < threadsPerGateway; w++) {
            int writer = w;
            jobs.add(pool.submit(() -> {
                Random r = new Random(writer);
                for (int i = 0; alive.get(); i++) {
                    String key = "k" + writer + "-" + i;
                    tried.add(key);
                    long v = seq.incrementAndGet();
                    byte[] body = body(name + writer, v, 1 + r.nextInt(1 << 20));
                    String md5 = md5(body);
                    sent.put('"' + md5 + '"', body.length);
                    try {
                        RawS3.Response p = victim.send(
                                "PUT",
                                "/" + bucket + "/" + key,
                                NONE,
                                Map.of("x-amz-meta-md5", md5, "x-amz-meta-version", Long.toString(v)),
                                body);
                        if (p.status() == 200) {
                            acked.add(key);
                        }
                    } catch (IOException killed) {
                        return null;
                    }
                }
                return null;
            }));
        }
        Thread.sleep(Math.min(millis, 3000));
        kill.run();
        alive.set(false);
        for (Future<?> f : jobs) {
            f.get();
        }
        pool.shutdown();
        for (String key : tried) {
            boolean mustExist = acked.contains(key);
            long v = get(t, survivor, bucket, key, !mustExist);
            if (mustExist && v == 0) {
                t.anomaly("acknowledged-put-missing", key);
            }
        }
        list(t, survivor, bucket);
        t.note(acked.size() + " acknowledged, " + (tried.size() - acked.size()) + " in flight");
        return t;
    }

    /** Sequential PUT, GET, HEAD, DELETE of one size through one gateway: the latency of each. */
    Tally latency(String bucket, int size, int n) {
        Tally t = new Tally("latency " + Latency.sizeName(size));
        for (int i = 0; i < n; i++) {
            String key = "lat" + i;
            RawS3.Response p = put(t, a, bucket, key, "L", size, NONE);
            if (p != null && p.status() != 200) {
                t.status("PUT", p);
            }
            RawS3.Response g = timed(t, "GET", size, a, "GET", "/" + bucket + "/" + key, NONE, NONE, EMPTY);
            if (g != null && (g.status() != 200 || g.body().length != size)) {
                t.status("GET", g);
            }
            timed(t, "HEAD", size, a, "HEAD", "/" + bucket + "/" + key, NONE, NONE, EMPTY);
            timed(t, "DELETE", size, a, "DELETE", "/" + bucket + "/" + key, NONE, NONE, EMPTY);
        }
        return t;
    }

    // --- load plumbing ---------------------------------------------------------------------

    interface Step {
        void run(RawS3 gw, String name, int i, Random r) throws Exception;
    }

    private Tally load(Tally t, Step writer, Step reader) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4 * threadsPerGateway);
        long end = System.currentTimeMillis() + millis;
        List<Future<?>> jobs = new ArrayList<>();
        int id = 0;
        for (RawS3 gw : List.of(a, b)) {
            String side = gw == a ? "A" : "B";
            for (int i = 0; i < threadsPerGateway; i++) {
                for (Step step : List.of(writer, reader)) {
                    String name = side + (step == writer ? "w" : "r") + i;
                    Random r = new Random(id++);
                    jobs.add(pool.submit(() -> {
                        for (int n = 0; System.currentTimeMillis() < end; n++) {
                            step.run(gw, name, n, r);
                        }
                        return null;
                    }));
                }
            }
        }
        try {
            for (Future<?> f : jobs) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return t;
    }

    private static List<RawS3.Response> race(
            ExecutorService pool,
            java.util.concurrent.Callable<RawS3.Response> x,
            java.util.concurrent.Callable<RawS3.Response> y)
            throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        Future<RawS3.Response> fx = pool.submit(() -> {
            go.await();
            return x.call();
        });
        Future<RawS3.Response> fy = pool.submit(() -> {
            go.await();
            return y.call();
        });
        go.countDown();
        List<RawS3.Response> out = new ArrayList<>();
        out.add(fx.get());
        out.add(fy.get());
        return out;
    }
}
