package io.posixgw.bench;

import java.util.Arrays;

/**
 * Latency samples of one row, in nanoseconds, kept whole so that rounds merge
 * exactly and percentiles are computed once over everything (nearest rank).
 */
final class Samples {
    private long[] values = new long[64];
    private int count;

    synchronized void add(long nanos) {
        if (count == values.length) {
            values = Arrays.copyOf(values, count * 2);
        }
        values[count++] = nanos;
    }

    synchronized void addAll(Samples other) {
        long[] theirs = other.snapshot();
        for (long v : theirs) {
            add(v);
        }
    }

    synchronized int count() {
        return count;
    }

    synchronized long[] snapshot() {
        return Arrays.copyOf(values, count);
    }

    /** Nearest-rank percentile in milliseconds; NaN without samples. */
    double percentileMs(double p) {
        long[] sorted = snapshot();
        if (sorted.length == 0) {
            return Double.NaN;
        }
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))] / 1e6;
    }

    double meanMs() {
        long[] all = snapshot();
        if (all.length == 0) {
            return Double.NaN;
        }
        double sum = 0;
        for (long v : all) {
            sum += v;
        }
        return sum / all.length / 1e6;
    }
}
