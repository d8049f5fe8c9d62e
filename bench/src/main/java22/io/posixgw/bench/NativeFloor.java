package io.posixgw.bench;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.zip.CRC32C;

/**
 * {@link MinimalFloor}'s result (same layout, same attributes, same durability) through the
 * calls a native file layer would make, bound with Java 22+'s FFM ({@link Libc}): every path
 * resolved by one {@code openat2} beneath the bucket's held fd with RESOLVE_BENEATH |
 * RESOLVE_NO_SYMLINKS (no lstat per component, and as safe against a hostile tree as posixgw's
 * lstats), attributes read and written on the fd already open, size and version from one
 * {@code fstat} of that fd.
 *
 * <pre>
 * HEAD    openat2 key; fstat; flistxattr; fgetxattr etag, content-type; close         6 calls
 * GET     the HEAD's calls and one pread of the body                                 7 calls
 * PUT     openat .sgwtmp/&lt;temp&gt; on the held staging fd; write; 3 fsetxattr; fsync;
 *         openat2 of the key's parent (on ENOENT: of its parent, mkdirat, openat);
 *         renameat; fsync of each directory whose entries changed; closes
 * DELETE  openat2 of the key's directory; unlinkat; per parent up to the bucket:
 *         flistxattr (a directory object stays), openat2 of its parent, unlinkat AT_REMOVEDIR
 *         (ENOTEMPTY stops); fsync where the pruning stopped; closes
 * </pre>
 * Only in this benchmark: posixgw itself runs on Java 17 without it. What it is for: the
 * time and calls such a layer saves, measured next to the two java.nio floors in one run.
 */
final class NativeFloor extends FileFloor {
    private final Libc c = new Libc();
    private final MemorySegment list = c.scratch(4096);
    private final MemorySegment value = c.scratch(4096);
    private final MemorySegment etagName = c.cString("user." + ETAG);
    private final MemorySegment contentTypeName = c.cString("user." + CONTENT_TYPE);
    private final MemorySegment checksumsName = c.cString("user." + CHECKSUMS);
    private int bucketFd = -1;
    private int stagingFd = -1;

    NativeFloor(Path root, String bucket) {
        super(root, bucket);
    }

    @Override
    void prepare() throws IOException {
        super.prepare();
        bucketFd = c.openat(-100, bucketDir.toString(), Libc.O_RDONLY | Libc.O_DIRECTORY | Libc.O_CLOEXEC, 0);
        stagingFd = c.openBeneath(bucketFd, STAGING, Libc.O_RDONLY | Libc.O_DIRECTORY | Libc.O_CLOEXEC);
    }

    @Override
    void put(String key, ByteBuffer body) throws IOException {
        String temp = tempName(key);
        int fd = c.openat(
                stagingFd, temp, Libc.O_WRONLY | Libc.O_CREAT | Libc.O_EXCL | Libc.O_CLOEXEC | Libc.O_NOFOLLOW, 0644);
        try {
            Attrs attrs = hashAndWrite(fd, body);
            c.fsetxattr(fd, checksumsName, segment(attrs.checksums()));
            c.fsetxattr(fd, etagName, segment(attrs.etag()));
            c.fsetxattr(fd, contentTypeName, segment(attrs.contentType()));
            c.fsync(fd);
            int slash = key.lastIndexOf('/');
            Deque<Integer> changed = new ArrayDeque<>();
            int parent = slash < 0 ? bucketFd : directory(key.substring(0, slash), changed);
            try {
                c.renameat(stagingFd, temp, parent, key.substring(slash + 1));
                c.fsync(parent);
                for (int d : changed) {
                    c.fsync(d);
                }
            } finally {
                for (int d : changed) {
                    if (d != bucketFd) {
                        c.close(d);
                    }
                }
                if (parent != bucketFd) {
                    c.close(parent);
                }
            }
        } finally {
            c.close(fd);
        }
    }

    /**
     * An fd of the directory {@code rel} beneath the bucket, made with its missing parents;
     * the fds of directories that got a new entry go on {@code changed} (to be synced and closed).
     */
    private int directory(String rel, Deque<Integer> changed) throws IOException {
        try {
            return c.openBeneath(bucketFd, rel, Libc.O_RDONLY | Libc.O_DIRECTORY | Libc.O_CLOEXEC);
        } catch (Libc.Errno e) {
            if (e.errno != Libc.ENOENT) {
                throw e;
            }
        }
        int slash = rel.lastIndexOf('/');
        int up = slash < 0 ? bucketFd : directory(rel.substring(0, slash), changed);
        String name = rel.substring(slash + 1);
        try {
            c.mkdirat(up, name, 0755);
        } catch (Libc.Errno e) {
            if (e.errno != Libc.EEXIST) {
                throw e;
            }
        }
        if (!changed.contains(up)) {
            changed.add(up);
        }
        return c.openat(up, name, Libc.O_RDONLY | Libc.O_DIRECTORY | Libc.O_NOFOLLOW | Libc.O_CLOEXEC, 0);
    }

