package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chart's Grafana dashboard (helm/posixgw/dashboards/posixgw.json) against what a real server exports: every
 * metric its PromQL reads, every label it filters or groups on and every label value it matches must be in the
 * Prometheus scrape after a few requests, so that no panel stays empty because of a name the server does not have.
 */
class DashboardMetricsIT {
    private static final Path DASHBOARD = Path.of("..", "helm", "posixgw", "dashboards", "posixgw.json");

    /** Labels Prometheus adds to every series of a Kubernetes target: not in the scrape, still fine to use. */
    private static final Set<String> TARGET_LABELS =
            Set.of("namespace", "pod", "container", "service", "endpoint", "job", "instance");

    /** PromQL words that look like metric names: operators, modifiers (group_left may come without labels), constants. */
    private static final Set<String> KEYWORDS = Set.of(
            "and",
            "or",
            "unless",
            "bool",
            "offset",
            "by",
            "without",
            "on",
            "ignoring",
            "group_left",
            "group_right",
            "inf",
            "nan",
            "Inf",
            "NaN");

    private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'");
    private static final Pattern SELECTOR = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\s*\\{([^}]*)}");
    private static final Pattern MATCHER =
            Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)\\s*(=~|!~|!=|=)\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern GROUPING =
            Pattern.compile("\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\(([^)]*)\\)");
    private static final Pattern IDENTIFIER = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\s*(\\()?");
    private static final Pattern LABEL_VALUES =
            Pattern.compile("^\\s*label_values\\((.*),\\s*([a-zA-Z_][a-zA-Z0-9_]*)\\s*\\)\\s*$");

    @TempDir
    Path root;

    /** A selector of one query: the metric and its label matchers (name to operator and value). */
    record Selector(String metric, List<String[]> matchers) {}

    /** What one PromQL expression reads: metric names, selectors with matchers, and grouping labels. */
    record Query(String expr, Set<String> metrics, List<Selector> selectors, Set<String> grouping) {
        static Query parse(String expr) {
            List<Selector> selectors = new ArrayList<>();
            Matcher sel = SELECTOR.matcher(expr);
            while (sel.find()) {
                List<String[]> matchers = new ArrayList<>();
                Matcher m = MATCHER.matcher(sel.group(2));
                while (m.find()) {
                    matchers.add(new String[] {m.group(1), m.group(2), m.group(3)});
                }
                selectors.add(new Selector(sel.group(1), matchers));
            }
            Set<String> grouping = new LinkedHashSet<>();
            Matcher g = GROUPING.matcher(expr);
            while (g.find()) {
                for (String label : g.group(1).split(",")) {
                    if (!label.isBlank()) {
                        grouping.add(label.strip());
                    }
                }
            }
            // What is left once strings, matchers, ranges, groupings, Grafana variables and numbers are gone:
            // functions (followed by a parenthesis), keywords, and metric names.
            String bare = STRING.matcher(expr).replaceAll(" ");
            bare = bare.replaceAll("\\{[^}]*}", " ").replaceAll("\\[[^]]*]", " ");
            bare = GROUPING.matcher(bare).replaceAll(" ");
            bare = bare.replaceAll("\\$\\{?\\w+}?", " ").replaceAll("\\b\\d+(\\.\\d+)?([eE][+-]?\\d+)?\\b", " ");
            Set<String> metrics = new LinkedHashSet<>();
            Matcher id = IDENTIFIER.matcher(bare);
            while (id.find()) {
                if (id.group(2) == null && !KEYWORDS.contains(id.group(1))) {
                    metrics.add(id.group(1));
                }
            }
            return new Query(expr, metrics, selectors, grouping);
        }
    }

    @Test
    void parsesNamesOutOfPromQl() {
        Query q = Query.parse("histogram_quantile(0.99, sum by (operation, le) (rate(posixgw_requests_seconds_bucket"
                + "{namespace=~\"$namespace\", operation!~\"Health|Ready\"}[$__rate_interval]))) / on(pod) group_left "
                + "max(process_files_max_files) > bool 1e3 or vector(0)");
        assertEquals(Set.of("posixgw_requests_seconds_bucket", "process_files_max_files"), q.metrics());
        assertEquals(Set.of("operation", "le", "pod"), q.grouping());
        assertEquals("posixgw_requests_seconds_bucket", q.selectors().get(0).metric());
        assertEquals(
                List.of("namespace", "operation"),
                q.selectors().get(0).matchers().stream().map(m -> m[0]).toList());

        // What the check finds: a missing name, a missing label, a label value never seen, a grouping on nothing.
        Map<String, List<Map<String, String>>> series =
                Map.of("posixgw_fsync_seconds_count", List.of(Map.of("target", "file"), Map.of("target", "directory")));
        assertEquals(
                List.of(),
                problems(
                        List.of(
                                Query.parse(
                                        "sum by (target, pod) (rate(posixgw_fsync_seconds_count{pod=~\"$pod\", target=\"file\"}[5m]))")),
                        series));
        List<String> found = problems(
                List.of(
                        Query.parse("rate(posixgw_fsync_count[5m])"),
                        Query.parse("posixgw_fsync_seconds_count{kind=\"file\"}"),
                        Query.parse("posixgw_fsync_seconds_count{target=\"dir\"}"),
                        Query.parse("sum by (operation) (posixgw_fsync_seconds_count)"),
                        Query.parse("vector(1)")),
                series);
        assertEquals(5, found.size(), found.toString());
        assertTrue(found.get(0).startsWith("the server exports no posixgw_fsync_count"), found.get(0));
        assertTrue(found.get(1).startsWith("posixgw_fsync_seconds_count has no label kind"), found.get(1));
        assertTrue(found.get(2).startsWith("posixgw_fsync_seconds_count has no target=\"dir\""), found.get(2));
        assertTrue(found.get(3).startsWith("grouped by operation"), found.get(3));
        assertTrue(found.get(4).startsWith("reads no metric"), found.get(4));
    }

    @Test
    void everyQueryOfTheDashboardReadsWhatTheServerExports() throws Exception {
        JsonNode dashboard = new ObjectMapper()
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                .readTree(DASHBOARD.toFile());
        assertEquals("posixgw", dashboard.path("uid").asText());
        List<String> exprs = new ArrayList<>();
        collectExprs(dashboard.path("panels"), exprs);
        Set<Integer> ids = new HashSet<>();
        panels(dashboard.path("panels"))
                .forEach(p -> assertTrue(ids.add(p.path("id").asInt()), "panel ids are unique: " + p.path("id")));
        for (JsonNode variable : dashboard.path("templating").path("list")) {
            JsonNode query = variable.path("query");
            String text = query.isObject() ? query.path("query").asText() : query.asText();
            Matcher lv = LABEL_VALUES.matcher(text);
            if (variable.path("type").asText().equals("query")) {
                assertTrue(lv.matches(), "a label_values(...) variable: " + text);
                exprs.add(lv.group(1));
            }
        }
        assertTrue(exprs.size() > 20, "the dashboard's queries: " + exprs.size());
        List<Query> queries = exprs.stream().map(Query::parse).toList();
        Set<String> used = new TreeSet<>();
        queries.forEach(q -> used.addAll(q.metrics()));

        try (TestGateway gw = TestGateway.start(root, "--metrics-path", "/_/metrics")) {
            // A few requests of each kind the panels show: writes (with fsyncs), reads, an error.
            RawS3 raw = gw.raw();
            assertEquals(
                    200,
                    raw.send("PUT", "/dash", Map.of(), Map.of(), new byte[0]).status());
            assertEquals(
                    200,
                    raw.send("PUT", "/dash/obj", Map.of(), Map.of(), new byte[4096])
                            .status());
            assertEquals(
                    4096,
                    raw.send("GET", "/dash/obj", Map.of(), Map.of(), new byte[0])
                            .body()
                            .length);
            assertEquals(
                    200,
                    raw.send("HEAD", "/dash/obj", Map.of(), Map.of(), new byte[0])
                            .status());
            assertEquals(
                    "NoSuchKey",
                    raw.send("GET", "/dash/missing", Map.of(), Map.of(), new byte[0])
                            .errorCode());
            assertEquals(
                    200,
                    raw.send("GET", "/dash", Map.of("list-type", "2"), Map.of(), new byte[0])
                            .status());
            System.gc(); // jvm_gc_pause_seconds exists once a collection has happened

            // Meters of requests and collections appear once recorded, a moment after the answers: scrape until all are
            // there.
            RawS3.Response scraped = MetricsIT.scrapeUntil(
                    gw.port,
                    "/_/metrics",
                    s -> s.stream().map(MetricsIT.Sample::name).toList().containsAll(used));
            assertEquals(200, scraped.status());
            List<MetricsIT.Sample> samples = MetricsIT.scrape(scraped.text());
            Map<String, List<Map<String, String>>> series = new TreeMap<>();
            samples.forEach(s ->
                    series.computeIfAbsent(s.name(), n -> new ArrayList<>()).add(s.labels()));

            List<String> problems = problems(queries, series);
            assertTrue(problems.isEmpty(), String.join("\n", problems) + "\nexported: " + series.keySet());
        }
        // The panels the platform's conventions ask for: rates and errors, latency, bytes, connections, JVM memory.
        assertTrue(
                used.containsAll(Set.of(
                        "posixgw_requests_seconds_count",
                        "posixgw_requests_seconds_bucket",
                        "posixgw_received_bytes_total",
                        "posixgw_sent_bytes_total",
                        "posixgw_connections_open",
                        "posixgw_requests_inflight",
                        "jvm_memory_used_bytes",
                        "process_resident_memory_bytes")),
                used.toString());
    }

    /** What in these queries the exported series (name to each sample's labels) do not have. */
    static List<String> problems(List<Query> queries, Map<String, List<Map<String, String>>> series) {
        List<String> out = new ArrayList<>();
        for (Query q : queries) {
            if (q.metrics().isEmpty()) {
                out.add("reads no metric: " + q.expr());
            }
            for (String name : q.metrics()) {
                if (!series.containsKey(name)) {
                    out.add("the server exports no " + name + ": " + q.expr());
                }
            }
            for (Selector s : q.selectors()) {
                List<Map<String, String>> of = series.getOrDefault(s.metric(), List.of());
                for (String[] m : s.matchers()) {
                    if (TARGET_LABELS.contains(m[0]) || of.isEmpty()) {
                        continue;
                    }
                    if (of.stream().noneMatch(l -> l.containsKey(m[0]))) {
                        out.add(s.metric() + " has no label " + m[0] + ": " + q.expr());
                    } else if ((m[1].equals("=") || m[1].equals("!="))
                            && of.stream().noneMatch(l -> m[2].equals(l.get(m[0])))) {
                        out.add(s.metric() + " has no " + m[0] + "=\"" + m[2] + "\": " + q.expr());
                    }
                }
            }
            for (String label : q.grouping()) {
                if (!TARGET_LABELS.contains(label)
                        && q.metrics().stream()
                                .noneMatch(n -> series.getOrDefault(n, List.of()).stream()
                                        .anyMatch(l -> l.containsKey(label)))) {
                    out.add("grouped by " + label + ", which none of " + q.metrics() + " has: " + q.expr());
                }
            }
        }
        return out;
    }

    private static void collectExprs(JsonNode node, List<String> out) {
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> {
                if (e.getKey().equals("expr") && e.getValue().isTextual()) {
                    out.add(e.getValue().asText());
                } else {
                    collectExprs(e.getValue(), out);
                }
            });
        } else if (node.isArray()) {
            node.forEach(n -> collectExprs(n, out));
        }
    }

    /** Panels, rows' panels included. */
    private static List<JsonNode> panels(JsonNode list) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode p : list) {
            out.add(p);
            out.addAll(panels(p.path("panels")));
        }
        return out;
    }
}
