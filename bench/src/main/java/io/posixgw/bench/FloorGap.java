package io.posixgw.bench;

import static io.posixgw.bench.Goals.fmt;

import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.ArrayList;
import java.util.List;

/**
 * What each S3 server spends beyond the file floors: p50 of the server minus p50 of the
 * floor, per operation and size of the latency suite (the same rows, keys and counts).
 * The floors run in the bench JVM with no HTTP, so the difference is the client's
 * request and answer, loopback TCP, the server's HTTP, SigV4 and hand-offs, and the
 * file calls it makes beyond the floor's.
 */
final class FloorGap {
    static final List<String> OPS = List.of("put", "stat", "get first byte", "get", "delete");

    private final Results results;
    private final List<Target> servers = new ArrayList<>();
    private final List<Target> floors = new ArrayList<>();

    FloorGap(Results results) {
        this.results = results;
        for (Target t : results.targets) {
            if (t.role() == Target.Role.S3) {
                servers.add(t);
            } else if (t.onFiles()) {
                floors.add(t);
            }
        }
    }

    boolean present() {
        return !servers.isEmpty() && !floors.isEmpty() && results.sections.containsKey("latency");
    }

    /** The latency suite's object rows that ran, in order (put 1 KiB, ..., delete 16 MiB). */
    List<String> rows() {
        List<String> rows = new ArrayList<>();
        Results.SectionRows s = results.sections.get("latency");
        if (s == null) {
            return rows;
        }
        for (String op : OPS) {
            for (int size : LatencySuite.SIZES) {
                String row = op + " " + Payloads.label(size);
                if (s.rows().containsKey(row)) {
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    double p50(String row, Target t) {
        Measurement m = results.get("latency", row, t.name());
        return m == null || m.latency.count() == 0 ? Double.NaN : m.latency.percentileMs(50);
    }

    String markdown() {
        StringBuilder head = new StringBuilder("| row |");
        for (Target t : servers) {
            head.append(' ').append(t.name()).append(" |");
        }
        for (Target f : floors) {
            head.append(' ').append(f.name()).append(" |");
        }
        for (Target t : servers) {
            for (Target f : floors) {
                head.append(' ').append(t.name()).append(" − ").append(f.name()).append(" |");
            }
        }
        int columns = 1 + servers.size() + floors.size() + servers.size() * floors.size();
        StringBuilder md = new StringBuilder(head)
                .append('\n')
                .append("|---".repeat(columns))
                .append("|\n");
        for (String row : rows()) {
            md.append("| ")
                    .append(row.startsWith("stat ") ? row + " (HEAD)" : row)
                    .append(" |");
            for (Target t : servers) {
                md.append(' ').append(fmt(p50(row, t))).append(" |");
            }
            for (Target f : floors) {
                md.append(' ').append(fmt(p50(row, f))).append(" |");
            }
            for (Target t : servers) {
                for (Target f : floors) {
                    md.append(' ').append(fmt(p50(row, t) - p50(row, f))).append(" |");
                }
            }
            md.append('\n');
        }
        md.append(
                        "\np50 in ms. The floors do the same put/stat/get/delete cycle on files in the bench JVM, without HTTP: ")
                .append("floor-chosen with posixgw's file calls (temp file, three xattrs, fsyncs of the file and the ")
                .append(
                        "directories, rename; the lstats of every parent), floor-minimal with the fewest calls Java 17 allows ")
                .append(
                        "for the same durable, atomic result (see bench/src/main/java/io/posixgw/bench/ChosenFloor.java and ")
                .append("MinimalFloor.java).\n");
        return md.toString();
    }

    /** One entry per row, server and floor: both p50s and their difference. */
    void json(ArrayNode out) {
        for (String row : rows()) {
            for (Target t : servers) {
                for (Target f : floors) {
                    double a = p50(row, t);
                    double b = p50(row, f);
                    if (!Double.isNaN(a) && !Double.isNaN(b)) {
                        out.addObject()
                                .put("row", row)
                                .put("server", t.name())
                                .put("floor", f.name())
                                .put("serverP50Ms", a)
                                .put("floorP50Ms", b)
                                .put("gapP50Ms", a - b);
                    }
                }
            }
        }
    }
}
