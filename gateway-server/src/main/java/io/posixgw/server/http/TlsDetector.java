package io.posixgw.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.ssl.SslHandler;
import io.posixgw.server.tls.ServerTls;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The first handler of a connection on a TLS port. A connection that opens with a TLS
 * record gets an {@link SslHandler} with the certificate current at that moment in its
 * place; one that opens with anything else (plain HTTP sent to the HTTPS port) gets a
 * readable 400 in plain text and is closed, rather than a handshake failure the client
 * cannot explain.
 */
final class TlsDetector extends ByteToMessageDecoder {
    /** A TLS record header: content type, version, length. */
    private static final int RECORD_HEADER = 5;

    private static final byte[] PLAIN_HTTP_ANSWER;

    static {
        byte[] body = "This port speaks HTTPS only: use an https:// endpoint.\n".getBytes(StandardCharsets.US_ASCII);
        String head = "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nContent-Length: " + body.length
                + "\r\nConnection: close\r\nServer: posixgw\r\n\r\n";
        byte[] h = head.getBytes(StandardCharsets.US_ASCII);
        PLAIN_HTTP_ANSWER = new byte[h.length + body.length];
        System.arraycopy(h, 0, PLAIN_HTTP_ANSWER, 0, h.length);
        System.arraycopy(body, 0, PLAIN_HTTP_ANSWER, h.length, body.length);
    }

    private final ServerTls tls;
    private boolean refused;

    TlsDetector(ServerTls tls) {
        this.tls = tls;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (refused) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (in.readableBytes() < RECORD_HEADER) {
            return;
        }
        if (SslHandler.isEncrypted(in, false)) {
            // the buffered bytes are handed on to the new handler when this one leaves
            ctx.pipeline().replace(this, "tls", tls.newHandler(ctx.alloc()));
            return;
        }
        refused = true;
        in.skipBytes(in.readableBytes());
        ctx.writeAndFlush(Unpooled.wrappedBuffer(PLAIN_HTTP_ANSWER)).addListener(ChannelFutureListener.CLOSE);
    }
}
