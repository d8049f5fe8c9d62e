package io.posixgw.bench;

import java.util.LinkedHashMap;

/** One part of the benchmark, run round after round against each target that takes part. */
interface Section {
    /** Short id used by {@code --sections}: latency, parallel, mixed, presigned. */
    String id();

    /** Heading in the report. */
    String title();

    boolean includes(Target target);

    /** Once per target before the first round (data the rounds read, client warm-up). */
    default void prepare(Target target) throws Exception {}

    /** One round against one target. */
    Run run(Target target, int round) throws Exception;

    /**
     * Rows measured in one round, in report order, and the number of HTTP requests
     * the server answered for them (0 when not counted), for CPU per request.
     */
    record Run(LinkedHashMap<String, Measurement> rows, long requests) {
        Run() {
            this(new LinkedHashMap<>(), 0);
        }

        Measurement row(String name) {
            return rows.computeIfAbsent(name, k -> new Measurement());
        }
    }
}
