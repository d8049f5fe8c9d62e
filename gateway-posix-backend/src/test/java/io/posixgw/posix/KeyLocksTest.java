package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The record locks as another process sees them (python3's fcntl stands in for another gateway). */
class KeyLocksTest {
    @TempDir
    Path tmp;

    /** "HELD" or "FREE": what another process finds at {@code key}'s slot of {@code file}. */
    static String seenByAnotherProcess(Path file, String key) throws Exception {
        String script = "import fcntl,sys\n"
                + "f=open(sys.argv[1],'r+')\n"
                + "try:\n"
                + "  fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, int(sys.argv[2]))\n"
                + "  print('FREE')\n"
                + "except OSError:\n"
                + "  print('HELD')\n";
        Process p = new ProcessBuilder("python3", "-c", script, file.toString(), Integer.toString(KeyLocks.slot(key)))
                .redirectErrorStream(true)
                .start();
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
    }

    @Test
    void releasingOneSlotKeepsTheOthersHeldForOtherProcesses() throws Exception {
        Path file = tmp.resolve("locks");
        KeyLocks locks = new KeyLocks(KeyLocks.Domain.PUBLICATIONS);
        try (KeyLocks.Held one = locks.lockIn(file, "key-one")) {
            assertEquals("HELD", seenByAnotherProcess(file, "key-one"));
            // another thread takes and releases another key's slot in the same file
            Thread other = new Thread(() -> {
                try {
                    locks.lockIn(file, "key-two").close();
                    KeyLocks.Held tried = locks.tryLockIn(file, "key-three");
                    assertNotNull(tried);
                    tried.close();
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            other.start();
            other.join();
            // closing a descriptor of the file would have dropped every lock of this process on it
            assertEquals("HELD", seenByAnotherProcess(file, "key-one"));
        }
        assertEquals("FREE", seenByAnotherProcess(file, "key-one"));
        assertTrue(Files.exists(file));
    }

    @Test
    void tryLockInSaysTakenWhileAnotherThreadHoldsIt() throws Exception {
        Path file = tmp.resolve("locks");
        KeyLocks locks = new KeyLocks(KeyLocks.Domain.PUBLICATIONS);
        try (KeyLocks.Held held = locks.lockIn(file, "k")) {
            KeyLocks.Held[] tried = new KeyLocks.Held[1];
            Thread other = new Thread(() -> {
                try {
                    tried[0] = locks.tryLockIn(file, "k");
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            other.start();
            other.join();
            assertNull(tried[0]);
        }
    }
}
