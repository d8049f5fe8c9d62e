package io.posixgw.server.http;

import io.netty.channel.ChannelException;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.epoll.EpollSocketChannel;
import java.util.function.BooleanSupplier;

/**
 * Acknowledges received data at once while the client is still sending a request.
 * Clients that keep Nagle on (OkHttp, hence the MinIO SDKs) send a request's head and
 * body in two segments and hold the body until the head is acknowledged; the kernel's
 * delayed ACK would add 40 ms to such a PUT. Linux leaves quick-ACK mode on its own, so
 * it is re-armed after each read that leaves a request incomplete. After a read that
 * completes the request nothing is sent: the answer carries the ACK. (Re-arming on every
 * read cost a setsockopt and a bare ACK segment per GET: 4 % of the CPU under presigned
 * GET load.)
 */
final class QuickAck extends ChannelInboundHandlerAdapter {
    private final BooleanSupplier clientStillSending;

    /** @param clientStillSending true while a request's head or body is only partly received */
    QuickAck(BooleanSupplier clientStillSending) {
        this.clientStillSending = clientStillSending;
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (clientStillSending.getAsBoolean() && ctx.channel().isActive()) {
            try {
                ((EpollSocketChannel) ctx.channel()).config().setTcpQuickAck(true);
            } catch (ChannelException closedMeanwhile) {
                // the client closed (or reset) the connection after its last bytes: nothing to acknowledge
            }
        }
        ctx.fireChannelReadComplete();
    }
}
