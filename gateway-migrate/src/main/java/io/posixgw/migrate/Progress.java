package io.posixgw.migrate;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Counters of a migration and the progress line printed from them on stderr: objects
 * done of total, bytes, transfer rate and ETA. On a terminal the line is rewritten in
 * place every half second; otherwise (logs of a container) a new line every interval.
 */
final class Progress {
    final AtomicLong totalObjects = new AtomicLong();
    final AtomicLong totalBytes = new AtomicLong();
    final AtomicLong copied = new AtomicLong();
    final AtomicLong copiedBytes = new AtomicLong();
    final AtomicLong skipped = new AtomicLong();
    final AtomicLong skippedBytes = new AtomicLong();
    final AtomicLong failed = new AtomicLong();
    final AtomicLong deleted = new AtomicLong();
    /** Bytes read from the source so far, objects in flight included. */
    final AtomicLong transferred = new AtomicLong();

    private final PrintStream out;
    private final boolean terminal;
    private final Duration interval;
    private final LongSupplier nanoTime;
    private final long start;
    private volatile String phase = "scanning";
    private ScheduledExecutorService printer;

    Progress(PrintStream out, boolean terminal, Duration interval, LongSupplier nanoTime) {
        this.out = out;
        this.terminal = terminal;
        this.interval = interval;
        this.nanoTime = nanoTime;
        this.start = nanoTime.getAsLong();
    }

    void phase(String phase) {
        this.phase = phase;
    }

    Duration elapsed() {
        return Duration.ofNanos(nanoTime.getAsLong() - start);
    }

    void start() {
        if (interval.isZero() || interval.isNegative()) {
            return;
        }
        printer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "migrate-progress");
            t.setDaemon(true);
            return t;
        });
        long every = terminal ? Math.min(500, interval.toMillis()) : interval.toMillis();
        printer.scheduleAtFixedRate(this::print, every, every, TimeUnit.MILLISECONDS);
    }

    void stop() {
        if (printer != null) {
            printer.shutdownNow();
            printer = null;
            if (terminal) {
                out.print("\r\033[K");
                out.flush();
            }
        }
    }

    private void print() {
        String line = line();
        if (terminal) {
            out.print("\r\033[K" + line);
        } else {
            out.println(line);
        }
        out.flush();
    }

    /** {@code copying: 120/4,000 objects, 1.2 GiB/3.0 GiB, 48.0 MiB/s, ETA 38s (copied 100, present 20, failed 0)}. */
    String line() {
        long millis = Math.max(1, elapsed().toMillis());
        double rate = transferred.get() * 1000.0 / millis;
        long doneObjects = copied.get() + skipped.get() + failed.get();
        long doneBytes = Math.min(totalBytes.get(), skippedBytes.get() + transferred.get());
        StringBuilder b = new StringBuilder(phase).append(": ");
        if ("scanning".equals(phase)) {
            return b.append(String.format(
                            Locale.ROOT, "%,d objects, %s listed", totalObjects.get(), bytes(totalBytes.get())))
                    .toString();
        }
        b.append(String.format(
                Locale.ROOT,
                "%,d/%,d objects, %s/%s, %s/s",
                doneObjects,
                totalObjects.get(),
                bytes(doneBytes),
                bytes(totalBytes.get()),
                bytes((long) rate)));
        long remaining = totalBytes.get() - doneBytes;
        b.append(", ETA ")
                .append(
                        rate < 1
                                ? (remaining <= 0 ? "0s" : "--")
                                : duration(Duration.ofSeconds((long) Math.ceil(remaining / rate))));
        b.append(String.format(
                Locale.ROOT, " (copied %,d, present %,d, failed %,d", copied.get(), skipped.get(), failed.get()));
        if (deleted.get() > 0) {
            b.append(String.format(Locale.ROOT, ", deleted %,d", deleted.get()));
        }
        return b.append(')').toString();
    }

    /** Binary units with one decimal: {@code 512 B}, {@code 1.5 KiB}, {@code 3.0 GiB}. */
    static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    /** {@code 45s}, {@code 3m05s}, {@code 2h03m}. */
    static String duration(Duration d) {
        long s = d.getSeconds();
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%dh%02dm", s / 3600, (s % 3600) / 60);
    }
}
