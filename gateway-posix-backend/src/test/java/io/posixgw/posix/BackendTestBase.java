package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ListObjectsResult;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.core.model.PutObjectResult;
import io.posixgw.testkit.BackendCalls;
import io.posixgw.testkit.Bodies;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/** A backend over a temp root with bucket {@code bkt}; subclasses pick xattrs or a sidecar. */
abstract class BackendTestBase {
    static final String B = "bkt";

    @TempDir
    Path tmp;

    Path root;
    PosixBackend posix;
    /** The backend, with the short call shapes. */
    BackendCalls backend;

    /** Null for xattrs. */
    Path sidecar() {
        return null;
    }

    PosixOptions options() {
        return options(sidecar());
    }

    /** @param sidecar null for xattrs */
    static PosixOptions options(Path sidecar) {
        PosixOptions o = PosixOptions.DEFAULT.withBucketSettleFloor(
                java.time.Duration.ZERO); // the sweep tests' ages are milliseconds
        return sidecar == null ? o : o.withSidecar(sidecar);
    }

    @BeforeEach
    void setUpBackend() throws IOException {
        root = tmp.resolve("data");
        Files.createDirectories(root);
        posix = new PosixBackend(root, options());
        backend = new BackendCalls(posix);
        backend.createBucket(B, "owner-key");
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    PutObjectResult put(String key, byte[] data) throws IOException {
        return put(key, data, ObjectAttributes.EMPTY);
    }

    PutObjectResult put(String key, byte[] data, ObjectAttributes attrs) throws IOException {
        return backend.putObject(new PutObjectRequest(B, key, attrs, null), Bodies.of(data, 7000));
    }

    byte[] get(String key) throws IOException {
        try (ObjectContent c = backend.getObject(B, key)) {
            return readAll(c);
        }
    }

    static byte[] readAll(ObjectContent c) throws IOException {
        return BackendCalls.readAll(c);
    }

    static void assertS3(S3Error expected, Executable call) {
        S3Exception e = assertThrows(S3Exception.class, call);
        assertEquals(expected, e.error(), e.getMessage());
    }

    /** Every key of the bucket, paging with {@code maxKeys}. */
    List<String> allKeys(String prefix, int maxKeys) throws IOException {
        List<String> keys = new ArrayList<>();
        String after = null;
        while (true) {
            ListObjectsResult r = backend.listObjects(new ListObjectsRequest(B, prefix, null, after, maxKeys));
            r.objects().forEach(o -> keys.add(o.key()));
            if (!r.truncated()) {
                return keys;
            }
            after = r.nextAfter();
        }
    }

    /** Files left in the staging area (temp files), excluding multipart uploads. */
    long tempFiles() throws IOException {
        return tempFiles(root);
    }

    static long tempFiles(Path root) throws IOException {
        Path staging = root.resolve(B).resolve(".sgwtmp");
        if (!Files.exists(staging)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(staging)) {
            // the fold moves' count is no temp file (see Folds.MOVES)
            return s.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().equals(Folds.MOVES))
                    .count();
        }
    }

    static ObjectAttributes attrs(String contentType, Map<String, String> meta) {
        return new ObjectAttributes(contentType, null, null, null, null, null, meta);
    }
}
