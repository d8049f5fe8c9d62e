package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.testkit.BackendCalls;
import io.posixgw.testkit.Bodies;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every fsync the backend does is reported with its duration; none with {@code --fsync off}. */
class FsyncListenerTest {
    @TempDir
    Path root;

    record Sync(FsyncListener.Target target, long nanos) {}

    @Test
    void putAndUploadPartReportTheirFileAndDirectorySyncs() throws Exception {
        List<Sync> syncs = new CopyOnWriteArrayList<>();
        BackendCalls backend = new BackendCalls(
                new PosixBackend(root, PosixOptions.DEFAULT.withFsyncListener((t, n) -> syncs.add(new Sync(t, n)))));
        backend.createBucket("bkt", "owner");
        syncs.clear();

        backend.putObject(
                new PutObjectRequest("bkt", "a/b/c", ObjectAttributes.EMPTY, null),
                Bodies.of("data".getBytes(StandardCharsets.UTF_8)));
        assertEquals(
                1,
                syncs.stream()
                        .filter(s -> s.target() == FsyncListener.Target.FILE)
                        .count(),
                syncs.toString());
        // the new object's directory, and the directories under which a/ and a/b/ were created
        assertTrue(
                syncs.stream()
                                .filter(s -> s.target() == FsyncListener.Target.DIRECTORY)
                                .count()
                        >= 3,
                syncs.toString());
        assertTrue(syncs.stream().allMatch(s -> s.nanos() > 0), syncs.toString());

        syncs.clear();
        String id = backend.createMultipartUpload("bkt", "mp", ObjectAttributes.EMPTY);
        syncs.clear();
        backend.uploadPart("bkt", "mp", id, 1, Bodies.of(new byte[1000]), null);
        assertEquals(
                1,
                syncs.stream()
                        .filter(s -> s.target() == FsyncListener.Target.FILE)
                        .count(),
                syncs.toString());
    }

    @Test
    void fsyncOffReportsNothing() throws Exception {
        List<Sync> syncs = new CopyOnWriteArrayList<>();
        BackendCalls backend = new BackendCalls(new PosixBackend(
                root, PosixOptions.DEFAULT.withFsync(false).withFsyncListener((t, n) -> syncs.add(new Sync(t, n)))));
        backend.createBucket("bkt", "owner");
        backend.putObject(new PutObjectRequest("bkt", "k", ObjectAttributes.EMPTY, null), Bodies.of(new byte[10]));
        assertTrue(Files.exists(root.resolve("bkt/k")));
        assertEquals(List.of(), syncs);
    }
}
