package io.posixgw.server.it;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A GlusterFS volume on this machine for the scale-out tests (issue 19), driven by
 * {@code bench/gluster-bed.sh}: glusterd with its state under {@code dir}, a replica-2 volume
 * with both bricks here, the bricks on free ports, and FUSE mounts of it, each its own client
 * with its own caches, as two nodes would have. Skips (a JUnit assumption) where the
 * packages, /dev/fuse or root are missing. {@link #close()} unmounts and stops every daemon
 * by the PIDs the script recorded, also from a shutdown hook should the test JVM be stopped.
 */
final class GlusterBed implements AutoCloseable {
    /** FUSE caching as users get it (entries and attributes for 1 s). */
    static final String DEFAULT = "default";
    /** Entry, attribute, negative and md-cache timeouts 0: coherent across mounts. */
    static final String COHERENT = "coherent";

    private final Path script;
    private final Path dir;
    private final Thread hook;
    private final List<Path> mounts = new ArrayList<>();

    private GlusterBed(Path script, Path dir) {
        this.script = script;
        this.dir = dir;
        this.hook = new Thread(this::stopQuietly, "gluster-bed-stop");
    }

    static Path script() {
        Path here = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            Path s = p.resolve("bench/gluster-bed.sh");
            if (Files.isRegularFile(s)) {
                return s;
            }
        }
        throw new IllegalStateException("bench/gluster-bed.sh not found above " + here);
    }

    /** Starts glusterd, creates the volume and starts its two bricks; skips the test where that cannot work here. */
    static GlusterBed start(Path dir) throws Exception {
        Path script = script();
        Assumptions.assumeTrue(
                run(script, 10, "check") == 0,
                "GlusterFS (glusterfs-server, glusterfs-client), /dev/fuse or root missing");
        GlusterBed bed = new GlusterBed(script, dir);
        Runtime.getRuntime().addShutdownHook(bed.hook);
        int[] ports = freePorts(3);
        int rc = run(script, 120, "start", dir.toString(), "" + ports[0], "" + ports[1], "" + ports[2]);
        if (rc != 0) {
            bed.close();
            throw new IllegalStateException("gluster-bed.sh start failed (" + rc + "): see " + dir.resolve("log"));
        }
        return bed;
    }

    /** A new FUSE client of the volume at {@code dir/mnt/name}, with the profile's caching. */
    Path mount(String profile, String name) throws Exception {
        Path mnt = dir.resolve("mnt").resolve(name);
        int rc = run(script, 30, "mount", dir.toString(), profile, mnt.toString());
        if (rc != 0) {
            throw new IllegalStateException("mount " + name + " (" + profile + ") failed: see " + dir.resolve("log"));
        }
        mounts.add(mnt);
        return mnt;
    }

    Path dir() {
        return dir;
    }

    private static int run(Path script, int timeoutSeconds, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", script.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        if (p.exitValue() != 0) {
            System.err.println(
                    "gluster-bed.sh " + String.join(" ", args) + ": " + new String(out, StandardCharsets.UTF_8));
        }
        return p.exitValue();
    }

    private static int[] freePorts(int n) throws IOException {
        List<ServerSocket> held = new ArrayList<>();
        int[] ports = new int[n];
        try {
            for (int i = 0; i < n; i++) {
                ServerSocket s = new ServerSocket(0);
                held.add(s);
                ports[i] = s.getLocalPort();
            }
        } finally {
            for (ServerSocket s : held) {
                s.close();
            }
        }
        return ports;
    }

    private void stopQuietly() {
        try {
            run(script, 60, "stop", dir.toString());
        } catch (IOException | InterruptedException e) {
            System.err.println("gluster-bed.sh stop: " + e);
        }
    }

    @Override
    public void close() {
        stopQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
    }
}
