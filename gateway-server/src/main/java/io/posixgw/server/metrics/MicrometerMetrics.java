package io.posixgw.server.metrics;

import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.micrometer.statsd.StatsdConfig;
import io.micrometer.statsd.StatsdFlavor;
import io.micrometer.statsd.StatsdMeterRegistry;
import io.posixgw.posix.FsyncListener;
import io.posixgw.posix.PosixBackend;
import io.posixgw.server.config.MetricsConfig;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * Micrometer behind {@link ServerMetrics}: one composite registry feeding a Prometheus
 * registry and one StatsD registry per configured server. Meter names are the
 * reference in docs/OPERATING.md ("Metrics").
 */
final class MicrometerMetrics implements ServerMetrics {
    static final String REQUESTS = "posixgw.requests";
    static final String RECEIVED = "posixgw.received.bytes";
    static final String SENT = "posixgw.sent.bytes";
    static final String IN_FLIGHT = "posixgw.requests.inflight";
    static final String CONNECTIONS = "posixgw.connections.open";
    static final String REFUSED = "posixgw.connections.refused";
    static final String FSYNC = "posixgw.fsync";
    static final String FS_RETRIES = "posixgw.fs.retries";

    /** Prometheus histogram buckets of the request latency (StatsD servers compute their own percentiles). */
    private static final double[] REQUEST_BUCKETS =
            nanos(0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 30_000, 60_000);

    private static final double[] FSYNC_BUCKETS = nanos(0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000);

    private final CompositeMeterRegistry registry = new CompositeMeterRegistry();
    private final PrometheusMeterRegistry prometheus;
    private final List<MeterRegistry> exports = new ArrayList<>();
    private final JvmGcMetrics gc = new JvmGcMetrics();
    private final ConcurrentHashMap<Outcome, Timer> requests = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Bytes> bytes = new ConcurrentHashMap<>();
    private final Counter refused;
    private final FsyncListener fsync;

    /** The tags of one request timer. */
    private record Outcome(String operation, int status, String errorCode) {}

    /** Body bytes received and sent, per operation. */
    private record Bytes(Counter received, Counter sent) {}

    MicrometerMetrics(MetricsConfig config) {
        if (config.prometheusPath() != null) {
            prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            prometheus.config().meterFilter(histogramBuckets());
            add(prometheus);
        } else {
            prometheus = null;
        }
        for (MetricsConfig.HostPort s : config.statsd()) {
            add(statsd(s, StatsdFlavor.TELEGRAF));
        }
        for (MetricsConfig.HostPort s : config.dogstatsd()) {
            add(statsd(s, StatsdFlavor.DATADOG));
        }
        new ClassLoaderMetrics().bindTo(registry);
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        new ResidentMemory().bindTo(registry);
        refused = Counter.builder(REFUSED)
                .description("Connections over --max-connections, answered 503 and closed")
                .register(registry);
        // what a shared file system makes the backend do again (process-wide counts, read when exported)
        io.micrometer.core.instrument.FunctionCounter.builder(
                        FS_RETRIES, PosixBackend.class, c -> PosixBackend.staleRetries())
                .description(
                        "File-system calls repeated after a stale file handle (ESTALE: replaced through another client)")
                .tag("reason", "stale")
                .register(registry);
        io.micrometer.core.instrument.FunctionCounter.builder(
                        FS_RETRIES, PosixBackend.class, c -> PosixBackend.changedRetries())
                .description("Reads that looked at an object again because it was replaced while they read it")
                .tag("reason", "changed")
                .register(registry);
        Timer fileSync = fsyncTimer("file");
        Timer dirSync = fsyncTimer("directory");
        fsync = (target, nanos) ->
                (target == FsyncListener.Target.FILE ? fileSync : dirSync).record(nanos, TimeUnit.NANOSECONDS);
    }

    private void add(MeterRegistry r) {
        exports.add(r);
        registry.add(r);
    }

