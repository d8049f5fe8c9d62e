package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs one command of a real S3 client (a CLI, or a script under {@code src/test/clients}) with a
 * clean environment, a fresh HOME, a timeout, and its output captured to files, so a failure
 * shows the command, the exit code, stdout and stderr. The environment is built from scratch
 * (PATH {@code /usr/bin:/bin}, UTF-8 locale, the given HOME): nothing of the caller's AWS_*,
 * pyenv or proxy settings leaks in.
 */
final class ClientProcess {
    private ClientProcess() {}

    record Result(List<String> command, int exit, String stdout, String stderr, long millis) {
        /** Fails with everything the command printed unless it exited 0. */
        Result ok() {
            if (exit != 0) {
                fail("command failed with exit " + exit + "\n" + describe());
            }
            return this;
        }

        String describe() {
            return "$ " + String.join(" ", command) + "   (exit " + exit + ", " + millis + " ms)\n" + "--- stdout ---\n"
                    + tail(stdout) + "\n--- stderr ---\n" + tail(stderr);
        }

        private static String tail(String s) {
            return s.length() <= 20_000
                    ? s
                    : "[... " + (s.length() - 20_000) + " chars cut ...]\n" + s.substring(s.length() - 20_000);
        }

        /** Non-empty lines of stdout. */
        List<String> lines() {
            return stdout.lines().filter(l -> !l.isBlank()).toList();
        }
    }

    /** Builder-ish holder for one client's environment. */
    static final class Env {
        final Path home;
        final Map<String, String> vars = new LinkedHashMap<>();
        Path cwd;
        Duration timeout = Duration.ofSeconds(60);

        Env(Path home) throws IOException {
            this.home = Files.createDirectories(home);
            this.cwd = home;
            vars.put("PATH", "/usr/bin:/bin");
            vars.put("HOME", home.toString());
            vars.put("LANG", "C.UTF-8");
            vars.put("LC_ALL", "C.UTF-8");
            vars.put("TMPDIR", Files.createDirectories(home.resolve("tmp")).toString());
        }

        Env put(String name, String value) {
            vars.put(name, value);
            return this;
        }

        Env cwd(Path dir) {
            this.cwd = dir;
            return this;
        }

        Env timeout(Duration d) {
            this.timeout = d;
            return this;
        }

        Result run(String... command) throws IOException, InterruptedException {
            return ClientProcess.run(this, List.of(command));
        }

        Result run(List<String> command) throws IOException, InterruptedException {
            return ClientProcess.run(this, command);
        }
    }

    /**
     * Fails (never skips) when a client is not installed: issue 4 wants a missing client to make
     * the run fail. {@code .ci/run} installs them all.
     */
    static void requireExecutable(Path path, String install) {
        if (!Files.isExecutable(path)) {
            fail(path + " is missing: this client must be installed for the compatibility tests (" + install
                    + "; .ci/run does it)");
        }
    }

    static Result run(Env env, List<String> command) throws IOException, InterruptedException {
        Path out = Files.createTempFile(env.home.resolve("tmp"), "stdout", ".txt");
        Path err = Files.createTempFile(env.home.resolve("tmp"), "stderr", ".txt");
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command))
                .directory(env.cwd.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().clear();
        pb.environment().putAll(env.vars);
        long t0 = System.nanoTime();
        Process p = pb.start();
        boolean done = p.waitFor(env.timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (!done) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
        long millis = (System.nanoTime() - t0) / 1_000_000;
        Result r = new Result(
                List.copyOf(command),
                done ? p.exitValue() : -1,
                new String(Files.readAllBytes(out), StandardCharsets.UTF_8),
                new String(Files.readAllBytes(err), StandardCharsets.UTF_8),
                millis);
        System.out.println("[" + millis + " ms, exit " + r.exit() + "] " + String.join(" ", command));
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
        if (!done) {
            fail("command timed out after " + env.timeout.toSeconds() + " s\n" + r.describe());
        }
        return r;
    }
}
