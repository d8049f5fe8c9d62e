package io.posixgw.server.http;

import io.netty.channel.Channel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.handler.timeout.IdleStateHandler;
import io.posixgw.server.tls.ServerTls;
import java.util.concurrent.TimeUnit;

/**
 * The handlers of a client connection, in order: one place for the server and for the
 * tests that drive a connection without a socket.
 */
final class ConnectionPipeline {
    /** The largest request head S3 accepts; beyond it, 400 and the connection is closed. */
    static final int MAX_HEADER_BYTES = 8 * 1024;
    /** Presigned URLs carry credentials and signature in the request line. */
    static final int MAX_REQUEST_LINE = 16 * 1024;

    private static final HttpDecoderConfig DECODER = new HttpDecoderConfig()
            .setMaxInitialLineLength(MAX_REQUEST_LINE)
            .setMaxHeaderSize(MAX_HEADER_BYTES)
            .setMaxChunkSize(1 << 20)
            .setValidateHeaders(true);

    private ConnectionPipeline() {}

    private static HttpServerCodec codec() {
        return new HttpServerCodec(DECODER);
    }

    /**
     * A connection the server serves.
     *
     * @param tls the certificate for an HTTPS-only port, or null for plain HTTP
     */
    static void serve(
            Channel ch,
            ServerContext context,
            ProbeHandler probes,
            Start.Starter starter,
            ServerTls tls,
            long headerTimeoutMillis,
            long idleTimeoutMillis) {
        RequestHeadTimeout headTimeout = new RequestHeadTimeout(headerTimeoutMillis);
        ConnectionHandler handler = new ConnectionHandler(context, starter);
        if (ch instanceof EpollSocketChannel) {
            ch.pipeline().addLast("quick-ack", new QuickAck(() -> headTimeout.headPending() || handler.bodyPending()));
        }
        if (tls != null) {
            ch.pipeline().addLast("tls", new TlsDetector(tls));
        }
        ch.pipeline().addLast("head-timeout", headTimeout).addLast("http", codec());
        if (tls != null) {
            // file bodies cannot go zero-copy through TLS: ResponseWriter sends them as chunked input
            ch.pipeline().addLast("chunked", new ChunkedWriteHandler());
        }
        ch.pipeline()
                .addLast("idle", new IdleStateHandler(idleTimeoutMillis, 0, 0, TimeUnit.MILLISECONDS))
                .addLast("probes", probes)
                .addLast("s3", handler);
    }

    /** A connection over {@code --max-connections}: its first request is answered 503 (see {@link OverloadRefusal}). */
    static void refuse(Channel ch, ServerTls tls, long headerTimeoutMillis) {
        if (tls != null) {
            ch.pipeline().addLast("tls", new TlsDetector(tls));
        }
        ch.pipeline().addLast("http", codec()).addLast("refuse", new OverloadRefusal(headerTimeoutMillis));
    }
}
