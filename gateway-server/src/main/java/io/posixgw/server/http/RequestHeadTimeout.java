package io.posixgw.server.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Closes connections whose request head does not arrive in time (slow-loris). It sits
 * before the HTTP decoder, so it sees bytes: the first byte of a new request arms a
 * deadline, the decoded request head disarms it. An idle keep-alive connection, which
 * sends nothing, is left to the idle timeout.
 */
final class RequestHeadTimeout extends ChannelInboundHandlerAdapter {
    private final long timeoutMillis;
    private ScheduledFuture<?> deadline;
    private boolean inRequest;

    RequestHeadTimeout(long timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!inRequest && deadline == null) {
            deadline = ctx.executor()
                    .schedule(
                            () -> {
                                ctx.close();
                            },
                            timeoutMillis,
                            TimeUnit.MILLISECONDS);
        }
        ctx.fireChannelRead(msg);
    }

    /** The request head was decoded: the body and the answer have their own timeouts. */
    void requestStarted() {
        inRequest = true;
        cancel();
    }

    /** True when bytes of a request head have arrived but not the whole head. */
    boolean headPending() {
        return deadline != null;
    }

    /** The exchange is over: the next byte starts a new head. */
    void requestEnded() {
        inRequest = false;
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancel();
        ctx.fireChannelInactive();
    }

    private void cancel() {
        if (deadline != null) {
            deadline.cancel(false);
            deadline = null;
        }
    }
}
