package io.posixgw.server.config;

import io.posixgw.core.names.BucketNames;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The command line of {@code posixgw}. Option defaults come from {@link Setting}
 * (environment first, then the built-in default), so the table there is the one
 * place where flags, variables and defaults are written.
 */
@Command(name = "posixgw", mixinStandardHelpOptions = true, versionProvider = ServerCommand.Version.class,
        sortOptions = false,
        description = "S3-compatible gateway serving a POSIX directory as buckets and objects.")
public final class ServerCommand implements Callable<ServerConfig> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "<root>", description = "Data directory (env POSIXGW_ROOT, VGW_BACKEND_ARG).")
    String root;

    @Option(names = "--port", paramLabel = "ADDR", description = "Listen address.")
    String port;

    @Option(names = "--access", paramLabel = "KEY", description = "Root access key.")
    String access;

    @Option(names = "--secret", paramLabel = "SECRET", description = "Root secret key.")
    String secret;

    @Option(names = "--region", description = "Region.")
    String region;

    @Option(names = "--cert", paramLabel = "FILE", description = "TLS certificate chain (PEM).")
    String cert;

    @Option(names = "--key", paramLabel = "FILE", description = "TLS private key (PEM).")
    String key;

    @Option(names = "--iam-dir", paramLabel = "DIR", description = "Directory of versitygw's users.json.")
    String iamDir;

    @Option(names = "--no-keep-alive", description = "Close connections after each request (comparisons only).")
    boolean noKeepAlive;

    @Option(names = "--quiet", description = "No access log.")
    boolean quiet;

    @Option(names = "--health", paramLabel = "PATH", description = "Health-check path.")
    String health;

    @Option(names = "--ready", paramLabel = "PATH", description = "Readiness path.")
    String ready;

    @Option(names = "--log-format", paramLabel = "text|json", description = "Log line format.")
    String logFormat;

    @Option(names = "--metrics-path", paramLabel = "PATH", description = "Prometheus scrape path (unset: none).")
    String metricsPath;

    @Option(names = "--metrics-port", paramLabel = "ADDR", description = "Own listen address for the Prometheus path.")
    String metricsPort;

    @Option(names = "--metrics-statsd", paramLabel = "HOST:PORT[,...]", description = "StatsD servers.")
    String metricsStatsd;

    @Option(names = "--metrics-dogstatsd", paramLabel = "HOST:PORT[,...]", description = "DogStatsD servers.")
    String metricsDogstatsd;

    @Option(names = "--read-only", description = "Refuse all writes.")
    boolean readOnly;

    @Option(names = "--max-connections", description = "Connection limit.")
    int maxConnections;

    @Option(names = "--sidecar", paramLabel = "DIR", description = "Metadata directory instead of xattrs.")
    String sidecar;

    @Option(names = "--fsync", paramLabel = "on|off", description = "Durable acknowledgements.")
    String fsync;

    @Option(names = "--workers", description = "File I/O threads.")
    int workers;

    @Option(names = "--io-threads", description = "Event-loop threads (0: one per core).")
    int ioThreads;

    @Option(names = "--idle-timeout", paramLabel = "SECONDS", description = "Idle keep-alive timeout.")
    long idleTimeout;

    @Option(names = "--header-timeout", paramLabel = "SECONDS", description = "Slow request head timeout.")
    long headerTimeout;

    @Option(names = "--body-timeout", paramLabel = "SECONDS", description = "Stalled body timeout.")
    long bodyTimeout;

    @Option(names = "--stale-staging", paramLabel = "SECONDS", description = "Age at which staging files are debris.")
    long staleStaging;

    @Option(names = "--shutdown-grace", paramLabel = "SECONDS", description = "Time for requests in flight at SIGTERM.")
    long shutdownGrace;

    /** Parses arguments against the process environment; throws {@link IllegalArgumentException} on bad values. */
    public static ServerConfig parse(String[] args, Map<String, String> environment) {
        ServerCommand command = new ServerCommand();
        commandLine(command, environment).parseArgs(args);
        return command.call();
    }

    /** A picocli command line whose defaults come from {@code environment}. */
    public static CommandLine commandLine(ServerCommand command, Map<String, String> environment) {
        CommandLine cl = new CommandLine(command);
        cl.setDefaultValueProvider(new EnvironmentDefaults(environment));
        return cl;
    }

    @Override
    public ServerConfig call() {
        if (workers < 1 || ioThreads < 0 || idleTimeout < 1 || headerTimeout < 1 || bodyTimeout < 1 || shutdownGrace < 0 || maxConnections < 1
                || staleStaging < 0) {
            throw new IllegalArgumentException("--workers and --max-connections must be ≥ 1, --io-threads ≥ 0, timeouts ≥ 1 s");
        }
        boolean fsyncOn = switch (fsync.toLowerCase(Locale.ROOT)) {
            case "on", "true", "1", "yes" -> true;
            case "off", "false", "0", "no" -> false;
            default -> throw new IllegalArgumentException("--fsync must be on or off, not " + fsync);
        };
        String[] hostPort = parseListen(port);
        boolean noCredentials = (access == null || access.isEmpty()) && (secret == null || secret.isEmpty());
        if (!noCredentials && (access == null || access.isEmpty() || secret == null || secret.isEmpty())) {
            throw new IllegalArgumentException("set both the access key and the secret key, or neither");
        }
        if (noCredentials && !isLoopback(hostPort[0])) {
            throw new IllegalArgumentException("no credentials configured: the development defaults are only allowed on a "
                    + "loopback address; set --access/--secret (or ROOT_ACCESS_KEY_ID/ROOT_SECRET_ACCESS_KEY)");
        }
        if (isSet(cert) != isSet(key)) {
            throw new IllegalArgumentException("set both --cert and --key (or VGW_CERT and VGW_KEY) for TLS, or neither");
        }
        String healthPath = absolute(health);
        String readyPath = absolute(ready);
        if (healthPath.equals(readyPath)) {
            throw new IllegalArgumentException("--health and --ready must differ");
        }
        boolean jsonLog = switch (logFormat.toLowerCase(Locale.ROOT)) {
            case "text" -> false;
            case "json" -> true;
            default -> throw new IllegalArgumentException("--log-format must be text or json, not " + logFormat);
        };
        if (region == null || !region.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,62}")) {
            // it is a field of every credential scope: one with a '/', a blank or nothing at all could never be signed for
            throw new IllegalArgumentException("--region must be a region name like us-east-1 (letters, digits, '-', '_', '.'), not '"
                    + region + "'");
        }
        MetricsConfig metrics = metricsConfig(healthPath, readyPath);
        return new ServerConfig(
                Path.of(root),
                hostPort[0],
                Integer.parseInt(hostPort[1]),
                noCredentials ? ServerConfig.DEFAULT_ACCESS_KEY : access,
                noCredentials ? ServerConfig.DEFAULT_SECRET_KEY : secret,
                noCredentials,
                region,
                isSet(cert) ? Path.of(cert) : null,
                isSet(key) ? Path.of(key) : null,
                isSet(iamDir) ? Path.of(iamDir) : null,
                !noKeepAlive,
                quiet,
                healthPath,
                readyPath,
                readOnly,
                maxConnections,
                sidecar == null || sidecar.isEmpty() ? null : Path.of(sidecar),
                fsyncOn,
                workers,
                ioThreads == 0 ? Runtime.getRuntime().availableProcessors() : ioThreads,
                idleTimeout * 1000,
                headerTimeout * 1000,
                bodyTimeout * 1000,
                staleStaging * 1000,
                shutdownGrace * 1000,
                jsonLog,
                metrics);
    }

    /**
     * The Prometheus path is served before routing, so on the S3 port it must be a path no
     * bucket can have (a first segment that is no valid bucket name, like the health path's
     * {@code _}): {@code /metrics} there would silently hide a bucket named {@code metrics}.
     * On a port of its own any path goes, {@code /metrics} by default.
     */
    private MetricsConfig metricsConfig(String healthPath, String readyPath) {
        String path = metricsPath == null || metricsPath.isBlank() ? null : absolute(metricsPath.trim());
        MetricsConfig.HostPort listen = null;
        if (metricsPort != null && !metricsPort.isBlank()) {
            String[] hp = parseListen(metricsPort);
            listen = new MetricsConfig.HostPort(hp[0], Integer.parseInt(hp[1]));
            if (path == null) {
                path = "/metrics";
            }
        } else if (path != null) {
            String first = path.substring(1).split("/", 2)[0];
            if (first.isEmpty() || BucketNames.isValid(first)) {
                throw new IllegalArgumentException("--metrics-path " + path + " would hide " + (first.isEmpty() ? "S3 requests"
                        : "the bucket named '" + first + "'") + ": use a path whose first segment is no bucket name, such as "
                        + "/_/metrics, or serve it on a port of its own with --metrics-port");
            }
            if (path.equals(healthPath) || path.equals(readyPath)) {
                throw new IllegalArgumentException("--metrics-path must differ from --health and --ready");
            }
        }
        return new MetricsConfig(path, listen, servers("--metrics-statsd", metricsStatsd),
                servers("--metrics-dogstatsd", metricsDogstatsd));
    }

    /** {@code HOST:PORT[,HOST:PORT...]} (versitygw's list form); blank: none. */
    static List<MetricsConfig.HostPort> servers(String flag, String value) {
        List<MetricsConfig.HostPort> out = new ArrayList<>();
        if (value == null) {
            return out;
        }
        for (String item : value.split(",")) {
            String v = item.trim();
            if (v.isEmpty()) {
                continue;
            }
            int colon = v.lastIndexOf(':');
            String host = colon <= 0 ? "" : v.substring(0, colon);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            int port;
            try {
                port = Integer.parseInt(v.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (host.isEmpty() || colon < 0 || port < 1 || port > 65535) {
                throw new IllegalArgumentException("bad " + flag + " server '" + v + "': expected HOST:PORT");
            }
            out.add(new MetricsConfig.HostPort(host, port));
        }
        return out;
    }

    private static boolean isSet(String value) {
        return value != null && !value.isEmpty();
    }

    private static String absolute(String path) {
        return path.startsWith("/") ? path : "/" + path;
    }

    /** {@code HOST:PORT}, {@code :PORT} or {@code PORT}; the last two listen on all interfaces. */
    static String[] parseListen(String value) {
        String v = value.trim();
        String host;
        String port;
        int colon = v.lastIndexOf(':');
        if (colon < 0) {
            host = "0.0.0.0";
            port = v;
        } else {
            host = colon == 0 ? "0.0.0.0" : v.substring(0, colon);
            port = v.substring(colon + 1);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
        }
        try {
            int p = Integer.parseInt(port);
            if (p < 0 || p > 65535) {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad listen address '" + value + "': expected HOST:PORT, :PORT or PORT");
        }
        return new String[] {host, port};
    }

    private static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** Picocli asks here for every default: the environment per {@link Setting}, then the built-in default. */
    public static final class EnvironmentDefaults implements CommandLine.IDefaultValueProvider {
        private final Map<String, String> environment;

        EnvironmentDefaults(Map<String, String> environment) {
            this.environment = environment;
        }

        @Override
        public String defaultValue(ArgSpec arg) {
            String name = arg.isOption() ? ((OptionSpec) arg).longestName() : arg.paramLabel();
            Setting s = Setting.byFlag(name);
            return s == null ? null : s.fromEnvironment(environment);
        }
    }

    /** The version from the jar manifest, when there is one. */
    public static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = ServerCommand.class.getPackage().getImplementationVersion();
            return new String[] {"posixgw " + (v == null ? "(development build)" : v)};
        }
    }
}
