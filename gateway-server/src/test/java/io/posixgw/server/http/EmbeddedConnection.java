package io.posixgw.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.DuplexChannel;
import io.posixgw.posix.FsyncListener;
import io.posixgw.server.auth.Accounts;
import io.posixgw.server.auth.Authenticator;
import io.posixgw.server.metrics.ServerMetrics;
import io.posixgw.sigv4.SigV4Verifier;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * One client connection's pipeline, exactly as the server builds it ({@link ConnectionPipeline}),
 * on an {@link EmbeddedChannel}: no socket and no thread. The workers run only when the test says
 * ({@link #runWorkers}), time moves only when it says ({@link #advance}), so every test is
 * deterministic. The channel is a {@link DuplexChannel}, as a TCP connection is, so that a
 * lingering close shows as the output being shut.
 */
final class EmbeddedConnection {
    static final long HEADER_TIMEOUT = 5_000;
    static final long IDLE_TIMEOUT = 60_000;
    static final long BODY_TIMEOUT = 10_000;

    final Workers workers = new Workers();
    final Metrics metrics = new Metrics();
    final ServerContext context;
    final TcpLikeChannel ch = new TcpLikeChannel();
    /** Thrown by the readiness check, or null when ready. */
    Exception notReady;

    private final StringBuilder received = new StringBuilder();

    /** A connection within the limit, served by {@code starter} (the real {@link RequestStarter} when null). */
    EmbeddedConnection(Start.Starter starter) {
        this(starter, true, false);
    }

    EmbeddedConnection(Start.Starter starter, boolean keepAlive, boolean overLimit) {
        this(starter, keepAlive, overLimit, false);
    }

    /** As above; {@code inlineReads}: work that only reads runs on the channel's event loop. */
    EmbeddedConnection(Start.Starter starter, boolean keepAlive, boolean overLimit, boolean inlineReads) {
        Accounts accounts = new Accounts("AKIDEMBEDDED", "embedded-secret", null);
        Authenticator authenticator =
                new Authenticator(new SigV4Verifier(accounts, "s3", Clock.systemUTC()), accounts, "us-east-1");
        S3HttpServer.Settings settings = new S3HttpServer.Settings(
                "127.0.0.1",
                0,
                keepAlive,
                false,
                "/_/health",
                "/_/ready",
                false,
                10,
                1,
                IDLE_TIMEOUT,
                HEADER_TIMEOUT,
                BODY_TIMEOUT,
                false,
                "/metrics",
                null,
                inlineReads);
        context = new ServerContext(
                authenticator,
                null,
                workers,
                settings,
                () -> {
                    if (notReady != null) {
                        throw notReady;
                    }
                },
                true,
                metrics);
        ch.freezeTime();
        if (overLimit) {
            ConnectionPipeline.refuse(ch, null, HEADER_TIMEOUT);
        } else {
            ConnectionPipeline.serve(
                    ch,
                    context,
                    new ProbeHandler(context),
                    starter == null ? new RequestStarter(context) : starter,
                    null,
                    HEADER_TIMEOUT,
                    IDLE_TIMEOUT);
        }
    }

    /** The client sends {@code bytes} (ISO-8859-1), arriving in one read. */
    EmbeddedConnection send(String bytes) {
        ch.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.ISO_8859_1));
        ch.checkException();
        return this;
    }

    /** Runs what the workers were given and what they handed back to the event loop, until nothing is left. */
    EmbeddedConnection runWorkers() {
        do {
            workers.runAll();
            ch.runPendingTasks();
        } while (!workers.queue.isEmpty());
        return this;
    }

    /** Lets {@code millis} pass on the connection's clock and runs what became due. */
    EmbeddedConnection advance(long millis) {
        ch.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
        ch.runPendingTasks();
        ch.runScheduledPendingTasks();
        return this;
    }

    /** The answers written since the last call, parsed. */
    List<Response> responses() {
        ByteBuf b;
        while ((b = ch.readOutbound()) != null) {
            received.append(b.toString(StandardCharsets.ISO_8859_1));
            b.release();
        }
        List<Response> out = new ArrayList<>();
        while (received.length() > 0) {
            Response r = Response.parse(received);
            if (r == null) {
                break;
            }
            out.add(r);
        }
        return out;
    }

    /** The one answer written since the last call. */
    Response response() {
        List<Response> all = responses();
        if (all.size() != 1) {
            throw new AssertionError("expected one answer, got " + all);
        }
        return all.get(0);
    }

    /** A request head; {@code headers} as name, value pairs. */
    static String head(String method, String target, String... headers) {
        StringBuilder b =
                new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\nHost: embedded\r\n");
        for (int i = 0; i < headers.length; i += 2) {
            b.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
        }
        return b.append("\r\n").toString();
    }

    /** One parsed answer: status, headers (lower-case names), body. */
    record Response(String version, int status, Map<String, String> headers, String body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        /** Takes one whole answer off the front of {@code in}, or null when it has not all arrived. */
        static Response parse(StringBuilder in) {
            int end = in.indexOf("\r\n\r\n");
            if (end < 0) {
                return null;
            }
            String[] lines = in.substring(0, end).split("\r\n");
            String[] status = lines[0].split(" ", 3);
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                headers.put(
                        lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).trim());
            }
            int length = headers.containsKey("content-length") ? Integer.parseInt(headers.get("content-length")) : 0;
            if (in.length() < end + 4 + length) {
                return null;
            }
            String body = in.substring(end + 4, end + 4 + length);
            in.delete(0, end + 4 + length);
            return new Response(status[0], Integer.parseInt(status[1]), headers, body);
        }
    }

    /** Workers that run only when told; {@link #refuse} makes them refuse work, as a full pool does. */
    static final class Workers extends AbstractExecutorService {
        final ArrayDeque<Runnable> queue = new ArrayDeque<>();
        boolean refuse;

        @Override
        public void execute(Runnable task) {
            if (refuse) {
                throw new RejectedExecutionException("all workers are busy");
            }
            queue.add(task);
        }

        void runAll() {
            Runnable task;
            while ((task = queue.poll()) != null) {
                task.run();
            }
        }

        @Override
        public void shutdown() {}

        @Override
        public List<Runnable> shutdownNow() {
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return false;
        }

        @Override
        public boolean isTerminated() {
            return false;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }
    }

    /** Records each request's accounting line, and serves a fixed Prometheus scrape. */
    static final class Metrics implements ServerMetrics {
        final List<String> ended = new ArrayList<>();

        @Override
        public void requestEnded(
                String operation, int status, String errorCode, long bytesIn, long bytesOut, long nanos) {
            ended.add(operation + " " + status + (errorCode == null ? "" : " " + errorCode));
        }

        @Override
        public void connectionRefused() {}

        @Override
        public void watch(IntSupplier inFlight, IntSupplier openConnections) {}

        @Override
        public FsyncListener fsyncListener() {
            return null;
        }

        @Override
        public boolean servesPrometheus() {
            return true;
        }

        @Override
        public byte[] scrapePrometheus() {
            return "posixgw_up 1\n".getBytes(StandardCharsets.US_ASCII);
        }

        @Override
        public void close() {}
    }

    /** An embedded channel that can shut its output, as a TCP connection can. */
    static final class TcpLikeChannel extends EmbeddedChannel implements DuplexChannel {
        boolean outputShut;

        @Override
        public boolean isInputShutdown() {
            return false;
        }

        @Override
        public ChannelFuture shutdownInput() {
            return newSucceededFuture();
        }

        @Override
        public ChannelFuture shutdownInput(ChannelPromise promise) {
            return promise.setSuccess();
        }

        @Override
        public boolean isOutputShutdown() {
            return outputShut;
        }

        @Override
        public ChannelFuture shutdownOutput() {
            return shutdownOutput(newPromise());
        }

        @Override
        public ChannelFuture shutdownOutput(ChannelPromise promise) {
            outputShut = true;
            return promise.setSuccess();
        }

        @Override
        public boolean isShutdown() {
            return outputShut;
        }

        @Override
        public ChannelFuture shutdown() {
            return shutdownOutput();
        }

        @Override
        public ChannelFuture shutdown(ChannelPromise promise) {
            return shutdownOutput(promise);
        }
    }
}
