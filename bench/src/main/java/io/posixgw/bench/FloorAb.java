package io.posixgw.bench;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code floor-ab}: the file floors side by side in one JVM, in interleaved rounds (each round
 * runs every floor once, in a rotating order), so that the load of the machine falls on all
 * of them alike: PUT of a fresh platform key, HEAD, GET and DELETE of it per cycle, as the
 * latency suite's floor rows do. Prints p50, p99 and the mean per operation and floor, and each
 * floor's p50 as a ratio of the first one's. What it answers: how much time a different set of
 * file calls (floor-native's FFM calls on fds against java.nio's path calls) saves per request.
 */
@Command(
        name = "floor-ab",
        mixinStandardHelpOptions = true,
        description = "File floors side by side in interleaved rounds: PUT, HEAD, GET, DELETE per cycle.")
final class FloorAb implements Callable<Integer> {
    private static final String[] OPS = {"put", "head", "get", "delete"};

    @Option(names = "--dir", required = true, description = "Directory for the floors' buckets (made if missing).")
    Path dir;

    @Option(
            names = "--floors",
            defaultValue = "minimal,native",
            split = ",",
            description = "Floors, the first the reference (default ${DEFAULT-VALUE}).")
    List<String> floors;

    @Option(names = "--size", defaultValue = "4096", description = "Object size in bytes (default ${DEFAULT-VALUE}).")
    int size;

    @Option(names = "--rounds", defaultValue = "6", description = "Rounds (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(
            names = "--count",
            defaultValue = "300",
            description = "Cycles per floor and round (default ${DEFAULT-VALUE}).")
    int count;

    @Option(
            names = "--warmup",
            defaultValue = "2000",
            description = "Unmeasured cycles per floor first (default ${DEFAULT-VALUE}).")
    int warmup;

    @Override
    public Integer call() throws Exception {
        Files.createDirectories(dir);
        ByteBuffer body = new Payloads(Math.max(size, 64)).direct(size);
        ByteBuffer buffer = ByteBuffer.allocateDirect(Math.max(size, 1));
        Map<String, FileFloor> byName = new LinkedHashMap<>();
        Map<String, Map<String, Samples>> samples = new LinkedHashMap<>();
        try {
            for (String name : floors) {
                FileFloor f = FileFloor.of(FileFloor.Kind.valueOf(name.toUpperCase(Locale.ROOT)), dir, "ab-" + name);
                f.prepare();
                byName.put(name, f);
                Map<String, Samples> mine = new LinkedHashMap<>();
                for (String op : OPS) {
                    mine.put(op, new Samples());
                }
                samples.put(name, mine);
                cycles(f, body, buffer, warmup, null);
            }
            List<String> order = new ArrayList<>(byName.keySet());
            for (int r = 0; r < rounds; r++) {
                for (int i = 0; i < order.size(); i++) {
                    String name = order.get((i + r) % order.size());
                    cycles(byName.get(name), body, buffer, count, samples.get(name));
                }
            }
        } finally {
            for (FileFloor f : byName.values()) {
                f.removeAll();
                f.close();
            }
        }
        print(samples);
        return 0;
    }

    private static void cycles(FileFloor f, ByteBuffer body, ByteBuffer buffer, int n, Map<String, Samples> into)
            throws Exception {
        long[] first = new long[1];
        List<String> keys = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            keys.add("executions-data/" + UUID.randomUUID() + "/out.bin"); // before timing: UUIDs read /dev/urandom
        }
        for (String key : keys) {
            long t0 = System.nanoTime();
            f.put(key, body);
            long t1 = System.nanoTime();
            f.head(key);
            long t2 = System.nanoTime();
            f.get(key, buffer, first);
            long t3 = System.nanoTime();
            f.delete(key);
            long t4 = System.nanoTime();
            if (into != null) {
                into.get("put").add(t1 - t0);
                into.get("head").add(t2 - t1);
                into.get("get").add(t3 - t2);
                into.get("delete").add(t4 - t3);
            }
        }
    }

    private void print(Map<String, Map<String, Samples>> samples) {
        String reference = floors.get(0);
        System.out.printf(
                Locale.ROOT,
                "floor-ab: %s objects, %d rounds x %d cycles per floor after %d warm-up, java %s%n",
                Payloads.label(size),
                rounds,
                count,
                warmup,
                Runtime.version());
        System.out.println("| op | floor | p50 ms | p99 ms | mean ms | p50 / " + reference + " |");
        System.out.println("|---|---|---|---|---|---|");
        for (String op : OPS) {
            double ref = samples.get(reference).get(op).percentileMs(50);
            for (Map.Entry<String, Map<String, Samples>> e : samples.entrySet()) {
                Samples s = e.getValue().get(op);
                System.out.printf(
                        Locale.ROOT,
                        "| %s | floor-%s | %.3f | %.3f | %.3f | %.2fx |%n",
                        op,
                        e.getKey(),
                        s.percentileMs(50),
                        s.percentileMs(99),
                        s.meanMs(),
                        s.percentileMs(50) / ref);
            }
        }
    }
}
