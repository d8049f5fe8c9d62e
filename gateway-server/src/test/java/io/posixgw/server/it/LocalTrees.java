package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Local file trees that CLI clients sync up and back, compared byte for byte. */
final class LocalTrees {
    private LocalTrees() {}

    /**
     * Writes {@code count} small files (0 to ~4 KiB, random bytes) over nested directories, a few
     * with a space or non-ASCII letters in their names, and returns relative path → content.
     */
    static Map<String, byte[]> write(Path dir, int count, long seed) throws IOException {
        Random random = new Random(seed);
        Map<String, byte[]> tree = new TreeMap<>();
        for (int i = 0; i < count; i++) {
            String name = switch (i % 50) {
                case 7 -> "d" + (i % 5) + "/with space " + i + ".txt";
                case 13 -> "d" + (i % 5) + "/sub/ünïcödé-" + i + ".bin";
                default -> "d" + (i % 5) + (i % 3 == 0 ? "/sub/" : "/") + "f" + i + ".dat";
            };
            byte[] data = new byte[i == 0 ? 0 : random.nextInt(4096) + 1];
            random.nextBytes(data);
            tree.put(name, data);
        }
        for (Map.Entry<String, byte[]> e : tree.entrySet()) {
            Path f = dir.resolve(e.getKey());
            Files.createDirectories(f.getParent());
            Files.write(f, e.getValue());
        }
        return tree;
    }

    /** Regular files under {@code dir}, by relative path with '/' separators; skips names in {@code ignore}. */
    static Map<String, byte[]> read(Path dir, String... ignore) throws IOException {
        Map<String, byte[]> tree = new TreeMap<>();
        List<String> skip = List.of(ignore);
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path f : s.filter(Files::isRegularFile).toList()) {
                String rel = dir.relativize(f).toString().replace('\\', '/');
                if (skip.stream().noneMatch(rel::startsWith)) {
                    tree.put(rel, Files.readAllBytes(f));
                }
            }
        }
        return tree;
    }

    /** The same relative paths with the same bytes. */
    static void assertSame(Map<String, byte[]> expected, Map<String, byte[]> actual, String what) {
        assertEquals(new ArrayList<>(expected.keySet()), new ArrayList<>(actual.keySet()), what + ": file names");
        for (Map.Entry<String, byte[]> e : expected.entrySet()) {
            assertArrayEquals(e.getValue(), actual.get(e.getKey()), what + ": bytes of " + e.getKey());
        }
    }

    /** The tree under a bucket prefix as stored by the gateway, without its staging directory. */
    static Map<String, byte[]> stored(Path root, String bucket, String prefix) throws IOException {
        Path dir = root.resolve(bucket).resolve(prefix);
        return read(dir, ".sgwtmp");
    }
}
