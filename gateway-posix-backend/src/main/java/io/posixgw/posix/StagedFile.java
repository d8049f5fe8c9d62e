package io.posixgw.posix;

import io.posixgw.core.backend.BodySource;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.checksum.Checksummer;
import io.posixgw.core.model.Etags;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;

/**
 * A temp file in the bucket's {@code .sgwtmp}, written in one pass (MD5, optionally
 * CRC-64/NVME, as the bytes go by) and removed on close unless it was published. Its
 * name is {@code <sha256hex(key)>.<random>}, the shape of versitygw's fallback temp files.
 */
final class StagedFile implements Closeable {
    final Path path;
    private final FileChannel channel;
    private final MessageDigest md5;
    private byte[] md5Value;
    private final Checksummer crc64;
    private long size;
    private boolean published;
    private MetadataStore store;

    private StagedFile(Path path, FileChannel channel, boolean md5, boolean crc64) {
        this.path = path;
        this.channel = channel;
        this.md5 = md5 ? Etags.newMd5() : null;
        this.crc64 = crc64 ? ChecksumAlgorithm.CRC64NVME.newChecksummer() : null;
    }

    /**
     * Creates the temp file, creating {@code .sgwtmp} when missing; {@code NoSuchBucket} when the
     * bucket is gone. Under the bucket's writers lock, shared ({@link BucketWriters}), like the
     * publication: a DeleteBucket holds it from its park of the bucket to the parked directory's
     * removal, so no temp file is created in a parked bucket while it is being removed. On
     * GlusterFS (replica 2, no client quorum) a create racing the removal of {@code .sgwtmp}
     * took effect on one brick and the removal on the other, both answered as successes: the
     * parked bucket lived on on one brick, the PUT's later rename landed there, was acknowledged
     * and was lost (issue 19).
     */
    static StagedFile create(Path bucketDir, String key, boolean md5, boolean crc64) throws IOException {
        return create(bucketDir, key, md5, crc64, CREATE_NEW);
    }

    /** Creates a temp file by its path (a test stands in a shared file system's answers). */
    @FunctionalInterface
    interface Creator {
        FileChannel create(Path file) throws IOException;
    }

    private static final Creator CREATE_NEW =
            file -> FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);

    /**
     * {@link #create(Path, String, boolean, boolean)} through {@code creator}. ESTALE is taken as
     * ENOENT: on a shared file system it is what a create answers when this client's cached entry
     * of the bucket (or of its {@code .sgwtmp}) leads to a directory another gateway's DeleteBucket
     * removed; the bucket is then looked up again (which waits the cached entry out) and the
     * answer is NoSuchBucket, or {@code .sgwtmp} is made again if the bucket is there.
     */
    static StagedFile create(Path bucketDir, String key, boolean md5, boolean crc64, Creator creator)
            throws IOException {
        try (KeyLocks.Held writing =
                BucketWriters.of(bucketDir).shared(bucketDir.getFileName().toString())) {
            return createWriting(bucketDir, key, md5, crc64, creator);
        }
    }

    private static StagedFile createWriting(Path bucketDir, String key, boolean md5, boolean crc64, Creator creator)
            throws IOException {
        Path dir = PathResolver.staging(bucketDir);
        String base = Fs.sha256Hex(key) + ".";
        for (int attempt = 0; ; attempt++) {
            Path p = dir.resolve(base + Fs.randomHex());
            try {
                return new StagedFile(p, creator.create(p), md5, crc64);
            } catch (FileAlreadyExistsException e) {
                // name collision: draw again
            } catch (FileSystemException e) {
                if (!(e instanceof NoSuchFileException) && !Fs.isStale(e) || attempt > 2) {
                    throw e;
                }
                PathResolver.requireBucket(bucketDir);
                try {
                    Fs.createDirectoriesBelow(bucketDir, dir);
                } catch (NoSuchFileException gone) {
                    PathResolver.requireBucket(bucketDir); // went while .sgwtmp was being made
                    throw gone;
                }
            }
        }
    }

    /** Appends one buffer (the body's buffers are often direct: written as they are). */
    void write(ByteBuffer b) throws IOException {
        if (md5 != null) {
            md5.update(b.duplicate());
        }
        if (crc64 != null) {
            crc64.update(b);
        }
        while (b.hasRemaining()) {
            size += channel.write(b);
        }
    }

    /** Streams a whole body. */
    void writeAll(BodySource body) throws IOException {
        writeAll(body, null);
    }

    /** Streams a whole body, feeding {@code also} (when not null) with the same bytes. */
    void writeAll(BodySource body, Checksummer also) throws IOException {
        for (ByteBuffer b = body.next(); b != null; b = body.next()) {
            if (also != null) {
                also.update(b);
            }
            write(b);
        }
    }

    /** Appends {@code count} bytes of {@code src} from {@code position}, in the kernel where it can (sendfile). */
    void transferFrom(FileChannel src, long position, long count) throws IOException {
        long done = 0;
        while (done < count) {
            long n = src.transferTo(position + done, count - done, channel);
            if (n <= 0) {
                if (position + done >= src.size()) {
                    throw new IOException("source ended early while copying into " + path);
                }
                ByteBuffer buf = ByteBuffer.allocate(64 * 1024);
                buf.limit((int) Math.min(buf.capacity(), count - done));
                n = src.read(buf, position + done);
                if (n <= 0) {
                    throw new IOException("source ended early while copying into " + path);
                }
                buf.flip();
                while (buf.hasRemaining()) {
                    channel.write(buf);
                }
            }
            done += n;
        }
        size += count;
    }

    /**
     * Appends {@code count} bytes of {@code src} from {@code position} through memory, so the hashes see them.
     *
     * @param also one more checksum to feed the bytes to, or null
     */
    void copyHashing(FileChannel src, long position, long count, Checksummer also) throws IOException {
        ByteBuffer buf = ByteBuffer.allocateDirect((int) Math.min(1 << 20, Math.max(count, 1)));
        long done = 0;
        while (done < count) {
            buf.clear();
            buf.limit((int) Math.min(buf.capacity(), count - done));
            int n = src.read(buf, position + done);
            if (n < 0) {
                throw new IOException("copy source ended early");
            }
            buf.flip();
            if (also != null) {
                also.update(buf);
            }
            write(buf);
            done += n;
        }
    }

    long size() {
        return size;
    }

    /** The MD5 of everything written; computed once, so callers may ask again. */
    byte[] md5() {
        if (md5Value == null) {
            md5Value = md5.digest();
        }
        return md5Value.clone();
    }

    String crc64Base64() {
        return crc64 == null ? null : crc64.base64();
    }

    /** fsync (data and inode, which holds the xattrs). */
    void force() throws IOException {
        channel.force(true);
    }

    /** Sets the object's attributes on the temp file (xattrs travel with the rename). */
    void setAttributes(MetadataStore store, java.util.Map<String, byte[]> attrs) throws IOException {
        this.store = store;
        store.setAll(path, attrs);
    }

    void markPublished() {
        published = true;
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing a written temp: nothing to recover
        }
        if (!published) {
            try {
                // a temp file gone was renamed over its key by a publication that failed after
                // its rename: its sidecar node is that object's attributes, which the key's
                // record names (SidecarMetadataStore#publishing), not debris
                if (Files.deleteIfExists(path) && store != null) {
                    store.deleted(path);
                }
            } catch (IOException ignored) {
                // the sweeper removes it later
            }
        }
    }
}
