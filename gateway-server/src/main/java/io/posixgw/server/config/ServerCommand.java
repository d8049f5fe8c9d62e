package io.posixgw.server.config;

import io.posixgw.core.names.BucketNames;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The command line of {@code posixgw}. Its options are built from {@link Setting}
 * (flag, value label, kind and help line) and their defaults come from there too
 * (environment first, then the built-in default), so that table is the one place
 * where flags, variables, defaults and help are written.
 */
public final class ServerCommand implements Callable<ServerConfig> {
    private final CommandSpec spec = CommandSpec.wrapWithoutInspection(this);
    private final Map<Setting, ArgSpec> args = new EnumMap<>(Setting.class);
    /** The environment the defaults come from, to name where a refused value came from. */
    private Map<String, String> environment = Map.of();

    public ServerCommand() {
        spec.name("posixgw");
        spec.usageMessage()
                .description("S3-compatible gateway serving a POSIX directory as buckets and objects.")
                .sortOptions(false);
        for (Setting s : Setting.values()) {
            ArgSpec arg;
            if (s.positional()) {
                arg = PositionalParamSpec.builder()
                        .index("0")
                        .arity("0..1")
                        .paramLabel(s.flag())
                        .type(s.kind().type())
                        .description(s.help())
                        .build();
                spec.addPositional((PositionalParamSpec) arg);
            } else {
                OptionSpec.Builder option =
                        OptionSpec.builder(s.flag()).type(s.kind().type()).description(s.help());
                if (s.label() != null) {
                    option.paramLabel(s.label());
                }
                arg = option.build();
                spec.addOption((OptionSpec) arg);
            }
            args.put(s, arg);
        }
        spec.mixinStandardHelpOptions(true);
        spec.versionProvider(new Version());
    }

    /** Parses arguments against the process environment; throws {@link IllegalArgumentException} on bad values. */
    public static ServerConfig parse(String[] args, Map<String, String> environment) {
        ServerCommand command = new ServerCommand();
        commandLine(command, environment).parseArgs(VersitygwEntrypoint.arguments(args, environment));
        return command.call();
    }

    /** A picocli command line whose defaults come from {@code environment}. */
    public static CommandLine commandLine(ServerCommand command, Map<String, String> environment) {
        CommandLine cl = new CommandLine(command.spec);
        command.environment = environment;
        cl.setDefaultValueProvider(new EnvironmentDefaults(environment));
        return cl;
    }

    /**
     * Where a setting's value came from, for an error that refuses it: the flag when it was given,
     * else the variable that set it (and the flag), else the flag's default.
     */
    private String origin(Setting s) {
        if (!args.get(s).originalStringValues().isEmpty()) {
            return s.flag();
        }
        String variable = s.environmentSource(environment);
        return variable != null ? variable + " (" + s.flag() + ")" : s.flag() + " (its default)";
    }

    /** A start-up error that names the setting, where it came from and the value refused. */
    private IllegalArgumentException refused(Setting s, Object value, String why) {
        return new IllegalArgumentException(origin(s) + ": '" + value + "' refused: " + why);
    }

    private void requireAtLeast(Setting s, long value, long min) {
        if (value < min) {
            throw refused(s, value, "must be at least " + min);
        }
    }

    private String text(Setting s) {
        return args.get(s).getValue();
    }

    private boolean on(Setting s) {
        Boolean v = args.get(s).getValue();
        return v != null && v;
    }

    private int intValue(Setting s) {
        Integer v = args.get(s).getValue();
        return v == null ? 0 : v;
    }

    private long longValue(Setting s) {
        Long v = args.get(s).getValue();
        return v == null ? 0 : v;
    }

