package io.posixgw.bench;

import io.minio.ListObjectsArgs;
import io.minio.MinioClient;
import io.minio.RemoveBucketArgs;
import io.minio.Result;
import io.minio.messages.Item;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs each section against every target that takes part, in interleaved rounds
 * (A, B, A, B) so that machine noise hits every target alike, reading each
 * server's CPU time around every run and its memory at the start and the end.
 */
final class SideBySide {
    private final Context ctx;
    private final List<Section> sections;
    private final ServerCost cost;
    private final PrintStream log;

    SideBySide(Context ctx, List<Section> sections, ServerCost cost, PrintStream log) {
        this.ctx = ctx;
        this.sections = List.copyOf(sections);
        this.cost = cost;
        this.log = log;
    }

    Results run() throws Exception {
        List<Target> targets = ctx.targets;
        long setup = System.nanoTime();
        Results results = new Results(targets);
        long busy0 = machineBusy();
        long ours0 = oursCpu();
        for (Target t : targets) {
            if (cost.available(t.pid())) {
                results.usage.get(t.name()).atStart = cost.read(t.pid());
            }
        }
        for (Target t : targets) {
            if (t.speaksS3()) {
                ctx.ensureBucket(t);
            }
        }
        log.printf("[setup] clients and buckets ready in %.1f s%n", (System.nanoTime() - setup) / 1e9);
        for (Section section : sections) {
            for (Target t : targets) {
                if (section.includes(t)) {
                    long t0 = System.nanoTime();
                    section.prepare(t);
                    log.printf("[%s] prepared %s in %.1f s%n", section.id(), t.name(), (System.nanoTime() - t0) / 1e9);
                }
            }
            for (int round = 0; round < ctx.plan().rounds(); round++) {
                for (Target t : targets) {
                    if (!section.includes(t)) {
                        continue;
                    }
                    long cpu0 = cpu(t);
                    long t0 = System.nanoTime();
                    Section.Run run = section.run(t, round);
                    long wall = System.nanoTime() - t0;
                    long cpu1 = cpu(t);
                    results.add(section, t, run, cpu1 - cpu0);
                    long errors = run.rows().values().stream()
                            .mapToLong(Measurement::errors)
                            .sum();
                    log.printf(
                            "[%s] round %d/%d %s: %.1f s,%s server CPU %.2f s%s%n",
                            section.id(),
                            round + 1,
                            ctx.plan().rounds(),
                            t.name(),
                            wall / 1e9,
                            run.requests() > 0 ? " " + run.requests() + " requests," : "",
                            (cpu1 - cpu0) / 1e9,
                            errors > 0 ? ", " + errors + " ERRORS" : "");
                }
            }
        }
        for (Target t : targets) {
            if (cost.available(t.pid())) {
                results.usage.get(t.name()).atEnd = cost.read(t.pid());
            }
        }
        long busy = machineBusy() - busy0;
        results.wallSeconds = (System.nanoTime() - setup) / 1e9;
        if (busy0 > 0) {
            results.machineBusySeconds = busy / 1e9;
            results.otherProcessesSeconds = Math.max(0, busy - (oursCpu() - ours0)) / 1e9;
        }
        return results;
    }

    private long machineBusy() {
        try {
            return cost.machineBusyNanos();
        } catch (Exception e) {
            return 0;
        }
    }

    /** CPU time of this bench process and of every server with a known PID (each counted once). */
    private long oursCpu() {
        java.util.Set<Long> pids = new java.util.HashSet<>();
        pids.add(ProcessHandle.current().pid());
        for (Target t : ctx.targets) {
            if (t.pid() > 0) {
                pids.add(t.pid());
            }
        }
        long sum = 0;
        for (long pid : pids) {
            try {
                if (cost.available(pid)) {
                    sum += cost.read(pid).cpuNanos();
                }
            } catch (Exception ignored) {
                // process gone
            }
        }
        return sum;
    }

    private long cpu(Target t) {
        try {
            return cost.available(t.pid()) ? cost.read(t.pid()).cpuNanos() : 0;
        } catch (Exception e) {
            return 0;
        }
    }

    /** Removes every object the run left and the bucket, on each S3 target (best effort). */
    void cleanup() {
        long t0 = System.nanoTime();
        java.util.Set<String> cleaned = new java.util.HashSet<>();
        for (Target t : ctx.targets) {
            if (t.onFiles()) {
                try {
                    ctx.floor(t).removeAll();
                } catch (Exception e) {
                    log.printf("cleanup of %s failed: %s%n", t.name(), Measurement.describe(e));
                }
                continue;
            }
            if (!t.speaksS3() || !cleaned.add(t.endpoint())) {
                continue;
            }
            try {
                MinioClient mc = ctx.client(t);
                List<String> keys = new ArrayList<>();
                for (Result<Item> r : mc.listObjects(ListObjectsArgs.builder()
                        .bucket(ctx.bucket())
                        .recursive(true)
                        .build())) {
                    keys.add(r.get().objectName());
                }
                Parallel.forEach(
                        keys.size(),
                        ParallelPutGet.THREADS,
                        i -> LatencySuite.removeQuietly(mc, ctx.bucket(), keys.get(i)));
                mc.removeBucket(RemoveBucketArgs.builder().bucket(ctx.bucket()).build());
            } catch (Exception e) {
                log.printf("cleanup of %s failed: %s%n", t.name(), Measurement.describe(e));
            }
        }
        log.printf("[cleanup] %.1f s%n", (System.nanoTime() - t0) / 1e9);
    }
}
