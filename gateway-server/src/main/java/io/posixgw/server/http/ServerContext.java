package io.posixgw.server.http;

import io.posixgw.server.auth.Authenticator;
import io.posixgw.server.metrics.ServerMetrics;
import io.posixgw.server.ops.Operations;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What every connection handler shares: the collaborators wired by main, the
 * settings of the HTTP layer, and the server's lifecycle state.
 */
final class ServerContext {
    final Authenticator authenticator;
    final Operations operations;
    final ExecutorService workers;
    final AccessLog accessLog;
    final ServerMetrics metrics;
    final boolean keepAlive;
    final String healthPath;
    final String readyPath;
    /** The Prometheus path on the S3 port, or null (none, or on a port of its own). */
    final String metricsPath;

    final boolean readOnly;
    final long bodyTimeoutMillis;
    final ReadinessCheck readiness;
    /** Whether reads may run on the event loop now ({@code --inline-reads}). */
    final InlineReads inlineReads;
    /** File bodies go as file regions (sendfile): plain HTTP only. */
    final boolean zeroCopy;
    /** Requests between their first byte and their response's last byte. */
    final AtomicInteger inFlight = new AtomicInteger();
    /** Open client connections. */
    final AtomicInteger connections = new AtomicInteger();

    volatile boolean draining;

    /** Throws when the gateway cannot serve writes now; runs on a worker (it touches the disk). */
    public interface ReadinessCheck {
        void check() throws Exception;
    }

    ServerContext(
            Authenticator authenticator,
            Operations operations,
            ExecutorService workers,
            S3HttpServer.Settings settings,
            ReadinessCheck readiness,
            boolean zeroCopy,
            ServerMetrics metrics) {
        this.authenticator = authenticator;
        this.operations = operations;
        this.workers = workers;
        this.accessLog = new AccessLog(settings.accessLog(), settings.jsonLog());
        this.metrics = metrics;
        metrics.watch(inFlight::get, connections::get);
        this.keepAlive = settings.keepAlive();
        this.healthPath = settings.healthPath();
        this.readyPath = settings.readyPath();
        this.metricsPath =
                metrics.servesPrometheus() && settings.metricsListen() == null ? settings.metricsPath() : null;
        this.readOnly = settings.readOnly();
        this.bodyTimeoutMillis = settings.bodyTimeoutMillis();
        this.readiness = readiness;
        this.zeroCopy = zeroCopy;
        this.inlineReads = new InlineReads(settings.inlineReads());
    }
}