    private Attrs hashAndWrite(int fd, ByteBuffer body) throws IOException {
        java.security.MessageDigest md5 = md5();
        CRC32C crc = new CRC32C();
        md5.update(body.duplicate());
        crc.update(body.duplicate());
        MemorySegment bytes = MemorySegment.ofBuffer(body);
        long done = 0;
        while (done < bytes.byteSize()) {
            done += c.write(fd, bytes.asSlice(done));
        }
        return Attrs.of(md5.digest(), crc.getValue());
    }

    private MemorySegment segment(byte[] b) {
        MemorySegment s = value.asSlice(0, b.length);
        s.copyFrom(MemorySegment.ofArray(b));
        return s;
    }

    @Override
    long head(String key) throws IOException {
        int fd = c.openBeneath(bucketFd, key, Libc.O_RDONLY | Libc.O_CLOEXEC);
        try {
            long size = c.fstat(fd);
            readAttrs(fd);
            return size;
        } finally {
            c.close(fd);
        }
    }

    /** flistxattr, then fgetxattr of each wanted attribute that is there. */
    private void readAttrs(int fd) throws IOException {
        long n = c.flistxattr(fd, list);
        if (listed(n, etagName)) {
            c.fgetxattr(fd, etagName, value);
        }
        if (listed(n, contentTypeName)) {
            c.fgetxattr(fd, contentTypeName, value);
        }
    }

    /** Whether the NUL-separated names of {@link #list}'s first {@code n} bytes hold {@code name} (NUL-terminated). */
    private boolean listed(long n, MemorySegment name) {
        long start = 0;
        while (start < n) {
            long end = start;
            while (end < n && list.get(ValueLayout.JAVA_BYTE, end) != 0) {
                end++;
            }
            if (end - start + 1 == name.byteSize()
                    && MemorySegment.mismatch(list, start, end + 1, name, 0, name.byteSize()) == -1) {
                return true;
            }
            start = end + 1;
        }
        return false;
    }

    @Override
    long get(String key, ByteBuffer buffer, long[] firstByteAt) throws IOException {
        int fd = c.openBeneath(bucketFd, key, Libc.O_RDONLY | Libc.O_CLOEXEC);
        try {
            long size = c.fstat(fd);
            readAttrs(fd);
            MemorySegment into = MemorySegment.ofBuffer(buffer.clear());
            long pos = 0;
            while (pos < size) {
                long n = c.pread(fd, into.asSlice(0, Math.min(into.byteSize(), size - pos)), pos);
                if (n == 0) {
                    break;
                }
                if (pos == 0) {
                    firstByteAt[0] = System.nanoTime();
                }
                pos += n;
            }
            if (size == 0) {
                firstByteAt[0] = System.nanoTime();
            }
            return pos;
        } finally {
            c.close(fd);
        }
    }

    @Override
    void delete(String key) throws IOException {
        int slash = key.lastIndexOf('/');
        String dir = slash < 0 ? null : key.substring(0, slash);
        int d;
        try {
            d = dir == null ? bucketFd : c.openBeneath(bucketFd, dir, Libc.O_RDONLY | Libc.O_DIRECTORY | Libc.O_CLOEXEC);
        } catch (Libc.Errno e) {
            if (e.errno == Libc.ENOENT) {
                return; // its directory is gone: so is the key
            }
            throw e;
        }
        try {
            try {
                c.unlinkat(d, key.substring(slash + 1), 0);
            } catch (Libc.Errno e) {
                if (e.errno == Libc.ENOENT) {
                    return; // absent: deleting a missing key succeeds
                }
                throw e;
            }
            while (dir != null && !isDirectoryObject(d)) {
                int up = dir.lastIndexOf('/');
                String parent = up < 0 ? null : dir.substring(0, up);
                int p = parent == null
                        ? bucketFd
                        : c.openBeneath(bucketFd, parent, Libc.O_RDONLY | Libc.O_DIRECTORY | Libc.O_CLOEXEC);
                try {
                    c.unlinkat(p, dir.substring(up + 1), Libc.AT_REMOVEDIR);
                } catch (Libc.Errno e) {
                    if (p != bucketFd) {
                        c.close(p);
                    }
                    if (e.errno == Libc.ENOTEMPTY || e.errno == Libc.EEXIST || e.errno == Libc.ENOENT) {
                        break;
                    }
                    throw e;
                }
                c.close(d);
                d = p;
                dir = parent;
            }
            c.fsync(d);
        } finally {
            if (d != bucketFd) {
                c.close(d);
            }
        }
    }

    /** Whether the directory open as {@code fd} carries an ETag (a directory object, which stays). */
    private boolean isDirectoryObject(int fd) throws IOException {
        return listed(c.flistxattr(fd, list), etagName);
    }

    @Override
    public void close() throws IOException {
        if (stagingFd >= 0) {
            c.close(stagingFd);
        }
        if (bucketFd >= 0) {
            c.close(bucketFd);
        }
    }
}
