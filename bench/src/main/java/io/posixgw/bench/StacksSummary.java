package io.posixgw.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stacks-summary FILE}: async-profiler's collapsed stacks ({@code frame;frame;... count})
 * as Markdown: samples by top frame (self), by syscall (kernel entry {@code __x64_sys_*}),
 * by first own frame, and by own method anywhere on the stack; and syscalls by the own
 * method that made them, which ties kernel time to the line of posixgw that caused it.
 */
@Command(
        name = "stacks-summary",
        mixinStandardHelpOptions = true,
        description = "Hot spots of async-profiler collapsed stacks, as Markdown.")
final class StacksSummary implements Callable<Integer> {
    private static final Pattern SYSCALL = Pattern.compile("__(?:x64|arm64)_sys_(\\w+?)(?:_\\[k\\])?$");

    @Parameters(paramLabel = "FILE", description = "Collapsed stacks (async-profiler 'collapsed' output).")
    Path file;

    @Option(names = "--top", defaultValue = "15", description = "Lines per table (default ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--package", defaultValue = "io.posixgw.", description = "Own code (default ${DEFAULT-VALUE}).")
    String ownPackage;

    private final Map<String, Long> self = new HashMap<>();
    private final Map<String, Long> syscalls = new HashMap<>();
    private final Map<String, Long> firstOwn = new HashMap<>();
    private final Map<String, Long> ownTotal = new HashMap<>();
    private final Map<String, Long> syscallBySite = new HashMap<>();
    private long samples;

    @Override
    public Integer call() throws IOException {
        read(Files.readAllLines(file, StandardCharsets.UTF_8));
        print(System.out);
        return 0;
    }

    void read(List<String> lines) {
        for (String line : lines) {
            int space = line.lastIndexOf(' ');
            if (space <= 0) {
                continue;
            }
            long n;
            try {
                n = Long.parseLong(line.substring(space + 1).trim());
            } catch (NumberFormatException e) {
                continue;
            }
            String[] frames = line.substring(0, space).split(";");
            samples += n;
            add(self, clean(frames[frames.length - 1]), n);
            String syscall = null;
            String own = null;
            Set<String> seen = new HashSet<>();
            // collapsed stacks run from the root to the top frame
            for (int i = frames.length - 1; i >= 0; i--) {
                String f = clean(frames[i]);
                Matcher m = SYSCALL.matcher(frames[i]);
                if (syscall == null && m.find()) {
                    syscall = m.group(1);
                }
                if (own == null && f.startsWith(ownPackage)) {
                    own = f;
                }
                if (f.startsWith(ownPackage) && seen.add(f)) {
                    add(ownTotal, f, n);
                }
            }
            add(firstOwn, own == null ? "(no " + ownPackage + " frame)" : own, n);
            if (syscall != null) {
                add(syscalls, syscall, n);
                add(syscallBySite, syscall + " from " + (own == null ? "(no " + ownPackage + " frame)" : own), n);
            }
        }
    }

    /** Kernel frames marked, Java frames with dots ({@code io/posixgw/X.m} in async-profiler's output). */
    private static String clean(String raw) {
        String frame = raw.indexOf('/') > 0 && !raw.endsWith("_[k]") ? raw.replace('/', '.') : raw;
        return frame.endsWith("_[k]")
                ? frame.substring(0, frame.length() - 4) + " [kernel]"
                : frame.endsWith("_[j]") || frame.endsWith("_[i]") || frame.endsWith("_[0]") || frame.endsWith("_[1]")
                        ? frame.substring(0, frame.length() - 4)
                        : frame;
    }

    private static void add(Map<String, Long> map, String key, long n) {
        map.merge(key, n, Long::sum);
    }

    void print(PrintStream out) {
        out.printf(
                "# CPU hot spots: %s%n%n%d samples in all (on-CPU time of every thread, kernel frames included).%n%n",
                file.getFileName(), samples);
        table(out, "By top frame (self)", self);
        table(out, "By syscall (time inside the kernel entry, all threads)", syscalls);
        table(out, "Syscalls by the " + ownPackage + " method that made them", syscallBySite);
        table(out, "By first " + ownPackage + " frame (inclusive of everything it called)", firstOwn);
        table(out, "By " + ownPackage + " method anywhere on the stack (total)", ownTotal);
    }

    private void table(PrintStream out, String title, Map<String, Long> counts) {
        out.printf("## %s%n%n| %% | samples | where |%n|---|---|---|%n", title);
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .limit(top)
                .forEach(e -> out.printf(
                        Locale.ROOT,
                        "| %.1f | %d | `%s` |%n",
                        samples == 0 ? 0 : 100.0 * e.getValue() / samples,
                        e.getValue(),
                        e.getKey()));
        out.println();
    }
}
