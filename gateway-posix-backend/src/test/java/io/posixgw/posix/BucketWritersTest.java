package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bucket writers lock as this process's threads and another process (python3's fcntl) see it. */
class BucketWritersTest {
    @TempDir
    Path root;

    /** "HELD" or "FREE": whether another process can take the bucket's writers slot shared or exclusive. */
    private String seenByAnotherProcess(String bucket, boolean exclusive) throws Exception {
        String script = "import fcntl,sys\n"
                + "f=open(sys.argv[1],'r+')\n"
                + "try:\n"
                + "  fcntl.lockf(f, (fcntl.LOCK_EX if sys.argv[3]=='x' else fcntl.LOCK_SH) | fcntl.LOCK_NB, 1,"
                + " int(sys.argv[2]))\n"
                + "  print('FREE')\n"
                + "except OSError:\n"
                + "  print('HELD')\n";
        long offset = BucketWriters.BASE + KeyLocks.slot(bucket);
        Process p = new ProcessBuilder(
                        "python3",
                        "-c",
                        script,
                        root.resolve(Buckets.NAME_LOCKS).toString(),
                        Long.toString(offset),
                        exclusive ? "x" : "s")
                .redirectErrorStream(true)
                .start();
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
    }

    @Test
    void writersShareTheLockAndADeleteExcludesThemAcrossProcesses() throws Exception {
        BucketWriters writers = new BucketWriters(root);
        KeyLocks.Held one = writers.shared("bkt");
        KeyLocks.Held two = writers.shared("bkt"); // a second writer of this process: no wait
        assertEquals("FREE", seenByAnotherProcess("bkt", false), "another gateway's writers share it");
        assertEquals("HELD", seenByAnotherProcess("bkt", true), "another gateway's delete must wait");
        one.close();
        assertEquals("HELD", seenByAnotherProcess("bkt", true), "held while one writer of this process is left");
        KeyLocks.Held[] tried = new KeyLocks.Held[1];
        Thread delete = new Thread(() -> {
            try {
                tried[0] = writers.tryExclusive("bkt");
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        delete.start();
        delete.join();
        assertNull(tried[0], "a delete in this process finds a writer");
        two.close();
        assertEquals("FREE", seenByAnotherProcess("bkt", true));
        try (KeyLocks.Held exclusive = writers.tryExclusive("bkt")) {
            assertNotNull(exclusive);
            assertEquals("HELD", seenByAnotherProcess("bkt", false), "no writer of another gateway while deleting");
        }
        assertEquals("FREE", seenByAnotherProcess("bkt", false));
    }
}
