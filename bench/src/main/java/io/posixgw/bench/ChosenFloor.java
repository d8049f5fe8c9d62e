package io.posixgw.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * posixgw's chosen path, the calls its xattr backend makes today with {@code --fsync on}
 * (ObjectWriter, StagedFile, Committer, DirectorySync, ObjectReader, ObjectRemover,
 * PathResolver; {@code bench/syscalls.sh} counts them), for the suite's fresh keys
 * {@code executions-data/<uuid>/out.bin} (a DELETE prunes both directories, so each PUT
 * creates both again):
 *
 * <pre>
 * PUT     the bucket's Object Lock configuration (ObjectLockGuard): lstat bucket; open bucket,
 *           fgetxattr user.bucket-lock (ENODATA), close
 *         lstat bucket; lstat each directory below it down to the first missing one
 *           (PathResolver.requireWritableParents)
 *         open .sgwtmp/&lt;sha256(key)&gt;.&lt;hex&gt; O_CREAT|O_EXCL|O_WRONLY; write the body
 *           (MD5, CRC32C as it goes by; posixgw writes each buffer the HTTP decoder hands
 *           over, here 64 KiB at a time)
 *         3 x (open by path O_NOFOLLOW, fsetxattr, close): checksums, etag, content-type
 *         mkdir each missing directory, top-down
 *         on another thread: open, fsync, close of the parent of each created directory
 *         fsync the temp file; rename it over the key (posixgw holds the bucket's writers lock
 *           around it, an fcntl F_SETLKW/F_UNLCK pair this floor leaves out: the JDK refuses
 *           overlapping locks of one range by the threads of one process, as put-load's are)
 *         open, fsync, close of the key's directory; wait for the other thread; close the temp file
 * HEAD    lstat key; lstat bucket; lstat each directory below it (ObjectReader.locate)
 *         open, flistxattr, close; 2 x (open, fgetxattr, close): etag, content-type
 *         lstat key again (same inode, size, mtime: one version)
 * GET     the HEAD's lstats; open key O_NOFOLLOW; the HEAD's xattr calls; lstat key again;
 *         fstat (FileChannel.size); read the bytes (64 KiB reads: posixgw sends the file
 *         to the socket, this floor has none); close
 * DELETE  the bucket's Object Lock configuration, as for PUT
 *         lstat key; lstat bucket; lstat each directory below it
 *         unlink key (File.delete)
 *         the key's directory: open, flistxattr, close (a directory object stays), lstat + rmdir
 *           (Files.delete); each parent above it: lstat (its link count: another subdirectory
 *           stops the pruning), else the same as the key's directory, until one is not empty
 *         open, fsync, close of the directory where the pruning stopped
 * </pre>
 */
final class ChosenFloor extends FileFloor {
    static final int CHUNK = 64 * 1024;
    static final String BUCKET_LOCK = "bucket-lock";

    private final ExecutorService background = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "floor-dirsync");
        t.setDaemon(true);
        return t;
    });
    private final ByteBuffer scratch = ByteBuffer.allocateDirect(4096);
    /** For the reads of PUT and DELETE, which put-load runs on several threads. */
    private final ThreadLocal<ByteBuffer> lockScratch = ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(4096));

    ChosenFloor(Path root, String bucket) {
        super(root, bucket);
    }

    @Override
    void put(String key, ByteBuffer body) throws IOException {
        readLockConfiguration();
        Path target = objectPath(key);
        Path firstMissing = firstMissingParent(target);
        Path temp = staging.resolve(tempName(key));
        try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            Attrs attrs = write(ch, body, CHUNK);
            attrs.setOn(temp);
            List<Path> changed = new ArrayList<>();
            if (firstMissing != null) {
                List<Path> down = new ArrayList<>();
                for (Path d = target.getParent(); d.startsWith(firstMissing); d = d.getParent()) {
                    down.add(0, d);
                }
                for (Path d : down) {
                    try {
                        Files.createDirectory(d);
                        changed.add(d.getParent());
                    } catch (FileAlreadyExistsException raced) {
                        // made by a concurrent put (put-load's clients), as posixgw's mkdirs allows
                    }
                }
            }
            Future<?> created = changed.isEmpty()
                    ? null
                    : background.submit(() -> {
                        for (Path d : changed) {
                            syncDir(d);
                        }
                        return null;
                    });
            ch.force(true);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            syncDir(target.getParent());
            if (created != null) {
                await(created);
            }
        }
    }

    @Override
    long head(String key) throws IOException {
        Path p = objectPath(key);
        BasicFileAttributes before = locate(p);
        readAttrs(p, scratch);
        requireSame(before, lstat(p));
        return before.size();
    }

    @Override
    long get(String key, ByteBuffer buffer, long[] firstByteAt) throws IOException {
        Path p = objectPath(key);
        BasicFileAttributes before = locate(p);
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            readAttrs(p, scratch);
            requireSame(before, lstat(p));
            if (ch.size() != before.size()) {
                throw new IOException("changed while opened: " + p);
            }
            return read(ch, before.size(), buffer, CHUNK, firstByteAt);
        }
    }

    @Override
    void delete(String key) throws IOException {
        readLockConfiguration();
        Path p = objectPath(key);
        BasicFileAttributes a = lstat(p);
        if (a == null || !parentsPresent(p)) {
            return;
        }
        if (!p.toFile().delete()) {
            return;
        }
        Path d = p.getParent();
        while (!d.equals(bucketDir)) {
            if (!d.equals(p.getParent())
                    && (Integer) Files.getAttribute(d, "unix:nlink", LinkOption.NOFOLLOW_LINKS) > 2) {
                break; // other subdirectories
            }
            if (xattrs(d).list().contains(ETAG)) {
                break; // a directory object stays
            }
            try {
                Files.delete(d);
            } catch (DirectoryNotEmptyException | NoSuchFileException e) {
                break;
            }
            d = d.getParent();
        }
        syncDir(d);
    }

    @Override
    public void close() {
        background.shutdownNow();
    }

    /** lstat of the bucket, then its {@code bucket-lock} attribute, absent (the JDK reports ENODATA by exception). */
    private void readLockConfiguration() throws IOException {
        if (lstat(bucketDir) == null) {
            throw new NoSuchFileException(bucketDir.toString());
        }
        ByteBuffer b = lockScratch.get();
        b.clear();
        try {
            xattrs(bucketDir).read(BUCKET_LOCK, b);
        } catch (FileSystemException absent) {
            // no Object Lock configuration: the usual case
        }
    }

    /** lstat of the key, then of the bucket and each directory below it (NoSuchKey rules). */
    private BasicFileAttributes locate(Path p) throws IOException {
        BasicFileAttributes a = lstat(p);
        if (a == null || !a.isRegularFile() || !parentsPresent(p)) {
            throw new NoSuchFileException(p.toString());
        }
        return a;
    }

    private boolean parentsPresent(Path p) throws IOException {
        return firstMissingParent(p) == null;
    }

    /** lstat of the bucket, then of each directory below it down to {@code p}'s parent; the first missing one or null. */
    private Path firstMissingParent(Path p) throws IOException {
        BasicFileAttributes b = lstat(bucketDir);
        if (b == null || !b.isDirectory()) {
            throw new NoSuchFileException(bucketDir.toString());
        }
        Path parent = p.getParent();
        int depth = parent.getNameCount() - bucketDir.getNameCount();
        for (int i = depth - 1; i >= 0; i--) {
            Path d = parent;
            for (int up = 0; up < i; up++) {
                d = d.getParent();
            }
            BasicFileAttributes a = lstat(d);
            if (a == null) {
                return d;
            }
            if (!a.isDirectory()) {
                throw new IOException("not a directory: " + d);
            }
        }
        return null;
    }

    private static BasicFileAttributes lstat(Path p) throws IOException {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private static void requireSame(BasicFileAttributes a, BasicFileAttributes b) throws IOException {
        if (b == null
                || a.size() != b.size()
                || !a.lastModifiedTime().equals(b.lastModifiedTime())
                || !a.fileKey().equals(b.fileKey())) {
            throw new IOException("the object changed while it was read");
        }
    }

    private static void await(Future<?> f) throws IOException {
        try {
            f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
    }
}
