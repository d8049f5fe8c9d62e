package io.posixgw.bench;

import java.time.Duration;
import java.util.Set;

/**
 * How much to run: the iteration counts scaled ({@code --quick} is 0.1),
 * how many interleaved rounds, and the durations of the timed sections.
 *
 * @param scale          factor on every iteration count (1 = the counts)
 * @param rounds         rounds per section, each target in turn (A, B, A, B)
 * @param sections       which sections run: latency, parallel, mixed, presigned
 * @param bucket         bucket used on every S3 target (the floor serves its files)
 * @param listKeys       keys under the listed prefix (as many again elsewhere)
 * @param mixedClients   concurrent clients of the mixed load
 * @param mixedObjects   objects uploaded before the mixed load starts
 * @param mixedDuration  duration of the mixed load per round and target
 * @param wrkDuration    duration of one wrk run per round, target and size
 * @param wrkConnections wrk connections (the 8)
 * @param wrkThreads     wrk threads
 * @param maxObjectSize  largest object size of the latency suite (16 MiB; smaller only for smoke tests)
 * @param warmupDuration unrecorded load per target before the 8-thread rounds (JIT warm-up)
 */
record Plan(
        double scale,
        int rounds,
        Set<String> sections,
        String bucket,
        int listKeys,
        int mixedClients,
        int mixedObjects,
        Duration mixedDuration,
        Duration wrkDuration,
        int wrkConnections,
        int wrkThreads,
        int maxObjectSize,
        Duration warmupDuration) {

    static final Set<String> ALL_SECTIONS = Set.of("latency", "parallel", "mixed", "presigned", "versioning");

    Plan {
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds must be at least 1");
        }
        if (!ALL_SECTIONS.containsAll(sections)) {
            throw new IllegalArgumentException("unknown section in " + sections + "; known: " + ALL_SECTIONS);
        }
    }

    boolean runs(String section) {
        return sections.contains(section);
    }

    /** Measured iterations of a row whose issue count is {@code total} including {@code warmup}. */
    int measured(int total, int warmup) {
        return Math.max(1, (int) Math.round((total - warmup) * scale));
    }

    /** Warm-up iterations, done at the start of each round; none at smoke scales (below 0.05). */
    int warmup(int warmup) {
        return scale < 0.05 ? 0 : Math.max(1, (int) Math.round(warmup * scale));
    }

    /** Round {@code round}'s share (0-based) of {@code measured} iterations: the rounds add up exactly. */
    int share(int measured, int round) {
        return measured / rounds + (round < measured % rounds ? 1 : 0);
    }

    /** Per-thread count of a concurrent row (the 60), scaled, at least 1. */
    int perThread(int count) {
        return Math.max(1, (int) Math.round(count * scale));
    }
}
