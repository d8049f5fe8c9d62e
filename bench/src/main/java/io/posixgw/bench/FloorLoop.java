package io.posixgw.bench;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code floor-loop}: {@link OpLoop}'s requests done by a file floor in this JVM, with the
 * same keys ({@code executions-data/<uuid>/out.bin}, the platform's keys, one fixed key uploaded first), so that
 * {@code strace -f -c} on this process counts the floor's calls per operation next to a
 * server's ({@code bench/syscalls.sh} with SYSCALLS_FLOORS=1).
 */
@Command(
        name = "floor-loop",
        mixinStandardHelpOptions = true,
        description = "Sequential file-floor PUTs (fresh keys), GETs, STATs or DELETEs on a directory (for strace).")
final class FloorLoop implements Callable<Integer> {
    enum Op {
        put,
        get,
        stat,
        delete
    }

    @Option(names = "--dir", required = true, description = "Directory holding the floor's bucket (made if missing).")
    Path dir;

    @Option(
            names = "--floor",
            defaultValue = "chosen",
            description = "chosen, minimal or native (Java 22+; default ${DEFAULT-VALUE}).")
    String floor;

    @Option(names = "--op", defaultValue = "put", description = "put, get, stat or delete (default ${DEFAULT-VALUE}).")
    Op op;

    @Option(names = "--count", defaultValue = "500", description = "Operations (default ${DEFAULT-VALUE}).")
    int count;

    @Option(names = "--size", defaultValue = "65536", description = "Object size in bytes (default ${DEFAULT-VALUE}).")
    int size;

    @Option(
            names = "--warmup",
            defaultValue = "0",
            description = "Unmeasured cycles of put, stat, get, delete first (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(
            names = "--ready-delay",
            defaultValue = "0",
            description = "Seconds to wait after setup before the loop, printing 'ready', so that a tracer can attach.")
    int readyDelay;

    @Override
    public Integer call() throws Exception {
        FileFloor.Kind kind = FileFloor.Kind.valueOf(floor.toUpperCase(Locale.ROOT));
        Payloads payloads = new Payloads(Math.max(size, 64));
        ByteBuffer body = payloads.direct(size);
        ByteBuffer buffer = ByteBuffer.allocateDirect(Math.max(size, 1));
        long[] first = new long[1];
        try (FileFloor f = FileFloor.of(kind, dir, "bench-op-loop")) {
            f.prepare();
            for (int i = 0; i < warmup; i++) {
                String k = "executions-data/" + UUID.randomUUID() + "/out.bin";
                f.put(k, body);
                f.head(k);
                f.get(k, buffer, first);
                f.delete(k);
            }
            String fixed = "executions-data/" + UUID.randomUUID() + "/out.bin";
            f.put(fixed, body);
            List<String> doomed = new ArrayList<>();
            for (int i = 0; op == Op.delete && i < count; i++) {
                String k = "executions-data/" + UUID.randomUUID() + "/out.bin";
                f.put(k, body);
                doomed.add(k);
            }
            if (readyDelay > 0) {
                System.out.println("ready");
                System.out.flush();
                Thread.sleep(readyDelay * 1000L);
            }
            List<String> fresh = new ArrayList<>();
            for (int i = 0; op == Op.put && i < count; i++) {
                fresh.add("executions-data/" + UUID.randomUUID()
                        + "/out.bin"); // before the loop: UUIDs read /dev/urandom
            }
            Samples samples = new Samples();
            long start = System.nanoTime();
            for (int i = 0; i < count; i++) {
                long t0 = System.nanoTime();
                switch (op) {
                    case put -> f.put(fresh.get(i), body);
                    case get -> f.get(fixed, buffer, first);
                    case stat -> f.head(fixed);
                    case delete -> f.delete(doomed.get(i));
                    default -> throw new IllegalStateException();
                }
                samples.add(System.nanoTime() - t0);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(
                    Locale.ROOT,
                    "%d %s of %s by floor-%s in %.2f s: %.0f/s, p50 %.3f ms, p99 %.3f ms%n",
                    count,
                    op,
                    Payloads.label(size),
                    floor,
                    seconds,
                    count / seconds,
                    samples.percentileMs(50),
                    samples.percentileMs(99));
            if (readyDelay == 0) {
                f.removeAll(); // traced runs leave it to their script: a tracer would count the removal
            }
        }
        return 0;
    }
}
