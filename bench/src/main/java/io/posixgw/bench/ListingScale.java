package io.posixgw.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.minio.ListObjectsArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.minio.RemoveBucketArgs;
import io.minio.RemoveObjectsArgs;
import io.minio.Result;
import io.minio.messages.DeleteRequest;
import io.minio.messages.Item;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code listing-scale}: does a prefix listing cost what the prefix holds, not what the
 * bucket holds? Two buckets on one server: a big one with {@code --keys} keys in nested
 * directories ({@code tree/pNNN/sMM/obj-K}, 100 keys per directory, 10 per top directory),
 * among them {@code --prefix-keys} keys in {@code tree/p042/}; and a small one holding only
 * those. Both are filled through the S3 API by concurrent clients (the server's own write
 * path, no file written behind its back: about a minute for 100,000 small PUTs). Each
 * listing row then runs in both buckets, warmed up, then in short interleaved rounds (big,
 * small, small, big, ...), and reports p50/p95 and their ratio.
 */
@Command(
        name = "listing-scale",
        mixinStandardHelpOptions = true,
        description =
                "Prefix listings in a bucket of 100,000 keys against a bucket of only the listed 1,000 (one server).")
final class ListingScale implements Callable<Integer> {
    static final int MEASURED_DIR = 42;
    static final String PREFIX = String.format(Locale.ROOT, "tree/p%03d/", MEASURED_DIR);

    @Option(names = "--endpoint", required = true, description = "S3 endpoint URL.")
    String endpoint;

    @Mixin
    CredentialOptions credentials;

    @Option(
            names = "--keys",
            defaultValue = "100000",
            description = "Keys in the big bucket (default ${DEFAULT-VALUE}).")
    int keys;

    @Option(
            names = "--prefix-keys",
            defaultValue = "1000",
            description = "Keys under the listed prefix (default ${DEFAULT-VALUE}).")
    int prefixKeys;

    @Option(
            names = "--iterations",
            defaultValue = "30",
            description = "Measured listings per row and bucket (default ${DEFAULT-VALUE}).")
    int iterations;

    @Option(
            names = "--warmup",
            defaultValue = "10",
            description = "Unrecorded listings per row and bucket first (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(
            names = "--rounds",
            defaultValue = "10",
            description = "Interleaved rounds the measured listings are split into, so that load from elsewhere on the "
                    + "machine falls on both buckets alike (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(
            names = "--clients",
            defaultValue = "16",
            description = "Concurrent PUTs while filling the buckets (default ${DEFAULT-VALUE}).")
    int clients;

    @Option(
            names = "--out",
            description =
                    "Directory for listing-scale.md and listing-scale.json (default bench/results/<date>/listing-scale).")
    Path out;

    @Option(names = "--data-dir", description = "A directory on the server's disk, to describe it in the report.")
    Path dataDir;

    @Option(names = "--note", paramLabel = "KEY=VALUE", description = "A line added to the report's machine table.")
    Map<String, String> notes = new LinkedHashMap<>();

    @Option(names = "--command", description = "The command shown in the report.")
    String command;

    @Option(names = "--keep", description = "Keep both buckets at the end.")
    boolean keep;

    @Option(
            names = "--pid",
            defaultValue = "0",
            description =
                    "The server's process id: its CPU time per listing (from /proc) is reported too, a number that "
                            + "load from elsewhere on the machine disturbs much less than latency.")
    long pid;

    /** One listing, run the same way in both buckets. */
    record Row(String name, String prefix, String delimiter, int expected) {}

    /** A row's results: samples in the big and the small bucket, and the server CPU time spent on each ([0] big, [1] small). */
    record Measured(Row row, Samples big, Samples small, long[] cpuNanos) {
        double cpuMsPerListing(int bucket, Samples s) {
            return cpuNanos[bucket] < 0 || s.count() == 0 ? Double.NaN : cpuNanos[bucket] / 1e6 / s.count();
        }
    }

    @Override
    public Integer call() throws Exception {
        Path dir = run();
        System.out.println(dir.resolve("listing-scale.md"));
        return 0;
    }

