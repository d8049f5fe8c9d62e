package io.posixgw.server;

import io.posixgw.posix.FsyncListener;
import io.posixgw.posix.PosixBackend;
import io.posixgw.posix.PosixOptions;
import io.posixgw.server.auth.Accounts;
import io.posixgw.server.auth.Authenticator;
import io.posixgw.server.auth.Authorizer;
import io.posixgw.server.auth.UsersFile;
import io.posixgw.server.config.ServerConfig;
import io.posixgw.server.http.S3HttpServer;
import io.posixgw.server.metrics.ServerMetrics;
import io.posixgw.server.ops.Operations;
import io.posixgw.server.tls.ServerTls;
import io.posixgw.sigv4.SigV4Verifier;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The whole gateway wired by hand, in one readable place: backend, signature
 * verifier, operations, worker pool and HTTP server. Main runs one; tests start
 * one on an ephemeral port over a temporary directory.
 */
public final class Gateway implements AutoCloseable {
    /** Queued operations beyond the workers before new requests get 503 SlowDown. */
    private static final int WORKER_QUEUE = 4096;
    /** A worker without work for this long ends (its stack and C heap go back to the system). */
    private static final Duration WORKER_IDLE = Duration.ofSeconds(5);
    /** How often staging debris is swept while running. */
    private static final Duration SWEEP_EVERY = Duration.ofMinutes(10);
    /** How often the certificate and key files are checked for changes. */
    private static final Duration TLS_EVERY = Duration.ofSeconds(10);
    /** How often the users file is checked for changes. */
    private static final Duration USERS_EVERY = Duration.ofSeconds(1);

    private static final Logger LOG = LoggerFactory.getLogger(Gateway.class);

    private final ServerConfig config;
    private final WorkerPool workers;
    private final ScheduledExecutorService housekeeping;
    private final S3HttpServer http;
    private final ServerTls tls;
    private final UsersFile users;
    private final ServerMetrics metrics;
    private InetSocketAddress address;

    public Gateway(ServerConfig config) throws IOException {
        this.config = config;
        if (!PosixBackend.fileNamesAreUtf8()) {
            throw new IOException(
                    "file names are not UTF-8 in this JVM (sun.jnu.encoding=" + System.getProperty("sun.jnu.encoding")
                            + "): start posixgw with LANG=C.UTF-8 (or another UTF-8 locale) so that keys map to file names exactly");
        }
        // what can stop start-up is read first, before the data root is swept and any thread started
        this.tls = config.certFile() == null ? null : ServerTls.load(config.certFile(), config.keyFile());
        this.users = config.iamDir() == null ? null : UsersFile.open(config.iamDir());
        this.metrics = ServerMetrics.create(config.metrics());
        // this machine's clock stamps a local root's ctimes, and its file calls never wait for a network
        boolean localRoot = SharedMountCheck.isLocal(config.root());
        PosixBackend backend = openBackend(config, metrics.fsyncListener(), localRoot);
        Accounts accounts = new Accounts(config.accessKey(), config.secretKey(), users);
        SigV4Verifier verifier = new SigV4Verifier(accounts, "s3", Clock.systemUTC());
        Authenticator authenticator = new Authenticator(verifier, accounts, config.region());
        Operations operations = new Operations(
                backend,
                config.region(),
                new Authorizer(backend, key -> accounts.principal(key) != null),
                authenticator,
                config.legacyBucketDefaults());
        this.workers =
                WorkerPool.create(config.workers(), WORKER_QUEUE, WORKER_IDLE.toMillis(), daemonThreads("posixgw-io-"));
        this.housekeeping = Executors.newSingleThreadScheduledExecutor(daemonThreads("posixgw-sweep-"));
        housekeeping.scheduleWithFixedDelay(
                () -> sweep(backend, config), SWEEP_EVERY.toMinutes(), SWEEP_EVERY.toMinutes(), TimeUnit.MINUTES);
        if (users != null) {
            // the file alone decides who may sign: re-read it (when its bytes changed) every second
            housekeeping.scheduleWithFixedDelay(
                    users::refresh, USERS_EVERY.toMillis(), USERS_EVERY.toMillis(), TimeUnit.MILLISECONDS);
        }
        if (tls != null) {
            // renewed files (a mounted Secret) apply without a SIGHUP
            housekeeping.scheduleWithFixedDelay(
                    tls::reloadIfChanged, TLS_EVERY.toSeconds(), TLS_EVERY.toSeconds(), TimeUnit.SECONDS);
        }
        this.http = new S3HttpServer(
                new S3HttpServer.Settings(
                        config.host(),
                        config.port(),
                        config.keepAlive(),
                        !config.quiet(),
                        config.healthPath(),
                        config.readyPath(),
                        config.readOnly(),
                        config.maxConnections(),
                        config.ioThreads(),
                        config.idleTimeoutMillis(),
                        config.headerTimeoutMillis(),
                        config.bodyTimeoutMillis(),
                        config.jsonLog(),
                        config.metrics().prometheusPath(),
                        config.metrics().prometheusListen(),
                        inlineReads(config, localRoot)),
                authenticator,
                operations,
                workers,
                backend::checkReady,
                tls,
                metrics);
    }

