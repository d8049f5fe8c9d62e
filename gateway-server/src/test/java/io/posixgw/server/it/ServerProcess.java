package io.posixgw.server.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** posixgw as a separate JVM (its own heap limit, real signals), on an ephemeral port. */
final class ServerProcess implements AutoCloseable {
    private static final Pattern SERVING = Pattern.compile("on https?://127\\.0\\.0\\.1:(\\d+) ");

    final Process process;
    final int port;
    /** Everything the server printed so far (stdout and stderr), line by line. */
    final List<String> output;

    private ServerProcess(Process process, int port, List<String> output) {
        this.process = process;
        this.port = port;
        this.output = output;
    }

    /** A server without access log ({@code --quiet}). */
    static ServerProcess start(Path root, String maxHeap, String... extraArgs) throws Exception {
        return start(root, maxHeap, true, extraArgs);
    }

    static ServerProcess start(Path root, String maxHeap, boolean quiet, String... extraArgs) throws Exception {
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(
                javaBin,
                "-Xmx" + maxHeap,
                "-XX:MaxDirectMemorySize=64m",
                "-cp",
                System.getProperty("java.class.path"),
                "io.posixgw.server.Main",
                "--port",
                "127.0.0.1:0",
                "--access",
                TestGateway.ACCESS,
                "--secret",
                TestGateway.SECRET));
        if (quiet) {
            cmd.add("--quiet");
        }
        cmd.addAll(List.of(extraArgs));
        cmd.add(root.toString());
        return launch(cmd);
    }

    /** The built server jar ({@code target/posixgw.jar}, made in the package phase before the ITs run) over {@code root}. */
    static ServerProcess startJar(Path root) throws Exception {
        return launch(jarCommand("--port", "127.0.0.1:0", root.toString()), Map.of());
    }

    /**
     * {@code java -jar target/posixgw.jar} with exactly {@code args} (the test credentials in
     * {@code POSIXGW_ACCESS_KEY}/{@code POSIXGW_SECRET_KEY}), its output merged; the process environment
     * plus {@code environment}, and nothing of the test JVM's own {@code POSIXGW_}/{@code VGW_} variables.
     */
    static ProcessBuilder jar(Map<String, String> environment, String... args) {
        ProcessBuilder pb = new ProcessBuilder(javaJar(args)).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("POSIXGW_") || k.startsWith("VGW_"));
        pb.environment().put("POSIXGW_ACCESS_KEY", TestGateway.ACCESS);
        pb.environment().put("POSIXGW_SECRET_KEY", TestGateway.SECRET);
        pb.environment().putAll(environment);
        return pb;
    }

    /** {@link #jar}, started and waited for until it serves. */
    static ServerProcess launchJar(Map<String, String> environment, String... args) throws Exception {
        return launch(jarCommand(args), environment);
    }

    private static List<String> jarCommand(String... args) {
        List<String> cmd = new ArrayList<>(List.of("--access", TestGateway.ACCESS, "--secret", TestGateway.SECRET));
        cmd.addAll(List.of(args));
        return javaJar(cmd.toArray(new String[0]));
    }

    private static List<String> javaJar(String... args) {
        Path jar = Path.of("target", "posixgw.jar");
        if (!java.nio.file.Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar.toAbsolutePath() + " is missing: run the ITs through mvn verify");
        }
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(javaBin, "-Xmx128m", "-jar", jar.toString()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    private static ServerProcess launch(List<String> cmd) throws Exception {
        return launch(cmd, Map.of());
    }

    private static ServerProcess launch(List<String> cmd, Map<String, String> environment) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("POSIXGW_") || k.startsWith("VGW_"));
        pb.environment().putAll(environment);
        Process p = pb.start();
        BufferedReader reader = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread pump = new Thread(
                () -> {
                    try {
                        String line;
                        while ((line = reader.readLine()) != null) {
                            lines.add(line);
                            Matcher m = SERVING.matcher(line);
                            if (m.find()) {
                                port.complete(Integer.parseInt(m.group(1)));
                            }
                        }
                    } catch (IOException ignored) {
                        // process ended
                    }
                    port.completeExceptionally(new IllegalStateException("server exited: " + lines));
                },
                "server-output");
        pump.setDaemon(true);
        pump.start();
        return new ServerProcess(p, port.get(30, TimeUnit.SECONDS), lines);
    }

    String endpoint() {
        return "http://127.0.0.1:" + port;
    }

    /** Sends a signal ({@code HUP}, ...) with kill(1). */
    void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid()))
                .inheritIO()
                .start();
        if (kill.waitFor() != 0) {
            throw new IOException("kill -" + name + " " + process.pid() + " failed");
        }
    }

    /** Waits until a line containing {@code text} has been printed. */
    boolean awaitOutput(String text, long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < deadline) {
            synchronized (output) {
                for (String line : output) {
                    if (line.contains(text)) {
                        return true;
                    }
                }
            }
            Thread.sleep(50);
        }
        return false;
    }

    /** SIGTERM, then wait; returns the exit code, or -1 if it did not exit in time. */
    int terminate(long timeoutSeconds) throws InterruptedException {
        process.destroy();
        if (process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            return process.exitValue();
        }
        return -1;
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(15, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
