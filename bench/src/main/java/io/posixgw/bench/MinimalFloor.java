package io.posixgw.bench;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * The fewest calls that give posixgw's durable, atomic result on the same layout, as far
 * as Java 17's API allows, on one thread:
 *
 * <pre>
 * PUT     open .sgwtmp/&lt;sha256(key)&gt;.&lt;hex&gt; O_CREAT|O_EXCL|O_WRONLY; one write of the body
 *         3 x (open, fsetxattr, close)            [Java: path-based; natively 3 fsetxattr on the fd]
 *         fsync the temp file (fsync, not fdatasync: the xattrs are inode metadata)
 *         mkdir the key's directory; on ENOENT its parent first, and so on up (no lstats:
 *           the suite's DELETE prunes executions-data, so here 3 mkdirs, one failing)
 *         rename over the key
 *         fsync the bucket directory through an fd kept open (when an entry of it changed);
 *           open, fsync, close of each other directory whose entries changed
 *           (the key's, and executions-data when the key's was created in it)
 *         close the temp file
 * HEAD    lstat key                               [Java: by path; natively fstat of the open fd]
 *         open, flistxattr, close; 2 x (open, fgetxattr, close)
 *                                                 [Java: path-based; natively 1 + 2 calls on one fd]
 * GET     open key O_NOFOLLOW; the HEAD's xattr calls and lstat; read the bytes (reads of up
 *         to 1 MiB, no EOF read: the size is known); close
 * DELETE  unlink key (java.io.File.delete: glibc remove(), no lstat first as Files.delete makes)
 *         per parent up to the bucket: open, flistxattr, close (a directory object stays)
 *           [Java: path-based; natively one llistxattr], lstat + rmdir (Files.delete:
 *           java.io.File.delete would cost unlink EISDIR + rmdir, the same two), until one is not empty
 *         fsync the directory where the pruning stopped (the bucket: its fd kept open)
 * </pre>
 * Left out, with what replaces them in a native file layer: the lstats of every parent
 * that refuse symlinks (openat2 with RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS on the opens,
 * no extra call) and the second lstat that pins one version of an object (fstat of the
 * open fd). Without them this floor is not safe against a hostile tree or a concurrent
 * overwrite; it only shows how cheap the same result can be.
 */
final class MinimalFloor extends FileFloor {
    static final int READ_CHUNK = 1024 * 1024;

    private final ByteBuffer scratch = ByteBuffer.allocateDirect(4096);
    private FileChannel bucketFd;

    MinimalFloor(Path root, String bucket) {
        super(root, bucket);
    }

    @Override
    void prepare() throws IOException {
        super.prepare();
        bucketFd = FileChannel.open(bucketDir, StandardOpenOption.READ);
    }

    @Override
    void put(String key, ByteBuffer body) throws IOException {
        Path target = objectPath(key);
        Path temp = staging.resolve(tempName(key));
        try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            Attrs attrs = write(ch, body, Integer.MAX_VALUE);
            attrs.setOn(temp);
            ch.force(true);
            List<Path> changed = new ArrayList<>();
            mkdirs(target.getParent(), changed);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            changed.add(target.getParent());
            for (Path d : changed) {
                sync(d);
            }
        }
    }

    /** mkdir of {@code dir}, of its parent first when that is missing too; records the directories whose entries changed. */
    private void mkdirs(Path dir, List<Path> changed) throws IOException {
        if (dir.equals(bucketDir)) {
            return;
        }
        try {
            Files.createDirectory(dir);
        } catch (java.nio.file.FileAlreadyExistsException exists) {
            return;
        } catch (NoSuchFileException noParent) {
            mkdirs(dir.getParent(), changed);
            Files.createDirectory(dir);
        }
        changed.add(dir.getParent());
    }

    @Override
    long head(String key) throws IOException {
        Path p = objectPath(key);
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        readAttrs(p, scratch);
        return a.size();
    }

    @Override
    long get(String key, ByteBuffer buffer, long[] firstByteAt) throws IOException {
        Path p = objectPath(key);
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            readAttrs(p, scratch);
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return read(ch, a.size(), buffer, READ_CHUNK, firstByteAt);
        }
    }

    @Override
    void delete(String key) throws IOException {
        Path p = objectPath(key);
        if (!new File(p.toString()).delete()) {
            return; // absent: deleting a missing key succeeds
        }
        Path d = p.getParent();
        while (!d.equals(bucketDir)) {
            if (xattrs(d).list().contains(ETAG)) {
                break;
            }
            try {
                Files.delete(d);
            } catch (DirectoryNotEmptyException | NoSuchFileException e) {
                break;
            }
            d = d.getParent();
        }
        sync(d);
    }

    private void sync(Path dir) throws IOException {
        if (dir.equals(bucketDir) && bucketFd != null) {
            bucketFd.force(true);
        } else {
            syncDir(dir);
        }
    }

    @Override
    public void close() throws IOException {
        if (bucketFd != null) {
            bucketFd.close();
        }
    }
}
