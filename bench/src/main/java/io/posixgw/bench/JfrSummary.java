package io.posixgw.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jfr-summary FILE}: the hot spots of a JFR recording as Markdown: CPU
 * samples by top frame (self) and by own method anywhere on the stack (total), the
 * first posixgw frame of each sample, allocation by site and by class, native
 * (blocking) frames, and the I/O, lock and GC events with their total time.
 */
@Command(
        name = "jfr-summary",
        mixinStandardHelpOptions = true,
        description = "Hot spots of a JFR recording, as Markdown.")
final class JfrSummary implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", description = "A .jfr recording.")
    Path file;

    @Option(names = "--top", defaultValue = "15", description = "Lines per table (default ${DEFAULT-VALUE}).")
    int top;

    @Option(
            names = "--package",
            defaultValue = "io.posixgw.",
            description = "Own code, for the 'first own frame' table.")
    String ownPackage;

    private final Map<String, Long> self = new HashMap<>();
    private final Map<String, Long> total = new HashMap<>();
    private final Map<String, Long> own = new HashMap<>();
    private final Map<String, Long> allocSite = new HashMap<>();
    private final Map<String, Long> allocClass = new HashMap<>();
    private final Map<String, Long> nativeTop = new HashMap<>();
    private final Map<String, long[]> events = new TreeMap<>();
    private long cpuSamples;
    private long allocBytes;
    private long nativeSamples;

    @Override
    public Integer call() throws IOException {
        read();
        print(System.out);
        return 0;
    }

    void read() throws IOException {
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent e = recording.readEvent();
                String type = e.getEventType().getName();
                switch (type) {
                    case "jdk.ExecutionSample" -> cpu(e.getStackTrace());
                    case "jdk.NativeMethodSample" -> {
                        nativeSamples++;
                        add(nativeTop, frame(e.getStackTrace(), 0), 1);
                    }
                    case "jdk.ObjectAllocationSample" -> {
                        long w = e.getLong("weight");
                        allocBytes += w;
                        add(allocSite, firstNonJdk(e.getStackTrace()), w);
                        add(allocClass, e.getClass("objectClass").getName(), w);
                    }
                    case "jdk.FileRead",
                            "jdk.FileWrite",
                            "jdk.FileForce",
                            "jdk.SocketRead",
                            "jdk.SocketWrite",
                            "jdk.JavaMonitorEnter",
                            "jdk.ThreadPark",
                            "jdk.GarbageCollection",
                            "jdk.SafepointBegin" -> {
                        long[] acc = events.computeIfAbsent(type, k -> new long[2]);
                        acc[0]++;
                        acc[1] += e.getDuration().toNanos();
                    }
                    default -> {
                        // other events are not summarised
                    }
                }
            }
        }
    }

    private void cpu(RecordedStackTrace st) {
        if (st == null || st.getFrames().isEmpty()) {
            return;
        }
        cpuSamples++;
        add(self, frame(st, 0), 1);
        Set<String> seen = new HashSet<>();
        String firstOwn = null;
        for (RecordedFrame f : st.getFrames()) {
            String m = name(f);
            if (m.startsWith(ownPackage) && seen.add(m)) {
                add(total, m, 1);
            }
            if (firstOwn == null && m.startsWith(ownPackage)) {
                firstOwn = m;
            }
        }
        add(own, firstOwn == null ? "(no " + ownPackage + " frame: JDK/Netty/GC threads)" : firstOwn, 1);
    }

    private static String frame(RecordedStackTrace st, int i) {
        if (st == null || st.getFrames().size() <= i) {
            return "(no stack)";
        }
        return name(st.getFrames().get(i));
    }

    /** The allocating frame outside java.*, jdk.* and sun.*: who asked for the memory. */
    private static String firstNonJdk(RecordedStackTrace st) {
        if (st == null || st.getFrames().isEmpty()) {
            return "(no stack)";
        }
        for (RecordedFrame f : st.getFrames()) {
            String m = name(f);
            if (!m.startsWith("java.") && !m.startsWith("jdk.") && !m.startsWith("sun.")) {
                return m + ":" + f.getLineNumber();
            }
        }
        return name(st.getFrames().get(0));
    }

    private static String name(RecordedFrame f) {
        RecordedMethod m = f.getMethod();
        if (m == null || m.getType() == null) {
            return "(unknown)";
        }
        return m.getType().getName() + "." + m.getName();
    }

    private static void add(Map<String, Long> map, String key, long n) {
        map.merge(key, n, Long::sum);
    }

    void print(PrintStream out) {
        out.printf("# JFR hot spots: %s%n%n", file.getFileName());
        table(out, "CPU samples by top frame (self time)", self, cpuSamples, "samples");
        table(
                out,
                "CPU samples by " + ownPackage + " method anywhere on the stack (total time)",
                total,
                cpuSamples,
                "samples");
        table(out, "CPU samples by first " + ownPackage + " frame", own, cpuSamples, "samples");
        table(out, "Allocation by site (first frame outside the JDK), sampled weight", allocSite, allocBytes, "bytes");
        table(out, "Allocation by class, sampled weight", allocClass, allocBytes, "bytes");
        table(
                out,
                "Native-method samples by top frame (threads blocked in native code)",
                nativeTop,
                nativeSamples,
                "samples");
        out.println("## Events (above the recording's thresholds)\n");
        out.println("| event | count | total ms |\n|---|---|---|");
        events.forEach((k, v) -> out.printf(Locale.ROOT, "| %s | %d | %.1f |%n", k, v[0], v[1] / 1e6));
        out.println();
    }

    private void table(PrintStream out, String title, Map<String, Long> counts, long all, String unit) {
        out.printf("## %s%n%n%d %s in all.%n%n| %% | %s | where |%n|---|---|---|%n", title, all, unit, unit);
        List<Map.Entry<String, Long>> sorted = counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .limit(top)
                .toList();
        for (Map.Entry<String, Long> e : sorted) {
            out.printf(
                    Locale.ROOT,
                    "| %.1f | %d | `%s` |%n",
                    all == 0 ? 0 : 100.0 * e.getValue() / all,
                    e.getValue(),
                    e.getKey());
        }
        out.println();
    }
}
