package io.posixgw.server.metrics;

import io.posixgw.posix.FsyncListener;
import io.posixgw.server.config.MetricsConfig;
import java.util.function.IntSupplier;

/**
 * What the server records, without any metrics library in its signature. With no
 * export configured it is {@link #NONE}: no registry exists, Micrometer is never
 * loaded, and each request costs one empty call.
 */
public interface ServerMetrics extends AutoCloseable {
    /** Content type of {@link #scrapePrometheus()}: the Prometheus text format 0.0.4. */
    String PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    ServerMetrics NONE = new NoMetrics();

    /** {@link #NONE} when nothing is exported, else Micrometer registries for each export. */
    static ServerMetrics create(MetricsConfig config) {
        return config.enabled() ? new MicrometerMetrics(config) : NONE;
    }

    /**
     * One request answered (or abandoned).
     *
     * @param operation the S3 API name, or a name of {@link Operation} for requests that are not S3 operations
     * @param errorCode the S3 error code, or null
     */
    void requestEnded(String operation, int status, String errorCode, long bytesIn, long bytesOut, long nanos);

    /** A connection over the limit was answered 503 and closed. */
    void connectionRefused();

    /** Gauges read when exported: requests in flight and open connections. */
    void watch(IntSupplier inFlight, IntSupplier openConnections);

    /** The backend's fsync timings go here. */
    FsyncListener fsyncListener();

    /** Whether {@link #scrapePrometheus()} has anything to serve. */
    boolean servesPrometheus();

    /** The current values in the Prometheus text format (UTF-8). */
    byte[] scrapePrometheus();

    @Override
    void close();

    /** Names for requests that never became an S3 operation. */
    final class Operation {
        public static final String HEALTH = "Health";
        public static final String READY = "Ready";
        public static final String METRICS = "Metrics";
        /** Refused before an S3 operation was known: malformed, unroutable, or during shutdown. */
        public static final String UNKNOWN = "Unknown";

        private Operation() {}
    }
}
