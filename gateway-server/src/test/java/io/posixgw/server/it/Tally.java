package io.posixgw.server.it;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** What one {@link RaceHarness} scenario saw: requests, anomalies by kind (with a few examples), latency per operation. */
final class Tally {
    final String scenario;
    final AtomicLong ops = new AtomicLong();
    private final Map<String, LongAdder> anomalies = new ConcurrentSkipListMap<>();
    private final List<String> examples = new ArrayList<>();
    private final Map<String, Latency> latency = new ConcurrentHashMap<>();
    private final List<String> notes = new ArrayList<>();

    Tally(String scenario) {
        this.scenario = scenario;
    }

    void anomaly(String kind, String detail) {
        anomalies.computeIfAbsent(kind, k -> new LongAdder()).increment();
        synchronized (examples) {
            if (examples.size() < 8) {
                examples.add(kind + ": " + detail);
            }
        }
    }

    /** An answer whose status S3 would not give there (5xx already counted by the timer). */
    void status(String op, RawS3.Response r) {
        if (r.status() < 500) {
            anomaly(
                    op.toLowerCase(java.util.Locale.ROOT).replace(' ', '-') + "-" + r.status(),
                    String.valueOf(r.errorCode()));
        }
    }

    void latency(String op, long nanos) {
        latency.computeIfAbsent(op, k -> new Latency()).add(nanos);
    }

    void note(String text) {
        synchronized (notes) {
            notes.add(text);
        }
    }

    long total() {
        return anomalies.values().stream().mapToLong(LongAdder::sum).sum();
    }

    Map<String, Long> anomalies() {
        Map<String, Long> out = new TreeMap<>();
        anomalies.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    Map<String, Latency> latencies() {
        return new TreeMap<>(latency);
    }

    /** One line: the anomalies by kind, or 0. */
    String summary() {
        StringBuilder sb = new StringBuilder();
        sb.append(total()).append(" in ").append(ops.get()).append(" requests");
        if (total() > 0) {
            sb.append(" ").append(anomalies());
        }
        synchronized (notes) {
            for (String n : notes) {
                sb.append("; ").append(n);
            }
        }
        return sb.toString();
    }

    List<String> examples() {
        synchronized (examples) {
            return List.copyOf(examples);
        }
    }
}
