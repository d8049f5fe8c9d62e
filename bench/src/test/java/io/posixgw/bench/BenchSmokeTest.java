package io.posixgw.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.posixgw.server.Gateway;
import io.posixgw.server.config.ServerCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Keeps the bench from rotting: the whole side-by-side with minimal iterations
 * against two gateways in this JVM (--fsync on and off), through the same entry
 * point as {@code bench/run.sh}, and the report it writes.
 */
class BenchSmokeTest {
    static final String ACCESS = "ryax";
    static final String SECRET = "Sup3rS3cr3t!";

    @TempDir
    Path tmp;

    static Gateway start(Path root, String fsync) throws Exception {
        Gateway g = new Gateway(ServerCommand.parse(
                new String[] {
                    "--port",
                    "127.0.0.1:0",
                    "--access",
                    ACCESS,
                    "--secret",
                    SECRET,
                    "--quiet",
                    "--fsync",
                    fsync,
                    root.toString()
                },
                Map.of()));
        g.start();
        return g;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void sideBySideWritesAReportWithoutErrors() throws Exception {
        Gateway on = start(tmp.resolve("on"), "on");
        Gateway off = start(tmp.resolve("off"), "off");
        try {
            String a = "http://127.0.0.1:" + on.address().getPort();
            String b = "http://127.0.0.1:" + off.address().getPort();
            Path out = tmp.resolve("report");
            Main.RunCommand cmd = Main.parseRun(
                    "--target",
                    "posixgw=" + a + "@" + ProcessHandle.current().pid(),
                    "--target",
                    "other=" + b,
                    "--fsync-off",
                    "posixgw-fsync-off=" + b,
                    "--access",
                    ACCESS,
                    "--secret",
                    SECRET,
                    "--scale",
                    "0.01",
                    "--rounds",
                    "2",
                    "--list-keys",
                    "20",
                    "--mixed-objects",
                    "20",
                    "--mixed-seconds",
                    "0.5",
                    "--warmup-seconds",
                    "0",
                    "--mixed-clients",
                    "4",
                    "--sections",
                    "latency,parallel,mixed",
                    "--max-object-size",
                    "1048576",
                    "--out",
                    out.toString(),
                    "--data-dir",
                    tmp.toString(),
                    "--file-floor",
                    tmp.resolve("floor").toString(),
                    "--command",
                    "smoke");
            long t0 = System.nanoTime();
            cmd.run();
            System.err.printf("bench run took %.1f s%n", (System.nanoTime() - t0) / 1e9);

            String md = Files.readString(out.resolve("report.md"));
            assertTrue(md.contains("## Issue 8 targets"), md);
            assertTrue(md.contains("| put 1 KiB |"), md);
            assertTrue(md.contains("| list 20 of 40 keys (prefix, recursive) |"), md);
            assertTrue(md.contains("posixgw/other"), md);
            assertTrue(!md.contains("## Errors"), md);
            assertTrue(md.contains("## Server − floor (one client, p50)"), md);
            assertTrue(md.contains("| put 1 KiB | "), md);
            assertTrue(md.contains("posixgw − floor-chosen") && md.contains("posixgw − floor-minimal"), md);
            assertTrue(md.contains("posixgw/floor-chosen"), md);
            assertTrue(Files.readString(out.resolve("readme.md")).contains("posixgw − floor-minimal"), "readme.md");
            assertTrue(Files.readString(out.resolve("readme.md")).contains("| put | "), "readme.md");

            JsonNode json =
                    new ObjectMapper().readTree(out.resolve("report.json").toFile());
            assertEquals("smoke", json.get("command").asText());
            List<String> ids = json.get("sections").findValuesAsText("id");
            assertTrue(ids.containsAll(List.of("latency", "parallel", "mixed")), ids.toString());
            JsonNode put = null;
            for (JsonNode s : json.get("sections")) {
                for (JsonNode row : s.get("rows")) {
                    for (JsonNode m : row.get("targets")) {
                        assertEquals(0, m.get("errors").asLong(), row.toString());
                    }
                    if (row.get("row").asText().equals("put 1 MiB")) {
                        put = row.get("targets");
                    }
                }
            }
            assertTrue(put != null && put.get("posixgw").get("samples").asInt() >= 1, String.valueOf(put));
            assertTrue(json.get("serverCost")
                            .get("posixgw")
                            .get("bySection")
                            .get("mixed")
                            .get("requests")
                            .asLong()
                    > 0);
            assertTrue(
                    json.get("goals").toString().contains("--fsync off"),
                    json.get("goals").toString());
            assertTrue(
                    json.get("floorGaps").size() >= 2 * 5 * 4,
                    json.get("floorGaps").toString());
            assertTrue(
                    put.get("floor-chosen").get("samples").asInt() >= 1
                            && put.get("floor-minimal").get("samples").asInt() >= 1,
                    String.valueOf(put));
            try (var left = Files.list(tmp.resolve("floor/chosen"))) {
                assertEquals(List.of(), left.toList(), "the floors' bucket removed at the end");
            }
        } finally {
            on.stop();
            off.stop();
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void listingScaleWritesItsReportAndRemovesItsBuckets() throws Exception {
        Path root = tmp.resolve("scale");
        Gateway gw = start(root, "off");
        try {
            Path out = tmp.resolve("listing-scale");
            picocli.CommandLine cl = new picocli.CommandLine(new Main());
            ListingScale cmd = (ListingScale) cl.parseArgs(
                            "listing-scale",
                            "--endpoint",
                            "http://127.0.0.1:" + gw.address().getPort(),
                            "--access",
                            ACCESS,
                            "--secret",
                            SECRET,
                            "--keys",
                            "600",
                            "--prefix-keys",
                            "40",
                            "--iterations",
                            "3",
                            "--warmup",
                            "1",
                            "--clients",
                            "4",
                            "--out",
                            out.toString(),
                            "--command",
                            "smoke",
                            "--pid",
                            Long.toString(ProcessHandle.current().pid()))
                    .subcommand()
                    .commandSpec()
                    .userObject();
            cmd.run();
            try (var entries = Files.list(root)) {
                assertEquals(
                        List.of(),
                        entries.map(p -> p.getFileName().toString())
                                .filter(n -> n.startsWith("scale-"))
                                .toList(),
                        "both buckets removed");
            }
            String md = Files.readString(out.resolve("listing-scale.md"));
            assertTrue(md.contains("| prefix tree/p042/, recursive |"), md);
            assertTrue(md.contains("| prefix tree/p042/, delimiter / |"), md);
            JsonNode json = new ObjectMapper()
                    .readTree(out.resolve("listing-scale.json").toFile());
            assertEquals(4, json.get("rows").size());
            for (JsonNode row : json.get("rows")) {
                assertEquals(3, row.get("big").get("samples").asInt(), row.toString());
                assertEquals(3, row.get("small").get("samples").asInt(), row.toString());
                assertTrue(row.get("big").get("serverCpuMsPerListing").asDouble() >= 0, row.toString());
            }
            assertEquals(600, json.get("keys").asInt());
            // the layout: the measured keys in one directory, the rest two levels down, 100 per directory
            assertEquals("tree/p042/obj-0039", cmd.key(39));
            assertEquals("tree/p000/s00/obj-0000", cmd.key(40));
            assertEquals("tree/p041/s09/obj-0999", cmd.key(40 + 41_999));
            assertEquals("tree/p043/s00/obj-0000", cmd.key(40 + 42_000));
        } finally {
            gw.stop();
        }
    }

    /** The before/after tools: {@code alternate} between two gateways, and {@code op-loop} of each kind. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void alternateAndOpLoopsRun() throws Exception {
        Gateway a = start(tmp.resolve("a"), "off");
        Gateway b = start(tmp.resolve("b"), "off");
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try {
            String ua = "http://127.0.0.1:" + a.address().getPort();
            String ub = "http://127.0.0.1:" + b.address().getPort();
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            assertEquals(
                    0,
                    new CommandLine(new Main())
                            .execute(
                                    "alternate",
                                    "--target",
                                    "a=" + ua + "@" + ProcessHandle.current().pid(),
                                    "--target",
                                    "b=" + ub,
                                    "--access",
                                    ACCESS,
                                    "--secret",
                                    SECRET,
                                    "--size",
                                    "1024",
                                    "--count",
                                    "5",
                                    "--warmup",
                                    "1"));
            for (String op : List.of("put", "get", "stat", "delete", "list")) {
                assertEquals(
                        0,
                        new CommandLine(new Main())
                                .execute(
                                        "op-loop",
                                        "--endpoint",
                                        ua,
                                        "--access",
                                        ACCESS,
                                        "--secret",
                                        SECRET,
                                        "--op",
                                        op,
                                        "--count",
                                        "3",
                                        "--size",
                                        "1024",
                                        "--list-keys",
                                        "12"),
                        op);
            }
        } finally {
            System.setOut(stdout);
            a.stop();
            b.stop();
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        for (String op : List.of("put", "stat", "get", "delete")) {
            assertTrue(out.contains("| 1 KiB | " + op + " |"), out);
        }
        assertTrue(out.contains("| 1 KiB | server CPU ms per cycle |"), out);
        assertTrue(out.contains("a/b p50"), out);
        for (String op : List.of("put", "get", "stat", "delete", "list")) {
            assertTrue(out.contains("3 " + op + " of 1 KiB in "), out);
        }
    }
}
