package io.posixgw.server.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a request left on disk under a {@link TestGateway} root: the object file at
 * {@code <root>/<bucket>/<key>}, and the bucket's staging directory {@code .sgwtmp}, which
 * may hold only the {@code multipart} directory between requests (no temp file left behind).
 */
final class ObjectFiles {
    private ObjectFiles() {
    }

    static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    static byte[] md5(byte[] data) {
        try {
            return MessageDigest.getInstance("MD5").digest(data);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The quoted ETag S3 gives a single-part object. */
    static String etag(byte[] data) {
        return "\"" + HexFormat.of().formatHex(md5(data)) + "\"";
    }

    static Path file(Path root, String bucket, String key) {
        return root.resolve(bucket).resolve(key);
    }

    static void assertStored(Path root, String bucket, String key, byte[] expected) throws IOException {
        Path f = file(root, bucket, key);
        assertTrue(Files.isRegularFile(f), "object file " + f + " exists");
        assertArrayEquals(expected, Files.readAllBytes(f), "bytes of " + f);
    }

    static void assertAbsent(Path root, String bucket, String key) {
        Path f = file(root, bucket, key);
        assertTrue(Files.notExists(f), "nothing stored at " + f);
    }

    /** Entries of {@code <bucket>/.sgwtmp} other than {@code multipart}. */
    static List<String> stagingDebris(Path root, String bucket) throws IOException {
        Path staging = root.resolve(bucket).resolve(".sgwtmp");
        if (!Files.isDirectory(staging)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(staging)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> !n.equals("multipart")).sorted().toList();
        }
    }

    static void assertNoStagingDebris(Path root, String bucket) throws IOException {
        assertEquals(List.of(), stagingDebris(root, bucket), "temp files left in " + bucket + "/.sgwtmp");
    }

    /** For failures the server notices after the answer (a client that went away): waits up to 10 s. */
    static void awaitNoStagingDebris(Path root, String bucket) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!stagingDebris(root, bucket).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertNoStagingDebris(root, bucket);
    }
}
