package io.posixgw.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarkerTest {
    @TempDir
    Path root;

    private static Marker.Run run(String from, boolean all, List<String> buckets) {
        return new Marker.Run(from, all, buckets, "2026-11-30T10:00:00Z", 5, 4, 1, 0, 1234);
    }

    @Test
    void recordsRunsAndCoversTheSameMigration() throws Exception {
        assertEquals(List.of(), Marker.read(root));
        assertNull(Marker.covering(root, "http://ryax-minio:9000", false, List.of("ryax-filestore")));
        Marker.append(root, run("http://ryax-minio:9000/", false, List.of("ryax-filestore")));
        assertNotNull(Marker.covering(root, "HTTP://ryax-minio:9000", false, List.of("ryax-filestore")));
        assertNull(Marker.covering(root, "http://ryax-minio:9000", false, List.of("ryax-filestore", "other")));
        assertNull(Marker.covering(root, "http://ryax-minio:9000", true, List.of()), "one bucket does not cover --all");
        assertNull(Marker.covering(root, "http://other:9000", false, List.of("ryax-filestore")));

        Marker.append(root, run("http://ryax-minio:9000", true, List.of("ryax-filestore", "other")));
        assertEquals(2, Marker.read(root).size(), "runs accumulate: an earlier record is never lost");
        assertNotNull(Marker.covering(root, "http://ryax-minio:9000", false, List.of("other")));
        assertNotNull(Marker.covering(root, "http://ryax-minio:9000", true, List.of()));
        assertFalse(Files.exists(root.resolve(Marker.FILE + ".tmp")));
        String json = Files.readString(Marker.path(root));
        assertTrue(json.contains("\"completedAt\" : \"2026-11-30T10:00:00Z\""), json);
    }

    @Test
    void aDamagedMarkerIsAnError() throws Exception {
        Files.writeString(Marker.path(root), "{not json");
        assertThrows(java.io.IOException.class, () -> Marker.read(root));
    }

    @Test
    void unknownFieldsAreIgnored() throws Exception {
        Files.writeString(
                Marker.path(root),
                "{\"runs\":[{\"from\":\"http://a\",\"all\":true,\"completedAt\":\"2026-11-30T10:00:00Z\",\"future\":1}],\"v\":2}");
        assertNotNull(Marker.covering(root, "http://a", false, List.of("x")));
    }

    @Test
    void aRunWithoutItsCompletionTimeCoversNothing() throws Exception {
        Files.writeString(Marker.path(root), "{\"runs\":[{\"from\":\"http://a\",\"all\":true}]}");
        assertNull(Marker.covering(root, "http://a", false, List.of("x")));
        Files.writeString(Marker.path(root), "null");
        assertThrows(java.io.IOException.class, () -> Marker.read(root));
    }
}
