package io.posixgw.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code posixgw-bench run|listing-scale|alternate|op-loop|floor-loop|floor-ab|put-load|jfr-summary|stacks-summary}: the command line, wired by hand. */
@Command(
        name = "posixgw-bench",
        mixinStandardHelpOptions = true,
        subcommands = {
            Main.RunCommand.class,
            ListingScale.class,
            Alternate.class,
            OpLoop.class,
            FloorLoop.class,
            FloorAb.class,
            PutLoad.class,
            JfrSummary.class,
            StacksSummary.class
        },
        description = "Benchmarks S3 endpoints side by side with the MinIO Java SDK (and a plain-HTTP floor with wrk).")
public final class Main implements Callable<Integer> {

    public static void main(String[] args) {
        System.exit(new CommandLine(new Main()).execute(args));
    }

    @Override
    public Integer call() {
        CommandLine.usage(this, System.err);
        return 2;
    }

    @Command(
            name = "run",
            mixinStandardHelpOptions = true,
            description = "The latency suite, the 8-thread PUT/GET, the mixed load and presigned GET throughput, "
                    + "side by side, interleaved rounds; writes report.md and report.json.")
    static final class RunCommand implements Callable<Integer> {
        @Option(
                names = "--target",
                required = true,
                paramLabel = "NAME=URL[@PID]",
                description = "An S3 endpoint running every section; the first is compared with each other one. "
                        + "With @PID its CPU time and RSS are read from /proc.")
        List<String> targets = new ArrayList<>();

        @Option(
                names = "--fsync-off",
                paramLabel = "NAME=URL[@PID]",
                description = "The first target's server started with --fsync off: runs the 8-thread PUT/GET only.")
        String fsyncOff;

        @Option(
                names = "--floor",
                paramLabel = "NAME=URL",
                description = "Plain HTTP server (nginx) whose document root is the first target's data root: "
                        + "presigned GET throughput only.")
        String floor;

        @Option(
                names = "--file-floor",
                paramLabel = "DIR",
                description =
                        "A directory on the servers' disk: the latency suite's put/stat/get/delete done there in this JVM "
                                + "with java.nio, as posixgw's file calls (floor-chosen) and as the fewest calls (floor-minimal).")
        Path fileFloor;

        @Mixin
        CredentialOptions credentials;

        @Option(
                names = "--quick",
                description = "About a tenth of the iterations and shorter timed sections, for smoke runs.")
        boolean quick;

        @Option(
                names = "--scale",
                description = "Factor on the issue's iteration counts (default 1, or 0.1 with --quick).")
        Double scale;

        @Option(
                names = "--rounds",
                defaultValue = "2",
                description = "Interleaved rounds per section (default ${DEFAULT-VALUE}).")
        int rounds;

        @Option(
                names = "--sections",
                split = ",",
                description = "Sections to run (default all): latency, parallel, mixed, presigned, versioning.")
        List<String> sections;

        @Option(
                names = "--max-object-size",
                defaultValue = "16777216",
                description =
                        "Largest object of the latency suite in bytes (default ${DEFAULT-VALUE}); smaller only for smoke runs.")
        int maxObjectSize;

        @Option(
                names = "--list-keys",
                defaultValue = "1000",
                description = "Keys under the listed prefix (default ${DEFAULT-VALUE}).")
        int listKeys;

        @Option(
                names = "--mixed-clients",
                defaultValue = "8",
                description = "Clients of the mixed load (default ${DEFAULT-VALUE}).")
        int mixedClients;

        @Option(
                names = "--mixed-objects",
                defaultValue = "500",
                description = "Objects uploaded before the mixed load (default ${DEFAULT-VALUE}).")
        int mixedObjects;

        @Option(
                names = "--mixed-seconds",
                description = "Mixed load per round and target (default 30, 5 with --quick).")
        Double mixedSeconds;

        @Option(
                names = "--warmup-seconds",
                description =
                        "Unrecorded 8-thread PUT/GET load per target before its rounds (default 20, 3 with --quick).")
        Double warmupSeconds;

        @Option(names = "--wrk-seconds", description = "One wrk run (default 10, 3 with --quick).")
        Integer wrkSeconds;

        @Option(
                names = "--wrk-connections",
                defaultValue = "8",
                description = "wrk connections (default ${DEFAULT-VALUE}).")
        int wrkConnections;

        @Option(names = "--wrk-threads", defaultValue = "2", description = "wrk threads (default ${DEFAULT-VALUE}).")
        int wrkThreads;

        @Option(names = "--wrk", defaultValue = "wrk", description = "The wrk binary (default ${DEFAULT-VALUE}).")
        String wrkBinary;

        @Option(
                names = "--out",
                description = "Directory for report.md and report.json (default bench/results/<date>).")
        Path out;

        @Option(
                names = "--data-dir",
                description = "A directory on the disk the servers use, to describe it in the report.")
        Path dataDir;

        @Option(names = "--note", paramLabel = "KEY=VALUE", description = "A line added to the report's machine table.")
        Map<String, String> notes = new LinkedHashMap<>();