    private static StatsdMeterRegistry statsd(MetricsConfig.HostPort server, StatsdFlavor flavor) {
        StatsdConfig config = new StatsdConfig() {
            @Override
            public String get(String key) {
                return null;
            }

            @Override
            public StatsdFlavor flavor() {
                return flavor;
            }

            @Override
            public String host() {
                return server.host();
            }

            @Override
            public int port() {
                return server.port();
            }
        };
        return new StatsdMeterRegistry(config, Clock.SYSTEM);
    }

    /** Histogram buckets for the Prometheus registry only. */
    private static MeterFilter histogramBuckets() {
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                double[] buckets = switch (id.getName()) {
                    case REQUESTS -> REQUEST_BUCKETS;
                    case FSYNC -> FSYNC_BUCKETS;
                    default -> null;
                };
                return buckets == null
                        ? config
                        : DistributionStatisticConfig.builder()
                                .serviceLevelObjectives(buckets)
                                .build()
                                .merge(config);
            }
        };
    }

    private Timer fsyncTimer(String target) {
        return Timer.builder(FSYNC)
                .description("fsync of a written file (data and inode) or of a directory (its entries)")
                .tag("target", target)
                .register(registry);
    }

    @Override
    public void requestEnded(String operation, int status, String errorCode, long bytesIn, long bytesOut, long nanos) {
        Outcome outcome = new Outcome(operation, status, errorCode);
        Timer timer = requests.get(outcome);
        if (timer == null) {
            timer = requests.computeIfAbsent(
                    outcome,
                    o -> Timer.builder(REQUESTS)
                            .description(
                                    "Requests by S3 operation, HTTP status and S3 error code: count and latency to the last byte sent")
                            .tag("operation", o.operation())
                            .tag("status", Integer.toString(o.status()))
                            .tag("error", o.errorCode() == null ? "none" : o.errorCode())
                            .register(registry));
        }
        timer.record(nanos, TimeUnit.NANOSECONDS);
        Bytes b = bytes.get(operation);
        if (b == null) {
            b = bytes.computeIfAbsent(
                    operation,
                    op -> new Bytes(
                            Counter.builder(RECEIVED)
                                    .baseUnit("bytes")
                                    .description("Request body bytes received")
                                    .tag("operation", op)
                                    .register(registry),
                            Counter.builder(SENT)
                                    .baseUnit("bytes")
                                    .description("Response body bytes sent")
                                    .tag("operation", op)
                                    .register(registry)));
        }
        if (bytesIn > 0) {
            b.received().increment(bytesIn);
        }
        if (bytesOut > 0) {
            b.sent().increment(bytesOut);
        }
    }

    @Override
    public void connectionRefused() {
        refused.increment();
    }

    @Override
    public void watch(IntSupplier inFlight, IntSupplier openConnections) {
        Gauge.builder(IN_FLIGHT, inFlight, IntSupplier::getAsInt)
                .description("Requests between their first byte and their answer's last")
                .strongReference(true)
                .register(registry);
        Gauge.builder(CONNECTIONS, openConnections, IntSupplier::getAsInt)
                .description("Open client connections")
                .strongReference(true)
                .register(registry);
    }

    @Override
    public FsyncListener fsyncListener() {
        return fsync;
    }

    @Override
    public boolean servesPrometheus() {
        return prometheus != null;
    }

    @Override
    public byte[] scrapePrometheus() {
        if (prometheus == null) {
            throw new IllegalStateException("no Prometheus export configured");
        }
        return prometheus.scrape().getBytes(StandardCharsets.UTF_8);
    }

    /** Flushes what the StatsD registries still buffer and stops their threads. */
    @Override
    public void close() {
        gc.close();
        for (MeterRegistry r : exports) {
            r.close();
        }
        registry.close();
    }

    private static double[] nanos(double... millis) {
        double[] out = new double[millis.length];
        for (int i = 0; i < millis.length; i++) {
            out[i] = millis[i] * 1e6;
        }
        return out;
    }
}
