package io.posixgw.server.http;

import io.netty.channel.ChannelException;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import io.posixgw.core.backend.NonBlocking;
import io.posixgw.server.ops.S3Response;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.concurrent.RejectedExecutionException;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One per connection, on its event loop: the HTTP/1.1 lifecycle of its requests. Each is
 * started (by the {@link RequestStarter}, or as a {@link ProbeHandler.Probe}), its work
 * handed to a blocking worker (or, a small read, run on this loop: {@link InlineReads}), its
 * body streamed to it, and its answer written back.
 * Requests on a keep-alive connection are answered strictly in order: one that arrives
 * while another is in progress waits, with reading paused.
 *
 * <p>Where the connection is with its current request is one {@link Phase}; every change
 * of phase, and what entering a phase does, is in {@link #next} and {@link #advance}:
 * <pre>
 * READING_HEAD --HEAD-----------------> RUNNING       the work goes to a worker
 * READING_HEAD --HEAD_WITH_BODY-------> READING_BODY  (after 100 Continue, if asked for)
 * READING_BODY --READ_OVER|BODY_ENDED-> RUNNING       the work goes to a worker
 * (not CLOSING) --ANSWERED------------> READING_HEAD  kept open, request complete: the next one is served
 *                                    -> DRAINING      kept open, body still coming: it is read and dropped
 *                                    -> CLOSING       not kept open: done at once, or lingers for the body
 * DRAINING     --BODY_ENDED-----------> READING_HEAD  the next one is served
 * CLOSING      --BODY_ENDED-----------> CLOSING       done: what was pipelined is dropped
 * any          --BODY_MALFORMED|FAILED-> CLOSING
 * </pre>
 * Answering is no phase of its own: the answer goes out through the channel, which keeps
 * answers in order, and the next request may start while it is still being sent.
 *
 * <p>A request with a body goes to its worker once the body is complete or the read
 * that brought its head is over, whichever comes first: a small PUT usually arrives
 * whole in one read, and its worker then runs through without parking for the body.
 */
final class ConnectionHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionHandler.class);
    /** An early answer keeps the connection and drops the unread body only if this little is left. */
    private static final long MAX_DISCARD = 1 << 20;

    /** Where the connection is with its current request. */
    enum Phase {
        /** No request: the next message is a head (the head timeout runs from its first byte). */
        READING_HEAD,
        /** A request with a body has started: its work waits until the body is complete or the read is over. */
        READING_BODY,
        /** The work runs on a worker, pulling the body as it arrives; requests behind it wait, unread. */
        RUNNING,
        /**
         * Answered before its body ended, the connection stays: the rest of the body is read and
         * dropped. (The server's own draining, when it stops, is {@link ServerContext#draining}.)
         */
        DRAINING,
        /**
         * The connection ends after the answer (RFC 9112 §9.6): what arrives is dropped, and nothing
         * pipelined behind is run, as its answer could not be sent; a client that retries what it
         * got no answer for would otherwise apply a DELETE or PUT twice. Nothing leaves this phase.
         */
        CLOSING
    }

    /** What moves a connection from one phase to the next. */
    enum Event {
        /** A head was read and its work has no body. */
        HEAD,
        /** A head was read and its work reads a body. */
        HEAD_WITH_BODY,
        /** The read that brought the head is over (or the connection closed): a waiting work may run. */
        READ_OVER,
        /** The last byte of the current request arrived. */
        BODY_ENDED,
        /** The answer was handed to the channel. */
        ANSWERED,
        /** The body of an answered request is malformed: the connection cannot find the next request. */
        BODY_MALFORMED,
        /** The connection failed. */
        FAILED
    }

    private final ServerContext server;
    private final Start.Starter s3;
    private final ArrayDeque<Object> pipelined = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private Phase phase = Phase.READING_HEAD;
    /** The request being served, or null between requests. */
    private InFlight current;

    ConnectionHandler(ServerContext server, Start.Starter s3) {
        this.server = server;
        this.s3 = s3;
    }

    // ------------------------------------------------------------------ the state machine

    /** The phase after {@code event} in phase {@code from}. */
    static Phase next(Phase from, Event event, boolean keepAlive, boolean bodyComplete) {
        if (from == Phase.CLOSING) {
            return Phase.CLOSING;
        }
        return switch (event) {
            case HEAD -> Phase.RUNNING;
            case HEAD_WITH_BODY -> Phase.READING_BODY;
            case READ_OVER -> from == Phase.READING_BODY ? Phase.RUNNING : from;
            case BODY_ENDED ->
                from == Phase.READING_BODY ? Phase.RUNNING : from == Phase.DRAINING ? Phase.READING_HEAD : from;
            case ANSWERED -> !keepAlive ? Phase.CLOSING : bodyComplete ? Phase.READING_HEAD : Phase.DRAINING;
            case BODY_MALFORMED, FAILED -> Phase.CLOSING;
        };
    }

    /** Moves to the next phase and does what entering it does. */
    private void advance(Event event) {
        InFlight r = current;
        Phase from = phase;
        phase = next(from, event, r != null && r.keepAlive, r != null && r.bodyComplete);
        // the request is over: answered, and its last byte arrived (or, closing, none is awaited)
        boolean over = event == Event.ANSWERED || event == Event.BODY_ENDED && r.answer != InFlight.Answer.NONE;
        switch (phase) {
            case RUNNING -> {
                if (from != Phase.RUNNING) {
                    submit(r);
                }
            }
            case READING_HEAD -> {
                if (over) {
                    serveNext();
                }
            }
            case CLOSING -> {
                if (over && !(event == Event.ANSWERED && lingers(r))) {
                    serveNext(); // here: drops what was pipelined
                } else if (event == Event.BODY_MALFORMED && r.answer == InFlight.Answer.WRITTEN) {
                    LingeringClose.after(ctx.channel()); // (not written yet: its write's listener ends the connection)
                } else if (event == Event.FAILED && from == Phase.READING_BODY) {
                    submit(r); // the work fails on the body, and cleans up
                }
            }
            default -> {}
        }
    }

    /**
     * A client still sending a body we will not use often reads the answer only once it has
     * sent everything: the connection keeps reading (and dropping) it for a moment before it
     * closes, so the answer is seen. Not when the client waits for a 100 Continue it never got.
     */
    private static boolean lingers(InFlight r) {
        return !r.bodyComplete && !(r.expectContinue && !r.continueSent);
    }

    /** The current request is done: the one pipelined behind it is served, or, when closing, dropped. */
    private void serveNext() {
        current = null;
        RequestHeadTimeout head = ctx.pipeline().get(RequestHeadTimeout.class);
        if (head != null) {
            head.requestEnded();
        }
        if (phase == Phase.CLOSING) {
            drop(pipelined);
            return;
        }
        // Feed the next request and its body parts; stop once one is complete and waiting for its answer.
        while (!pipelined.isEmpty() && (current == null || !current.bodyComplete)) {
            dispatch(pipelined.poll());
        }
        advance(Event.READ_OVER);
        if (pipelined.isEmpty() && (current == null || !current.bodyComplete)) {
            ctx.channel().config().setAutoRead(true);
        }
    }

    // ------------------------------------------------------------------ reading

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    /** True while the request being served has body bytes still to arrive. */
    boolean bodyPending() {
        return current != null && !current.bodyComplete;
    }

    /** True between requests: the connection can be closed without cutting anything short. */
    boolean isIdle() {
        return current == null && pipelined.isEmpty();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        boolean head = msg instanceof HttpRequest || msg instanceof ProbeHandler.Probe;
        if (phase == Phase.CLOSING && (head || current == null || current.bodyComplete)) {
            ReferenceCountUtil.release(msg); // the rest of the answered request's body still goes to onContent
            return;
        }
        if (current != null && (current.bodyComplete || !pipelined.isEmpty())) {
            // The next request arrived before this one was answered: keep it for later.
            pipelined.add(msg);
            ctx.channel().config().setAutoRead(false);
            return;
        }
        dispatch(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        advance(Event.READ_OVER);
        ctx.fireChannelReadComplete();
    }

    private void dispatch(Object msg) {
        if (msg instanceof ProbeHandler.Probe probe) {
            startRequest(probe.http(), probe.starter());
            return;
        }
        if (msg instanceof HttpRequest http) {
            startRequest(http, s3);
        }
        if (msg instanceof HttpContent content) {
            onContent(content);
        } else if (!(msg instanceof HttpRequest)) {
            ReferenceCountUtil.release(msg);
        }
    }

    private void startRequest(HttpRequest http, Start.Starter starter) {
        InFlight r = new InFlight(http);
        current = r;
        RequestHeadTimeout head = ctx.pipeline().get(RequestHeadTimeout.class);
        if (head != null) {
            head.requestStarted();
        }
        server.inFlight.incrementAndGet();
        r.keepAlive = server.keepAlive && HttpUtil.isKeepAlive(http) && !server.draining;
        Start start = RequestStarter.refusal(r, server.draining);
        if (start == null) {
            start = starter.start(r, ctx.channel());
        }
        if (start instanceof Start.Answer answer) {
            answer(r, answer);
            return;
        }
        Start.Run run = (Start.Run) start;
        r.work = run.work();
        r.body = run.body();
        if (r.body != null && r.expectContinue) {
            r.continueSent = true;
            ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
        }
        advance(r.body != null ? Event.HEAD_WITH_BODY : Event.HEAD);
    }

    private void onContent(HttpContent content) {
        InFlight r = current;
        if (r == null) {
            content.release();
            return;
        }
        r.bytesIn += content.content().readableBytes();
        if (content.decoderResult().isFailure()) {
            content.release();
            r.keepAlive = false;
            if (r.body != null) {
                r.body.fail(new IOException(
                        "malformed request body: " + content.decoderResult().cause()));
            }
            if (r.answer != InFlight.Answer.NONE) {
                advance(Event.BODY_MALFORMED);
            }
            return;
        }
        boolean last = content instanceof LastHttpContent;
        if (r.body != null && r.answer == InFlight.Answer.NONE) {
            r.body.offer(content.content(), last);
        } else {
            content.release();
        }
        if (last) {
            r.bodyComplete = true;
            advance(Event.BODY_ENDED);
        }
    }

    // ------------------------------------------------------------------ running and answering

    private void submit(InFlight r) {
        Start.Work work = r.work;
        if (work.readsOnly() && server.inlineReads.admits()) {
            // as a task of this loop (no wake-up): it runs once this read is over, like a worker's
            // run would, so the request's end (the empty last content of a GET) has been seen
            ctx.executor().execute(() -> runInline(r, work));
            return;
        }
        toWorker(r, work);
    }

    /** Runs a read on the event loop ({@link InlineReads}), or on a worker when it would wait. */
    private void runInline(InFlight r, Start.Work work) {
        long start = System.nanoTime();
        Start.Answer answer;
        try {
            answer = NonBlocking.run(work::run);
        } catch (NonBlocking.WouldWait w) {
            toWorker(r, work);
            return;
        } finally {
            server.inlineReads.took(System.nanoTime() - start);
        }
        answer(r, answer);
    }

    private void toWorker(InFlight r, Start.Work work) {
        try {
            server.workers.execute(() -> {
                Start.Answer answer = work.run();
                ctx.executor().execute(() -> answer(r, answer));
            });
        } catch (RejectedExecutionException e) {
            if (r.body != null) {
                r.body.close();
            }
            respond(r, work.refused());
        }
    }

    private void answer(InFlight r, Start.Answer answer) {
        if (answer.close()) {
            r.keepAlive = false;
        }
        respond(r, answer.response());
    }

    private void respond(InFlight r, S3Response response) {
        if (r != current || !ctx.channel().isActive()) {
            response.discard();
            if (r == current) {
                r.end(server, ctx.channel(), response, 0);
            }
            return;
        }
        if (!r.bodyComplete) {
            // Answered before the whole body arrived (an early error). Either drop the rest
            // of a small body and keep the connection, or close: a client waiting for
            // 100-continue will never send the body we would be waiting for.
            long remaining = r.unreadBodyBytes();
            if (remaining > 0 && r.expectContinue && !r.continueSent || remaining < 0 || remaining > MAX_DISCARD) {
                r.keepAlive = false;
            }
        }
        if (server.draining) {
            r.keepAlive = false;
        }
        r.answer = InFlight.Answer.WRITING;
        long bytesOut = response.bodyLength();
        HttpVersion version =
                r.http.protocolVersion() == HttpVersion.HTTP_1_0 ? HttpVersion.HTTP_1_0 : HttpVersion.HTTP_1_1;
        ResponseWriter.write(ctx, response, r.requestId, r.keepAlive, version, server.zeroCopy)
                .addListener((ChannelFutureListener) f -> written(r, response, f, bytesOut));
        advance(Event.ANSWERED);
    }

    private void written(InFlight r, S3Response response, ChannelFuture f, long bytesOut) {
        r.end(server, ctx.channel(), response, f.isSuccess() ? bytesOut : 0);
        r.answer = InFlight.Answer.WRITTEN;
        if (!f.isSuccess()) {
            LOG.debug("{} response write failed: {}", r.requestId, String.valueOf(f.cause()));
            f.channel().close();
        } else if (!r.keepAlive) { // (also when the body failed while the answer was being written)
            LingeringClose.after(f.channel());
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
        advance(Event.READ_OVER); // a waiting work then fails on the body, and cleans up
        if (r != null && r.answer == InFlight.Answer.WRITING) {
            // Answered, but the connection died before the write completed.
            r.end(server, ctx.channel(), S3Response.status(499).errorCode("ClientClosed"), 0);
        }
        drop(pipelined);
        ctx.fireChannelInactive();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            // Idle keep-alive connections (and half-sent request heads) are closed, and so are
            // answered requests whose rest of body the client stopped sending; a stalled body
            // is timed out by its reader, a slow operation is left alone.
            if (phase != Phase.READING_BODY && phase != Phase.RUNNING) {
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
        Throwable c =
                (cause instanceof DecoderException || cause instanceof ChannelException) && cause.getCause() != null
                        ? cause.getCause()
                        : cause;
        if (c instanceof SSLException) {
            LOG.debug("connection {}: TLS failed: {}", ctx.channel().remoteAddress(), c.getMessage());
        } else if (c instanceof IOException || cause instanceof DecoderException) {
            // a client gone, or bytes no HTTP decoder takes (e.g. pipelining beyond the decoder's depth)
            LOG.debug("connection {} closed: {}", ctx.channel().remoteAddress(), c.toString());
        } else {
            LOG.warn("connection {} failed", ctx.channel().remoteAddress(), cause);
        }
        ctx.close();
        advance(Event.FAILED); // after the close: a work still waiting for its body then fails on it, unanswered
    }

    /** Called on the event loop when the server starts draining. */
    void closeIfIdle() {
        if (isIdle()) {
            ctx.close();
        }
    }
}