        @Option(names = "--command", description = "The command shown in the report (default: this command line).")
        String command;

        @Option(names = "--keep", description = "Keep the bucket and objects at the end.")
        boolean keep;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            Path dir = run();
            System.out.println(dir.resolve("report.md"));
            return 0;
        }

        Path run() throws Exception {
            List<Target> all = new ArrayList<>();
            for (String t : targets) {
                all.add(Target.parse(t, Target.Role.S3));
            }
            if (fsyncOff != null) {
                all.add(Target.parse(fsyncOff, Target.Role.FSYNC_OFF));
            }
            if (floor != null) {
                all.add(Target.parse(floor, Target.Role.FLOOR));
            }
            if (fileFloor != null) {
                all.add(Target.files("floor-chosen", fileFloor.resolve("chosen"), Target.Role.FILES_CHOSEN));
                all.add(Target.files("floor-minimal", fileFloor.resolve("minimal"), Target.Role.FILES_MINIMAL));
            }
            Set<String> chosen = new LinkedHashSet<>(
                    sections == null ? List.of("latency", "parallel", "mixed", "presigned", "versioning") : sections);
            if (chosen.contains("presigned") && !Wrk.installed(wrkBinary)) {
                System.err.println("wrk not found: skipping presigned GET throughput (apt-get install wrk)");
                chosen.remove("presigned");
            }
            Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
            Plan plan = new Plan(
                    scale != null ? scale : quick ? 0.1 : 1.0,
                    rounds,
                    chosen,
                    "bench-" + UUID.randomUUID().toString().substring(0, 8),
                    listKeys,
                    mixedClients,
                    mixedObjects,
                    Duration.ofMillis((long) (1000 * (mixedSeconds != null ? mixedSeconds : quick ? 5 : 30))),
                    Duration.ofSeconds(wrkSeconds != null ? wrkSeconds : quick ? 3 : 10),
                    wrkConnections,
                    wrkThreads,
                    maxObjectSize,
                    Duration.ofMillis((long) (1000 * (warmupSeconds != null ? warmupSeconds : quick ? 3 : 20))));
            Path outDir = out != null
                    ? out
                    : Path.of(
                            "bench",
                            "results",
                            now.atOffset(ZoneOffset.UTC).toLocalDate().toString());
            String shown = command != null
                    ? command
                    : "posixgw-bench "
                            + String.join(
                                    " ", spec.commandLine().getParseResult().originalArgs());
            return execute(
                    plan,
                    all,
                    credentials.clients(),
                    outDir,
                    new Report.Meta(now.toString(), shown, Machine.describe(dataDir, notes), plan),
                    wrkBinary,
                    keep);
        }
    }

    /** Runs a whole side-by-side and writes its report; returns the report's directory. */
    static Path execute(
            Plan plan,
            List<Target> targets,
            Clients clients,
            Path outDir,
            Report.Meta meta,
            String wrkBinary,
            boolean keep)
            throws Exception {
        int biggest = plan.runs("latency") ? Math.max(plan.maxObjectSize(), 64 * Payloads.KIB) : 64 * Payloads.KIB;
        try (Context ctx = new Context(plan, clients, new Payloads(biggest), targets)) {
            List<Section> sections = new ArrayList<>();
            if (plan.runs("latency")) {
                sections.add(new LatencySuite(ctx));
            }
            if (plan.runs("parallel")) {
                sections.add(new ParallelPutGet(ctx));
            }
            if (plan.runs("mixed")) {
                sections.add(new MixedLoad(ctx));
            }
            if (plan.runs("presigned")) {
                sections.add(new PresignedGet(ctx, new Wrk(wrkBinary)));
            }
            if (plan.runs("versioning")) {
                sections.add(new VersionedPutGet(ctx));
            }
            SideBySide sbs = new SideBySide(ctx, sections, new ServerCost(), System.err);
            Results results = sbs.run();
            if (!keep) {
                sbs.cleanup();
            }
            meta.machine().put("load average (1 min) at end", new ServerCost().loadAverage());
            if (!Double.isNaN(results.otherProcessesSeconds)) {
                meta.machine()
                        .put(
                                "other processes during the run",
                                String.format(
                                        java.util.Locale.ROOT,
                                        "%.0f CPU-s of %.0f s x %d cores (%.0f %% of the machine)",
                                        results.otherProcessesSeconds,
                                        results.wallSeconds,
                                        Runtime.getRuntime().availableProcessors(),
                                        100
                                                * results.otherProcessesSeconds
                                                / (results.wallSeconds
                                                        * Runtime.getRuntime().availableProcessors())));
            }
            Report report = new Report(meta, results, Goals.check(results));
            report.write(outDir);
            return outDir;
        }
    }

    /** Parses {@code posixgw-bench run ...} arguments into the command object (for tests and scripts). */
    static RunCommand parseRun(String... args) {
        Main main = new Main();
        CommandLine cl = new CommandLine(main);
        CommandLine.ParseResult parsed = cl.parseArgs(prepend("run", args));
        return (RunCommand) parsed.subcommand().commandSpec().userObject();
    }

    private static String[] prepend(String first, String[] rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }
}
