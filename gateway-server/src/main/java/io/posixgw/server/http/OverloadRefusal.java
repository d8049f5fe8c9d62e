package io.posixgw.server.http;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;

/**
 * The pipeline of a connection over {@code --max-connections}: its first request is
 * answered 503 SlowDown and the connection closed, so clients back off and retry
 * while the server keeps serving the connections it has.
 */
final class OverloadRefusal extends ChannelInboundHandlerAdapter {
    private boolean answered;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof HttpRequest && !answered) {
                answered = true;
                HttpRequest request = (HttpRequest) msg;
                String requestId = RequestIds.next();
                S3Response r = Errors.render(new S3Exception(S3Error.SLOW_DOWN, "Too many connections: please reduce your request rate."),
                        request.method().name(), null, requestId);
                ResponseWriter.write(ctx, r, requestId, false, HttpVersion.HTTP_1_1, true).addListener(ChannelFutureListener.CLOSE);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
