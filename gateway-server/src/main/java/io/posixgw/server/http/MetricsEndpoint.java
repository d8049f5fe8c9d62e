package io.posixgw.server.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.ReferenceCountUtil;
import io.posixgw.server.config.MetricsConfig;
import io.posixgw.server.metrics.ServerMetrics;
import io.posixgw.server.routing.RequestTarget;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The Prometheus path on a listen address of its own ({@code --metrics-port}): GET of
 * the path answers the scrape, anything else 404. No S3 there, so no bucket to shadow.
 * Shares the S3 server's event loops.
 */
final class MetricsEndpoint extends ChannelInboundHandlerAdapter {
    private static final byte[] NOT_FOUND =
            "not found: the metrics are at another path\n".getBytes(StandardCharsets.US_ASCII);

    private final String path;
    private final ServerMetrics metrics;

    private MetricsEndpoint(String path, ServerMetrics metrics) {
        this.path = path;
        this.metrics = metrics;
    }

    static Channel bind(
            EventLoopGroup group,
            Class<? extends ServerChannel> channelType,
            MetricsConfig.HostPort listen,
            String path,
            ServerMetrics metrics,
            long idleTimeoutMillis)
            throws InterruptedException {
        return new ServerBootstrap()
                .group(group)
                .channel(channelType)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline()
                                .addLast(new HttpServerCodec())
                                .addLast(new IdleStateHandler(0, 0, idleTimeoutMillis, TimeUnit.MILLISECONDS))
                                .addLast(new MetricsEndpoint(path, metrics));
                    }
                })
                .bind(listen.host(), listen.port())
                .sync()
                .channel();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof HttpRequest request) {
                boolean found = request.method().equals(HttpMethod.GET)
                        && RequestTarget.rawPath(request.uri()).equals(path);
                byte[] body = found ? metrics.scrapePrometheus() : NOT_FOUND;
                DefaultFullHttpResponse response = new DefaultFullHttpResponse(
                        request.protocolVersion(),
                        found ? HttpResponseStatus.OK : HttpResponseStatus.NOT_FOUND,
                        Unpooled.wrappedBuffer(body));
                response.headers()
                        .set(
                                CanonicalHeaderNames.CONTENT_TYPE,
                                found ? ServerMetrics.PROMETHEUS_CONTENT_TYPE : "text/plain")
                        .set(CanonicalHeaderNames.CONTENT_LENGTH, body.length);
                boolean keepAlive = HttpUtil.isKeepAlive(request);
                HttpUtil.setKeepAlive(response, keepAlive);
                var written = ctx.writeAndFlush(response);
                if (!keepAlive) {
                    written.addListener(ChannelFutureListener.CLOSE);
                }
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            ctx.close();
        } else {
            ctx.fireUserEventTriggered(evt);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
