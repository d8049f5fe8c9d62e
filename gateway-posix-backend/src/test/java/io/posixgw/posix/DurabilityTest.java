package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.testkit.BackendCalls;
import io.posixgw.testkit.Bodies;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which directories a write or a delete fsyncs (DESIGN §5): every entry it changed, nothing more. */
class DurabilityTest {
    static final String B = "bkt";

    @TempDir
    Path tmp;

    Path bucket;
    BackendCalls backend;
    final List<Path> synced = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("data"));
        backend = new BackendCalls(new PosixBackend(root, PosixOptions.DEFAULT, new DirectorySync(d -> {
            synced.add(d);
            DirectorySync.force(d);
        })));
        backend.createBucket(B, "owner-key");
        bucket = root.resolve(B);
        synced.clear();
    }

    private void put(String key) throws IOException {
        backend.putObject(new PutObjectRequest(B, key, ObjectAttributes.EMPTY, null), Bodies.of(new byte[] {1, 2, 3}));
    }

    @Test
    void putOfAKeyInNewDirectoriesSyncsEachChangedDirectory() throws IOException {
        put("a/b/c.bin");
        // a's entry in the bucket, b's in a, c.bin's in b
        assertEquals(Set.of(bucket, bucket.resolve("a"), bucket.resolve("a/b")), Set.copyOf(synced));
        synced.clear();
        put("a/b/d.bin");
        assertEquals(List.of(bucket.resolve("a/b")), synced);
    }

    @Test
    void deleteSyncsTheDirectoryWherePruningStopped() throws IOException {
        put("a/b/c.bin");
        put("a/d.bin");
        synced.clear();
        backend.deleteObject(B, "a/b/c.bin"); // b is pruned: its removal from a is the change to flush
        assertFalse(Files.exists(bucket.resolve("a/b")));
        assertEquals(List.of(bucket.resolve("a")), synced);
        synced.clear();
        backend.deleteObject(B, "a/d.bin"); // a is pruned too
        assertFalse(Files.exists(bucket.resolve("a")));
        assertEquals(List.of(bucket), synced);
    }

    /** The platform's shape: the key's directory goes, its parent stays for the other keys' directories. */
    @Test
    void deleteStopsPruningAtAParentWithOtherSubdirectories() throws IOException {
        put("runs/u1/out.bin");
        put("runs/u2/out.bin");
        put("runs/u3/sub/out.bin");
        synced.clear();
        backend.deleteObject(B, "runs/u1/out.bin");
        assertFalse(Files.exists(bucket.resolve("runs/u1")));
        assertTrue(Files.exists(bucket.resolve("runs/u2/out.bin")));
        assertEquals(List.of(bucket.resolve("runs")), synced);
        synced.clear();
        backend.deleteObject(B, "runs/u3/sub/out.bin"); // sub and u3 go, runs (u2) stays
        assertFalse(Files.exists(bucket.resolve("runs/u3")));
        assertEquals(List.of(bucket.resolve("runs")), synced);
        synced.clear();
        backend.deleteObject(B, "runs/u2/out.bin"); // the last: runs goes too
        assertFalse(Files.exists(bucket.resolve("runs")));
        assertEquals(List.of(bucket), synced);
    }

    @Test
    void deleteBesideOtherObjectsSyncsTheKeysDirectory() throws IOException {
        put("x/1");
        put("x/2");
        synced.clear();
        backend.deleteObject(B, "x/1");
        assertTrue(Files.exists(bucket.resolve("x/2")));
        assertEquals(List.of(bucket.resolve("x")), synced);
    }

    @Test
    void sidecarAttributesAreFlushedBeforeThePutReturns() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("data-sc"));
        Path sidecar = tmp.resolve("sidecar");
        List<FsyncListener.Target> fsyncs = new CopyOnWriteArrayList<>();
        BackendCalls sc = new BackendCalls(new PosixBackend(
                root,
                PosixOptions.DEFAULT.withSidecar(sidecar).withFsyncListener((target, nanos) -> fsyncs.add(target)),
                new DirectorySync(d -> {
                    synced.add(d);
                    DirectorySync.force(d);
                })));
        sc.createBucket(B, "owner-key");
        synced.clear();
        fsyncs.clear();
        sc.putObject(
                new PutObjectRequest(
                        B,
                        "a/b/c.bin",
                        new ObjectAttributes("text/plain", null, null, null, null, null, java.util.Map.of()),
                        null),
                Bodies.of(new byte[] {1, 2, 3}));

        Path node = sidecar.resolve(B).resolve("a/b/c.bin");
        assertTrue(Files.isRegularFile(node.resolve("meta/etag")));
        // the data, then each value file: the stamp, the ETag and the content type at least
        assertTrue(fsyncs.stream().filter(t -> t == FsyncListener.Target.FILE).count() >= 4, "file fsyncs: " + fsyncs);
        // the value entries (in the staged node's meta/, since renamed), the node's new
        // parents and the entry naming the node
        assertTrue(
                synced.stream()
                        .anyMatch(d -> d.startsWith(sidecar)
                                && d.getFileName().toString().equals("meta")),
                "synced: " + synced);
        assertTrue(
                synced.containsAll(List.of(
                        sidecar.resolve(B),
                        sidecar.resolve(B).resolve("a"),
                        sidecar.resolve(B).resolve("a/b"))),
                "synced: " + synced);
    }

    @Test
    void sidecarAttributesAreNotFlushedWithFsyncOff() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("data-off"));
        List<FsyncListener.Target> fsyncs = new CopyOnWriteArrayList<>();
        BackendCalls sc = new BackendCalls(new PosixBackend(
                root,
                PosixOptions.DEFAULT
                        .withSidecar(tmp.resolve("sidecar-off"))
                        .withFsync(false)
                        .withFsyncListener((target, nanos) -> fsyncs.add(target)),
                new DirectorySync(d -> synced.add(d))));
        sc.createBucket(B, "owner-key");
        sc.putObject(new PutObjectRequest(B, "k", ObjectAttributes.EMPTY, null), Bodies.of(new byte[] {1}));
        assertEquals(List.of(), fsyncs);
        assertEquals(List.of(), synced);
    }
}
