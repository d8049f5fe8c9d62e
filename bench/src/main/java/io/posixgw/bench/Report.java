package io.posixgw.bench;

import static io.posixgw.bench.Goals.fmt;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes a run as Markdown (report.md; readme.md, its short form for docs/BENCHMARKS.md) and JSON (report.json, for tools). */
final class Report {
    /** What the report says about the run itself. */
    record Meta(String date, String command, Map<String, String> machine, Plan plan) {}

    private final Meta meta;
    private final Results results;
    private final List<Goals.Goal> goals;

    Report(Meta meta, Results results, List<Goals.Goal> goals) {
        this.meta = meta;
        this.results = results;
        this.goals = goals;
    }

    void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("report.md"), markdown(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("readme.md"), ReadmeTable.render(meta, results, goals), StandardCharsets.UTF_8);
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        Files.writeString(dir.resolve("report.json"), json.writeValueAsString(json()), StandardCharsets.UTF_8);
    }

    String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("# posixgw bench: ").append(meta.date()).append("\n\n");
        md.append("Command: `").append(meta.command()).append("`\n\n");
        md.append("| machine | |\n|---|---|\n");
        meta.machine()
                .forEach((k, v) ->
                        md.append("| ").append(k).append(" | ").append(cell(v)).append(" |\n"));
        Plan plan = meta.plan();
        md.append("\nScale ")
                .append(plan.scale())
                .append(" of the issue's iteration counts, ")
                .append(plan.rounds())
                .append(" interleaved rounds per section; mixed load ")
                .append(plan.mixedClients())
                .append(" clients, ")
                .append(plan.mixedDuration().toMillis() / 1000.0)
                .append(" s per round; wrk ")
                .append(plan.wrkDuration().toSeconds())
                .append(" s per round and size (after 2 s unrecorded); 8-thread rounds after ")
                .append(plan.warmupDuration().toMillis() / 1000.0)
                .append(" s of unrecorded 8-thread load per target.\n\n");
        md.append("| target | endpoint | role |\n|---|---|---|\n");
        for (Target t : results.targets) {
            md.append("| ")
                    .append(t.name())
                    .append(" | ")
                    .append(t.endpoint())
                    .append(" | ")
                    .append(role(t))
                    .append(" |\n");
        }
        md.append("\n## Issue 8 targets\n\n").append(goalsTable());
        for (Results.SectionRows s : results.sections.values()) {
            md.append("\n## ").append(s.title()).append("\n\n").append(sectionTable(s));
        }
        FloorGap gap = new FloorGap(results);
        if (gap.present()) {
            md.append("\n## Server − floor (one client, p50)\n\n").append(gap.markdown());
        }
        md.append("\n## Server cost (from /proc)\n\n").append(costTable());
        List<String> errors = errorLines();
        if (!errors.isEmpty()) {
            md.append("\n## Errors\n\n");
            errors.forEach(e -> md.append("- ").append(e).append('\n'));
        }
        return md.toString();
    }

    private static String role(Target t) {
        return switch (t.role()) {
            case S3 -> "S3, every section";
            case FSYNC_OFF -> "S3, 8-thread PUT/GET only";
            case FLOOR -> "plain HTTP floor, presigned GET only";
            case FILES_CHOSEN -> "file floor, posixgw's file calls in the bench JVM, latency object rows only";
            case FILES_MINIMAL -> "file floor, fewest file calls in the bench JVM, latency object rows only";
        };
    }

    String goalsTable() {
        StringBuilder md = new StringBuilder("| target | measured | met |\n|---|---|---|\n");
        for (Goals.Goal g : goals) {
            String met = g.met() == null ? "not measured" : g.met() ? "**met**" : "missed";
            md.append("| ")
                    .append(cell(g.goal()))
                    .append(" | ")
                    .append(cell(g.measured()))
                    .append(" | ")
                    .append(met)
                    .append(" |\n");
        }
        return md.toString();
    }

    /**
     * One table per section: for each target ops/s (when the row has a throughput)
     * and p50/p95/p99/mean in ms (when it has latencies), then the ratio of the
     * first S3 target to each other one (ops/s for throughput rows, else p50).
     */
    String sectionTable(Results.SectionRows s) {
        List<Target> present = new ArrayList<>();
        boolean throughput = false;
        boolean latency = false;
        for (Target t : results.targets) {
            boolean has = false;
            for (Map<String, Measurement> row : s.rows().values()) {
                Measurement m = row.get(t.name());
                if (m != null) {
                    has = true;
                    throughput |= !Double.isNaN(m.opsPerSecond());
                    latency |= m.latency.count() > 0;
                }
            }
            if (has) {
                present.add(t);
            }
        }
        if (present.isEmpty()) {
            return "(no data)\n";
        }
        Target first = present.get(0);
        StringBuilder head = new StringBuilder("| row |");
        for (Target t : present) {
            if (throughput) {
                head.append(' ').append(t.name()).append(" ops/s |");
            }
            if (latency) {
                head.append(' ').append(t.name()).append(" p50 | p95 | p99 | mean |");
            }
        }
        for (Target t : present.subList(1, present.size())) {
            head.append(' ').append(first.name()).append('/').append(t.name()).append(" |");
        }
        int columns = head.toString().split("\\|", -1).length - 2;
        StringBuilder md = new StringBuilder(head)
                .append('\n')
                .append("|---".repeat(columns))
                .append("|\n");
        for (Map.Entry<String, LinkedHashMap<String, Measurement>> e : s.rows().entrySet()) {
            md.append("| ").append(cell(e.getKey())).append(" |");
            for (Target t : present) {
                Measurement m = e.getValue().get(t.name());
                if (throughput) {
                    md.append(' ')
                            .append(m == null ? "" : fmt(m.opsPerSecond()))
                            .append(" |");
                }
                if (latency) {
                    if (m == null || m.latency.count() == 0) {
                        md.append(" | | | |");
                    } else {
                        md.append(' ')
                                .append(fmt(m.latency.percentileMs(50)))
                                .append(" | ")
                                .append(fmt(m.latency.percentileMs(95)))
                                .append(" | ")
                                .append(fmt(m.latency.percentileMs(99)))
                                .append(" | ")
                                .append(fmt(m.latency.meanMs()))
                                .append(" |");
                    }
                }
            }
            Measurement ma = e.getValue().get(first.name());
            for (Target t : present.subList(1, present.size())) {
                md.append(' ').append(ratio(ma, e.getValue().get(t.name()))).append(" |");
            }
            md.append('\n');
        }
        md.append(latency ? "\nLatencies in ms. " : "\n")
                .append("Ratio: ops/s over ops/s for throughput rows " + "(higher is better for ")
                .append(first.name())
                .append("), p50 over p50 otherwise (lower is better).\n");
        return md.toString();
    }

    private static String ratio(Measurement a, Measurement b) {
        if (a == null || b == null) {
            return "";
        }
        if (!Double.isNaN(a.opsPerSecond()) && !Double.isNaN(b.opsPerSecond())) {
            return fmt(a.opsPerSecond() / b.opsPerSecond()) + "x ops/s";
        }
        if (a.latency.count() > 0 && b.latency.count() > 0) {
            return fmt(a.latency.percentileMs(50) / b.latency.percentileMs(50)) + "x p50";
        }
        return "";
    }

    String costTable() {
        StringBuilder md = new StringBuilder(
                "| target | CPU ms/request, mixed load | server CPU s, whole run | RSS at start MiB "
                        + "| RSS at end MiB | peak RSS (VmHWM) MiB | threads at end |\n|---|---|---|---|---|---|---|\n");
        for (Target t : results.targets) {
            Results.ServerUsage u = results.usage.get(t.name());
            if (u.atStart == null || u.atEnd == null) {
                continue;
            }
            md.append("| ")
                    .append(t.name())
                    .append(" | ")
                    .append(fmt(results.cpuMsPerRequest(t.name(), "mixed")))
                    .append(" | ")
                    .append(fmt((u.atEnd.cpuNanos() - u.atStart.cpuNanos()) / 1e9))
                    .append(" | ")
                    .append(fmt(u.atStart.rssKib() / 1024.0))
                    .append(" | ")
                    .append(fmt(u.atEnd.rssKib() / 1024.0))
                    .append(" | ")
                    .append(fmt(u.atEnd.peakRssKib() / 1024.0))
                    .append(" | ")
                    .append(u.atEnd.threads())
                    .append(" |\n");
        }
        return md.toString();
    }

    private List<String> errorLines() {
        List<String> lines = new ArrayList<>();
        for (Results.SectionRows s : results.sections.values()) {
            s.rows()
                    .forEach((row, byTarget) -> byTarget.forEach((target, m) -> {
                        if (m.errors() > 0) {
                            lines.add(target + ", " + row + ": " + m.errors() + " errors, first: " + m.firstError());
                        }
                    }));
        }
        return lines;
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }

    ObjectNode json() {
        ObjectMapper om = new ObjectMapper();
        ObjectNode root = om.createObjectNode();
        root.put("date", meta.date());
        root.put("command", meta.command());
        ObjectNode machine = root.putObject("machine");
        meta.machine().forEach(machine::put);
        Plan plan = meta.plan();
        ObjectNode pn = root.putObject("plan")
                .put("scale", plan.scale())
                .put("rounds", plan.rounds())
                .put("bucket", plan.bucket())
                .put("listKeys", plan.listKeys())
                .put("mixedClients", plan.mixedClients())
                .put("mixedObjects", plan.mixedObjects())
                .put("mixedSeconds", plan.mixedDuration().toMillis() / 1000.0)
                .put("wrkSeconds", plan.wrkDuration().toSeconds())
                .put("wrkConnections", plan.wrkConnections())
                .put("wrkThreads", plan.wrkThreads())
                .put("warmupSeconds", plan.warmupDuration().toMillis() / 1000.0);
        plan.sections().stream().sorted().forEach(pn.putArray("sections")::add);
        ArrayNode targets = root.putArray("targets");
        for (Target t : results.targets) {
            targets.addObject()
                    .put("name", t.name())
                    .put("endpoint", t.endpoint())
                    .put("role", t.role().name())
                    .put("pid", t.pid());
        }
        ArrayNode goalsNode = root.putArray("goals");
        for (Goals.Goal g : goals) {
            ObjectNode n = goalsNode.addObject().put("goal", g.goal()).put("measured", g.measured());
            if (g.met() == null) {
                n.putNull("met");
            } else {
                n.put("met", g.met());
            }
        }
        ArrayNode sections = root.putArray("sections");
        for (Results.SectionRows s : results.sections.values()) {
            ObjectNode sn = sections.addObject().put("id", s.id()).put("title", s.title());
            ArrayNode rows = sn.putArray("rows");
            s.rows().forEach((row, byTarget) -> {
                ObjectNode rn = rows.addObject().put("row", row);
                ObjectNode tn = rn.putObject("targets");
                byTarget.forEach((target, m) -> tn.set(target, measurement(om, m)));
            });
        }
        FloorGap gap = new FloorGap(results);
        if (gap.present()) {
            gap.json(root.putArray("floorGaps"));
        }
        ObjectNode cost = root.putObject("serverCost");
        for (Target t : results.targets) {
            Results.ServerUsage u = results.usage.get(t.name());
            if (u.atStart == null || u.atEnd == null) {
                continue;
            }
            ObjectNode cn = cost.putObject(t.name());
            cn.set("atStart", om.valueToTree(u.atStart));
            cn.set("atEnd", om.valueToTree(u.atEnd));
            ObjectNode by = cn.putObject("bySection");
            u.bySection.forEach((section, c) -> {
                ObjectNode sn =
                        by.putObject(section).put("cpuNanos", c.cpuNanos).put("requests", c.requests);
                if (c.requests > 0) {
                    sn.put("cpuMsPerRequest", c.cpuNanos / 1e6 / c.requests);
                }
            });
        }
        return root;
    }

    private static ObjectNode measurement(ObjectMapper om, Measurement m) {
        ObjectNode n = om.createObjectNode();
        n.put("samples", m.latency.count());
        if (m.latency.count() > 0) {
            n.put("p50Ms", m.latency.percentileMs(50))
                    .put("p95Ms", m.latency.percentileMs(95))
                    .put("p99Ms", m.latency.percentileMs(99))
                    .put("meanMs", m.latency.meanMs());
        }
        if (!Double.isNaN(m.opsPerSecond())) {
            n.put("ops", m.ops()).put("seconds", m.wallNanos() / 1e9).put("opsPerSecond", m.opsPerSecond());
        }
        n.put("errors", m.errors());
        if (m.firstError() != null) {
            n.put("firstError", m.firstError());
        }
        return n;
    }
}
