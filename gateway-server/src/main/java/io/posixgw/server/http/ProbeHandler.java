package io.posixgw.server.http;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.posixgw.server.metrics.ServerMetrics;
import io.posixgw.server.ops.S3Response;
import io.posixgw.server.routing.RequestTarget;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The probes, ahead of the S3 handler: GET or HEAD of the health path answers OK, of the
 * readiness path OK or 503 NotReady once the backend's check has run on a worker, of the
 * Prometheus path (when it is served on the S3 port) the scrape. None is authenticated.
 *
 * <p>A probe is passed on as a {@link Probe} that carries its answer, rather than answered
 * here: {@link ConnectionHandler} serves it in its turn like any request, so a probe
 * pipelined behind a PUT is answered after it, with the same keep-alive, draining and
 * accounting (metrics, access log) as every other answer.
 */
@ChannelHandler.Sharable
final class ProbeHandler extends ChannelInboundHandlerAdapter {
    /** The connection's log: its lines keep the logger name they always had. */
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionHandler.class);

    private static final byte[] OK = "OK\n".getBytes(StandardCharsets.US_ASCII);
    /** Unauthenticated: no paths or file-system details. */
    private static final byte[] NOT_READY =
            "not ready: the data root is not usable (the log says why)\n".getBytes(StandardCharsets.US_ASCII);

    private static final byte[] OVERLOADED = "not ready: overloaded\n".getBytes(StandardCharsets.US_ASCII);

    /** A probe's head, and how it is answered. */
    record Probe(HttpRequest http, Start.Starter starter) {}

    private final ServerContext server;
    private final Start.Starter health;
    private final Start.Starter ready;
    private final Start.Starter metrics;

    ProbeHandler(ServerContext server) {
        this.server = server;
        this.health = (r, channel) -> {
            r.operation = ServerMetrics.Operation.HEALTH;
            return Start.Answer.keepOpen(S3Response.ok().body(OK, "text/plain"));
        };
        this.ready = (r, channel) -> {
            r.operation = ServerMetrics.Operation.READY;
            return new Start.Run(new Readiness(r.requestId), null);
        };
        this.metrics = (r, channel) -> {
            r.operation = ServerMetrics.Operation.METRICS;
            return Start.Answer.keepOpen(
                    S3Response.ok().body(server.metrics.scrapePrometheus(), ServerMetrics.PROMETHEUS_CONTENT_TYPE));
        };
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest http
                && !(msg instanceof HttpContent)
                && http.decoderResult().isSuccess()) {
            Start.Starter probe = probeOf(http);
            if (probe != null) {
                ctx.fireChannelRead(new Probe(http, probe));
                return;
            }
        }
        ctx.fireChannelRead(msg);
    }

    private Start.Starter probeOf(HttpRequest http) {
        String method = http.method().name();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            return null;
        }
        String path = RequestTarget.rawPath(http.uri());
        if (path.equals(server.healthPath)) {
            return health;
        }
        if (path.equals(server.readyPath)) {
            return ready;
        }
        return path.equals(server.metricsPath) ? metrics : null;
    }

    /** Readiness touches the disk: it runs on a worker, and answers 503 with the reason when the store cannot take writes. */
    private final class Readiness implements Start.Work {
        private final String requestId;

        Readiness(String requestId) {
            this.requestId = requestId;
        }

        @Override
        public Start.Answer run() {
            try {
                server.readiness.check();
                return Start.Answer.keepOpen(S3Response.ok().body(OK, "text/plain"));
            } catch (Exception e) {
                LOG.warn("{} not ready: {}", requestId, e.toString());
                return Start.Answer.keepOpen(
                        S3Response.status(503).errorCode("NotReady").body(NOT_READY, "text/plain"));
            }
        }

        @Override
        public S3Response refused() {
            return S3Response.status(503).errorCode("NotReady").body(OVERLOADED, "text/plain");
        }
    }
}
