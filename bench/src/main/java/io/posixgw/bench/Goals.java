package io.posixgw.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The targets of issue 8, checked against one run. Ratios are always the first S3
 * target (posixgw) over the other one: the peer (s3proxy), the floor (nginx), or
 * posixgw itself with {@code --fsync off}.
 */
final class Goals {
    /**
     * One target.
     *
     * @param goal     what the issue asks, in words
     * @param measured what this run measured
     * @param met      true or false, null when the run could not measure it
     */
    record Goal(String goal, String measured, Boolean met) {}

    /** Sizes whose PUT and GET first byte count as "small" for the 0.7x target. */
    static final List<Integer> SMALL = List.of(Payloads.KIB, 4 * Payloads.KIB, 64 * Payloads.KIB);

    private Goals() {}

    static List<Goal> check(Results r) {
        List<Goal> goals = new ArrayList<>();
        Target a = r.first(Target.Role.S3, 0);
        Target peer = r.first(Target.Role.S3, 1);
        Target floor = r.first(Target.Role.FLOOR, 0);
        Target off = r.first(Target.Role.FSYNC_OFF, 0);
        if (a == null) {
            return goals;
        }
        String p = a.name();
        if (floor != null) {
            goals.add(throughput(
                    r,
                    "presigned",
                    PresignedGet.row(4 * Payloads.KIB),
                    p,
                    floor.name(),
                    0.7,
                    "presigned GET 4 KiB throughput >= 0.7x " + floor.name()));
            goals.add(throughput(
                    r,
                    "presigned",
                    PresignedGet.row(64 * Payloads.KIB),
                    p,
                    floor.name(),
                    0.85,
                    "presigned GET 64 KiB throughput >= 0.85x " + floor.name()));
        }
        if (peer != null) {
            String q = peer.name();
            goals.add(throughput(
                    r, "parallel", ParallelPutGet.BOTH, p, q, 5.0, "8-thread 64 KiB PUT+GET throughput >= 5x " + q));
            goals.add(throughput(r, "mixed", MixedLoad.TOTAL, p, q, 5.0, "mixed load throughput >= 5x " + q));
            goals.add(everyP50(r, p, q));
            for (int size : SMALL) {
                goals.add(p50(r, "put " + Payloads.label(size), p, q, 0.7));
            }
            for (int size : SMALL) {
                goals.add(p50(r, "get first byte " + Payloads.label(size), p, q, 0.7));
            }
            goals.add(p50(r, LatencySuite.listRow(listKeys(r)), p, q, 0.3));
        }
        double cpu = r.cpuMsPerRequest(p, "mixed");
        goals.add(new Goal(
                "server CPU per request under the mixed load <= 0.25 ms",
                Double.isNaN(cpu) ? "not measured" : fmt(cpu) + " ms",
                Double.isNaN(cpu) ? null : cpu <= 0.25));
        if (off != null) {
            goals.add(throughput(
                    r,
                    "parallel",
                    ParallelPutGet.PUT,
                    p,
                    off.name(),
                    0.8,
                    "8-client PUT throughput with --fsync on >= 0.8x --fsync off (" + off.name() + ")"));
        }
        return goals;
    }

    private static int listKeys(Results r) {
        Results.SectionRows s = r.sections.get("latency");
        if (s != null) {
            for (String row : s.rows().keySet()) {
                if (row.startsWith("list ")) {
                    return Integer.parseInt(row.split(" ")[1]);
                }
            }
        }
        return 1000;
    }

    private static Goal throughput(Results r, String section, String row, String a, String b, double min, String goal) {
        Measurement ma = r.get(section, row, a);
        Measurement mb = r.get(section, row, b);
        if (ma == null
                || mb == null
                || Double.isNaN(ma.opsPerSecond())
                || Double.isNaN(mb.opsPerSecond())
                || ma.errors() > 0
                || mb.errors() > 0) {
            return new Goal(goal, "not measured" + errors(ma, mb), null);
        }
        double ratio = ma.opsPerSecond() / mb.opsPerSecond();
        return new Goal(
                goal,
                fmt(ratio) + "x (" + fmt(ma.opsPerSecond()) + " vs " + fmt(mb.opsPerSecond()) + " ops/s)",
                ratio >= min);
    }

    private static Goal p50(Results r, String row, String a, String b, double max) {
        String goal = row + " p50 <= " + fmt(max) + "x " + b;
        Measurement ma = r.get("latency", row, a);
        Measurement mb = r.get("latency", row, b);
        if (ma == null || mb == null || ma.latency.count() == 0 || mb.latency.count() == 0) {
            return new Goal(goal, "not measured" + errors(ma, mb), null);
        }
        double ratio = ma.latency.percentileMs(50) / mb.latency.percentileMs(50);
        return new Goal(
                goal,
                fmt(ratio) + "x (" + fmt(ma.latency.percentileMs(50)) + " vs " + fmt(mb.latency.percentileMs(50))
                        + " ms)",
                ratio <= max);
    }

    private static Goal everyP50(Results r, String a, String b) {
        Results.SectionRows s = r.sections.get("latency");
        String goal = "every single-client p50 of the latency suite <= " + b + "'s";
        if (s == null) {
            return new Goal(goal, "not measured", null);
        }
        List<String> slower = new ArrayList<>();
        int compared = 0;
        for (Map.Entry<String, java.util.LinkedHashMap<String, Measurement>> e :
                s.rows().entrySet()) {
            Measurement ma = e.getValue().get(a);
            Measurement mb = e.getValue().get(b);
            if (ma == null || mb == null || ma.latency.count() == 0 || mb.latency.count() == 0) {
                continue;
            }
            compared++;
            double ratio = ma.latency.percentileMs(50) / mb.latency.percentileMs(50);
            if (ratio > 1.0) {
                slower.add(e.getKey() + " (" + fmt(ratio) + "x)");
            }
        }
        String measured = slower.isEmpty()
                ? "all " + compared + " rows at or below"
                : slower.size() + " of " + compared + " rows slower: " + String.join(", ", slower);
        return new Goal(goal, measured, compared == 0 ? null : slower.isEmpty());
    }

    private static String errors(Measurement a, Measurement b) {
        long n = (a == null ? 0 : a.errors()) + (b == null ? 0 : b.errors());
        return n > 0 ? " (" + n + " errors)" : "";
    }

    static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (Math.abs(v) >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (Math.abs(v) >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
