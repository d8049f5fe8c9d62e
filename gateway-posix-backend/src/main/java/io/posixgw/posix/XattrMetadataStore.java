package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;

/**
 * Attributes as Linux user xattrs ({@code user.<name>}), through
 * {@link UserDefinedFileAttributeView} without following symlinks. The JDK opens the
 * file for each call (open, f*xattr, close), so reads list once and then fetch only the
 * names present, into a reused buffer, without size probes.
 *
 * <p>The buffer is small ({@link #SMALL_VALUE}): the kernel allocates and zeroes as much
 * as the caller offers for every fgetxattr, and offering the 64 KiB xattr limit made each
 * read an order-4 page allocation (a third of its CPU time, async-profiler under GET load).
 * A value that does not fit (ERANGE) is read again into a 64 KiB buffer.
 */
final class XattrMetadataStore implements MetadataStore {
    /** Holds every attribute posixgw writes (etags, content types, checksums, 2 KiB of user metadata as JSON). */
    static final int SMALL_VALUE = 4 * 1024;

    private static final int MAX_VALUE = 64 * 1024;

    private final ThreadLocal<ByteBuffer> small;

    XattrMetadataStore() {
        this(SMALL_VALUE);
    }

    /** @param smallValue the per-thread read buffer (tests use a tiny one to reach the large-value path) */
    XattrMetadataStore(int smallValue) {
        this.small = ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(smallValue));
    }

    private static UserDefinedFileAttributeView view(Path path) throws IOException {
        UserDefinedFileAttributeView v =
                Files.getFileAttributeView(path, UserDefinedFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        if (v == null) {
            // the start-up check refuses such a root; this guards a file system changed under us
            throw new IOException(
                    "the file system of " + path + " keeps no user xattrs: start posixgw with --sidecar DIR");
        }
        return v;
    }

    // Every call opens the file by path anew (the JDK's view does), so a call retried on
    // ESTALE resolves the path again: the file replaced through another client of a shared
    // file system is found under its name (Fs.retryStale).

    @Override
    public byte[] get(Path path, String name) throws IOException {
        return Fs.retryStale(path, () -> getOnce(path, name));
    }

    private byte[] getOnce(Path path, String name) throws IOException {
        UserDefinedFileAttributeView v = view(path);
        try {
            return readValue(v, name);
        } catch (NoSuchFileException | AccessDeniedException e) {
            throw e;
        } catch (FileSystemException e) {
            if (Fs.isStale(e)) {
                throw e; // retried: another file may be under the name now
            }
            if (isNoData(e) || !v.list().contains(name)) {
                return null;
            }
            throw e;
        }
    }

    /**
     * A listing, not a read: the JDK reports an absent attribute (ENODATA) with an
     * exception, whose stack trace cost more than the syscalls (2.5 us against 4.8 us
     * per check, thread CPU time), and prefix directories have no etag.
     */
    @Override
    public boolean has(Path path, String name) throws IOException {
        return Fs.retryStale(path, () -> view(path).list().contains(name));
    }

    @Override
    public Map<String, byte[]> read(Path path, Predicate<String> wanted) throws IOException {
        return Fs.retryStale(path, () -> {
            Map<String, byte[]> out = null;
            for (int attempt = 0; out == null; attempt++) {
                out = readOnce(path, wanted, attempt == READS - 1);
            }
            return out;
        });
    }

    /** Reads of a file's attributes while a listed one is gone when read (see {@link #readOnce}). */
    private static final int READS = 3;

    /**
     * The attributes {@code wanted}; null when a listed one was gone when read and {@code last} is
     * false. Usually removed between the list and the read; but the name may have led to another
     * file in between (a folded key's file moved away and back, see {@link Folds}), whose values
     * are not mixed with the first one's: read again.
     */
    private Map<String, byte[]> readOnce(Path path, Predicate<String> wanted, boolean last) throws IOException {
        UserDefinedFileAttributeView v = view(path);
        Map<String, byte[]> out = new LinkedHashMap<>();
        for (String name : v.list()) {
            if (!wanted.test(name)) {
                continue;
            }
            try {
                out.put(name, readValue(v, name));
            } catch (NoSuchFileException e) {
                throw e;
            } catch (FileSystemException e) {
                if (!isNoData(e)) {
                    throw e;
                }
                if (!last) {
                    return null;
                }
                // removed between list and read
            }
        }
        return out;
    }

    @Override
    public List<String> list(Path path) throws IOException {
        return Fs.retryStale(path, () -> view(path).list());
    }

    @Override
    public void set(Path path, String name, byte[] value) throws IOException {
        Fs.retryStale(path, () -> {
            setOnce(path, name, value);
            return null;
        });
    }

    private void setOnce(Path path, String name, byte[] value) throws IOException {
        try {
            view(path).write(name, ByteBuffer.wrap(value));
        } catch (NoSuchFileException | AccessDeniedException e) {
            throw e;
        } catch (FileSystemException e) {
            if (isNoRoom(e)) {
                throw new S3Exception(
                        S3Error.METADATA_TOO_LARGE,
                        "The object's metadata does not fit in the file system's extended attribute space (attribute "
                                + name + ", " + value.length + " bytes)");
            }
            throw e;
        }
    }

    @Override
    public void remove(Path path, String name) throws IOException {
        Fs.retryStale(path, () -> {
            removeOnce(path, name);
            return null;
        });
    }

    private void removeOnce(Path path, String name) throws IOException {
        UserDefinedFileAttributeView v = view(path);
        try {
            v.delete(name);
        } catch (NoSuchFileException | AccessDeniedException e) {
            throw e;
        } catch (FileSystemException e) {
            if (Fs.isStale(e)) {
                throw e;
            }
            if (!isNoData(e) && v.list().contains(name)) {
                throw e;
            }
        }
    }

    @Override
    public void moved(Path from, Path to) {
        // xattrs belong to the inode and travel with the rename
    }

    @Override
    public void deleted(Path path) {
        // gone with the inode
    }

    private byte[] readValue(UserDefinedFileAttributeView v, String name) throws IOException {
        ByteBuffer buf = small.get();
        buf.clear();
        try {
            v.read(name, buf);
        } catch (FileSystemException e) {
            if (!isTooSmall(e)) {
                throw e;
            }
            buf = ByteBuffer.allocateDirect(MAX_VALUE); // rare: not kept per thread
            v.read(name, buf);
        }
        buf.flip();
        byte[] out = new byte[buf.remaining()];
        buf.get(out);
        return out;
    }

    /** ERANGE on a read: the value is larger than the buffer offered (the JDK's wording). */
    private static boolean isTooSmall(FileSystemException e) {
        String r = e.getReason();
        return r != null && (r.contains("Insufficient space in buffer") || r.contains("Numerical result out of range"));
    }

    /** ENODATA/ENOATTR: the attribute is absent (English strerror; callers fall back to a listing otherwise). */
    private static boolean isNoData(FileSystemException e) {
        String r = e.getReason();
        return r != null && (r.contains("No data available") || r.contains("Attribute not found"));
    }

    /** ENOSPC (no room left in the inode's xattr space), E2BIG (value over 64 KiB), ERANGE. */
    private static boolean isNoRoom(FileSystemException e) {
        String r = e.getReason();
        return r != null
                && (r.contains("No space left")
                        || r.contains("Argument list too long")
                        || r.contains("Numerical result out of range")
                        || r.contains("File too large"));
    }

    /** True when the file system at {@code root} stores user xattrs (probed with a temp file). */
    /** @throws IOException when no file can be made in {@code root} at all (not a matter of xattrs) */
    static boolean supported(Path root) throws IOException {
        Path probe = root.resolve(".posixgw-xattr-probe-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong()));
        try {
            Files.createFile(probe);
        } catch (IOException e) {
            throw new IOException(
                    "cannot create a file in " + root.toAbsolutePath() + " ("
                            + e.getClass().getSimpleName() + ": " + e.getMessage()
                            + "): the data root must be writable by this user",
                    e);
        }
        try {
            UserDefinedFileAttributeView v =
                    Files.getFileAttributeView(probe, UserDefinedFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
            if (v == null) {
                return false;
            }
            v.write("posixgw.probe", ByteBuffer.wrap(new byte[] {1}));
            return v.list().contains("posixgw.probe");
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        } finally {
            try {
                Files.deleteIfExists(probe);
            } catch (IOException ignored) {
                // best effort
            }
        }
    }
}
