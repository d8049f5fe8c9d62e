package io.posixgw.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The "server − floor" table: p50 of each S3 server minus p50 of each file floor, per object row. */
class FloorGapTest {
    private static final Section LATENCY = new Section() {
        @Override
        public String id() {
            return "latency";
        }

        @Override
        public String title() {
            return "Latency suite";
        }

        @Override
        public boolean includes(Target target) {
            return true;
        }

        @Override
        public Run run(Target target, int round) {
            throw new UnsupportedOperationException();
        }
    };

    private static Section.Run run(String row, long... nanos) {
        Section.Run run = new Section.Run();
        for (long n : nanos) {
            run.row(row).latency.add(n);
        }
        return run;
    }

    @Test
    void eachServerMinusEachFloor() {
        Target gw = new Target("posixgw", "http://127.0.0.1:1", Target.Role.S3, 0);
        Target peer = new Target("s3proxy", "http://127.0.0.1:2", Target.Role.S3, 0);
        Target chosen = Target.files("floor-chosen", Path.of("/tmp/f/chosen"), Target.Role.FILES_CHOSEN);
        Target minimal = Target.files("floor-minimal", Path.of("/tmp/f/minimal"), Target.Role.FILES_MINIMAL);
        Results r = new Results(List.of(gw, peer, chosen, minimal));
        r.add(LATENCY, gw, run("put 1 KiB", 2_000_000), 0);
        r.add(LATENCY, peer, run("put 1 KiB", 1_500_000), 0);
        r.add(LATENCY, chosen, run("put 1 KiB", 1_000_000), 0);
        r.add(LATENCY, minimal, run("put 1 KiB", 750_000), 0);
        r.add(LATENCY, gw, run("startup: bucketExists + makeBucket, fresh client", 9_000_000), 0);

        FloorGap gap = new FloorGap(r);
        assertTrue(gap.present());
        assertEquals(List.of("put 1 KiB"), gap.rows(), "object rows only");
        String md = gap.markdown();
        assertTrue(
                md.contains("| row | posixgw | s3proxy | floor-chosen | floor-minimal | posixgw − floor-chosen "
                        + "| posixgw − floor-minimal | s3proxy − floor-chosen | s3proxy − floor-minimal |"),
                md);
        assertTrue(md.contains("| put 1 KiB | 2.00 | 1.50 | 1.00 | 0.75 | 1.00 | 1.25 | 0.50 | 0.75 |"), md);
        assertFalse(md.contains("startup"), md);

        ArrayNode json = new ObjectMapper().createArrayNode();
        gap.json(json);
        assertEquals(4, json.size());
        assertEquals(1.25, json.get(1).get("gapP50Ms").asDouble(), 1e-9);
        assertEquals("floor-minimal", json.get(1).get("floor").asText());

        Report report = new Report(
                new Report.Meta(
                        "2026-12-01T00:00:00Z",
                        "test",
                        new java.util.LinkedHashMap<>(),
                        new Plan(
                                1,
                                1,
                                Plan.ALL_SECTIONS,
                                "b",
                                1,
                                1,
                                1,
                                java.time.Duration.ZERO,
                                java.time.Duration.ZERO,
                                1,
                                1,
                                1024,
                                java.time.Duration.ZERO)),
                r,
                Goals.check(r));
        String full = report.markdown();
        assertTrue(full.contains("## Server − floor (one client, p50)"), full);
        assertTrue(full.contains("posixgw/floor-minimal"), "the latency table has the floors' columns and ratios");
        assertTrue(report.json().get("floorGaps").size() == 4);
    }

    @Test
    void absentWithoutFloors() {
        Target gw = new Target("posixgw", "http://127.0.0.1:1", Target.Role.S3, 0);
        Results r = new Results(List.of(gw));
        r.add(LATENCY, gw, run("put 1 KiB", 2_000_000), 0);
        assertFalse(new FloorGap(r).present());
    }
}
