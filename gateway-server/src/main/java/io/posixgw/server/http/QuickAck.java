package io.posixgw.server.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.epoll.EpollSocketChannel;

/**
 * Acknowledges received data at once. Clients that keep Nagle on (OkHttp, hence the
 * MinIO SDKs) send a request's head and body in two segments and hold the body until
 * the head is acknowledged; the kernel's delayed ACK would add 40 ms to such a PUT.
 * Linux leaves quick-ACK mode on its own, so it is re-armed on every read.
 */
final class QuickAck extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ((EpollSocketChannel) ctx.channel()).config().setTcpQuickAck(true);
        ctx.fireChannelRead(msg);
    }
}
