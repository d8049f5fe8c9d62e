package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * What a request left on disk under a {@link TestGateway} root: the object file at
 * {@code <root>/<bucket>/<key>}, and the bucket's staging directory {@code .sgwtmp}, which
 * may hold only the {@code multipart} directory between requests (no temp file left behind).
 */
final class ObjectFiles {
    private ObjectFiles() {}

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

    /** The ETag S3 gives an object uploaded in parts of {@code partSize} bytes (the last one shorter). */
    static String multipartEtag(byte[] data, int partSize) {
        java.io.ByteArrayOutputStream md5s = new java.io.ByteArrayOutputStream();
        int parts = 0;
        for (int off = 0; off < data.length; off += partSize, parts++) {
            md5s.writeBytes(md5(java.util.Arrays.copyOfRange(data, off, Math.min(data.length, off + partSize))));
        }
        return "\"" + HexFormat.of().formatHex(md5(md5s.toByteArray())) + "-" + parts + "\"";
    }

    /** S3's listing order: by the keys' UTF-8 bytes (String order differs past the BMP and for some scripts). */
    static final java.util.Comparator<String> UTF8_ORDER = java.util.Comparator.comparing(k -> new String(
            k.getBytes(java.nio.charset.StandardCharsets.UTF_8), java.nio.charset.StandardCharsets.ISO_8859_1));

    /**
     * 120 keys under {@code list/} for the script clients' listing checks: three "directories" of 38
     * keys, and names with a space, '+', '%' and non-ASCII letters.
     */
    static List<String> listingKeys() {
        List<String> keys = new java.util.ArrayList<>();
        for (int i = 0; i < 114; i++) {
            keys.add(String.format("list/%s/k%03d", new String[] {"a", "b", "c"}[i % 3], i));
        }
        keys.addAll(List.of("list/with space", "list/1+1", "list/100%", "list/é", "list/日本", "list/z"));
        return keys;
    }

    /** The value of the user xattr {@code name} of the object file (the default metadata store). */
    static String xattr(Path root, String bucket, String key, String name) throws IOException {
        java.nio.file.attribute.UserDefinedFileAttributeView view = Files.getFileAttributeView(
                file(root, bucket, key), java.nio.file.attribute.UserDefinedFileAttributeView.class);
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(view.size(name));
        view.read(name, buf);
        return new String(buf.array(), 0, buf.position(), java.nio.charset.StandardCharsets.UTF_8);
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
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> !n.equals("multipart"))
                    .filter(n -> !n.equals("fold-moves")) // the count of folds and unfolds, no debris (ON-DISK.md)
                    .sorted()
                    .toList();
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
