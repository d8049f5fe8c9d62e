package io.posixgw.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.posixgw.server.Gateway;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The file floors leave what posixgw leaves: same files, same xattrs byte for byte, same pruning. */
class FileFloorTest {
    static final int SIZE = 4096;

    @TempDir
    Path tmp;

    @ParameterizedTest
    @EnumSource(FileFloor.Kind.class)
    void cycleLeavesPosixgwsLayoutAndRemovesTheKeysDirectories(FileFloor.Kind kind) throws Exception {
        assumeTrue(FileFloor.available(kind), "floor-native needs a JDK 22+ build and run");
        Payloads payloads = new Payloads(SIZE);
        String key = "executions-data/" + UUID.randomUUID() + "/out.bin";
        try (FileFloor floor = FileFloor.of(kind, tmp, "b")) {
            floor.prepare();
            floor.put(key, payloads.direct(SIZE));
            Path file = tmp.resolve("b").resolve(key);
            assertArrayEquals(payloads.stream(SIZE).readAllBytes(), Files.readAllBytes(file));
            assertEquals(List.of(), list(tmp.resolve("b/.sgwtmp")), "the temp file was renamed");
            assertEquals(
                    java.util.Set.of("checksums", "etag", "content-type"),
                    xattrs(file).keySet());
            assertEquals(SIZE, floor.head(key));
            long[] first = new long[1];
            long before = System.nanoTime();
            assertEquals(SIZE, floor.get(key, ByteBuffer.allocateDirect(SIZE), first));
            assertTrue(first[0] >= before, "first byte time set");
            floor.delete(key);
            assertFalse(
                    Files.exists(tmp.resolve("b/executions-data"), LinkOption.NOFOLLOW_LINKS),
                    "pruned up to the bucket");
            assertTrue(Files.isDirectory(tmp.resolve("b")));
            floor.delete(key); // a missing key is no error
        }
    }

    @ParameterizedTest
    @EnumSource(FileFloor.Kind.class)
    void deleteStopsAtADirectoryObject(FileFloor.Kind kind) throws Exception {
        assumeTrue(FileFloor.available(kind), "floor-native needs a JDK 22+ build and run");
        try (FileFloor floor = FileFloor.of(kind, tmp, "b")) {
            floor.prepare();
            Path dir = Files.createDirectories(tmp.resolve("b/d"));
            FileFloor.xattrs(dir)
                    .write(
                            "etag",
                            ByteBuffer.wrap("\"d41d8cd98f00b204e9800998ecf8427e\"".getBytes(StandardCharsets.UTF_8)));
            floor.put("d/k/out.bin", new Payloads(64).direct(64));
            floor.delete("d/k/out.bin");
            assertFalse(Files.exists(tmp.resolve("b/d/k")));
            assertTrue(Files.isDirectory(dir), "the directory object stays");
        }
    }

    /** The floors' xattrs are the bytes posixgw stores for the MinIO client's PUT of the same body. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void attributesAreWhatPosixgwStores() throws Exception {
        Gateway gw = BenchSmokeTest.start(tmp.resolve("gw"), "on");
        Payloads payloads = new Payloads(SIZE);
        String key = "executions-data/" + UUID.randomUUID() + "/out.bin";
        try {
            Target t = new Target("gw", "http://127.0.0.1:" + gw.address().getPort(), Target.Role.S3, 0);
            MinioClient mc = new Clients(BenchSmokeTest.ACCESS, BenchSmokeTest.SECRET).fresh(t);
            mc.makeBucket(io.minio.MakeBucketArgs.builder().bucket("bkt").build());
            mc.putObject(
                    PutObjectArgs.builder().bucket("bkt").object(key).stream(payloads.stream(SIZE), (long) SIZE, null)
                            .build());
            Map<String, String> posixgw = xattrs(tmp.resolve("gw/bkt").resolve(key));
            for (FileFloor.Kind kind : FileFloor.Kind.values()) {
                if (!FileFloor.available(kind)) {
                    continue;
                }
                Path root = tmp.resolve(kind.name());
                try (FileFloor floor = FileFloor.of(kind, root, "bkt")) {
                    floor.prepare();
                    floor.put(key, payloads.direct(SIZE));
                    assertEquals(posixgw, xattrs(root.resolve("bkt").resolve(key)), kind.name());
                }
            }
        } finally {
            gw.stop();
        }
    }

    /** floor-native resolves beneath the bucket without symlinks, as posixgw's lstats refuse them. */
    @Test
    void nativeFloorRefusesASymlinkedDirectory() throws Exception {
        assumeTrue(FileFloor.available(FileFloor.Kind.NATIVE), "floor-native needs a JDK 22+ build and run");
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.write(outside.resolve("secret"), "s".getBytes(StandardCharsets.UTF_8));
        try (FileFloor floor = FileFloor.of(FileFloor.Kind.NATIVE, tmp, "b")) {
            floor.prepare();
            Files.createSymbolicLink(tmp.resolve("b/link"), outside);
            assertThrows(java.io.IOException.class, () -> floor.head("link/secret"));
            assertThrows(
                    java.io.IOException.class,
                    () -> floor.get("link/secret", ByteBuffer.allocateDirect(8), new long[1]));
            assertThrows(java.io.IOException.class, () -> floor.put("link/new", new Payloads(64).direct(64)));
            assertFalse(Files.exists(outside.resolve("new")));
        }
    }

    private static Map<String, String> xattrs(Path p) throws Exception {
        UserDefinedFileAttributeView v = FileFloor.xattrs(p);
        Map<String, String> out = new TreeMap<>();
        for (String name : v.list()) {
            ByteBuffer b = ByteBuffer.allocate(v.size(name));
            v.read(name, b);
            out.put(name, new String(b.array(), 0, b.position(), StandardCharsets.UTF_8));
        }
        return out;
    }

    private static List<String> list(Path dir) throws Exception {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).toList();
        }
    }
}
