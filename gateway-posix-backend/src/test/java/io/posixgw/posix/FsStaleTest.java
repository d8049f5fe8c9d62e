package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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

    /**
     * GlusterFS with its default caching: the name leads to the replaced inode until the client's
     * cached entry expires (1 s). A few quick attempts (an earlier form: 5 within 10 ms) gave up
     * long before and a read racing an overwrite on the other gateway failed.
     */
    @Test
    void aStaleHandleIsRetriedUntilTheClientsCacheExpires() throws IOException {
        long start = System.nanoTime();
        AtomicInteger calls = new AtomicInteger();
        String v = Fs.retryStale(P, () -> {
            calls.incrementAndGet();
            if (System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(1100)) {
                throw stale();
            }
            return "new version";
        });
        assertEquals("new version", v);
        assertTrue(calls.get() < 20, "growing pauses, not a busy loop: " + calls.get() + " calls");
    }

    @Test
    void stillStaleAfterTheWindowIsNoSuchFile() {
        long start = System.nanoTime();
        NoSuchFileException e = assertThrows(
                NoSuchFileException.class,
                () -> Fs.retryStale(P, () -> {
                    throw stale();
                }));
        long took = System.nanoTime() - start;
        assertTrue(Fs.isStale((IOException) e.getCause()));
        assertTrue(took >= TimeUnit.MILLISECONDS.toNanos(1500), "retried for most of the window: " + took);
        assertTrue(took <= Fs.STALE_WINDOW_NANOS + TimeUnit.MILLISECONDS.toNanos(500), "bounded: " + took);
    }

    /** JDK 17's sun.nio.fs.UnixException: a checked exception that is no IOException, thrown undeclared. */
    static final class NativeError extends Exception {
        NativeError(String message) {
            super(message);
        }
    }

    @SuppressWarnings("unchecked")
    static <E extends Exception> RuntimeException sneaky(Exception e) throws E {
        throw (E) e;
    }

    /**
     * The xattr view's close answering ESTALE escaped as such an exception, past every handler:
     * the request's task died unanswered (30 s client timeouts on GlusterFS).
     */
    @Test
    void anUndeclaredNativeErrorIsAnIoExceptionAndAStaleOneIsRetried() throws IOException {
        AtomicInteger calls = new AtomicInteger();
        String v = Fs.retryStale(P, () -> {
            if (calls.incrementAndGet() < 3) {
                throw FsStaleTest.<RuntimeException>sneaky(new NativeError("Stale file handle"));
            }
            return "read";
        });
        assertEquals("read", v);
        FileSystemException io = assertThrows(
                FileSystemException.class,
                () -> Fs.retryStale(P, () -> {
                    throw FsStaleTest.<RuntimeException>sneaky(new NativeError("Input/output error"));
                }));
        assertEquals("Input/output error", io.getReason());
        assertEquals(P.toString(), io.getFile());
    }

    /**
     * ENOENT so escaping (GlusterFS, default caching: an xattr listing's close on a file removed
     * through the other gateway) is "no such file", which the readers take for "the object
     * changed": as a plain FileSystemException it was a GET's 500.
     */
    @Test
    void anUndeclaredNativeNoSuchFileIsNoSuchFileException() {
        assertThrows(
                NoSuchFileException.class,
                () -> Fs.retryStale(P, () -> {
                    throw FsStaleTest.<RuntimeException>sneaky(new NativeError("No such file or directory"));
                }));
        assertThrows(
                java.nio.file.AccessDeniedException.class,
                () -> Fs.retryStale(P, () -> {
                    throw FsStaleTest.<RuntimeException>sneaky(new NativeError("Permission denied"));
                }));
    }

    /** A failing close of a channel only read from (FUSE's flush answering ESTALE) does not undo the read. */
    @Test
    void aFailingCloseOfAReadOnlyChannelIsIgnored() {
        long before = Fs.readOnlyCloseFailures();
        Fs.closeReadOnly(() -> {
            throw new FileSystemException(P.toString(), null, "Stale file handle");
        });
        assertEquals(before + 1, Fs.readOnlyCloseFailures());
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
