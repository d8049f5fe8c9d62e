package io.posixgw.server.http;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.posixgw.server.metrics.ServerMetrics;
import io.posixgw.server.ops.S3Response;
import io.posixgw.server.routing.RequestTarget;

/**
 * The request a connection is serving: what it is, what has been seen of it, and its
 * accounting. Where the connection is with it is {@link ConnectionHandler}'s phase.
 */
final class InFlight {
    /** How far its answer has gone. */
    enum Answer {
        NONE,
        /** Handed to the channel, the write not complete. */
        WRITING,
        /** The write completed (its listener ran). */
        WRITTEN
    }

    final String requestId = RequestIds.next();
    final long startNanos = System.nanoTime();
    final HttpRequest http;
    final String path;
    final boolean expectContinue;
    /** For metrics and the access log: the S3 API name, or one of {@link ServerMetrics.Operation}. */
    String operation = ServerMetrics.Operation.UNKNOWN;

    String bucket;
    String key;
    HttpBody body;
    /** What runs on a worker, or null when the request is answered at once. */
    Start.Work work;
    /** The connection stays open after this request: asked for, and nothing since has ruled it out. */
    boolean keepAlive;
    /** The last byte of its body (or of the head, without one) has arrived. */
    boolean bodyComplete;

    boolean continueSent;
    Answer answer = Answer.NONE;
    long bytesIn;
    private boolean ended;

    InFlight(HttpRequest http) {
        this.http = http;
        this.path = RequestTarget.rawPath(http.uri());
        this.expectContinue = HttpUtil.is100ContinueExpected(http);
    }

    /** Body bytes the client has still to send: 0 for bodiless requests, -1 when unknown (chunked). */
    long unreadBodyBytes() {
        if (HttpUtil.isContentLengthSet(http)) {
            try {
                return Math.max(0, HttpUtil.getContentLength(http, 0L) - bytesIn);
            } catch (NumberFormatException malformed) {
                return -1; // a Content-Length the decoder refused: the body's end is unknown
            }
        }
        return HttpUtil.isTransferEncodingChunked(http) ? -1 : 0;
    }

    /** Records the request in the metrics and the access log, once, whatever path ends it. */
    void end(ServerContext server, Channel channel, S3Response response, long bytesOut) {
        if (ended) {
            return;
        }
        ended = true;
        long nanos = System.nanoTime() - startNanos;
        server.inFlight.decrementAndGet();
        server.metrics.requestEnded(operation, response.status(), response.errorCode(), bytesIn, bytesOut, nanos);
        if (server.accessLog.enabled()) {
            server.accessLog.log(new AccessLog.Entry(
                    requestId,
                    channel.remoteAddress(),
                    http.method().name(),
                    path,
                    operation,
                    bucket,
                    key,
                    response.status(),
                    response.errorCode(),
                    bytesIn,
                    bytesOut,
                    nanos));
        }
    }
}
