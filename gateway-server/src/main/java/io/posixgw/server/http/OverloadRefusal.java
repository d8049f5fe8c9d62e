package io.posixgw.server.http;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.server.ops.S3Response;
import java.util.concurrent.TimeUnit;

/**
 * The pipeline of a connection over {@code --max-connections}: its first request is
 * answered 503 SlowDown and the connection closed, so clients back off and retry
 * while the server keeps serving the connections it has. One that sends no request
 * head within the header timeout is closed then: it still counts against the limit,
 * and idle ones would otherwise hold the server full for good.
 */
final class OverloadRefusal extends ChannelInboundHandlerAdapter {
    private final long deadlineMillis;
    private boolean answered;

    OverloadRefusal(long deadlineMillis) {
        this.deadlineMillis = deadlineMillis;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        ctx.executor()
                .schedule(
                        () -> {
                            ctx.close();
                        },
                        deadlineMillis,
                        TimeUnit.MILLISECONDS);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof HttpRequest && !answered) {
                answered = true;
                HttpRequest request = (HttpRequest) msg;
                String requestId = RequestIds.next();
                S3Response r = Errors.render(
                        new S3Exception(S3Error.SLOW_DOWN, "Too many connections: please reduce your request rate."),
                        request.method().name(),
                        null,
                        requestId);
                ResponseWriter.write(ctx, r, requestId, false, HttpVersion.HTTP_1_1, true)
                        .addListener((ChannelFutureListener) f -> {
                            if (f.isSuccess()) {
                                LingeringClose.after(
                                        f.channel()); // a client still sending its request must get the 503, not
                                // a reset
                            } else {
                                f.channel().close();
                            }
                        });
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
