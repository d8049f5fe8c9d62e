package io.posixgw.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Everything a side-by-side run measured, merged over rounds, in report order. */
final class Results {
    /** One section's rows: row name, then target name, then what was measured. */
    record SectionRows(String id, String title, LinkedHashMap<String, LinkedHashMap<String, Measurement>> rows) {}

    /** CPU time spent by a server during one section, and the requests it answered. */
    static final class Cost {
        long cpuNanos;
        long requests;
    }

    /** A server's memory and CPU over the whole run; null snapshots when its PID is unknown. */
    static final class ServerUsage {
        ServerCost.Snapshot atStart;
        ServerCost.Snapshot atEnd;
        final Map<String, Cost> bySection = new LinkedHashMap<>();
    }

    final List<Target> targets;
    final LinkedHashMap<String, SectionRows> sections = new LinkedHashMap<>();
    final Map<String, ServerUsage> usage = new LinkedHashMap<>();
    /** CPU seconds the whole machine was busy during the run, and how much of it was neither a server nor the bench. */
    double machineBusySeconds = Double.NaN;

    double otherProcessesSeconds = Double.NaN;
    double wallSeconds = Double.NaN;

    Results(List<Target> targets) {
        this.targets = List.copyOf(targets);
        for (Target t : targets) {
            usage.put(t.name(), new ServerUsage());
        }
    }

    synchronized void add(Section section, Target target, Section.Run run, long cpuNanos) {
        SectionRows rows = sections.computeIfAbsent(
                section.id(), k -> new SectionRows(section.id(), section.title(), new LinkedHashMap<>()));
        for (Map.Entry<String, Measurement> e : run.rows().entrySet()) {
            rows.rows()
                    .computeIfAbsent(e.getKey(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(target.name(), k -> new Measurement())
                    .merge(e.getValue());
        }
        Cost cost = usage.get(target.name()).bySection.computeIfAbsent(section.id(), k -> new Cost());
        cost.cpuNanos += Math.max(0, cpuNanos);
        cost.requests += run.requests();
    }

    /** The measurement of one row against one target, or null. */
    Measurement get(String section, String row, String target) {
        SectionRows s = sections.get(section);
        if (s == null || !s.rows().containsKey(row)) {
            return null;
        }
        return s.rows().get(row).get(target);
    }

    Target first(Target.Role role, int skip) {
        return targets.stream()
                .filter(t -> t.role() == role)
                .skip(skip)
                .findFirst()
                .orElse(null);
    }

    /** CPU milliseconds per request of a target during one section; NaN when not measured. */
    double cpuMsPerRequest(String target, String section) {
        ServerUsage u = usage.get(target);
        if (u == null || u.atStart == null) {
            return Double.NaN;
        }
        Cost c = u.bySection.get(section);
        return c == null || c.requests == 0 ? Double.NaN : c.cpuNanos / 1e6 / c.requests;
    }
}
