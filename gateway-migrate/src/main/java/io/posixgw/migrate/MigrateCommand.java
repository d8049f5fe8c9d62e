package io.posixgw.migrate;

import io.posixgw.posix.PosixBackend;
import io.posixgw.posix.PosixOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code posixgw migrate}: copies the objects of an S3 endpoint (the MinIO being
 * replaced) into the data root, or into another endpoint with {@code --to} (the reverse
 * sync of a rollback). Exit status: 0 done (or nothing to do), 1 some objects or buckets
 * failed or the run was interrupted (run it again: it resumes), 2 bad arguments.
 */
@Command(
        name = "posixgw migrate",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        versionProvider = MigrateCommand.Version.class,
        description = {
            "Copy the objects of an S3 endpoint (MinIO, versitygw, AWS, another posixgw) into the data root, "
                    + "or into another endpoint with --to (reverse sync for a rollback).",
            "Content-Type, the other stored headers, user metadata and tags are kept; every copy is verified "
                    + "(MD5 = ETag for single-part objects, size for multipart ones). Objects the destination already holds "
                    + "(same ETag, or same size and newer for multipart) are skipped, so an interrupted run resumes where it "
                    + "stopped. A successful run into a data root records itself in <root>/" + Marker.FILE
                    + "; the same run again is then a no-op (--force runs it anyway).",
            "Exit status: 0 done or nothing to do, 1 failures or interrupted (run again to resume), 2 bad arguments."
        })
