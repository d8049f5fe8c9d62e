package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.server.config.MetricsConfig;
import io.posixgw.server.metrics.ServerMetrics;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Metrics read the way Prometheus and a StatsD server read them, after real requests. */
class MetricsIT {
    @TempDir
    Path root;

    /** One sample of the Prometheus text format. */
    record Sample(String name, Map<String, String> labels, double value) {
        static Sample parse(String line) {
            int space = line.lastIndexOf(' ');
            String series = line.substring(0, space);
            double value = Double.parseDouble(line.substring(space + 1));
            int brace = series.indexOf('{');
            Map<String, String> labels = new TreeMap<>();
            if (brace < 0) {
                return new Sample(series, labels, value);
            }
            for (String pair : series.substring(brace + 1, series.length() - 1).split("\",")) {
                int eq = pair.indexOf('=');
                labels.put(pair.substring(0, eq), pair.substring(eq + 2).replaceAll("\"$", ""));
            }
            return new Sample(series.substring(0, brace), labels, value);
        }
    }

    static List<Sample> scrape(String text) {
        List<Sample> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                out.add(Sample.parse(line));
            }
        }
        return out;
    }

    /**
     * Scrapes until the samples are ready (or 10 s have passed; the caller's assertions then say what is missing).
     * A request is recorded once its answer's last byte is written, which may be just after the client has it,
     * and a good while after on a loaded machine.
     */
    static RawS3.Response scrapeUntil(int port, String path, Predicate<List<Sample>> ready) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        RawS3.Response scraped = ServerModesIT.probe(port, path);
        while (!ready.test(scrape(scraped.text())) && System.nanoTime() < deadline) {
            Thread.sleep(20);
            scraped = ServerModesIT.probe(port, path);
        }
        return scraped;
    }

    /** Whether there is exactly one sample named so with at least these labels, and it has this value. */
    static boolean has(List<Sample> samples, double expected, String name, String... labels) {
        List<Sample> found = samples.stream()
                .filter(s -> s.name().equals(name) && hasLabels(s, labels))
                .toList();
        return found.size() == 1 && found.get(0).value() == expected;
    }

    /** The value of the one sample named so with at least these labels; fails when there is none. */
    static double value(List<Sample> samples, String name, String... labels) {
        List<Sample> found = samples.stream()
                .filter(s -> s.name().equals(name) && hasLabels(s, labels))
                .toList();
        assertEquals(
                1,
                found.size(),
                () -> name + " " + Arrays.toString(labels) + " in "
                        + samples.stream().filter(s -> s.name().equals(name)).toList());
        return found.get(0).value();
    }

    private static boolean hasLabels(Sample s, String... labels) {
        for (int i = 0; i < labels.length; i += 2) {
            if (!labels[i + 1].equals(s.labels().get(labels[i]))) {
                return false;
            }
        }
        return true;
    }

    @Test
    void prometheusCountsOperationsStatusesErrorsAndBytes() throws Exception {
        try (TestGateway gw = TestGateway.start(root, "--metrics-path", "/_/metrics")) {
            RawS3 raw = gw.raw();
            byte[] data = new byte[64 * 1024];
            Arrays.fill(data, (byte) 7);
            assertEquals(
                    200,
                    raw.send("PUT", "/mbkt", Map.of(), Map.of(), new byte[0]).status());
            assertEquals(
                    200, raw.send("PUT", "/mbkt/obj", Map.of(), Map.of(), data).status());
            assertEquals(
                    64 * 1024,
                    raw.send("GET", "/mbkt/obj", Map.of(), Map.of(), new byte[0])
                            .body()
                            .length);
            assertEquals(
                    64 * 1024,
                    raw.send("GET", "/mbkt/obj", Map.of(), Map.of(), new byte[0])
                            .body()
                            .length);
            RawS3.Response missing = raw.send("GET", "/mbkt/missing", Map.of(), Map.of(), new byte[0]);
            assertEquals("NoSuchKey", missing.errorCode());
            assertEquals(
                    404,
                    raw.send("HEAD", "/mbkt/missing", Map.of(), Map.of(), new byte[0])
                            .status());
            // A bucket named "metrics" is an ordinary bucket: the scrape path cannot hide it.
            assertEquals(
                    200,
                    raw.send("PUT", "/metrics", Map.of(), Map.of(), new byte[0]).status());
            RawS3.Response list = raw.send("GET", "/metrics", Map.of("list-type", "2"), Map.of(), new byte[0]);
            assertTrue(list.text().contains("<ListBucketResult"), list.text());

            String count = "posixgw_requests_seconds_count";
            int[] scrapes = {0};
            RawS3.Response scraped = scrapeUntil(gw.port, "/_/metrics", m -> {
                scrapes[0]++;
                return has(m, 2, count, "operation", "CreateBucket")
                        && has(m, 1, count, "operation", "PutObject")
                        && has(m, 2, count, "operation", "GetObject", "status", "200")
                        && has(m, 1, count, "operation", "GetObject", "status", "404")
                        && has(m, 1, count, "operation", "HeadObject")
                        && has(m, 1, count, "operation", "ListObjectsV2");
            });
            assertEquals(200, scraped.status(), "unauthenticated, like the health path");
            assertEquals(ServerMetrics.PROMETHEUS_CONTENT_TYPE, scraped.header("content-type"));
            List<Sample> m = scrape(scraped.text());

            assertEquals(
                    2,
                    value(m, count, "operation", "CreateBucket", "status", "200", "error", "none"),
                    "mbkt and metrics");
            assertEquals(1, value(m, count, "operation", "PutObject", "status", "200", "error", "none"));
            assertEquals(2, value(m, count, "operation", "GetObject", "status", "200", "error", "none"));
            assertEquals(1, value(m, count, "operation", "GetObject", "status", "404", "error", "NoSuchKey"));
            assertEquals(1, value(m, count, "operation", "HeadObject", "status", "404", "error", "NoSuchKey"));
            assertEquals(1, value(m, count, "operation", "ListObjectsV2", "status", "200", "error", "none"));
            assertEquals(
                    1,
                    value(
                            m,
                            "posixgw_requests_seconds_bucket",
                            "operation",
                            "PutObject",
                            "status",
                            "200",
                            "le",
                            "+Inf"));
            assertTrue(value(m, "posixgw_requests_seconds_sum", "operation", "PutObject", "status", "200") > 0);

            assertEquals(64 * 1024, value(m, "posixgw_received_bytes_total", "operation", "PutObject"));
            assertEquals(
                    2 * 64 * 1024 + missing.body().length,
                    value(m, "posixgw_sent_bytes_total", "operation", "GetObject"));
            assertEquals(0, value(m, "posixgw_sent_bytes_total", "operation", "HeadObject"));

            assertEquals(1, value(m, "posixgw_requests_inflight"), "the scrape itself");
            assertTrue(value(m, "posixgw_connections_open") >= 1);
            assertEquals(0, value(m, "posixgw_connections_refused_total"));
            assertTrue(value(m, "posixgw_fsync_seconds_count", "target", "file") >= 1, "the PUT's data");
            assertTrue(value(m, "posixgw_fsync_seconds_count", "target", "directory") >= 1, "the PUT's rename");
            // on a local file system nothing is stale; the series exist for the dashboards
            assertEquals(0, value(m, "posixgw_fs_retries_total", "reason", "stale"));
            assertTrue(value(m, "posixgw_fs_retries_total", "reason", "changed") >= 0);

            // JVM and process
            assertTrue(value(m, "process_resident_memory_bytes") > 1 << 20);
            assertTrue(
                    m.stream()
                                    .filter(s ->
                                            s.name().equals("jvm_memory_used_bytes") && hasLabels(s, "area", "heap"))
                                    .mapToDouble(Sample::value)
                                    .sum()
                            > 0,
                    "heap in use, whatever the collector's pools");
            for (String name : List.of(
                    "jvm_memory_max_bytes",
                    "jvm_threads_live_threads",
                    "jvm_classes_loaded_classes",
                    "process_files_open_files",
                    "process_uptime_seconds",
                    "system_cpu_count",
                    "process_cpu_usage",
                    "jvm_gc_memory_allocated_bytes_total")) {
                assertTrue(m.stream().anyMatch(s -> s.name().equals(name)), name);
            }

            // The scrape is counted too, under its own name: once its answer is written (the write's
            // listener, on its event loop), which may come a moment after the client has read it, and
            // after this next scrape on another connection has been served
            double counted = 0;
            for (int i = 0; i < 100 && counted < 1; i++) {
                List<Sample> again =
                        scrape(ServerModesIT.probe(gw.port, "/_/metrics").text());
                scrapes[0]++; // (this one is counted by the next)
                if (again.stream().anyMatch(s -> s.name().equals(count) && hasLabels(s, "operation", "Metrics"))) {
                    counted = value(again, count, "operation", "Metrics", "status", "200", "error", "none");
                } else {
                    Thread.sleep(20);
                }
            }
            assertTrue(counted >= 1 && counted <= scrapes[0], counted + " of " + scrapes[0] + " scrapes");
        }
    }

    @Test
    void aPortOfItsOwnServesOnlyTheMetrics() throws Exception {
        try (TestGateway gw = TestGateway.start(root, "--metrics-port", "127.0.0.1:0")) {
            int metricsPort = gw.gateway.metricsAddress().getPort();
            assertNotEquals(gw.port, metricsPort);
            assertEquals(
                    200,
                    gw.raw()
                            .send("PUT", "/mbkt", Map.of(), Map.of(), new byte[0])
                            .status());

            RawS3.Response scraped = scrapeUntil(
                    metricsPort,
                    "/metrics",
                    m -> has(m, 1, "posixgw_requests_seconds_count", "operation", "CreateBucket"));
            assertEquals(200, scraped.status());
            assertEquals(
                    1,
                    value(
                            scrape(scraped.text()),
                            "posixgw_requests_seconds_count",
                            "operation",
                            "CreateBucket",
                            "status",
                            "200"));
            assertEquals(404, ServerModesIT.probe(metricsPort, "/mbkt").status());

            // On the S3 port, /metrics is the bucket "metrics" as always.
            RawS3.Response s3 = gw.raw().send("GET", "/metrics", Map.of(), Map.of(), new byte[0]);
            assertEquals("NoSuchBucket", s3.errorCode());
            // an unsigned S3 request is anonymous: a bucket that does not exist is 404 NoSuchBucket, as on S3
            assertEquals(404, ServerModesIT.probe(gw.port, "/metrics").status(), "an unsigned S3 request");
        }
    }

    @Test
    void connectionsOpenAndRefusedAreCounted() throws Exception {
        try (TestGateway gw = TestGateway.start(root, "--metrics-port", "127.0.0.1:0", "--max-connections", "1");
                java.net.Socket held = new java.net.Socket("127.0.0.1", gw.port)) {
            int metricsPort = gw.gateway.metricsAddress().getPort();
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (value(scrape(ServerModesIT.probe(metricsPort, "/metrics").text()), "posixgw_connections_open") < 1) {
                assertTrue(System.nanoTime() < deadline, "the held connection is never counted");
                Thread.sleep(20);
            }
            assertEquals(503, ServerModesIT.probe(gw.port, "/_/health").status(), "over the limit");
            List<Sample> m = scrape(ServerModesIT.probe(metricsPort, "/metrics").text());
            assertEquals(1, value(m, "posixgw_connections_refused_total"));
            assertTrue(held.isConnected());
        }
    }

    @Test
    void offByDefaultWithNoRegistryAtAll() throws Exception {
        assertSame(ServerMetrics.NONE, ServerMetrics.create(MetricsConfig.OFF));
        try (TestGateway gw = TestGateway.start(root)) {
            assertNull(gw.gateway.metricsAddress());
            RawS3.Response r = ServerModesIT.probe(gw.port, "/_/metrics");
            assertNotEquals(200, r.status());
            assertFalse(r.text().contains("posixgw_"), r.text());
        }
    }

    @Test
    void statsdAndDogstatsdServersReceiveTheRequests() throws Exception {
        try (DatagramSocket telegraf = new DatagramSocket(0, InetAddress.getLoopbackAddress());
                DatagramSocket datadog = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            try (TestGateway gw = TestGateway.start(
                    root,
                    "--fsync",
                    "off",
                    "--metrics-statsd",
                    "127.0.0.1:" + telegraf.getLocalPort(),
                    "--metrics-dogstatsd",
                    "127.0.0.1:" + datadog.getLocalPort())) {
                RawS3 raw = gw.raw();
                assertEquals(
                        200,
                        raw.send("PUT", "/sbkt", Map.of(), Map.of(), new byte[0])
                                .status());
                // The registries connect their UDP senders in the background: lines recorded before are not sent.
                // Write until both servers hear from us, then the requests the test looks for.
                List<String> influx = new ArrayList<>();
                List<String> dog = new ArrayList<>();
                for (int i = 0; influx.isEmpty() || dog.isEmpty(); i++) {
                    assertTrue(i < 2000, "no datagram after " + i + " requests");
                    assertEquals(
                            200,
                            raw.send("PUT", "/sbkt/warm" + i, Map.of(), Map.of(), new byte[1000])
                                    .status());
                    influx.addAll(poll(telegraf));
                    dog.addAll(poll(datadog));
                }
                assertEquals(
                        "NoSuchBucket",
                        raw.send("GET", "/nobucket/k", Map.of(), Map.of(), new byte[0])
                                .errorCode());
                // enough traffic after it to fill a few datagrams (full packets go at once, the rest every 10 s)
                for (int i = 0; i < 30; i++) {
                    assertEquals(
                            200,
                            raw.send("PUT", "/sbkt/k" + i, Map.of(), Map.of(), new byte[1000])
                                    .status());
                }
                influx.addAll(receive(telegraf, l -> l.matches("posixgw_requests,.*error=NoSuchBucket.*\\|ms")));
                assertTrue(
                        influx.stream()
                                .anyMatch(l -> l.matches("posixgw_requests,.*operation=PutObject.*:[0-9.]+\\|ms")
                                        && l.contains("status=200")
                                        && l.contains("error=none")),
                        String.join("\n", influx));
                assertTrue(
                        influx.stream()
                                .anyMatch(l -> l.matches("posixgw_requests,.*operation=GetObject.*status=404.*\\|ms")),
                        String.join("\n", influx));
                assertTrue(
                        influx.stream()
                                .anyMatch(l -> l.matches("posixgw_received_bytes,.*operation=PutObject.*:1000\\|c")),
                        String.join("\n", influx));
                dog.addAll(
                        receive(datadog, l -> l.matches("posixgw\\.requests:[0-9.]+\\|ms\\|#.*error:NoSuchBucket.*")));
                assertTrue(
                        dog.stream()
                                .anyMatch(l -> l.matches("posixgw\\.requests:[0-9.]+\\|ms\\|#.*operation:PutObject.*")
                                        && l.contains("status:200")),
                        String.join("\n", dog));
            }
        }
    }

    /** Lines of the datagrams waiting now. */
    static List<String> poll(DatagramSocket socket) throws Exception {
        List<String> lines = new ArrayList<>();
        socket.setSoTimeout(1);
        byte[] buf = new byte[65536];
        while (true) {
            DatagramPacket p = new DatagramPacket(buf, buf.length);
            try {
                socket.receive(p);
            } catch (SocketTimeoutException e) {
                return lines;
            }
            lines.addAll(List.of(new String(p.getData(), 0, p.getLength(), StandardCharsets.UTF_8).split("\n")));
        }
    }

    /** Lines of the datagrams received until one line matches (at most 20 s). */
    static List<String> receive(DatagramSocket socket, Predicate<String> until) throws Exception {
        List<String> lines = new ArrayList<>();
        long deadline = System.nanoTime() + 20_000_000_000L;
        byte[] buf = new byte[65536];
        socket.setSoTimeout(1000);
        while (System.nanoTime() < deadline) {
            DatagramPacket p = new DatagramPacket(buf, buf.length);
            try {
                socket.receive(p);
            } catch (SocketTimeoutException e) {
                continue;
            }
            boolean done = false;
            for (String line : new String(p.getData(), 0, p.getLength(), StandardCharsets.UTF_8).split("\n")) {
                lines.add(line);
                done |= until.test(line);
            }
            if (done) {
                return lines;
            }
        }
        throw new AssertionError("no matching StatsD line in 20 s; received: " + lines);
    }
}
