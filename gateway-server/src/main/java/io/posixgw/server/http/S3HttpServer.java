package io.posixgw.server.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.posixgw.server.auth.Authenticator;
import io.posixgw.server.config.MetricsConfig;
import io.posixgw.server.metrics.ServerMetrics;
import io.posixgw.server.ops.Operations;
import io.posixgw.server.tls.ServerTls;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Netty HTTP/1.1 server: bootstrap, pipeline, and a graceful stop that lets
 * requests in flight finish while refusing new ones.
 */
public final class S3HttpServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(S3HttpServer.class);

    private final Settings settings;
    private final ServerContext context;
    private final ProbeHandler probes;
    private final RequestStarter starter;
    private final ServerTls tls;
    private final EventLoopGroup group;
    private final ChannelGroup channels = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private Channel serverChannel;
    private Channel metricsChannel;

    /** HTTP-layer settings. */
    public record Settings(
            String host,
            int port,
            boolean keepAlive,
            boolean accessLog,
            String healthPath,
            String readyPath,
            boolean readOnly,
            int maxConnections,
            int ioThreads,
            long idleTimeoutMillis,
            long headerTimeoutMillis,
            long bodyTimeoutMillis,
            boolean jsonLog,
            String metricsPath,
            MetricsConfig.HostPort metricsListen,
            boolean inlineReads) {}

    /** @param tls the certificate for an HTTPS-only port, or null for plain HTTP */
    public S3HttpServer(
            Settings settings,
            Authenticator authenticator,
            Operations operations,
            ExecutorService workers,
            ServerContext.ReadinessCheck readiness,
            ServerTls tls,
            ServerMetrics metrics) {
        this.settings = settings;
        this.tls = tls;
        this.context = new ServerContext(authenticator, operations, workers, settings, readiness, tls == null, metrics);
        this.probes = new ProbeHandler(context);
        this.starter = new RequestStarter(context);
        IoHandlerFactory io = Epoll.isAvailable() ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        this.group = new MultiThreadIoEventLoopGroup(settings.ioThreads(), io);
    }

    /** Binds and starts accepting; returns the bound address (the port may have been 0). */
    public InetSocketAddress start() throws InterruptedException {
        Class<? extends ServerChannel> channelType =
                Epoll.isAvailable() ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        ServerBootstrap bootstrap = new ServerBootstrap();
        bootstrap
                .group(group)
                .channel(channelType)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        channels.add(ch);
                        if (context.connections.incrementAndGet() > settings.maxConnections()) {
                            context.metrics.connectionRefused();
                            ch.closeFuture().addListener(f -> context.connections.decrementAndGet());
                            ConnectionPipeline.refuse(ch, tls, settings.headerTimeoutMillis());
                            return;
                        }
                        ch.closeFuture().addListener(f -> context.connections.decrementAndGet());
                        ConnectionPipeline.serve(
                                ch,
                                context,
                                probes,
                                starter,
                                tls,
                                settings.headerTimeoutMillis(),
                                settings.idleTimeoutMillis());
                    }
                });
        serverChannel = bootstrap.bind(settings.host(), settings.port()).sync().channel();
        if (settings.metricsListen() != null && context.metrics.servesPrometheus()) {
            metricsChannel = MetricsEndpoint.bind(
                    group,
                    channelType,
                    settings.metricsListen(),
                    settings.metricsPath(),
                    context.metrics,
                    settings.idleTimeoutMillis());
            LOG.info(
                    "Prometheus metrics on http://{}{}",
                    urlAuthority((InetSocketAddress) metricsChannel.localAddress()),
                    settings.metricsPath());
        }
        return (InetSocketAddress) serverChannel.localAddress();
    }

    /** The address the metrics listener is bound to, or null when it has none of its own. */
    public InetSocketAddress metricsAddress() {
        return metricsChannel == null ? null : (InetSocketAddress) metricsChannel.localAddress();
    }

    /** {@code host:port} of a listening address for a URL a user can open: a wildcard address shows as 127.0.0.1. */
    public static String urlAuthority(InetSocketAddress a) {
        if (a.getAddress().isAnyLocalAddress()) {
            return "127.0.0.1:" + a.getPort();
        }
        String host = a.getAddress().getHostAddress();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort();
    }

    /**
     * Graceful stop: stop accepting, close idle connections, let requests in flight
     * finish (their connections close after the answer), then stop the event loops.
     */
    public void stop(long graceMillis) {
        context.draining = true;
        if (serverChannel != null) {
            serverChannel.close().awaitUninterruptibly();
        }
        if (metricsChannel != null) {
            metricsChannel.close().awaitUninterruptibly();
        }
        for (Channel ch : channels) {
            ch.eventLoop().execute(() -> {
                ConnectionHandler h = ch.pipeline().get(ConnectionHandler.class);
                if (h != null) {
                    h.closeIfIdle();
                }
            });
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMillis);
        while (context.inFlight.get() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (context.inFlight.get() > 0) {
            LOG.warn(
                    "{} request(s) still in flight after {} ms; closing their connections",
                    context.inFlight.get(),
                    graceMillis);
        }
        channels.close().awaitUninterruptibly(1, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(2, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        stop(0);
    }
}
