package io.posixgw.bench;

/**
 * What one row measured against one target: latency samples, and for throughput
 * rows the operations done in a wall-clock time. Rounds merge by adding both, so
 * ops/s over several rounds is total operations over total time.
 */
final class Measurement {
    final Samples latency = new Samples();
    private long ops;
    private long wallNanos;
    private long errors;
    private String firstError;

    synchronized void addOps(long n, long nanos) {
        ops += n;
        wallNanos += nanos;
    }

    synchronized void error(Throwable t) {
        errors++;
        if (firstError == null) {
            firstError = describe(t);
        }
    }

    synchronized void errors(long n, String what) {
        if (n > 0) {
            errors += n;
            if (firstError == null) {
                firstError = what;
            }
        }
    }

    synchronized void merge(Measurement other) {
        latency.addAll(other.latency);
        synchronized (other) {
            ops += other.ops;
            wallNanos += other.wallNanos;
            errors += other.errors;
            if (firstError == null) {
                firstError = other.firstError;
            }
        }
    }

    synchronized long ops() {
        return ops;
    }

    synchronized long wallNanos() {
        return wallNanos;
    }

    synchronized long errors() {
        return errors;
    }

    synchronized String firstError() {
        return firstError;
    }

    /** Operations per second over the merged wall time; NaN for pure latency rows. */
    synchronized double opsPerSecond() {
        return wallNanos > 0 ? ops * 1e9 / wallNanos : Double.NaN;
    }

    static String describe(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String s = root.getClass().getSimpleName() + ": " + root.getMessage();
        return s.length() > 300 ? s.substring(0, 300) : s;
    }
}
