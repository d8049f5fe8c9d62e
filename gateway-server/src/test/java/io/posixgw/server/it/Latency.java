package io.posixgw.server.it;

import java.util.Arrays;

/** Latencies of one operation, for p50 and p99. */
final class Latency {
    private long[] nanos = new long[256];
    private int n;

    synchronized void add(long v) {
        if (n == nanos.length) {
            nanos = Arrays.copyOf(nanos, n * 2);
        }
        nanos[n++] = v;
    }

    synchronized int count() {
        return n;
    }

    /** The q-quantile in milliseconds (nearest rank). */
    synchronized double millis(double q) {
        if (n == 0) {
            return Double.NaN;
        }
        long[] sorted = Arrays.copyOf(nanos, n);
        Arrays.sort(sorted);
        int i = (int) Math.ceil(q * n) - 1;
        return sorted[Math.max(0, Math.min(n - 1, i))] / 1e6;
    }

    static String sizeName(int size) {
        if (size <= 0) {
            return "";
        }
        return size >= 1 << 20 ? (size >> 20) + "MiB" : size > 4096 ? (size >> 10) + "KiB" : "<=4KiB";
    }
}
