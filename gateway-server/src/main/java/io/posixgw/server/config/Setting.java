package io.posixgw.server.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Every setting of the server, in one table: its flag, its value's label and kind and
 * its line in {@code --help}, the environment variables that set it (ours first, then
 * the aliases people migrating from versitygw or MinIO bring), its default and its
 * meaning (README's wording). Flag beats environment beats default. {@link ServerCommand}
 * builds its picocli options from this table, and the README's configuration table is
 * checked against it by a test: a new setting is a new row here (and, once parsed, a
 * component of {@link ServerConfig}).
 */
public enum Setting {
    ROOT(
            "<root>",
            "<root>",
            Kind.TEXT,
            "Data directory (env POSIXGW_ROOT, VGW_BACKEND_ARG).",
            List.of("POSIXGW_ROOT", "VGW_BACKEND_ARG"),
            "./data",
            "Data directory: each sub-directory is a bucket."),
    PORT(
            "--port",
            "ADDR",
            Kind.TEXT,
            "Listen address.",
            List.of("POSIXGW_PORT", "VGW_PORT"),
            "127.0.0.1:7070",
            "Listen address: `HOST:PORT`, or `:PORT` / `PORT` for all interfaces."),
    ACCESS(
            "--access",
            "KEY",
            Kind.TEXT,
            "Root access key.",
            List.of("POSIXGW_ACCESS_KEY", "ROOT_ACCESS_KEY_ID", "ROOT_ACCESS_KEY", "MINIO_ROOT_USER"),
            null,
            "Root access key. Without access and secret, development defaults are used (loopback only)."),
    SECRET(
            "--secret",
            "SECRET",
            Kind.TEXT,
            "Root secret key.",
            List.of("POSIXGW_SECRET_KEY", "ROOT_SECRET_ACCESS_KEY", "ROOT_SECRET_KEY", "MINIO_ROOT_PASSWORD"),
            null,
            "Root secret key. Never logged."),
    REGION(
            "--region",
            "<region>",
            Kind.TEXT,
            "Region.",
            List.of("POSIXGW_REGION", "VGW_REGION", "MINIO_REGION", "MINIO_SITE_REGION"),
            "us-east-1",
            "Region answered by GetBucketLocation and required in signatures."),
    CERT(
            "--cert",
            "FILE",
            Kind.TEXT,
            "TLS certificate chain (PEM).",
            List.of("POSIXGW_CERT", "VGW_CERT"),
            null,
            "TLS certificate chain (PEM). With `--key`, the port speaks HTTPS only; both files are reloaded for new connections when they change (checked every 10 s) or on SIGHUP."),
    KEY(
            "--key",
            "FILE",
            Kind.TEXT,
            "TLS private key (PEM).",
            List.of("POSIXGW_KEY", "VGW_KEY"),
            null,
            "TLS private key (PEM: PKCS#8, PKCS#1 RSA or SEC1 EC, unencrypted)."),
    IAM_DIR(
            "--iam-dir",
            "DIR",
            Kind.TEXT,
            "Directory of versitygw's users.json.",
            List.of("POSIXGW_IAM_DIR", "VGW_IAM_DIR"),
            null,
            "Directory of a versitygw `users.json` (users besides root, roles `admin`, `userplus`, `user`), re-read within a second of a change."),
    NO_KEEP_ALIVE(
            "--no-keep-alive",
            null,
            Kind.SWITCH,
            "Close connections after each request (comparisons only).",
            List.of("POSIXGW_NO_KEEP_ALIVE"),
            "false",
            "Close every connection after one request (for comparisons only). `VGW_KEEP_ALIVE=false` does the same."),
    QUIET(
            "--quiet",
            null,
            Kind.SWITCH,
            "No access log.",
            List.of("POSIXGW_QUIET", "VGW_QUIET"),
            "false",
            "No access log."),
    HEALTH(
            "--health",
            "PATH",
            Kind.TEXT,
            "Health-check path.",
            List.of("POSIXGW_HEALTH", "VGW_HEALTH"),
            "/_/health",
            "Unauthenticated health-check path."),
    READY(
            "--ready",
            "PATH",
            Kind.TEXT,
            "Readiness path.",
            List.of("POSIXGW_READY"),
            "/_/ready",
            "Unauthenticated readiness path: 200 once the data root is reachable, writable and keeps metadata, else 503."),
    LOG_FORMAT(
            "--log-format",
            "text|json",
            Kind.TEXT,
            "Log line format.",
            List.of("POSIXGW_LOG_FORMAT"),
            "text",
            "`text`: one plain line per request and message. `json`: one JSON object per line (access lines carry their fields)."),
    METRICS_PATH(
            "--metrics-path",
            "PATH",
            Kind.TEXT,
            "Prometheus scrape path (unset: none).",
            List.of("POSIXGW_METRICS_PATH"),
            null,
            "Serve Prometheus metrics (unauthenticated, like the health path) at this path, e.g. `/_/metrics`; unset: no Prometheus endpoint. "
                    + "On the S3 port it may not start with a possible bucket name (`/metrics` would hide a bucket `metrics`)."),
    METRICS_PORT(
            "--metrics-port",
            "ADDR",
            Kind.TEXT,
            "Own listen address for the Prometheus path.",
            List.of("POSIXGW_METRICS_PORT"),
            null,
            "Serve the Prometheus path on this address of its own (`HOST:PORT`, `:PORT`) instead of the S3 port; the path is then `/metrics` unless `--metrics-path` says otherwise."),
    METRICS_STATSD(
            "--metrics-statsd",
            "HOST:PORT[,...]",
            Kind.TEXT,
            "StatsD servers.",
            List.of("POSIXGW_METRICS_STATSD", "VGW_METRICS_STATSD_SERVERS"),
            null,
            "Send metrics to these StatsD servers (`HOST:PORT`, comma-separated) over UDP, with InfluxDB/Telegraf-style tags as versitygw does."),
    METRICS_DOGSTATSD(
            "--metrics-dogstatsd",
            "HOST:PORT[,...]",
            Kind.TEXT,
            "DogStatsD servers.",
            List.of("POSIXGW_METRICS_DOGSTATSD", "VGW_METRICS_DOGSTATSD_SERVERS"),
            null,
            "Send metrics to these DogStatsD servers (`HOST:PORT`, comma-separated) over UDP, with Datadog-style tags."),
    READ_ONLY(
            "--read-only",
            null,
            Kind.SWITCH,
            "Refuse all writes.",
            List.of("POSIXGW_READ_ONLY", "VGW_READ_ONLY"),
            "false",
            "Refuse every write with 403 AccessDenied; reads are unaffected."),
    LEGACY_BUCKET_DEFAULTS(
            "--legacy-bucket-defaults",
            null,
            Kind.SWITCH,
            "New buckets as on S3 before April 2023.",
            List.of("POSIXGW_LEGACY_BUCKET_DEFAULTS"),
            "false",
            "New buckets get S3's defaults from before April 2023: ACLs enabled (Object Ownership `ObjectWriter` unless CreateBucket asks otherwise) and every Public Access Block switch off, for clients written for that S3, Ceph RGW or MinIO. Unset: AWS's defaults since (`BucketOwnerEnforced`, all four switches on). Existing buckets keep theirs."),
    MAX_CONNECTIONS(
            "--max-connections",
            "<maxConnections>",
            Kind.INT,
            "Connection limit.",
            List.of("POSIXGW_MAX_CONNECTIONS"),
            "4096",
            "Open connections beyond this are answered 503 SlowDown and closed."),
    SIDECAR(
            "--sidecar",
            "DIR",
            Kind.TEXT,
            "Metadata directory instead of xattrs.",
            List.of("POSIXGW_SIDECAR", "VGW_META_SIDECAR"),
            null,
            "Keep metadata in files under this directory instead of user xattrs (for NFS and other file systems without them)."),
    VERSIONING_DIR(
            "--versioning-dir",
            "DIR",
            Kind.TEXT,
            "Directory of noncurrent object versions.",
            List.of("POSIXGW_VERSIONING_DIR", "VGW_VERSIONING_DIR"),
            null,
            "Keep object versions (PutBucketVersioning) in this directory, outside the data root, in versitygw's layout; unset: PutBucketVersioning is 501 `VersioningNotConfigured`, as versitygw answers."),
    FSYNC(
            "--fsync",
            "on|off",
            Kind.TEXT,
            "Durable acknowledgements.",
            List.of("POSIXGW_FSYNC"),
            "on",
            "`on`: acknowledge writes only once data and rename are on disk. `off`: faster, a crash may lose recent writes."),
    WORKERS(
            "--workers",
            "<workers>",
            Kind.INT,
            "File I/O threads.",
            List.of("POSIXGW_WORKERS"),
            "64",
            "Maximum threads doing file I/O. One is always there; others start when no idle one is free and end after 5 s without work."),
    INLINE_READS(
            "--inline-reads",
            "auto|on|off",
            Kind.TEXT,
            "GetObject and HeadObject on the event loop.",
            List.of("POSIXGW_INLINE_READS"),
            "auto",
            "Run GetObject and HeadObject on the connection's event loop instead of a worker (two thread wake-ups less per request); a read that would wait for a lock, a retry or a hash moves to a worker, and a read slower than 10 ms (a disk that seeks or struggles) sends all of them to the workers for a second. `auto`: on where the data root is on a local file system, off on network and FUSE file systems (NFS, GlusterFS, CephFS, Lustre), where every file call is a round trip."),
    IO_THREADS(
            "--io-threads",
            "<ioThreads>",
            Kind.INT,
            "Event-loop threads (0: one per core).",
            List.of("POSIXGW_IO_THREADS"),
            "0",
            "Netty event-loop threads; 0 means one per core."),
    IDLE_TIMEOUT(
            "--idle-timeout",
            "SECONDS",
            Kind.LONG,
            "Idle keep-alive timeout.",
            List.of("POSIXGW_IDLE_TIMEOUT"),
            "120",
            "Seconds an idle keep-alive connection is kept open."),
    HEADER_TIMEOUT(
            "--header-timeout",
            "SECONDS",
            Kind.LONG,
            "Slow request head timeout.",
            List.of("POSIXGW_HEADER_TIMEOUT"),
            "10",
            "Seconds a request head may take to arrive once its first byte has (slow clients are closed)."),
    BODY_TIMEOUT(
            "--body-timeout",
            "SECONDS",
            Kind.LONG,
            "Stalled body timeout.",
            List.of("POSIXGW_BODY_TIMEOUT"),
            "60",
            "Seconds a request body may stall before the request fails and its temp file is removed."),
    STALE_STAGING(
            "--stale-staging",
            "SECONDS",
            Kind.LONG,
            "Age at which staging files are debris.",
            List.of("POSIXGW_STALE_STAGING"),
            "3600",
            "Seconds after which a staging file can belong to no live request of any gateway on this root: swept at start and every 10 minutes."),
    SHUTDOWN_GRACE(
            "--shutdown-grace",
            "SECONDS",
            Kind.LONG,
            "Time for requests in flight at SIGTERM.",
            List.of("POSIXGW_SHUTDOWN_GRACE"),
            "8",
            "Seconds requests in flight get to finish after SIGTERM.");

    /** Environment variables whose value is the negation of a flag's. */
    static final Map<String, Setting> NEGATED_ENV = Map.of("VGW_KEEP_ALIVE", NO_KEEP_ALIVE);

    /** What a setting's value is, as the command line parses it. */
    public enum Kind {
        TEXT(String.class),
        /** A flag without a value: present means true. */
        SWITCH(boolean.class),
        INT(int.class),
        LONG(long.class);

        private final Class<?> type;

        Kind(Class<?> type) {
            this.type = type;
        }

        public Class<?> type() {
            return type;
        }
    }

    private final String flag;
    private final String label;
    private final Kind kind;
    private final String help;
    private final List<String> env;
    private final String defaultValue;
    private final String description;

    Setting(
            String flag,
            String label,
            Kind kind,
            String help,
            List<String> env,
            String defaultValue,
            String description) {
        this.flag = flag;
        this.label = label;
        this.kind = kind;
        this.help = help;
        this.env = env;
        this.defaultValue = defaultValue;
        this.description = description;
    }

    /** {@code --name}, or {@code <root>} for the one positional parameter. */
    public String flag() {
        return flag;
    }

    /** Whether this is the positional parameter rather than an option. */
    public boolean positional() {
        return !flag.startsWith("--");
    }

    /** The value's name in {@code --help} ({@code FILE}, {@code SECONDS}), null for a switch. */
    public String label() {
        return label;
    }

    public Kind kind() {
        return kind;
    }

    /** The one-line summary {@code --help} prints; {@link #description()} is the README's fuller text. */
    public String help() {
        return help;
    }

    public List<String> env() {
        return env;
    }

    public String defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    /**
     * The value from the environment (first variable set wins), else the default; null if neither.
     * A Kubernetes service link ({@link #isServiceLink}) is no value of ours: that variable is passed over.
     */
    public String fromEnvironment(Map<String, String> environment) {
        String name = environmentSource(environment);
        if (name != null) {
            return environment.get(name);
        }
        for (Map.Entry<String, Setting> n : NEGATED_ENV.entrySet()) {
            String v = environment.get(n.getKey());
            if (n.getValue() == this && v != null && !v.isEmpty()) {
                return Boolean.toString(!Boolean.parseBoolean(v.trim()));
            }
        }
        return defaultValue;
    }

    /** The variable of {@link #env()} this setting's value comes from (the first set that is no service link), or null. */
    public String environmentSource(Map<String, String> environment) {
        for (String name : env) {
            String v = environment.get(name);
            if (v != null && !v.isEmpty() && !isServiceLink(v)) {
                return name;
            }
        }
        return null;
    }

    /**
     * Whether a value is a Kubernetes service link: for every Service in its namespace, Kubernetes
     * injects {@code <NAME>_PORT=tcp://10.43.0.99:9000} (and {@code <NAME>_PORT_9000_TCP}, ...) into each
     * pod, so a Service named {@code posixgw} sets {@code POSIXGW_PORT}, one named {@code posixgw-metrics}
     * {@code POSIXGW_METRICS_PORT}. No setting takes a {@code tcp://}, {@code udp://} or {@code sctp://} URL.
     */
    public static boolean isServiceLink(String value) {
        return value != null && SERVICE_LINK.matcher(value.trim()).matches();
    }

    private static final Pattern SERVICE_LINK = Pattern.compile("(?i)(tcp|udp|sctp)://[^\\s/]+:[0-9]{1,5}");

    /** The variables of any setting that hold a service link, which {@link #fromEnvironment} passes over: one warning each. */
    public static List<String> serviceLinkVariables(Map<String, String> environment) {
        List<String> out = new ArrayList<>();
        for (Setting s : values()) {
            for (String name : s.env) {
                if (isServiceLink(environment.get(name)) && !out.contains(name)) {
                    out.add(name);
                }
            }
        }
        return out;
    }

    public static Setting byFlag(String flag) {
        for (Setting s : values()) {
            if (s.flag.equals(flag)) {
                return s;
            }
        }
        return null;
    }

    /** The configuration table as Markdown, for the README. */
    public static String markdownTable() {
        StringBuilder b = new StringBuilder();
        b.append("| flag | environment | default | meaning |\n|---|---|---|---|\n");
        for (Setting s : values()) {
            b.append("| `").append(s.flag).append("` | ");
            StringBuilder envs = new StringBuilder();
            for (String e : s.env) {
                envs.append(envs.length() == 0 ? "" : ", ")
                        .append('`')
                        .append(e)
                        .append('`');
            }
            for (Map.Entry<String, Setting> n : NEGATED_ENV.entrySet()) {
                if (n.getValue() == s) {
                    envs.append(", `").append(n.getKey()).append("` (negated)");
                }
            }
            b.append(envs)
                    .append(" | ")
                    .append(s.defaultValue == null ? "" : "`" + s.defaultValue + "`")
                    .append(" | ")
                    .append(s.description)
                    .append(" |\n");
        }
        return b.toString();
    }
}
