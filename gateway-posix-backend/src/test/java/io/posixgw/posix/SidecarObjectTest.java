package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class SidecarObjectTest extends AbstractObjectTests {
    @Override
    Path sidecar() {
        return tmp.resolve("sidecar");
    }

    @Test
    void replacedAndDeletedAttributesLeaveNothingBehind() throws Exception {
        for (int i = 0; i < 3; i++) {
            put("d/k", bytes("v" + i)); // each overwrite moves the old attributes aside
        }
        put("d/other", bytes("o"));
        backend.deleteObject(B, "d/other");
        assertEquals(List.of(), entries(sidecar().resolve(SidecarMetadataStore.TRASH)));
        try (Stream<Path> all = Files.walk(sidecar())) {
            assertEquals(
                    List.of(),
                    all.filter(p -> p.getFileName().toString().startsWith(".trash-"))
                            .toList());
        }
        assertFalse(Files.exists(sidecar().resolve(B).resolve("d").resolve("other")), "pruned");
    }

    @Test
    void sweepRemovesAttributesAKilledWriterLeftAside() throws Exception {
        Path trash = sidecar().resolve(SidecarMetadataStore.TRASH);
        assertEquals(0, posix.sweepStaleTemps(Duration.ZERO), "no trash yet: nothing to sweep");
        Path left = trash.resolve("0123abcd");
        Files.createDirectories(left.resolve("meta"));
        Files.write(left.resolve("meta").resolve("etag"), bytes("\"x\""));
        put("k", bytes("kept"), attrs("text/x-kept", java.util.Map.of()));

        assertEquals(
                0, posix.sweepStaleTemps(Duration.ofHours(1)), "moved aside just now: maybe another gateway's, in use");
        assertTrue(Files.exists(left));
        Thread.sleep(20); // ctime granularity
        assertEquals(1, posix.sweepStaleTemps(Duration.ofMillis(10)));
        assertEquals(List.of(), entries(trash));
        assertEquals(
                "text/x-kept",
                backend.headObject(B, "k").attributes().contentType(),
                "the live object's attributes stay");
    }

    @Test
    void aTrashDirectoryRemovedWhileServingIsMadeAgain() throws Exception {
        put("k", bytes("1"));
        put("k", bytes("2")); // the first replacement makes the trash
        Files.delete(sidecar().resolve(SidecarMetadataStore.TRASH));
        put("k", bytes("3"));
        assertArrayEquals(bytes("3"), get("k"));
        assertEquals(List.of(), entries(sidecar().resolve(SidecarMetadataStore.TRASH)));
    }

    private static List<Path> entries(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }
}