    Path run() throws Exception {
        if (prefixKeys > keys) {
            throw new IllegalArgumentException("--prefix-keys must not exceed --keys");
        }
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Map<String, String> machine = Machine.describe(dataDir, notes);
        String tag = UUID.randomUUID().toString().substring(0, 8);
        String big = "scale-big-" + tag;
        String small = "scale-small-" + tag;
        Target target = new Target("server", endpoint, Target.Role.S3, 0);
        MinioClient mc = credentials.clients().shared(target, clients);
        try {
            mc.makeBucket(MakeBucketArgs.builder().bucket(big).build());
            mc.makeBucket(MakeBucketArgs.builder().bucket(small).build());
            long t0 = System.nanoTime();
            fill(mc, big, keys);
            double bigSeconds = (System.nanoTime() - t0) / 1e9;
            fill(mc, small, prefixKeys);
            System.err.printf(
                    Locale.ROOT,
                    "listing-scale: %d keys PUT in %.1f s (%.0f/s, %d clients)%n",
                    keys,
                    bigSeconds,
                    keys / bigSeconds,
                    clients);

            List<Row> rows = List.of(
                    new Row("prefix " + PREFIX + ", recursive", PREFIX, null, prefixKeys),
                    new Row("prefix " + PREFIX + ", delimiter /", PREFIX, "/", prefixKeys),
                    new Row(
                            "prefix " + PREFIX + "obj-0 (ends mid-name), recursive",
                            PREFIX + "obj-0",
                            null,
                            prefixKeys),
                    new Row("no prefix, first page, recursive", "", null, prefixKeys));
            List<Measured> results = new ArrayList<>();
            for (Row row : rows) {
                ServerCost cost = new ServerCost();
                boolean cpu = cost.available(pid);
                Measured m = new Measured(row, new Samples(), new Samples(), cpu ? new long[2] : new long[] {-1, -1});
                list(mc, big, row, warmup, null);
                list(mc, small, row, warmup, null);
                for (int round = 0; round < rounds; round++) {
                    int n = iterations / rounds + (round < iterations % rounds ? 1 : 0);
                    for (int b : round % 2 == 0 ? new int[] {0, 1} : new int[] {1, 0}) {
                        long before = cpu ? cost.read(pid).cpuNanos() : 0;
                        list(mc, b == 0 ? big : small, row, n, b == 0 ? m.big() : m.small());
                        if (cpu) {
                            m.cpuNanos()[b] += cost.read(pid).cpuNanos() - before;
                        }
                    }
                }
                results.add(m);
                System.err.printf(
                        Locale.ROOT,
                        "listing-scale: %s: p50 %.2f ms in %d keys, %.2f ms in %d%n",
                        row.name(),
                        m.big().percentileMs(50),
                        keys,
                        m.small().percentileMs(50),
                        prefixKeys);
            }
            machine.put("load average (1 min) at end", new ServerCost().loadAverage());
            Path dir = out != null
                    ? out
                    : Path.of(
                            "bench",
                            "results",
                            now.atOffset(ZoneOffset.UTC).toLocalDate().toString(),
                            "listing-scale");
            write(dir, now, machine, bigSeconds, results);
            return dir;
        } finally {
            if (!keep) {
                empty(mc, big);
                empty(mc, small);
            }
            mc.close();
        }
    }

    /** The i-th key of a bucket of {@code total}: the measured ones first, then the rest spread over nested directories. */
    String key(int i) {
        if (i < prefixKeys) {
            return String.format(Locale.ROOT, "%sobj-%04d", PREFIX, i);
        }
        int j = i - prefixKeys;
        int top = j / 1000;
        top = top >= MEASURED_DIR ? top + 1 : top;
        return String.format(Locale.ROOT, "tree/p%03d/s%02d/obj-%04d", top, j / 100 % 10, j % 1000);
    }

    private void fill(MinioClient mc, String bucket, int count) throws Exception {
        byte[] body = "listing-scale\n".getBytes(StandardCharsets.US_ASCII);
        Parallel.forEach(
                count,
                clients,
                i -> mc.putObject(PutObjectArgs.builder().bucket(bucket).object(key(i)).stream(
                                new java.io.ByteArrayInputStream(body), (long) body.length, null)
                        .build()));
    }

    /** {@code count} listings, recorded in {@code samples} (none: warm-up); each must name exactly the expected keys. */
    private void list(MinioClient mc, String bucket, Row row, int count, Samples samples) throws Exception {
        for (int i = 0; i < count; i++) {
            long t0 = System.nanoTime();
            ListObjectsArgs.Builder args = ListObjectsArgs.builder()
                    .bucket(bucket)
                    .prefix(row.prefix())
                    .maxKeys(row.expected());
            if (row.delimiter() == null) {
                args.recursive(true);
            } else {
                args.delimiter(row.delimiter());
            }
            int n = 0;
            for (Result<Item> r : mc.listObjects(args.build())) {
                Item item = r.get();
                if (item.isDir()) {
                    throw new IllegalStateException(row.name() + ": unexpected common prefix " + item.objectName());
                }
                if (row.delimiter() != null || !row.prefix().isEmpty()) {
                    if (!item.objectName().startsWith(PREFIX)) {
                        throw new IllegalStateException(row.name() + ": listed " + item.objectName());
                    }
                }
                if (++n == row.expected()) {
                    break; // one page: never ask for the next one
                }
            }
            long t1 = System.nanoTime();
            if (n != row.expected()) {
                throw new IllegalStateException(
                        row.name() + " in " + bucket + ": " + n + " keys, expected " + row.expected());
            }
            if (samples != null) {
                samples.add(t1 - t0);
            }
        }
    }

