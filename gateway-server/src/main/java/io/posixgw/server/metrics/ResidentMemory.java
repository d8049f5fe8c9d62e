package io.posixgw.server.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code process.resident.memory}: the process's resident set (VmRSS) from
 * {@code /proc/self/status}, what a container's memory limit is compared with.
 * Micrometer's JVM binders see the heap and pools, not the whole process. Linux only.
 */
final class ResidentMemory implements MeterBinder {
    private static final Path STATUS = Path.of("/proc/self/status");

    @Override
    public void bindTo(MeterRegistry registry) {
        if (Files.isReadable(STATUS)) {
            Gauge.builder("process.resident.memory", ResidentMemory::bytes)
                    .baseUnit("bytes")
                    .description("Resident set size of the process (VmRSS)")
                    .register(registry);
        }
    }

    /** VmRSS in bytes, or NaN when it cannot be read. */
    static double bytes() {
        try {
            for (String line : Files.readAllLines(STATUS, StandardCharsets.US_ASCII)) {
                if (line.startsWith("VmRSS:")) {
                    String kb = line.substring(6).trim();
                    return Long.parseLong(kb.substring(0, kb.indexOf(' '))) * 1024.0;
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through: no value this time
        }
        return Double.NaN;
    }
}
