package io.posixgw.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The archive training still gets the answers of a working server (so it loads the classes real requests load). */
class CdsTrainingTest {
    @TempDir
    Path root;

    @Test
    void trainingRunsTheCommonRequestsAndLeavesNothing() throws Exception {
        assertEquals(CdsTraining.EXPECTED, CdsTraining.train(root));
        try (Stream<Path> left = Files.list(root)) {
            assertTrue(
                    left.noneMatch(p -> p.getFileName().toString().startsWith("cds-training")),
                    "the bucket is deleted");
        }
    }
}
