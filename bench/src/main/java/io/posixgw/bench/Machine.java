package io.posixgw.bench;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the report says about the machine: cores, memory, kernel, JVM, and the disk under a directory. */
final class Machine {
    private Machine() {}

    static Map<String, String> describe(Path dataDir, Map<String, String> notes) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("cores (nproc)", Integer.toString(Runtime.getRuntime().availableProcessors()));
        m.put("memory", memTotal());
        m.put("kernel", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        m.put("bench JVM", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        if (dataDir != null) {
            try {
                FileStore store = Files.getFileStore(dataDir);
                m.put(
                        "disk",
                        store.type() + " on " + store.name() + " (" + store.getTotalSpace() / (1L << 30) + " GiB)");
            } catch (IOException e) {
                m.put("disk", "unknown (" + e.getMessage() + ")");
            }
        }
        m.put("load average (1 min) at start", new ServerCost().loadAverage());
        m.putAll(notes);
        return m;
    }

    private static String memTotal() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    long kib = Long.parseLong(line.replaceAll("\\D+", ""));
                    return String.format(java.util.Locale.ROOT, "%.1f GiB", kib / 1024.0 / 1024.0);
                }
            }
        } catch (IOException | NumberFormatException ignored) {
            // not Linux
        }
        return "unknown";
    }
}