    @Override
    public ServerConfig call() {
        String root = text(Setting.ROOT);
        String port = text(Setting.PORT);
        String access = text(Setting.ACCESS);
        String secret = text(Setting.SECRET);
        String region = text(Setting.REGION);
        String cert = text(Setting.CERT);
        String key = text(Setting.KEY);
        String iamDir = text(Setting.IAM_DIR);
        String health = text(Setting.HEALTH);
        String ready = text(Setting.READY);
        String logFormat = text(Setting.LOG_FORMAT);
        String sidecar = text(Setting.SIDECAR);
        String versioningDir = text(Setting.VERSIONING_DIR);
        String fsync = text(Setting.FSYNC);
        String inlineReads = text(Setting.INLINE_READS);
        int maxConnections = intValue(Setting.MAX_CONNECTIONS);
        int workers = intValue(Setting.WORKERS);
        int ioThreads = intValue(Setting.IO_THREADS);
        long idleTimeout = longValue(Setting.IDLE_TIMEOUT);
        long headerTimeout = longValue(Setting.HEADER_TIMEOUT);
        long bodyTimeout = longValue(Setting.BODY_TIMEOUT);
        long staleStaging = longValue(Setting.STALE_STAGING);
        long shutdownGrace = longValue(Setting.SHUTDOWN_GRACE);
        VersitygwEntrypoint.requirePosixBackend(environment);
        requireAtLeast(Setting.WORKERS, workers, 1);
        requireAtLeast(Setting.IO_THREADS, ioThreads, 0);
        requireAtLeast(Setting.IDLE_TIMEOUT, idleTimeout, 1);
        requireAtLeast(Setting.HEADER_TIMEOUT, headerTimeout, 1);
        requireAtLeast(Setting.BODY_TIMEOUT, bodyTimeout, 1);
        requireAtLeast(Setting.SHUTDOWN_GRACE, shutdownGrace, 0);
        requireAtLeast(Setting.MAX_CONNECTIONS, maxConnections, 1);
        requireAtLeast(Setting.STALE_STAGING, staleStaging, 0);
        boolean fsyncOn = switch (fsync.toLowerCase(Locale.ROOT)) {
            case "on", "true", "1", "yes" -> true;
            case "off", "false", "0", "no" -> false;
            default -> throw refused(Setting.FSYNC, fsync, "must be on or off");
        };
        Boolean inline = switch (inlineReads.toLowerCase(Locale.ROOT)) {
            case "auto" -> null;
            case "on", "true", "1", "yes" -> true;
            case "off", "false", "0", "no" -> false;
            default -> throw refused(Setting.INLINE_READS, inlineReads, "must be auto, on or off");
        };
        String[] hostPort = listen(Setting.PORT, port);
        boolean noCredentials = (access == null || access.isEmpty()) && (secret == null || secret.isEmpty());
        if (!noCredentials && (access == null || access.isEmpty() || secret == null || secret.isEmpty())) {
            throw new IllegalArgumentException("set both the access key and the secret key, or neither ("
                    + (access == null || access.isEmpty() ? origin(Setting.SECRET) : origin(Setting.ACCESS))
                    + " is set alone)");
        }
        if (noCredentials && !isLoopback(hostPort[0])) {
            throw new IllegalArgumentException(
                    "no credentials configured: the development defaults are only allowed on a "
                            + "loopback address; set --access/--secret (or ROOT_ACCESS_KEY_ID/ROOT_SECRET_ACCESS_KEY)");
        }
        if (isSet(cert) != isSet(key)) {
            throw new IllegalArgumentException(
                    "set both --cert and --key (or VGW_CERT and VGW_KEY) for TLS, or neither");
        }
        String healthPath = absolute(health);
        String readyPath = absolute(ready);
        if (healthPath.equals(readyPath)) {
            throw refused(Setting.READY, ready, "must differ from " + origin(Setting.HEALTH) + " '" + health + "'");
        }
        boolean jsonLog = switch (logFormat.toLowerCase(Locale.ROOT)) {
            case "text" -> false;
            case "json" -> true;
            default -> throw refused(Setting.LOG_FORMAT, logFormat, "must be text or json");
        };
        if (region == null || !region.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,62}")) {
            // it is a field of every credential scope: one with a '/', a blank or nothing at all could never be signed
            // for
            throw refused(
                    Setting.REGION, region, "must be a region name like us-east-1 (letters, digits, '-', '_', '.')");
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
                !on(Setting.NO_KEEP_ALIVE),
                on(Setting.QUIET),
                healthPath,
                readyPath,
                on(Setting.READ_ONLY),
                on(Setting.LEGACY_BUCKET_DEFAULTS),
                maxConnections,
                sidecar == null || sidecar.isEmpty() ? null : Path.of(sidecar),
                versioningDir == null || versioningDir.isEmpty() ? null : Path.of(versioningDir),
                fsyncOn,
                inline,
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
        String metricsPath = text(Setting.METRICS_PATH);
        String metricsPort = text(Setting.METRICS_PORT);
        String path = metricsPath == null || metricsPath.isBlank() ? null : absolute(metricsPath.trim());
        MetricsConfig.HostPort listen = null;
        if (metricsPort != null && !metricsPort.isBlank()) {
            String[] hp = listen(Setting.METRICS_PORT, metricsPort);
            listen = new MetricsConfig.HostPort(hp[0], Integer.parseInt(hp[1]));
            if (path == null) {
                path = "/metrics";
            }
        } else if (path != null) {
            String first = path.substring(1).split("/", 2)[0];
            if (first.isEmpty() || BucketNames.isValid(first)) {
                throw new IllegalArgumentException(origin(Setting.METRICS_PATH) + ": '" + path + "' would hide "
                        + (first.isEmpty() ? "S3 requests" : "the bucket named '" + first + "'")
                        + ": use a path whose first segment is no bucket name, such as "
                        + "/_/metrics, or serve it on a port of its own with --metrics-port");
            }
            if (path.equals(healthPath) || path.equals(readyPath)) {
                throw refused(Setting.METRICS_PATH, path, "must differ from --health and --ready");
            }
        }
        return new MetricsConfig(
                path,
                listen,
                servers(origin(Setting.METRICS_STATSD), text(Setting.METRICS_STATSD)),
                servers(origin(Setting.METRICS_DOGSTATSD), text(Setting.METRICS_DOGSTATSD)));
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

    /** {@link #parseListen}, refusing a value with the setting's name and a host that does not resolve. */
    private String[] listen(Setting s, String value) {
        String[] hostPort;
        try {
            hostPort = parseListen(value);
        } catch (IllegalArgumentException e) {
            throw refused(s, value, "expected HOST:PORT, :PORT or PORT");
        }
        try {
            InetAddress.getByName(hostPort[0]);
        } catch (UnknownHostException e) {
            throw refused(s, value, "no such host '" + hostPort[0] + "'");
        }
        return hostPort;
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