public final class MigrateCommand implements Callable<Integer> {
    /** Environment variables read for options not on the command line (never the server's own credentials). */
    static final Map<String, List<String>> ENVIRONMENT = Map.ofEntries(
            Map.entry("--from", List.of("POSIXGW_MIGRATE_FROM")),
            Map.entry("--access", List.of("POSIXGW_MIGRATE_ACCESS_KEY")),
            Map.entry("--secret", List.of("POSIXGW_MIGRATE_SECRET_KEY")),
            Map.entry("--bucket", List.of("POSIXGW_MIGRATE_BUCKETS")),
            Map.entry("--to", List.of("POSIXGW_MIGRATE_TO")),
            Map.entry("--to-access", List.of("POSIXGW_MIGRATE_TO_ACCESS_KEY")),
            Map.entry("--to-secret", List.of("POSIXGW_MIGRATE_TO_SECRET_KEY")),
            Map.entry("--concurrency", List.of("POSIXGW_MIGRATE_CONCURRENCY")),
            Map.entry("<root>", ServerSetting.ROOT.env()),
            Map.entry("--sidecar", ServerSetting.SIDECAR.env()),
            Map.entry("--fsync", ServerSetting.FSYNC.env()));

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "<root>",
            description = "Data root to copy into (env POSIXGW_ROOT, VGW_BACKEND_ARG; default ./data). Not with --to.")
    String root;

    @Option(
            names = "--from",
            paramLabel = "URL",
            description = "Source endpoint, e.g. http://ryax-minio:9000 (env POSIXGW_MIGRATE_FROM).")
    String from;

    @Option(
            names = "--access",
            paramLabel = "KEY",
            description = "Access key of the source (env POSIXGW_MIGRATE_ACCESS_KEY).")
    String access;

    @Option(
            names = "--secret",
            paramLabel = "SECRET",
            description = "Secret key of the source (env POSIXGW_MIGRATE_SECRET_KEY; prefer it to the flag).")
    String secret;

    @Option(
            names = "--bucket",
            paramLabel = "NAME",
            split = ",",
            description =
                    "Bucket to copy; repeat or separate with commas (env POSIXGW_MIGRATE_BUCKETS). Default: --all.")
    List<String> buckets;

    @Option(names = "--all", description = "Copy every bucket of the source (the default without --bucket).")
    boolean all;

    @Option(
            names = "--dry-run",
            description = "Only list and compare: say what would be copied and deleted, write nothing.")
    boolean dryRun;

    @Option(
            names = "--delete-extra",
            description =
                    "Delete destination objects the source does not have (in the copied buckets), making it a mirror.")
    boolean deleteExtra;

    @Option(
            names = "--recopy",
            description = "Copy every object again, also those whose bytes the destination already holds: a later run "
                    + "otherwise skips them, so metadata or tags changed in place at the source are not brought over.")
    boolean recopy;

    @Option(
            names = "--to",
            paramLabel = "URL",
            description =
                    "Copy into this endpoint instead of the data root (env POSIXGW_MIGRATE_TO), e.g. back into MinIO.")
    String to;

    @Option(
            names = "--to-access",
            paramLabel = "KEY",
            description = "Access key of --to (env POSIXGW_MIGRATE_TO_ACCESS_KEY).")
    String toAccess;

    @Option(
            names = "--to-secret",
            paramLabel = "SECRET",
            description = "Secret key of --to (env POSIXGW_MIGRATE_TO_SECRET_KEY).")
    String toSecret;

    @Option(names = "--force", description = "Run even when " + Marker.FILE + " records the same migration as done.")
    boolean force;

    @Option(
            names = "--concurrency",
            paramLabel = "N",
            description = "Objects copied at once (env POSIXGW_MIGRATE_CONCURRENCY; default 8).")
    Integer concurrency;

    @Option(
            names = "--sidecar",
            paramLabel = "DIR",
            description = "Metadata directory, as the server's --sidecar (env POSIXGW_SIDECAR, VGW_META_SIDECAR).")
    String sidecar;

    @Option(
            names = "--fsync",
            paramLabel = "on|off",
            description = "As the server's --fsync (env POSIXGW_FSYNC; default on).")
    String fsync;

    @Option(
            names = "--owner",
            paramLabel = "KEY",
            description =
                    "Owner recorded on the buckets created (default: the server's root access key from its environment, "
                            + "else --access).")
    String owner;

    @Option(
            names = "--progress",
            paramLabel = "SECONDS",
            description = "Seconds between progress lines when stderr is not a terminal; 0 for none (default 10).")
    int progressSeconds = 10;

    @Option(names = "--retries", paramLabel = "N", hidden = true, description = "Tries per object (default 3).")
    int attempts = 3;

    @Option(names = "--retry-delay-ms", hidden = true)
    long retryDelayMillis = 1000;

    @Spec
    CommandLine.Model.CommandSpec spec;

    private final Map<String, String> environment;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean handleSignals;

    MigrateCommand(Map<String, String> environment, PrintStream out, PrintStream err, boolean handleSignals) {
        this.environment = environment;
        this.out = out;
        this.err = err;
        this.handleSignals = handleSignals;
    }

    /** The command line for {@code posixgw migrate}, with its defaults from {@code environment}. */
    public static CommandLine commandLine(
            Map<String, String> environment, PrintStream out, PrintStream err, boolean handleSignals) {
        CommandLine cl = new CommandLine(new MigrateCommand(environment, out, err, handleSignals));
        cl.setDefaultValueProvider(new EnvironmentDefaults(environment));
        return cl;
    }

    /** Parses and runs; returns the exit status. For tests and embedding (no signal handling). */
    public static int run(String[] args, Map<String, String> environment, PrintStream out, PrintStream err) {
        CommandLine cl = commandLine(environment, out, err, false);
        cl.setOut(new java.io.PrintWriter(out, true));
        cl.setErr(new java.io.PrintWriter(err, true));
        try {
            CommandLine.ParseResult parsed = cl.parseArgs(args);
            if (CommandLine.printHelpIfRequested(parsed)) {
                return 0;
            }
        } catch (CommandLine.ParameterException e) {
            err.println("posixgw migrate: " + e.getMessage());
            return 2;
        }
        return ((MigrateCommand) cl.getCommand()).call();
    }

    /** Runs the parsed command: 0 success or nothing to do, 1 failures or interrupted, 2 bad arguments. */
    @Override
    public Integer call() {
        try {
            validate();
        } catch (IllegalArgumentException e) {
            err.println("posixgw migrate: " + e.getMessage());
            err.println("Try 'posixgw migrate --help'.");
            return 2;
        }
        try {
            return migrate();
        } catch (IOException | RuntimeException e) {
            err.println("posixgw migrate: " + Copier.message(e));
            return 1;
        }
    }

    private void validate() {
        require(from, "--from (or POSIXGW_MIGRATE_FROM): the endpoint to copy from");
        require(access, "--access (or POSIXGW_MIGRATE_ACCESS_KEY): the access key of " + from);
        require(secret, "--secret (or POSIXGW_MIGRATE_SECRET_KEY): the secret key of " + from);
        checkUrl("--from", from);
        if (all && buckets != null && !buckets.isEmpty() && explicitlySet("--bucket")) {
            throw new IllegalArgumentException("--bucket and --all exclude each other");
        }
        if (to != null && !to.isEmpty()) {
            checkUrl("--to", to);
            require(toAccess, "--to-access (or POSIXGW_MIGRATE_TO_ACCESS_KEY): the access key of " + to);
            require(toSecret, "--to-secret (or POSIXGW_MIGRATE_TO_SECRET_KEY): the secret key of " + to);
            if (explicitlySet("<root>")) {
                throw new IllegalArgumentException("a data root and --to exclude each other: the destination is " + to);
            }
        }
        int n = concurrency == null ? 8 : concurrency;
        if (n < 1 || n > 256) {
            throw new IllegalArgumentException("--concurrency must be 1..256");
        }
        if (attempts < 1) {
            throw new IllegalArgumentException("--retries must be ≥ 1");
        }
        fsyncOn();
    }

    private boolean explicitlySet(String name) {
        if (spec == null) {
            return true;
        }
        CommandLine.ParseResult pr = spec.commandLine().getParseResult();
        if (pr == null) {
            return true;
        }
        return name.startsWith("-") ? pr.hasMatchedOption(name) : pr.hasMatchedPositional(0);
    }

    private static void require(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("missing " + what);
        }
    }

    private static void checkUrl(String option, String url) {
        String u = url.toLowerCase(Locale.ROOT);
        if (!u.startsWith("http://") && !u.startsWith("https://")) {
            throw new IllegalArgumentException(option + " must be an http:// or https:// URL, not '" + url + "'");
        }
    }

    private boolean fsyncOn() {
        String v = fsync == null ? "on" : fsync.toLowerCase(Locale.ROOT);
        return switch (v) {
            case "on", "true", "1", "yes" -> true;
            case "off", "false", "0", "no" -> false;
            default -> throw new IllegalArgumentException("--fsync must be on or off, not " + fsync);
        };
    }

    private int migrate() throws IOException {
        boolean toEndpoint = to != null && !to.isEmpty();
        boolean allBuckets = all || buckets == null || buckets.isEmpty();
        List<String> selected = allBuckets ? List.of() : List.copyOf(new LinkedHashSet<>(buckets));
        int workers = concurrency == null ? 8 : concurrency;
        Path dataRoot = Path.of(root == null ? ServerSetting.ROOT.defaultValue() : root);

        if (!toEndpoint && !force && Files.isDirectory(dataRoot)) {
            Marker.Run done = Marker.covering(dataRoot, from, allBuckets, selected);
            if (done != null) {
                if (!dryRun) {
                    out.printf(
                            Locale.ROOT,
                            "posixgw migrate: nothing to do, %s already holds the migration from %s completed at %s "
                                    + "(%,d objects; %s). Use --force to run it again.%n",
                            dataRoot.toAbsolutePath(),
                            done.from(),
                            done.completedAt(),
                            done.objects(),
                            Marker.path(dataRoot));
                    return 0;
                }
                out.println("posixgw migrate: note: " + Marker.path(dataRoot)
                        + " records this migration as completed at " + done.completedAt());
            }
        }

        Destination destination = toEndpoint
                ? new S3Destination(to, S3Clients.create(to, toAccess, toSecret, workers))
                : localDestination(dataRoot);
        S3Source source = new S3Source(from, S3Clients.create(from, access, secret, workers));

        List<String> names;
        if (allBuckets) {
            names = source.buckets();
        } else {
            names = new ArrayList<>();
            for (String b : selected) {
                if (!source.bucketExists(b)) {
                    throw new IOException("bucket " + b + " does not exist at " + from);
                }
                names.add(b);
            }
        }

        boolean terminal = System.console() != null && err == System.err;
        Progress progress =
                new Progress(err, terminal, Duration.ofSeconds(Math.max(0, progressSeconds)), System::nanoTime);
        Copier copier = new Copier(
                source,
                destination,
                new Copier.Options(workers, dryRun, deleteExtra, attempts, Duration.ofMillis(retryDelayMillis), recopy),
                progress);
        err.printf(
                Locale.ROOT,
                "posixgw migrate: %s%s -> %s, %s, %d at once%s%n",
                dryRun ? "dry run, " : "",
                from,
                destination.describe(),
                names.isEmpty() ? "no buckets" : "buckets " + String.join(", ", names),
                workers,
                deleteExtra ? ", deleting extra objects" : "");
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = handleSignals
                ? new Thread(
                        () -> {
                            copier.cancel();
                            try {
                                finished.await(10, TimeUnit.SECONDS);
                            } catch (InterruptedException ignored) {
                                Thread.currentThread().interrupt();
                            }
                        },
                        "migrate-stop")
                : null;
        if (hook != null) {
            Runtime.getRuntime().addShutdownHook(hook);
        }
        Summary summary;
        try {
            try {
                progress.start();
                summary = copier.run(names);
            } finally {
                progress.stop();
            }
            summary.print(out);
            out.flush();
            if (summary.success() && !dryRun && !toEndpoint) {
                Marker.append(
                        dataRoot,
                        new Marker.Run(
                                from,
                                allBuckets,
                                names,
                                Instant.now().toString(),
                                summary.listed(),
                                summary.copied(),
                                summary.skipped(),
                                summary.deleted(),
                                summary.copiedBytes()));
                out.println("  recorded in " + Marker.path(dataRoot.toAbsolutePath()));
            }
        } finally {
            destination.close();
            finished.countDown();
            if (hook != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException ignored) {
                    // shutting down: the hook is running
                }
            }
        }
        return summary.success() ? 0 : 1;
    }

    private Destination localDestination(Path dataRoot) throws IOException {
        if (!PosixBackend.fileNamesAreUtf8()) {
            throw new IOException(
                    "file names are not UTF-8 in this JVM (sun.jnu.encoding=" + System.getProperty("sun.jnu.encoding")
                            + "): run with LC_ALL=C.UTF-8 so that keys map to file names exactly");
        }
        PosixOptions options = PosixOptions.DEFAULT.withFsync(fsyncOn());
        if (dryRun && !Files.isDirectory(dataRoot)) {
            Path empty = Files.createTempDirectory("posixgw-migrate-dry");
            empty.toFile().deleteOnExit();
            return new LocalDestination(new PosixBackend(empty, options), dataRoot, owner());
        }
        Files.createDirectories(dataRoot);
        if (sidecar != null && !sidecar.isEmpty()) {
            Path dir = Path.of(sidecar);
            Files.createDirectories(dir);
            options = options.withSidecar(dir);
        } else if (!PosixBackend.supportsUserXattrs(dataRoot)) {
            throw new IOException(
                    "the file system of " + dataRoot.toAbsolutePath() + " does not keep user extended attributes "
                            + "(xattrs), where posixgw stores object metadata; use --sidecar DIR (the same as the server's)");
        }
        PosixBackend backend = new PosixBackend(dataRoot, options);
        if (!dryRun) {
            backend.sweepStaleTemps(Duration.ofHours(1));
        }
        return new LocalDestination(backend, dataRoot, owner());
    }

    private String owner() {
        if (owner != null && !owner.isEmpty()) {
            return owner;
        }
        String serverAccess = ServerSetting.ACCESS.fromEnvironment(environment);
        return serverAccess != null && !serverAccess.isEmpty() ? serverAccess : access;
    }

    /** {@code posixgw migrate --version}: the version of the migrate jar, which is built with the server's. */
    public static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = MigrateCommand.class.getPackage().getImplementationVersion();
            return new String[] {"posixgw " + (v == null ? "(development build)" : v)};
        }
    }

    /** Option defaults from the environment per {@link #ENVIRONMENT}, then the built-in defaults. */
    static final class EnvironmentDefaults implements CommandLine.IDefaultValueProvider {
        private final Map<String, String> environment;

        EnvironmentDefaults(Map<String, String> environment) {
            this.environment = environment;
        }

        @Override
        public String defaultValue(ArgSpec arg) {
            String name = arg.isOption() ? ((OptionSpec) arg).longestName() : arg.paramLabel();
            List<String> vars = ENVIRONMENT.get(name);
            if (vars != null) {
                for (String v : vars) {
                    String value = environment.get(v);
                    if (value != null && !value.isEmpty()) {
                        return value;
                    }
                }
            }
            return switch (name) {
                case "<root>" -> ServerSetting.ROOT.defaultValue();
                default -> null;
            };
        }
    }
}
