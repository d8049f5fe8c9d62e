package io.posixgw.server.http;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpUtil;
import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.NonBlocking;
import io.posixgw.server.ops.S3Response;
import io.posixgw.sigv4.BodyDecoder;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Serves requests as their path says, in place of S3, and records which of them ran on a worker:
 * {@code /early/NNN} is answered NNN at once; {@code /body/...} reads its body on a worker and
 * answers how many bytes it read; {@code /timeout/...} answers RequestTimeout from its worker (an
 * answer that ends the connection); {@code /read/...} only reads (it may run on the event loop),
 * {@code /read-waits/...} too but would wait after its work; any other path runs on a worker and
 * answers 200 with its path.
 */
final class ScriptedStarter implements Start.Starter {
    final List<String> ran = new ArrayList<>();

    @Override
    public Start start(InFlight r, Channel channel) {
        String path = r.path;
        r.operation = "Scripted";
        if (path.startsWith("/early/")) {
            int status = Integer.parseInt(path.substring("/early/".length()));
            return Start.Answer.keepOpen(
                    S3Response.status(status).errorCode("Early").body(bytes("early " + status), "text/plain"));
        }
        if (path.startsWith("/body/")) {
            long length = HttpUtil.getContentLength(r.http, -1L);
            HttpBody body = new HttpBody(channel, new PassThrough(), null, length, EmbeddedConnection.BODY_TIMEOUT);
            return new Start.Run(
                    work(
                            path,
                            () -> {
                                long read = 0;
                                try {
                                    for (ByteBuffer b = body.next(); b != null; b = body.next()) {
                                        read += b.remaining();
                                    }
                                } catch (IOException e) {
                                    return Errors.render(
                                            new S3Exception(S3Error.INCOMPLETE_BODY, "body failed"),
                                            "PUT",
                                            path,
                                            r.requestId);
                                } finally {
                                    body.close();
                                }
                                return S3Response.ok().body(bytes("read " + read), "text/plain");
                            },
                            false),
                    body);
        }
        if (path.startsWith("/timeout/")) {
            return new Start.Run(
                    work(
                            path,
                            () -> Errors.render(
                                    new S3Exception(S3Error.REQUEST_TIMEOUT, "timed out"), "GET", path, r.requestId),
                            true),
                    null);
        }
        if (path.startsWith("/read/") || path.startsWith("/read-waits/")) {
            boolean waits = path.startsWith("/read-waits/");
            Start.Work plain = work(path, () -> S3Response.ok().body(bytes(path), "text/plain"), false);
            return new Start.Run(
                    new Start.Work() {
                        @Override
                        public Start.Answer run() {
                            Start.Answer a = plain.run();
                            if (waits) {
                                NonBlocking.mayWait(); // e.g. a lock: on the event loop this gives up
                            }
                            return a;
                        }

                        @Override
                        public S3Response refused() {
                            return plain.refused();
                        }

                        @Override
                        public boolean readsOnly() {
                            return true;
                        }
                    },
                    null);
        }
        return new Start.Run(work(path, () -> S3Response.ok().body(bytes(path), "text/plain"), false), null);
    }

    private Start.Work work(String path, java.util.function.Supplier<S3Response> answer, boolean close) {
        return new Start.Work() {
            @Override
            public Start.Answer run() {
                ran.add(path);
                return new Start.Answer(answer.get(), close);
            }

            @Override
            public S3Response refused() {
                return S3Response.status(503).errorCode("SlowDown").body(bytes("refused"), "text/plain");
            }
        };
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The body as sent (an unsigned payload). */
    static final class PassThrough implements BodyDecoder {
        @Override
        public void update(ByteBuffer wire, Consumer<ByteBuffer> sink) {
            if (wire.hasRemaining()) {
                sink.accept(wire.slice());
                wire.position(wire.limit());
            }
        }

        @Override
        public void finish() {}

        @Override
        public Map<String, String> trailers() {
            return Map.of();
        }
    }
}
