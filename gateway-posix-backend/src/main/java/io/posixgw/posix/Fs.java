package io.posixgw.posix;

import io.posixgw.core.backend.NonBlocking;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/** Small file-system helpers shared by the backend classes. */
final class Fs {
    private static final HexFormat HEX = HexFormat.of();
    /**
     * How long a call that answers ESTALE is retried (see {@link #retryStale}): longer than a
     * FUSE or NFS client's entry and attribute caches live (GlusterFS: 1 s by default), since a
     * path that leads to a replaced inode keeps leading there until the cached entry expires.
     */
    static final long STALE_WINDOW_NANOS = java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(2000);
    /** The longest pause between two attempts; the first is 1 ms, each next twice as long. */
    static final long STALE_MAX_PAUSE_MILLIS = 256;

    private static final java.util.concurrent.atomic.LongAdder STALE_RETRIES =
            new java.util.concurrent.atomic.LongAdder();

    private Fs() {}

    /** lstat; null when absent (ENOENT, or ENOTDIR for a path through a file). */
    static BasicFileAttributes lstat(Path p) throws IOException {
        return lstat(p, () -> Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS));
    }

    /** An lstat-like {@code call} of {@code p}, with {@link #lstat}'s answers: null when absent, ESTALE retried. */
    static <T> T lstat(Path p, PathCall<T> call) throws IOException {
        try {
            return retryStale(p, call);
        } catch (NoSuchFileException e) {
            return null;
        } catch (FileSystemException e) {
            if (isNotDirectory(e)) {
                return null;
            }
            throw e;
        }
    }

    /**
     * ESTALE: on a network or cluster file system (NFS, GlusterFS's FUSE client) a file
     * replaced or removed through another client while this one held its handle, or a
     * cached lookup of it. It means what ENOENT means for a path read once: the file changed.
     */
    static boolean isStale(IOException e) {
        if (e instanceof FileSystemException f) {
            return f.getReason() != null && f.getReason().contains("Stale file handle");
        }
        // a read or size of an open channel fails with a plain IOException carrying the errno's text
        return e != null
                && e.getClass() == IOException.class
                && e.getMessage() != null
                && e.getMessage().contains("Stale file handle");
    }

    /** One file-system call by path, for {@link #retryStale}. */
    interface PathCall<T> {
        T call() throws IOException;
    }

    /**
     * Runs {@code call}, again on ESTALE (each attempt resolves the path anew, as NFS clients
     * must; the kernel revalidates the cached lookup that led to the stale handle), with pauses
     * of 1, 2, 4 ... {@value #STALE_MAX_PAUSE_MILLIS} ms for up to {@link #STALE_WINDOW_NANOS}:
     * a few quick attempts were not enough on GlusterFS with its default caching, where the
     * name leads to the replaced inode until the client's cached entry expires (1 s). Still
     * stale after that, the file is taken as gone: {@link NoSuchFileException}, which the
     * callers handle as "the object changed".
     */
    static <T> T retryStale(Path path, PathCall<T> call) throws IOException {
        long start = System.nanoTime();
        long pause = 1;
        for (int attempt = 1; ; attempt++) {
            IOException e;
            try {
                return call.call();
            } catch (Exception x) {
                e = asIOException(path, x);
            }
            if (!isStale(e)) {
                throw e;
            }
            STALE_RETRIES.increment();
            if (System.nanoTime() - start + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(pause)
                    > STALE_WINDOW_NANOS) {
                NoSuchFileException gone =
                        new NoSuchFileException(path.toString(), null, "Stale file handle, " + attempt + " attempts");
                gone.initCause(e);
                throw gone;
            }
            NonBlocking.mayWait();
            try {
                Thread.sleep(pause);
            } catch (InterruptedException i) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while retrying a stale file handle of " + path);
            }
            pause = Math.min(pause * 2, STALE_MAX_PAUSE_MILLIS);
        }
    }

    /**
     * {@code e} as an IOException; a RuntimeException is rethrown. JDK 17's xattr views (and a few
     * other NIO calls that open a file for one system call) let the native close's error escape as
     * {@code sun.nio.fs.UnixException}, a checked exception they do not declare and no caller
     * expects: on GlusterFS a close that answered ESTALE or EIO (the FUSE flush) went past every
     * handler and killed the request's task unanswered. Its message is the errno's text, which
     * this turns into the FileSystemException the JDK throws for the same errno elsewhere.
     */
    static IOException asIOException(Path path, Exception e) {
        if (e instanceof IOException io) {
            return io;
        }
        if (e instanceof RuntimeException r) {
            throw r;
        }
        // as the JDK's own UnixException.translateToIOException: the errno's text decides the kind
        String reason = e.getMessage();
        FileSystemException f;
        if ("No such file or directory".equals(reason)) {
            f = new NoSuchFileException(path.toString());
        } else if ("Permission denied".equals(reason)) {
            f = new java.nio.file.AccessDeniedException(path.toString());
        } else if ("File exists".equals(reason)) {
            f = new FileAlreadyExistsException(path.toString());
        } else {
            f = new FileSystemException(path.toString(), null, reason);
        }
        f.initCause(e);
        return f;
    }

    /**
     * Closes a channel that was only read from, ignoring a failing close: on a FUSE or network
     * file system close(2) flushes, and answers ESTALE or EIO when the file was replaced through
     * another client meanwhile; what was read stands (nothing was written that the error could
     * have lost), and the descriptor is released either way.
     */
    static void closeReadOnly(java.io.Closeable c) {
        try {
            c.close();
        } catch (IOException e) {
            CLOSE_FAILURES.increment();
        }
    }

    private static final java.util.concurrent.atomic.LongAdder CLOSE_FAILURES =
            new java.util.concurrent.atomic.LongAdder();

    /** Failed closes of read-only channels ignored so far ({@link #closeReadOnly}). */
    static long readOnlyCloseFailures() {
        return CLOSE_FAILURES.sum();
    }

    /** A whole small file; its close is {@link #closeReadOnly} (a failing close does not undo the read). */
    static byte[] readAllBytes(Path file) throws IOException {
        java.nio.channels.SeekableByteChannel ch = Files.newByteChannel(file, StandardOpenOption.READ);
        try {
            long size = ch.size();
            if (size > Integer.MAX_VALUE - 8) {
                throw new OutOfMemoryError("file too large: " + file);
            }
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream((int) size);
            java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate((int) Math.max(Math.min(size + 1, 64 * 1024), 512));
            int n;
            while ((n = ch.read(buf)) >= 0) {
                out.write(buf.array(), 0, n);
                buf.clear();
            }
            return out.toByteArray();
        } finally {
            closeReadOnly(ch);
        }
    }

    /** ESTALE answers retried so far in this process (by {@link #retryStale}). */
    static long staleRetries() {
        return STALE_RETRIES.sum();
    }

    /** Whether {@code p} is no regular file now (gone, or a directory). */
    static boolean isNotFile(Path p) throws IOException {
        BasicFileAttributes a = lstat(p);
        return a == null || !a.isRegularFile();
    }

    static boolean isNotDirectory(FileSystemException e) {
        String r = e.getReason();
        return r != null && r.contains("Not a directory");
    }

    /** Same file version: same inode, size and modification time. */
    static boolean sameVersion(BasicFileAttributes a, BasicFileAttributes b) {
        return a != null
                && b != null
                && a.size() == b.size()
                && a.lastModifiedTime().equals(b.lastModifiedTime())
                && a.fileKey() != null
                && a.fileKey().equals(b.fileKey());
    }

    /** Removes a tree without following symlinks; missing is fine. */
    static void deleteTree(Path root) throws IOException {
        if (lstat(root) == null) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException exc) throws IOException {
                if (exc instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw exc;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                if (exc != null && !(exc instanceof NoSuchFileException)) {
                    throw exc;
                }
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * Creates {@code dir} and its missing parents below {@code base}, never {@code base}
     * itself (NoSuchFileException when it is gone): a bucket deleted meanwhile must not
     * come back as a bare directory because a write was creating its staging area.
     */
    static void createDirectoriesBelow(Path base, Path dir) throws IOException {
        if (dir.equals(base)) {
            if (lstat(base) == null) {
                throw new NoSuchFileException(base.toString());
            }
            return;
        }
        if (!dir.startsWith(base)) {
            throw new IllegalArgumentException(dir + " is not below " + base);
        }
        // ESTALE: a parent removed through another client (a bucket deleted by another gateway,
        // still cached here); retried until the cached entry expires, then "no such file"
        // A parent may vanish again between its creation and this one's: a concurrent delete prunes
        // empty prefix directories (and a fold's move may take one away): make it again, a few times.
        for (int attempt = 0; ; attempt++) {
            try {
                retryStale(dir, () -> Files.createDirectory(dir));
                return;
            } catch (FileAlreadyExistsException exists) {
                return; // (also: created by a concurrent writer)
            } catch (NoSuchFileException noParent) {
                if (attempt >= 16) {
                    throw noParent;
                }
                createDirectoriesBelow(base, dir.getParent());
            }
        }
    }

    /**
     * rmdir when empty; false when not empty, gone, or not a directory. Only ever an rmdir:
     * {@link Files#delete} unlinks whatever it finds, and a name pruned as an empty prefix may
     * have become a file meanwhile (an unfolded key, see {@link Folds}), which must stay. The
     * directory stream's {@code deleteDirectory} is {@code unlinkat(AT_REMOVEDIR)}, which fails
     * on a file; where the JDK has no secure stream, an lstat first narrows the window.
     */
    static boolean removeIfEmpty(Path dir) throws IOException {
        Path parent = dir.getParent();
        try (java.nio.file.DirectoryStream<Path> ds = Files.newDirectoryStream(parent)) {
            if (ds instanceof java.nio.file.SecureDirectoryStream<Path> sds) {
                sds.deleteDirectory(dir.getFileName());
                return true;
            }
        } catch (DirectoryNotEmptyException | NoSuchFileException | java.nio.file.NotDirectoryException e) {
            return false; // not empty, gone, or its parent is no directory any more
        } catch (FileSystemException e) {
            if (isNotDirectory(e) || isNotEmpty(e) || isStale(e)) {
                return false;
            }
            throw e;
        }
        BasicFileAttributes a = lstat(dir);
        if (a == null || !a.isDirectory() || a.isSymbolicLink()) {
            return false;
        }
        try {
            Files.delete(dir);
            return true;
        } catch (DirectoryNotEmptyException | NoSuchFileException e) {
            return false;
        }
    }

    private static boolean isNotEmpty(FileSystemException e) {
        String r = e.getReason();
        return r != null && (r.contains("not empty") || r.contains("File exists"));
    }

    static String sha256Hex(String s) {
        try {
            return HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String randomHex() {
        return Long.toHexString(ThreadLocalRandom.current().nextLong() | Long.MIN_VALUE);
    }

    static String hex(byte[] b) {
        return HEX.formatHex(b);
    }
}
