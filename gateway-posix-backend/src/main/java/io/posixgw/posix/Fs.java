package io.posixgw.posix;

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
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/** Small file-system helpers shared by the backend classes. */
final class Fs {
    private static final HexFormat HEX = HexFormat.of();
    /** Attempts of a call that answers ESTALE (see {@link #retryStale}). */
    static final int STALE_ATTEMPTS = 5;

    private static final java.util.concurrent.atomic.LongAdder STALE_RETRIES =
            new java.util.concurrent.atomic.LongAdder();

    private Fs() {}

    /** lstat; null when absent (ENOENT, or ENOTDIR for a path through a file). */
    static BasicFileAttributes lstat(Path p) throws IOException {
        try {
            return retryStale(p, () -> Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS));
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
        return e instanceof FileSystemException f
                && f.getReason() != null
                && f.getReason().contains("Stale file handle");
    }

    /** One file-system call by path, for {@link #retryStale}. */
    interface PathCall<T> {
        T call() throws IOException;
    }

    /**
     * Runs {@code call}, again on ESTALE (each attempt resolves the path anew, as NFS clients
     * must; the kernel revalidates the cached lookup that led to the stale handle), a bounded
     * number of times with short pauses. Still stale after that, the file is taken as gone:
     * {@link NoSuchFileException}, which the callers handle as "the object changed".
     */
    static <T> T retryStale(Path path, PathCall<T> call) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                return call.call();
            } catch (IOException e) {
                if (!isStale(e)) {
                    throw e;
                }
                STALE_RETRIES.increment();
                if (attempt >= STALE_ATTEMPTS) {
                    NoSuchFileException gone = new NoSuchFileException(
                            path.toString(), null, "Stale file handle, " + attempt + " attempts");
                    gone.initCause(e);
                    throw gone;
                }
                try {
                    Thread.sleep(attempt);
                } catch (InterruptedException i) {
                    Thread.currentThread().interrupt();
                    throw new java.io.InterruptedIOException(
                            "interrupted while retrying a stale file handle of " + path);
                }
            }
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
        try {
            Files.createDirectory(dir);
        } catch (FileAlreadyExistsException exists) {
            return;
        } catch (NoSuchFileException noParent) {
            createDirectoriesBelow(base, dir.getParent());
            try {
                Files.createDirectory(dir);
            } catch (FileAlreadyExistsException exists) {
                // created by a concurrent writer
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
