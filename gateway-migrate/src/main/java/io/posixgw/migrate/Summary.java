package io.posixgw.migrate;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of one migrate run.
 *
 * @param listed      source objects in the selected buckets
 * @param copied      objects written (or, in a dry run, that would be)
 * @param skipped     objects the destination already held
 * @param deleted     destination objects absent at the source removed by {@code --delete-extra} (or that would be)
 * @param failures    one line per object that could not be copied, and per bucket that could not be done
 * @param interrupted the run was stopped before the end
 */
record Summary(
        String from,
        String to,
        List<String> buckets,
        boolean dryRun,
        long listed,
        long copied,
        long copiedBytes,
        long skipped,
        long deleted,
        List<String> failures,
        boolean interrupted,
        Duration elapsed) {

    static final int MAX_FAILURES_SHOWN = 20;

    boolean success() {
        return failures.isEmpty() && !interrupted;
    }

    void print(PrintStream out) {
        double seconds = Math.max(0.001, elapsed.toMillis() / 1000.0);
        String state = interrupted
                ? "interrupted"
                : !failures.isEmpty() ? "finished with failures" : dryRun ? "dry run done" : "done";
        out.printf(
                Locale.ROOT,
                "posixgw migrate: %s in %.1f s, %s -> %s, buckets: %s%n",
                state,
                seconds,
                from,
                to,
                String.join(", ", buckets));
        if (dryRun) {
            out.printf(
                    Locale.ROOT,
                    "  %,d objects listed: %,d would be copied (%s), %,d already present, %,d extra would be deleted%n",
                    listed,
                    copied,
                    Progress.bytes(copiedBytes),
                    skipped,
                    deleted);
        } else {
            out.printf(
                    Locale.ROOT,
                    "  %,d objects listed: %,d copied and verified (%s, %s/s), %,d already present, %,d failed, "
                            + "%,d extra deleted%n",
                    listed,
                    copied,
                    Progress.bytes(copiedBytes),
                    Progress.bytes((long) (copiedBytes / seconds)),
                    skipped,
                    failures.size(),
                    deleted);
        }
        for (int i = 0; i < failures.size() && i < MAX_FAILURES_SHOWN; i++) {
            out.println("  failed: " + failures.get(i));
        }
        if (failures.size() > MAX_FAILURES_SHOWN) {
            out.printf(Locale.ROOT, "  ... and %,d more failures%n", failures.size() - MAX_FAILURES_SHOWN);
        }
        if (!success() && !dryRun) {
            out.println("  run the same command again: objects already copied are skipped");
        }
    }
}
