package io.posixgw.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelException;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.server.metrics.ServerMetrics;
import io.posixgw.server.ops.Exchange;
import io.posixgw.server.ops.Operations;
import io.posixgw.server.ops.S3Response;
import io.posixgw.server.routing.Endpoint;
import io.posixgw.server.routing.RequestTarget;
import io.posixgw.server.routing.Router;
import io.posixgw.server.routing.S3Request;
import io.posixgw.sigv4.AuthResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.RejectedExecutionException;
import javax.net.ssl.SSLException;

/**
 * One per connection, on its event loop. Parses and authenticates each request,
 * hands the operation to a blocking worker, streams the body to it, and writes the
 * answer back. Requests on a keep-alive connection are answered strictly in order:
 * a request that arrives while another is in progress waits (with reading paused).
 *
 * <p>A request with a body goes to its worker once the body is complete or the read
 * that brought its head is over, whichever comes first: a small PUT usually arrives
 * whole in one read, and its worker then runs through without parking for the body.
 */
final class ConnectionHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionHandler.class);
    /** An early answer keeps the connection and drops the unread body only if this little is left. */
    private static final long MAX_DISCARD = 1 << 20;
    /** How long a connection that will close keeps draining an unwanted body after the answer. */
    private static final byte[] OK = "OK\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final ServerContext server;
    private final ArrayDeque<Object> pipelined = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private InFlight current;
    /**
     * Set once an answer closes the connection: requests the client pipelined behind it
     * are never run (RFC 9112 §9.6), as their answers could not be sent; a client that
     * retries what it got no answer for would otherwise apply a DELETE or PUT twice.
     */
    private boolean closing;

    /** The request being served on this connection. */
    private static final class InFlight {
        final String requestId = RequestIds.next();
        final long startNanos = System.nanoTime();
        final HttpRequest http;
        final String path;
        final boolean expectContinue;
        Endpoint endpoint;
        /** For metrics and the access log: the S3 API name, or one of {@link ServerMetrics.Operation}. */
        String operation = ServerMetrics.Operation.UNKNOWN;
        String bucket;
        String key;
        HttpBody body;
        boolean keepAlive;
        boolean lastSeen;
        boolean responded;
        /** The answer's write completed (its listener ran). */
        boolean written;
        boolean continueSent;
        boolean ended;
        long bytesIn;
        /** The operation, while it waits for its body to arrive or the current read to end. */
        Runnable pendingWork;

        InFlight(HttpRequest http) {
            this.http = http;
            this.path = RequestTarget.rawPath(http.uri());
            this.expectContinue = HttpUtil.is100ContinueExpected(http);
        }
    }

    ConnectionHandler(ServerContext server) {
        this.server = server;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    /** True while the request being served has body bytes still to arrive. */
    boolean bodyPending() {
        return current != null && !current.lastSeen;
    }

    /** True between requests: the connection can be closed without cutting anything short. */
    boolean isIdle() {
        return current == null && pipelined.isEmpty();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (closing && (msg instanceof HttpRequest || current == null || current.lastSeen)) {
            ReferenceCountUtil.release(msg); // the rest of the answered request's body still goes to onContent
            return;
        }
        if (current != null && (current.lastSeen || !pipelined.isEmpty())) {
            // The next request arrived before this one was answered: keep it for later.
            pipelined.add(msg);
            ctx.channel().config().setAutoRead(false);
            return;
        }
        dispatch(msg);
    }

    private void dispatch(Object msg) {
        if (msg instanceof HttpRequest) {
            startRequest((HttpRequest) msg);
        }
        if (msg instanceof HttpContent) {
            onContent((HttpContent) msg);
        } else if (!(msg instanceof HttpRequest)) {
            ReferenceCountUtil.release(msg);
        }
    }

    // ------------------------------------------------------------------ request start

    private void startRequest(HttpRequest http) {
        InFlight r = new InFlight(http);
        current = r;
        RequestHeadTimeout head = ctx.pipeline().get(RequestHeadTimeout.class);
        if (head != null) {
            head.requestStarted();
        }
        server.inFlight.incrementAndGet();
        r.keepAlive = server.keepAlive && HttpUtil.isKeepAlive(http) && !server.draining;

        DecoderResult decoded = http.decoderResult();
        if (decoded.isFailure()) {
            r.keepAlive = false;
            respond(r, Errors.render(S3RequestReader.decodeError(decoded.cause()), http.method().name(), r.path, r.requestId));
            return;
        }
        S3Exception framing = S3RequestReader.framingError(http);
        if (framing != null) {
            r.keepAlive = false;
            respond(r, Errors.render(framing, http.method().name(), r.path, r.requestId));
            return;
        }
        if (http.protocolVersion().majorVersion() != 1) {
            // e.g. an HTTP/2 preface sent in clear text: answered in HTTP/1.1, the only version spoken here
            r.keepAlive = false;
            respond(r, Errors.render(new S3Exception(S3Error.HTTP_VERSION_NOT_SUPPORTED,
                    "The HTTP version specified is not supported: " + http.protocolVersion().text() + "; this server speaks HTTP/1.1"),
                    http.method().name(), r.path, r.requestId));
            return;
        }
        if (server.draining) {
            r.keepAlive = false;
            respond(r, Errors.render(new S3Exception(S3Error.SERVICE_UNAVAILABLE, "The server is shutting down"),
                    http.method().name(), r.path, r.requestId));
            return;
        }
        boolean probe = http.method().name().equals("GET") || http.method().name().equals("HEAD");
        if (probe && r.path.equals(server.healthPath)) {
            r.operation = ServerMetrics.Operation.HEALTH;
            respond(r, S3Response.ok().body(OK, "text/plain"));
            return;
        }
        if (probe && r.path.equals(server.readyPath)) {
            r.operation = ServerMetrics.Operation.READY;
            checkReadiness(r);
            return;
        }
        if (probe && r.path.equals(server.metricsPath)) {
            r.operation = ServerMetrics.Operation.METRICS;
            respond(r, S3Response.ok().body(server.metrics.scrapePrometheus(), ServerMetrics.PROMETHEUS_CONTENT_TYPE));
            return;
        }
        S3Request request = null;
        boolean authenticated = false;
        Exchange exchange;
        try {
            request = S3RequestReader.read(http);
            r.bucket = request.bucket();
            r.key = request.key();
            r.endpoint = Router.route(request);
            r.operation = r.endpoint.apiName();
            if (!r.endpoint.implemented()) {
                throw new S3Exception(S3Error.NOT_IMPLEMENTED, r.endpoint.apiName() + " is not implemented by posixgw");
            }
            AuthResult auth = server.authenticator.authenticate(request, r.endpoint);
            authenticated = true;
            if (server.readOnly && r.endpoint.permission() != Endpoint.Permission.READ) {
                throw new S3Exception(S3Error.ACCESS_DENIED, "Access Denied: this server is read-only");
            }
            S3RequestReader.validateNames(request);
            if (Operations.takesBody(r.endpoint)) {
                r.body = newBody(http, request, auth, r.endpoint);
            }
            exchange = new Exchange(request, r.endpoint, server.authenticator.caller(auth), r.body, r.requestId);
        } catch (S3Exception e) {
            S3Exception answer = authenticated || request == null ? e : authenticateBeforeRefusing(e, request);
            respond(r, Errors.render(answer, http.method().name(), resourceOf(r), r.requestId));
            return;
        } catch (RuntimeException e) {
            LOG.error("{} cannot start request {} {}", r.requestId, http.method(), r.path, e);
            respond(r, Errors.render(S3Error.INTERNAL_ERROR.exception(), http.method().name(), r.path, r.requestId));
            return;
        }
        if (r.body != null && r.expectContinue) {
            r.continueSent = true;
            ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
        }
        Runnable work = () -> runOperation(r, exchange);
        if (r.body != null) {
            r.pendingWork = work; // see dispatchPending
            return;
        }
        submit(r, work);
    }

    private void submit(InFlight r, Runnable work) {
        try {
            server.workers.execute(work);
        } catch (RejectedExecutionException e) {
            if (r.body != null) {
                r.body.close();
            }
            respond(r, Errors.render(new S3Exception(S3Error.SLOW_DOWN, S3Error.SLOW_DOWN.defaultMessage()),
                    r.http.method().name(), r.path, r.requestId));
        }
    }

    /**
     * Starts the current request's operation if it is waiting: called when its body is
     * complete, at the end of each read, when pipelined messages have been fed, and when
     * the connection closes (the operation then fails on the body and cleans up).
     */
    private void dispatchPending() {
        InFlight r = current;
        if (r != null && r.pendingWork != null) {
            Runnable work = r.pendingWork;
            r.pendingWork = null;
            submit(r, work);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        dispatchPending();
        ctx.fireChannelReadComplete();
    }

    /** Readiness touches the disk: it runs on a worker, and answers 503 with the reason when the store cannot take writes. */
    private void checkReadiness(InFlight r) {
        try {
            server.workers.execute(() -> {
                S3Response answer;
                try {
                    server.readiness.check();
                    answer = S3Response.ok().body(OK, "text/plain");
                } catch (Exception e) {
                    LOG.warn("{} not ready: {}", r.requestId, e.toString());
                    answer = S3Response.status(503).errorCode("NotReady")
                            .body("not ready: the data root is not usable (the log says why)\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                                    "text/plain"); // unauthenticated: no paths or file-system details
                }
                S3Response a = answer;
                ctx.executor().execute(() -> respond(r, a));
            });
        } catch (RejectedExecutionException e) {
            respond(r, S3Response.status(503).errorCode("NotReady").body("not ready: overloaded\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII), "text/plain"));
        }
    }

    private static String resourceOf(InFlight r) {
        try {
            return RequestTarget.decodePath(r.path);
        } catch (S3Exception e) {
            return r.path;
        }
    }

    private HttpBody newBody(HttpRequest http, S3Request request, AuthResult auth, Endpoint endpoint) {
        long length;
        if (auth.decodedContentLength() >= 0) {
            length = auth.decodedContentLength();
        } else if (HttpUtil.isContentLengthSet(http)) {
            length = HttpUtil.getContentLength(http, -1L);
        } else {
            length = -1;
        }
        if (Operations.takesObjectData(endpoint) && length < 0 && !HttpUtil.isContentLengthSet(http)) {
            throw new S3Exception(S3Error.MISSING_CONTENT_LENGTH, S3Error.MISSING_CONTENT_LENGTH.defaultMessage());
        }
        // On CompleteMultipartUpload the x-amz-checksum-* headers describe the object being made, not the XML body.
        BodyChecksums checksums = endpoint == Endpoint.COMPLETE_MULTIPART_UPLOAD ? null : BodyChecksums.fromHeaders(request.headers());
        return new HttpBody(ctx.channel(), auth.newBodyDecoder(), checksums, length, server.bodyTimeoutMillis);
    }

    /**
     * A request routing refuses (405: no such method here; 501: an API posixgw lacks) before it
     * was authenticated is authenticated first, so only a caller whose signature holds learns
     * which APIs exist; others get the authentication error (an unsigned request: AccessDenied),
     * as on S3.
     */
    private S3Exception authenticateBeforeRefusing(S3Exception refusal, S3Request request) {
        if (refusal.error() != S3Error.NOT_IMPLEMENTED && refusal.error() != S3Error.METHOD_NOT_ALLOWED) {
            return refusal;
        }
        try {
            // any endpoint that accepts the us-east-1 scope: a region error must not hide a failed signature
            server.authenticator.authenticate(request, Endpoint.LIST_BUCKETS);
            return refusal;
        } catch (S3Exception authFailed) {
            return authFailed;
        }
    }

    // ------------------------------------------------------------------ body

    private void onContent(HttpContent content) {
        InFlight r = current;
        boolean last = content instanceof LastHttpContent;
        if (r == null) {
            content.release();
            return;
        }
        ByteBuf data = content.content();
        r.bytesIn += data.readableBytes();
        if (content.decoderResult().isFailure()) {
            content.release();
            r.keepAlive = false;
            if (r.body != null) {
                r.body.fail(new IOException("malformed request body: " + content.decoderResult().cause()));
            }
            if (!r.responded) {
                return;
            }
            closing = true;
            if (r.written) {
                LingeringClose.after(ctx.channel()); // else the answer's write ends it (r.keepAlive is false now)
            }
            return;
        }
        if (r.body != null && !r.responded) {
            r.body.offer(data, last);
        } else {
            content.release();
        }
        if (last) {
            r.lastSeen = true;
            if (r.responded) {
                // (without keep-alive, the answer's write ends the connection: see LingeringClose)
                finishRequest();
            } else {
                dispatchPending(); // (an answered request has no operation left to start)
            }
        }
    }

    // ------------------------------------------------------------------ operation

    private void runOperation(InFlight r, Exchange exchange) {
        S3Response response;
        try {
            response = server.operations.run(exchange);
            SmallFileBody.load(response, ctx.alloc());
        } catch (S3Exception e) {
            response = Errors.render(e, exchange.request().method(), exchange.request().resource(), r.requestId);
        } catch (IOException e) {
            if (r.body != null && !r.body.fullyReceived()) {
                // The client went away or stopped sending mid-body: nothing was stored.
                LOG.debug("{} body failed: {}", r.requestId, e.toString());
                r.keepAlive = false;
                response = Errors.render(new S3Exception(S3Error.INCOMPLETE_BODY, S3Error.INCOMPLETE_BODY.defaultMessage()),
                        exchange.request().method(), exchange.request().resource(), r.requestId);
            } else {
                LOG.error("{} {} {} failed", r.requestId, r.endpoint.apiName(), exchange.request().resource(), e);
                response = Errors.render(S3Error.INTERNAL_ERROR.exception(), exchange.request().method(),
                        exchange.request().resource(), r.requestId);
            }
        } catch (RuntimeException | Error e) {
            LOG.error("{} {} {} failed", r.requestId, r.endpoint.apiName(), exchange.request().resource(), e);
            response = Errors.render(S3Error.INTERNAL_ERROR.exception(), exchange.request().method(),
                    exchange.request().resource(), r.requestId);
        } finally {
            if (r.body != null) {
                r.body.close();
            }
        }
        S3Response answer = response;
        if (answer.errorCode() != null && S3Error.REQUEST_TIMEOUT.code().equals(answer.errorCode())) {
            r.keepAlive = false;
        }
        ctx.executor().execute(() -> respond(r, answer));
    }

    // ------------------------------------------------------------------ response

    private void respond(InFlight r, S3Response response) {
        if (r != current || !ctx.channel().isActive()) {
            response.discard();
            if (r == current) {
                endRequest(r, response, 0);
            }
            return;
        }
        r.responded = true;
        if (!r.lastSeen) {
            // Answered before the whole body arrived (an early error). Either drop the rest
            // of a small body and keep the connection, or close: a client waiting for
            // 100-continue will never send the body we would be waiting for.
            long remaining = unreadBodyBytes(r);
            if (remaining > 0 && r.expectContinue && !r.continueSent || remaining < 0 || remaining > MAX_DISCARD) {
                r.keepAlive = false;
            }
        }
        if (server.draining) {
            r.keepAlive = false;
        }
        boolean keepAlive = r.keepAlive;
        if (!keepAlive) {
            closing = true;
        }
        // A client still sending a body we will not use often reads the answer only once it has
        // sent everything: keep reading (and dropping) for a moment before closing, so the error is seen.
        boolean linger = !keepAlive && !r.lastSeen && !(r.expectContinue && !r.continueSent);
        long bytesOut = response.bodyLength();
        HttpVersion version = r.http.protocolVersion() == HttpVersion.HTTP_1_0 ? HttpVersion.HTTP_1_0 : HttpVersion.HTTP_1_1;
        ResponseWriter.write(ctx, response, r.requestId, keepAlive, version, server.zeroCopy)
                .addListener((ChannelFutureListener) f -> {
                    endRequest(r, response, f.isSuccess() ? bytesOut : 0);
                    r.written = true;
                    if (!f.isSuccess()) {
                        LOG.debug("{} response write failed: {}", r.requestId, String.valueOf(f.cause()));
                        f.channel().close();
                    } else if (!r.keepAlive) { // (also when the body failed while the answer was being written)
                        LingeringClose.after(f.channel());
                    }
                });
        if (r.lastSeen || !keepAlive && !linger) {
            finishRequest();
        }
    }

    /** Body bytes the client has still to send: 0 for bodiless requests, -1 when unknown (chunked). */
    private static long unreadBodyBytes(InFlight r) {
        if (HttpUtil.isContentLengthSet(r.http)) {
            try {
                return Math.max(0, HttpUtil.getContentLength(r.http, 0L) - r.bytesIn);
            } catch (NumberFormatException malformed) {
                return -1; // a Content-Length the decoder refused: the body's end is unknown
            }
        }
        return HttpUtil.isTransferEncodingChunked(r.http) ? -1 : 0;
    }

    private void endRequest(InFlight r, S3Response response, long bytesOut) {
        if (r.ended) {
            return;
        }
        r.ended = true;
        long nanos = System.nanoTime() - r.startNanos;
        server.inFlight.decrementAndGet();
        server.metrics.requestEnded(r.operation, response.status(), response.errorCode(), r.bytesIn, bytesOut, nanos);
        if (server.accessLog.enabled()) {
            server.accessLog.log(new AccessLog.Entry(r.requestId, ctx.channel().remoteAddress(), r.http.method().name(),
                    r.path, r.operation, r.bucket, r.key, response.status(), response.errorCode(), r.bytesIn, bytesOut, nanos));
        }
    }

    /** The request is fully received and answered: serve whatever was pipelined behind it. */
    private void finishRequest() {
        InFlight r = current;
        current = null;
        RequestHeadTimeout head = ctx.pipeline().get(RequestHeadTimeout.class);
        if (head != null) {
            head.requestEnded();
        }
        if (r != null && !r.keepAlive) {
            closing = true;
            drop(pipelined);
            return;
        }
        // Feed the next request and its body parts; stop once one is complete and waiting for its answer.
        while (!pipelined.isEmpty() && (current == null || !current.lastSeen)) {
            dispatch(pipelined.poll());
        }
        dispatchPending();
        if (pipelined.isEmpty() && (current == null || !current.lastSeen)) {
            ctx.channel().config().setAutoRead(true);
        }
    }

    private static void drop(ArrayDeque<Object> messages) {
        Object m;
        while ((m = messages.poll()) != null) {
            ReferenceCountUtil.release(m);
        }
    }

    // ------------------------------------------------------------------ connection events

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        InFlight r = current;
        if (r != null && r.body != null) {
            r.body.fail(new ClosedChannelException());
        }
        dispatchPending();
        if (r != null && r.responded && !r.ended) {
            // Answered, but the connection died before the write completed.
            endRequest(r, S3Response.status(499).errorCode("ClientClosed"), 0);
        }
        drop(pipelined);
        ctx.fireChannelInactive();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            // Idle keep-alive connections (and half-sent request heads) are closed; a
            // stalled body is timed out by its reader, a slow operation is left alone.
            if (current == null || current.responded) {
                // (an answered request whose rest of body the client stopped sending: nothing left to wait for)
                ctx.close();
            }
            return;
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // a failed TLS handshake (client distrusts the certificate, speaks no common protocol) arrives wrapped
        // and so does a socket call on a connection the client closed (Netty's ChannelException around an IOException)
        Throwable c = (cause instanceof DecoderException || cause instanceof ChannelException) && cause.getCause() != null
                ? cause.getCause() : cause;
        if (c instanceof SSLException) {
            LOG.debug("connection {}: TLS failed: {}", ctx.channel().remoteAddress(), c.getMessage());
        } else if (c instanceof IOException || cause instanceof DecoderException) {
            // a client gone, or bytes no HTTP decoder takes (e.g. pipelining beyond the decoder's depth)
            LOG.debug("connection {} closed: {}", ctx.channel().remoteAddress(), c.toString());
        } else {
            LOG.warn("connection {} failed", ctx.channel().remoteAddress(), cause);
        }
        closing = true;
        ctx.close();
    }

    /** Called on the event loop when the server starts draining. */
    void closeIfIdle() {
        if (isIdle()) {
            ctx.close();
        }
    }

}
