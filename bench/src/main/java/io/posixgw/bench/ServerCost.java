package io.posixgw.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A server's cost read from /proc: CPU time (user + system, all threads, from
 * {@code /proc/<pid>/stat}) and memory (VmRSS now, VmHWM the peak since the
 * process started, from {@code /proc/<pid>/status}).
 */
final class ServerCost {
    /** USER_HZ: the unit of utime/stime in /proc/<pid>/stat; 100 on every Linux architecture in use. */
    static final long CLOCK_TICKS_PER_SECOND = 100;

    private final Path proc;

    ServerCost(Path proc) {
        this.proc = proc;
    }

    ServerCost() {
        this(Path.of("/proc"));
    }

    /** CPU time in nanoseconds and memory in KiB at one instant. */
    record Snapshot(long cpuNanos, long rssKib, long peakRssKib, int threads) {}

    boolean available(long pid) {
        return pid > 0 && Files.isReadable(proc.resolve(Long.toString(pid)).resolve("stat"));
    }

    Snapshot read(long pid) throws IOException {
        Path dir = proc.resolve(Long.toString(pid));
        String stat = Files.readString(dir.resolve("stat"), StandardCharsets.US_ASCII);
        long ticks = cpuTicks(stat);
        long rss = 0;
        long hwm = 0;
        int threads = 0;
        for (String line : Files.readAllLines(dir.resolve("status"), StandardCharsets.US_ASCII)) {
            if (line.startsWith("VmRSS:")) {
                rss = kib(line);
            } else if (line.startsWith("VmHWM:")) {
                hwm = kib(line);
            } else if (line.startsWith("Threads:")) {
                threads = Integer.parseInt(line.substring("Threads:".length()).trim());
            }
        }
        return new Snapshot(ticks * (1_000_000_000L / CLOCK_TICKS_PER_SECOND), rss, hwm, threads);
    }

    /**
     * utime + stime: fields 14 and 15 of /proc/PID/stat. The command name (field 2) is
     * in parentheses and may itself hold spaces or parentheses, so count from the last ')'.
     */
    static long cpuTicks(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("not a /proc/PID/stat line: " + stat);
        }
        String[] fields = stat.substring(close + 2).trim().split("\\s+");
        // fields[0] is field 3 (state), so field n is fields[n - 3].
        return Long.parseLong(fields[14 - 3]) + Long.parseLong(fields[15 - 3]);
    }

    /** CPU time all processes of the machine spent busy (not idle, not waiting for I/O), from /proc/stat. */
    long machineBusyNanos() throws IOException {
        for (String line : Files.readAllLines(proc.resolve("stat"), StandardCharsets.US_ASCII)) {
            if (line.startsWith("cpu ")) {
                String[] f = line.trim().split("\\s+");
                long busy = 0;
                // user nice system idle iowait irq softirq steal: all but idle (4) and iowait (5)
                for (int i = 1; i < Math.min(f.length, 9); i++) {
                    if (i != 4 && i != 5) {
                        busy += Long.parseLong(f[i]);
                    }
                }
                return busy * (1_000_000_000L / CLOCK_TICKS_PER_SECOND);
            }
        }
        throw new IOException("no cpu line in /proc/stat");
    }

    /** The 1-minute load average. */
    String loadAverage() {
        try {
            return Files.readString(proc.resolve("loadavg"), StandardCharsets.US_ASCII)
                    .trim()
                    .split("\\s+", 4)[0];
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static long kib(String line) {
        String[] parts = line.trim().split("\\s+");
        return Long.parseLong(parts[1]);
    }
}
