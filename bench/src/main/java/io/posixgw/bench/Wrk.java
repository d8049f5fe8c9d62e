package io.posixgw.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs wrk (the HTTP load generator, Debian package {@code wrk}) and reads its summary. */
final class Wrk {
    private static final Pattern REQUESTS = Pattern.compile("(\\d+) requests in ([\\d.]+)(us|ms|s|m|h),");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses: (\\d+)");
    private static final Pattern SOCKET =
            Pattern.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");
    private static final Pattern PERCENTILE =
            Pattern.compile("^\\s*(50|75|90|99)%\\s+([\\d.]+)(us|ms|s|m)\\s*$", Pattern.MULTILINE);

    /** What one run measured: p50 and p99 latency in milliseconds (NaN if wrk printed none). */
    record Result(long requests, double seconds, long non2xx, long socketErrors, double p50Ms, double p99Ms) {
        double requestsPerSecond() {
            return requests / seconds;
        }
    }

    private final String binary;

    Wrk(String binary) {
        this.binary = binary;
    }

    static boolean installed(String binary) {
        try {
            Process p = new ProcessBuilder(binary, "--version")
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS);
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    Result run(String url, int threads, int connections, Duration duration) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(
                binary,
                "-t",
                Integer.toString(threads),
                "-c",
                Integer.toString(connections),
                "-d",
                Math.max(1, duration.toSeconds()) + "s",
                "--timeout",
                "10s",
                "--latency",
                url));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(duration.toSeconds() + 30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("wrk did not finish");
        }
        if (p.exitValue() != 0) {
            throw new IOException("wrk exited with " + p.exitValue() + ": " + out);
        }
        return parse(out);
    }

    static Result parse(String out) {
        Matcher m = REQUESTS.matcher(out);
        if (!m.find()) {
            throw new IllegalArgumentException("no request count in wrk output: " + out);
        }
        long requests = Long.parseLong(m.group(1));
        double seconds = toMillis(Double.parseDouble(m.group(2)), m.group(3)) / 1000.0;
        Matcher n = NON_2XX.matcher(out);
        long non2xx = n.find() ? Long.parseLong(n.group(1)) : 0;
        Matcher s = SOCKET.matcher(out);
        long socket = 0;
        if (s.find()) {
            for (int g = 1; g <= 4; g++) {
                socket += Long.parseLong(s.group(g));
            }
        }
        double p50 = Double.NaN;
        double p99 = Double.NaN;
        Matcher pm = PERCENTILE.matcher(out);
        while (pm.find()) {
            double ms = toMillis(Double.parseDouble(pm.group(2)), pm.group(3));
            if (pm.group(1).equals("50")) {
                p50 = ms;
            } else if (pm.group(1).equals("99")) {
                p99 = ms;
            }
        }
        return new Result(requests, seconds, non2xx, socket, p50, p99);
    }

    private static double toMillis(double v, String unit) {
        return switch (unit) {
            case "us" -> v / 1000.0;
            case "ms" -> v;
            case "s" -> v * 1000.0;
            case "m" -> v * 60_000.0;
            case "h" -> v * 3_600_000.0;
            default -> throw new IllegalArgumentException("unit " + unit);
        };
    }
}
