package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** ESTALE (a file replaced through another client of a shared file system) is retried, then taken as gone. */
class FsStaleTest {
    private static final Path P = Path.of("/data/b/k");

    private static FileSystemException stale() {
        return new FileSystemException(P.toString(), null, "Stale file handle");
    }

    @Test
    void aStaleHandleIsRetriedUntilTheNameResolvesAgain() throws IOException {
        AtomicInteger calls = new AtomicInteger();
        String v = Fs.retryStale(P, () -> {
            if (calls.incrementAndGet() < 3) {
                throw stale();
            }
            return "new version";
        });
        assertEquals("new version", v);
        assertEquals(3, calls.get());
    }

    @Test
    void stillStaleAfterTheAttemptsIsNoSuchFile() {
        AtomicInteger calls = new AtomicInteger();
        NoSuchFileException e = assertThrows(
                NoSuchFileException.class,
                () -> Fs.retryStale(P, () -> {
                    calls.incrementAndGet();
                    throw stale();
                }));
        assertEquals(Fs.STALE_ATTEMPTS, calls.get());
        assertTrue(Fs.isStale((IOException) e.getCause()));
    }

    @Test
    void otherErrorsAreNotRetried() {
        AtomicInteger calls = new AtomicInteger();
        assertThrows(
                AccessDeniedException.class,
                () -> Fs.retryStale(P, () -> {
                    calls.incrementAndGet();
                    throw new AccessDeniedException(P.toString());
                }));
        assertEquals(1, calls.get());
        assertTrue(!Fs.isStale(new FileSystemException(P.toString(), null, "Input/output error")));
    }
}
