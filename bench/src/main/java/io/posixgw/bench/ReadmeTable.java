package io.posixgw.bench;

import static io.posixgw.bench.Goals.fmt;

import java.util.List;
import java.util.Map;

/**
 * The short form of a report for docs/BENCHMARKS.md: the machine
 * line, the issue-8 targets, and p50 and throughput side by side in two compact
 * tables (first S3 target / second S3 target). Written as readme.md next to the report.
 */
final class ReadmeTable {
    private ReadmeTable() {}

    static String render(Report.Meta meta, Results r, List<Goals.Goal> goals) {
        Target a = r.first(Target.Role.S3, 0);
        Target b = r.first(Target.Role.S3, 1);
        Target off = r.first(Target.Role.FSYNC_OFF, 0);
        Target floor = r.first(Target.Role.FLOOR, 0);
        StringBuilder md = new StringBuilder();
        Map<String, String> m = meta.machine();
        md.append("Run of ")
                .append(meta.date(), 0, 10)
                .append(", `")
                .append(meta.command())
                .append("`: ")
                .append(m.getOrDefault("cores (nproc)", "?"))
                .append(" cores, ")
                .append(m.getOrDefault("memory", "?"))
                .append(", ")
                .append(m.getOrDefault("disk", "?"))
                .append(", ")
                .append(m.getOrDefault("bench JVM", "?"));
        if (m.containsKey("other processes during the run")) {
            md.append("; other processes during the run: ").append(m.get("other processes during the run"));
        }
        md.append(".\n\n| issue 8 target | measured | met |\n|---|---|---|\n");
        for (Goals.Goal g : goals) {
            md.append("| ")
                    .append(g.goal())
                    .append(" | ")
                    .append(g.measured())
                    .append(" | ")
                    .append(g.met() == null ? "not measured" : g.met() ? "**met**" : "missed")
                    .append(" |\n");
        }
        if (a == null || b == null) {
            return md.toString();
        }
        String pair = a.name() + " / " + b.name();
        md.append("\np50 in ms, ").append(pair).append(" (one client, one request at a time):\n\n| operation |");
        for (int size : LatencySuite.SIZES) {
            md.append(' ').append(Payloads.label(size)).append(" |");
        }
        md.append("\n|---|").append("---|".repeat(LatencySuite.SIZES.length)).append('\n');
        for (String op : List.of("put", "stat", "get first byte", "get", "delete")) {
            md.append("| ").append(op).append(" |");
            for (int size : LatencySuite.SIZES) {
                md.append(' ')
                        .append(p50Pair(r, op + " " + Payloads.label(size), a, b))
                        .append(" |");
            }
            md.append('\n');
        }
        FloorGap gap = new FloorGap(r);
        if (gap.present()) {
            md.append("\nServer − floor, p50 in ms (the same cycle on files in the bench JVM, no HTTP):\n\n")
                    .append(gap.markdown());
        }
        md.append("\n| row | ").append(pair).append(" | ratio |\n|---|---|---|\n");
        Results.SectionRows latency = r.sections.get("latency");
        if (latency != null) {
            for (String row : latency.rows().keySet()) {
                if (row.startsWith("startup")
                        || row.startsWith("streamed")
                        || row.startsWith("copy")
                        || row.startsWith("list")) {
                    md.append("| ")
                            .append(row)
                            .append(", p50 ms | ")
                            .append(p50Pair(r, row, a, b))
                            .append(" | ")
                            .append(ratio(r, "latency", row, a, b, false))
                            .append(" |\n");
                }
            }
        }
        for (String row : List.of(ParallelPutGet.PUT, ParallelPutGet.GET, ParallelPutGet.BOTH)) {
            md.append("| ")
                    .append(row)
                    .append(", ops/s | ")
                    .append(opsPair(r, "parallel", row, a, b))
                    .append(" | ")
                    .append(ratio(r, "parallel", row, a, b, true))
                    .append(" |\n");
        }
        if (off != null) {
            md.append("| ")
                    .append(ParallelPutGet.PUT)
                    .append(", ops/s, --fsync on / off | ")
                    .append(opsPair(r, "parallel", ParallelPutGet.PUT, a, off))
                    .append(" | ")
                    .append(ratio(r, "parallel", ParallelPutGet.PUT, a, off, true))
                    .append(" |\n");
        }
        md.append("| mixed load, ops/s | ")
                .append(opsPair(r, "mixed", MixedLoad.TOTAL, a, b))
                .append(" | ")
                .append(ratio(r, "mixed", MixedLoad.TOTAL, a, b, true))
                .append(" |\n");
        md.append("| server CPU per request, mixed load, ms | ")
                .append(fmt(r.cpuMsPerRequest(a.name(), "mixed")))
                .append(" / ")
                .append(fmt(r.cpuMsPerRequest(b.name(), "mixed")))
                .append(" | |\n");
        for (int size : PresignedGet.SIZES) {
            String row = PresignedGet.row(size);
            md.append("| ").append(row).append(", req/s | ").append(opsPair(r, "presigned", row, a, b));
            if (floor != null) {
                md.append(" (")
                        .append(floor.name())
                        .append(' ')
                        .append(ops(r, "presigned", row, floor))
                        .append(')');
            }
            md.append(" | ").append(ratio(r, "presigned", row, a, b, true));
            if (floor != null) {
                md.append(", ")
                        .append(ratio(r, "presigned", row, a, floor, true))
                        .append(' ')
                        .append(floor.name());
            }
            md.append(" |\n");
        }
        Results.ServerUsage ua = r.usage.get(a.name());
        Results.ServerUsage ub = r.usage.get(b.name());
        if (ua.atEnd != null && ub.atEnd != null) {
            md.append("| RSS at start / peak, MiB | ")
                    .append(fmt(ua.atStart.rssKib() / 1024.0))
                    .append(" / ")
                    .append(fmt(ua.atEnd.peakRssKib() / 1024.0))
                    .append(" vs ")
                    .append(fmt(ub.atStart.rssKib() / 1024.0))
                    .append(" / ")
                    .append(fmt(ub.atEnd.peakRssKib() / 1024.0))
                    .append(" | |\n");
        }
        return md.toString();
    }

    private static String p50Pair(Results r, String row, Target a, Target b) {
        return p50(r, row, a) + " / " + p50(r, row, b);
    }

    private static String p50(Results r, String row, Target t) {
        Measurement m = r.get("latency", row, t.name());
        return m == null || m.latency.count() == 0 ? "-" : fmt(m.latency.percentileMs(50));
    }

    private static String opsPair(Results r, String section, String row, Target a, Target b) {
        return ops(r, section, row, a) + " / " + ops(r, section, row, b);
    }

    private static String ops(Results r, String section, String row, Target t) {
        Measurement m = r.get(section, row, t.name());
        return m == null ? "-" : fmt(m.opsPerSecond());
    }

    private static String ratio(Results r, String section, String row, Target a, Target b, boolean throughput) {
        Measurement ma = r.get(section, row, a.name());
        Measurement mb = r.get(section, row, b.name());
        if (ma == null || mb == null) {
            return "";
        }
        double v = throughput
                ? ma.opsPerSecond() / mb.opsPerSecond()
                : ma.latency.percentileMs(50) / mb.latency.percentileMs(50);
        return Double.isNaN(v) ? "" : fmt(v) + "x";
    }
}