    private static void empty(MinioClient mc, String bucket) {
        try {
            while (true) {
                List<DeleteRequest.Object> batch = new ArrayList<>();
                for (Result<Item> r : mc.listObjects(ListObjectsArgs.builder()
                        .bucket(bucket)
                        .recursive(true)
                        .maxKeys(1000)
                        .build())) {
                    batch.add(new DeleteRequest.Object(r.get().objectName()));
                    if (batch.size() == 1000) {
                        break;
                    }
                }
                if (batch.isEmpty()) {
                    break;
                }
                // lazy: the DeleteObjects request is sent while its results (errors only) are iterated
                for (Result<io.minio.messages.DeleteResult.Error> r : mc.removeObjects(RemoveObjectsArgs.builder()
                        .bucket(bucket)
                        .objects(batch)
                        .build())) {
                    throw new IllegalStateException("could not delete "
                            + r.get().objectName() + ": " + r.get().code());
                }
            }
            mc.removeBucket(RemoveBucketArgs.builder().bucket(bucket).build());
        } catch (Exception e) {
            System.err.println("listing-scale: could not remove " + bucket + ": " + Measurement.describe(e));
        }
    }

    private void write(Path dir, Instant now, Map<String, String> machine, double fillSeconds, List<Measured> results)
            throws Exception {
        Files.createDirectories(dir);
        String shown = command != null ? command : "posixgw-bench listing-scale --endpoint " + endpoint;
        StringBuilder md = new StringBuilder();
        md.append("# posixgw listing scale: ").append(now).append("\n\n");
        md.append("Command: `").append(shown).append("`\n\n");
        md.append("| machine | |\n|---|---|\n");
        machine.forEach((k, v) -> md.append("| ")
                .append(k)
                .append(" | ")
                .append(v.replace("|", "\\|"))
                .append(" |\n"));
        md.append(String.format(
                Locale.ROOT,
                "%nBig bucket: %,d keys in nested directories (`tree/pNNN/sMM/obj-K`, 100 keys per "
                        + "directory), %,d of them directly in `%s`; small bucket: only those %,d. Both filled through the S3 API by %d "
                        + "concurrent clients (%,d PUTs in %.0f s, %.0f/s). Each row: ListObjectsV2 (MinIO Java SDK, one page of "
                        + "max-keys %d), %d measured listings per bucket after %d unrecorded, split into %d interleaved rounds (big, small, "
                        + "small, big, ...).%n%n",
                keys,
                prefixKeys,
                PREFIX,
                prefixKeys,
                clients,
                keys,
                fillSeconds,
                keys / fillSeconds,
                prefixKeys,
                iterations,
                warmup,
                rounds));
        md.append(String.format(
                Locale.ROOT,
                "| listing (%,d keys returned) | %,d-key bucket p50 / p95 ms | %,d-key bucket p50 / p95 ms "
                        + "| ratio of p50 | server CPU ms per listing, %,d / %,d keys |%n|---|---|---|---|---|%n",
                prefixKeys,
                keys,
                prefixKeys,
                keys,
                prefixKeys));
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = json.createObjectNode();
        root.put("date", now.toString());
        root.put("command", shown);
        root.set("machine", json.valueToTree(machine));
        root.put("keys", keys);
        root.put("prefixKeys", prefixKeys);
        root.put("fillSeconds", fillSeconds);
        root.put("clients", clients);
        ArrayNode rowsJson = root.putArray("rows");
        for (Measured m : results) {
            double cpuBig = m.cpuMsPerListing(0, m.big());
            double cpuSmall = m.cpuMsPerListing(1, m.small());
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %.2f / %.2f | %.2f / %.2f | %.2fx | %s |%n",
                    m.row().name(),
                    m.big().percentileMs(50),
                    m.big().percentileMs(95),
                    m.small().percentileMs(50),
                    m.small().percentileMs(95),
                    m.big().percentileMs(50) / m.small().percentileMs(50),
                    Double.isNaN(cpuBig)
                            ? "n/a (no --pid)"
                            : String.format(Locale.ROOT, "%.1f / %.1f", cpuBig, cpuSmall)));
            ObjectNode r = rowsJson.addObject();
            r.put("row", m.row().name());
            r.put("prefix", m.row().prefix());
            r.put("delimiter", m.row().delimiter());
            stats(r.putObject("big"), m.big()).put("serverCpuMsPerListing", cpuBig);
            stats(r.putObject("small"), m.small()).put("serverCpuMsPerListing", cpuSmall);
        }
        Files.writeString(dir.resolve("listing-scale.md"), md.toString(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("listing-scale.json"), json.writeValueAsString(root), StandardCharsets.UTF_8);
    }

    private static ObjectNode stats(ObjectNode n, Samples s) {
        n.put("samples", s.count());
        n.put("p50Ms", s.percentileMs(50));
        n.put("p95Ms", s.percentileMs(95));
        n.put("p99Ms", s.percentileMs(99));
        n.put("meanMs", s.meanMs());
        return n;
    }
}
