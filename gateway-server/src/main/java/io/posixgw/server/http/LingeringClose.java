package io.posixgw.server.http;

import io.netty.channel.Channel;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.ssl.SslHandler;
import java.util.concurrent.TimeUnit;

/**
 * Ends a connection after its last answer has been written, lingering: closing at once with
 * request bytes still unread (a body being sent, requests pipelined behind) makes the kernel
 * answer with a reset, which can discard the answer at the client before it reads it. So the
 * output is shut (the client reads the answer, then end of stream) and the socket closed when
 * the client closes, or after {@value #LINGER_MILLIS} ms; the caller drops what arrives
 * meanwhile. Over TLS the output cannot be shut beneath the TLS layer: the connection stays as
 * it is for the same time (the answer says {@code Connection: close}), then closes through it.
 */
final class LingeringClose {
    /** How long a connection ending after an answer keeps reading (and dropping) what the client still sends. */
    static final long LINGER_MILLIS = 2000;

    private LingeringClose() {}

    /** Call once the answer is written (from its write's listener): pending writes would be cut by the shutdown. */
    static void after(Channel ch) {
        Runnable close = () -> {
            ch.close();
        };
        if (ch instanceof DuplexChannel duplex && ch.pipeline().get(SslHandler.class) == null) {
            duplex.shutdownOutput()
                    .addListener(done -> ch.eventLoop().schedule(close, LINGER_MILLIS, TimeUnit.MILLISECONDS));
        } else {
            ch.eventLoop().schedule(close, LINGER_MILLIS, TimeUnit.MILLISECONDS);
        }
    }
}
