package io.posixgw.migrate;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;

/**
 * {@code <root>/.posixgw-migrated.json}: the migrations that completed into this data
 * root. A run whose source and buckets a recorded run covers is a no-op (unless
 * {@code --force}), without contacting the source: the Helm chart's initContainer runs
 * migrate at every pod start, long after the old endpoint is gone. The file is not a
 * bucket (buckets are directories) and is written temp-then-rename.
 */
final class Marker {
    static final String FILE = ".posixgw-migrated.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** One completed run. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Run(
            String from,
            boolean all,
            List<String> buckets,
            String completedAt,
            long objects,
            long copied,
            long skipped,
            long deleted,
            long bytes) {
        boolean covers(String otherFrom, boolean otherAll, List<String> otherBuckets) {
            if (from == null || completedAt == null || !normalize(from).equals(normalize(otherFrom))) {
                return false;
            }
            if (all) {
                return true;
            }
            return !otherAll && buckets != null && new HashSet<>(buckets).containsAll(otherBuckets);
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Content(List<Run> runs) {}

    private Marker() {}

    static Path path(Path root) {
        return root.resolve(FILE);
    }

    static List<Run> read(Path root) throws IOException {
        Path p = path(root);
        if (!Files.exists(p)) {
            return List.of();
        }
        try {
            Content c = JSON.readValue(p.toFile(), Content.class);
            if (c == null) {
                throw new IOException("no content");
            }
            return c.runs() == null ? List.of() : c.runs();
        } catch (IOException e) {
            throw new IOException("cannot read the migration marker " + p + ": " + e.getMessage(), e);
        }
    }

    /** The recorded run that makes this one unnecessary, or null. */
    static Run covering(Path root, String from, boolean all, List<String> buckets) throws IOException {
        for (Run r : read(root)) {
            if (r.covers(from, all, buckets)) {
                return r;
            }
        }
        return null;
    }

    /** Adds a run, durably: temp file, fsync, rename, fsync of the directory. */
    static void append(Path root, Run run) throws IOException {
        List<Run> runs;
        try {
            runs = new ArrayList<>(read(root));
        } catch (IOException damaged) {
            // a marker nobody can read would fail every later run (the chart's initContainer too):
            // this completed run is what is known for sure, so it replaces it
            runs = new ArrayList<>();
        }
        runs.add(run);
        Path tmp = root.resolve(FILE + ".tmp");
        Files.write(tmp, JSON.writeValueAsBytes(new Content(runs)));
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        Files.move(tmp, path(root), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        try (FileChannel dir = FileChannel.open(root, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException ignored) {
            // some file systems cannot sync a directory; the rename is still atomic
        }
    }

    /** Endpoints compare without a trailing slash and case-insensitively. */
    static String normalize(String endpoint) {
        String e = endpoint == null ? "" : endpoint.trim();
        while (e.endsWith("/")) {
            e = e.substring(0, e.length() - 1);
        }
        return e.toLowerCase(Locale.ROOT);
    }
}
