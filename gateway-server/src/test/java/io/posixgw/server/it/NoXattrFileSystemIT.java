package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A data root on a file system that keeps no user xattrs (ramfs: unlike tmpfs, it has
 * none on any kernel, so it stands in for the NFS exports that lack them). Without
 * {@code --sidecar} the server refuses to start and says what to do; with it, it serves.
 * Needs root to mount; skipped otherwise.
 */
class NoXattrFileSystemIT {
    @TempDir
    Path tmp;

    Path mnt;

    @BeforeEach
    void mountRamfs() throws Exception {
        mnt = Files.createDirectories(tmp.resolve("ramfs"));
        Process mount = new ProcessBuilder("mount", "-t", "ramfs", "ramfs", mnt.toString())
                .redirectErrorStream(true)
                .start();
        Assumptions.assumeTrue(mount.waitFor() == 0, "needs root to mount a ramfs");
        Path probe = Files.createFile(mnt.resolve("probe"));
        IOException noXattrs = assertThrows(
                IOException.class,
                () -> Files.getFileAttributeView(probe, UserDefinedFileAttributeView.class)
                        .write("x", ByteBuffer.wrap(new byte[] {1})),
                "ramfs keeps no user xattrs (else this test proves nothing)");
        assertTrue(noXattrs.getMessage().contains("not supported"), noXattrs.getMessage());
        Files.delete(probe);
    }

    @AfterEach
    void unmount() throws Exception {
        new ProcessBuilder("umount", "-l", mnt.toString()).start().waitFor();
    }

    @Test
    void startWithoutSidecarIsRefusedWithAClearMessage() throws Exception {
        Path data = mnt.resolve("data");
        IOException e = assertThrows(IOException.class, () -> TestGateway.start(data));
        assertTrue(e.getMessage().contains("does not keep user extended attributes"), e.getMessage());
        assertTrue(e.getMessage().contains("--sidecar DIR"), e.getMessage());
        assertTrue(e.getMessage().contains(data.toString()), "names the data root: " + e.getMessage());

        // the binary: exits at once with that message on its log, never serving
        ExecutionException exited = assertThrows(
                ExecutionException.class,
                () -> ServerProcess.start(data, "128m").close());
        String output = exited.getCause().getMessage();
        assertTrue(output.contains("posixgw cannot start") && output.contains("--sidecar DIR"), output);
        try (var entries = Files.list(data)) {
            assertEquals(0, entries.count(), "nothing left in the data root (the probe file is removed)");
        }
    }

    @Test
    void withASidecarItServes() throws Exception {
        Path data = mnt.resolve("data");
        Path sidecar = mnt.resolve("meta");
        try (TestGateway gw = TestGateway.start(data, "--sidecar", sidecar.toString())) {
            RawS3 raw = gw.raw();
            assertEquals(
                    200,
                    raw.send("PUT", "/plain", Map.of(), Map.of(), new byte[0]).status());
            byte[] body = "kept in files".getBytes(StandardCharsets.UTF_8);
            assertEquals(
                    200,
                    raw.send(
                                    "PUT",
                                    "/plain/a/b.txt",
                                    Map.of(),
                                    Map.of("content-type", "text/plain", "x-amz-meta-step", "one"),
                                    body)
                            .status());
            RawS3.Response got = raw.send("GET", "/plain/a/b.txt", Map.of(), Map.of(), new byte[0]);
            assertEquals(200, got.status());
            assertArrayEquals(body, got.body());
            assertEquals("text/plain", got.header("content-type"));
            assertEquals("one", got.header("x-amz-meta-step"));
            assertEquals(ObjectFiles.etag(body), got.header("etag"));
            assertEquals("text/plain", Files.readString(sidecar.resolve("plain/a/b.txt/meta/content-type")));
            assertEquals(
                    200,
                    raw.send("GET", "/_/ready", Map.of(), Map.of(), new byte[0]).status());
        }
        assertFalse(Files.exists(data.resolve("plain/a/b.txt/meta")), "the data tree holds data only");
    }
}