    /** {@code --inline-reads}: as set, or (auto) on where the root is on a local file system. */
    private static boolean inlineReads(ServerConfig config, boolean localRoot) {
        boolean on = config.inlineReads() != null ? config.inlineReads() : localRoot;
        LOG.info("GetObject and HeadObject run {}", on ? "on the event loops" : "on the workers");
        return on;
    }

    /**
     * Opens the data root (created if missing), checks that metadata can be stored
     * there, and clears staging debris older than an hour, which no live request of
     * any gateway sharing the root can still own.
     */
    private static PosixBackend openBackend(ServerConfig config, FsyncListener fsyncListener, boolean localRoot)
            throws IOException {
        Files.createDirectories(config.root());
        PosixOptions options = PosixOptions.DEFAULT
                .withFsync(config.fsync())
                .withFsyncListener(fsyncListener)
                .withCachedAttributes(localRoot); // checked by the inode and ctime on each use
        if (config.sidecar() != null) {
            Files.createDirectories(config.sidecar());
            options = options.withSidecar(config.sidecar());
        } else if (!PosixBackend.supportsUserXattrs(config.root())) {
            throw new IOException(
                    "the file system of " + config.root().toAbsolutePath() + " does not keep user extended "
                            + "attributes (xattrs), where posixgw stores object metadata; start with --sidecar DIR to keep it in files instead");
        }
        if (config.versioningDir() != null) {
            Files.createDirectories(config.versioningDir());
            options = options.withVersioningDir(config.versioningDir()); // the backend refuses one inside the root
        }
        for (String warning : SharedMountCheck.warnings(config.root())) {
            LOG.warn(warning);
        }
        PosixBackend backend = new PosixBackend(config.root(), options);
        sweep(backend, config);
        return backend;
    }

    /** Removes staging debris (temp files of crashed requests, abandoned claims and trash). */
    private static void sweep(PosixBackend backend, ServerConfig config) {
        try {
            int swept = backend.sweepStaleTemps(Duration.ofMillis(config.staleStagingMillis()));
            if (swept > 0) {
                LOG.info("removed {} stale staging entr{}", swept, swept == 1 ? "y" : "ies");
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("staging sweep failed: {}", e.toString());
        }
    }

    public InetSocketAddress start() throws InterruptedException {
        address = http.start();
        return address;
    }

    public InetSocketAddress address() {
        return address;
    }

    /** True when the port speaks HTTPS. */
    public boolean tls() {
        return tls != null;
    }

    /**
     * SIGHUP: reads the TLS certificate and key again for new connections (open ones keep
     * theirs; a failed reload keeps the current certificate and logs an error), and the
     * users file at once rather than within the second.
     */
    public void reload() {
        if (tls != null) {
            tls.reload();
        }
        if (users != null) {
            users.refresh();
        }
        if (tls == null && users == null) {
            LOG.info("reload requested: no TLS certificate or users file to reload");
        }
    }

    /** Where the Prometheus path is served on a port of its own ({@code --metrics-port}), or null. */
    public InetSocketAddress metricsAddress() {
        return http.metricsAddress();
    }

    /** Graceful stop: requests in flight get the configured grace period. */
    public void stop() {
        // no interrupts while requests finish: a thread interrupted while it waits for a record lock
        // closes the shared lock file's channel, and with it the locks of every other thread (KeyLocks)
        housekeeping.shutdown();
        http.stop(config.shutdownGraceMillis());
        workers.shutdown();
        try {
            if (!workers.awaitTermination(1, TimeUnit.SECONDS)) {
                workers.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        metrics.close(); // last: StatsD gets the final counts
    }

    @Override
    public void close() {
        stop();
    }

    private static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
