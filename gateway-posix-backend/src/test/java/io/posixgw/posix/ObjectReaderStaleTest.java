package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.GetObjectRequest;
import io.posixgw.core.model.ObjectInfo;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What GlusterFS's FUSE client answers when the file under a key was replaced through another
 * client (issue 19), played on a local file: the open succeeds and the first read answers
 * ESTALE (open-behind), and a close of such a file answers ESTALE too (the flush).
 */
class ObjectReaderStaleTest extends BackendTestBase {
    private ObjectReader reader;
    private final AtomicInteger opens = new AtomicInteger();

    @BeforeEach
    void reader() {
        reader = new ObjectReader(new PathResolver(root), new XattrMetadataStore());
    }

    /** As the JDK reports ESTALE: a FileSystemException from path calls, a plain IOException from an open channel's reads. */
    private static IOException stale(Path p) {
        return new IOException("Stale file handle");
    }

    /** The first {@code staleOpens} opens give channels that answer ESTALE on read and on close. */
    private void staleFirst(int staleOpens) {
        reader.openWith(file -> {
            FileChannel real = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
            return opens.incrementAndGet() <= staleOpens ? new StaleChannel(real, file) : real;
        });
    }

    @Test
    void aFirstReadAnsweringEstaleIsMadeAgainBeforeTheAnswerIsCommitted() throws Exception {
        byte[] data = bytes("the new version, whole");
        put("k", data);
        staleFirst(2);
        try (ObjectContent c = reader.open(GetObjectRequest.of(B, "k"))) {
            assertArrayEquals(data, readAll(c), "the body read after the status was chosen is whole");
            assertEquals(Etags.fromMd5(Etags.newMd5().digest(data)), c.info().etag());
        }
        assertEquals(3, opens.get(), "opened again until a read succeeded");
    }

    /** A file without an ETag of posixgw's (another tool's) is hashed on HEAD; its close answers ESTALE. */
    @Test
    void aFailingCloseAfterTheHashIsReadDoesNotFailTheHead() throws Exception {
        byte[] data = bytes("written by another tool");
        Files.write(root.resolve(B).resolve("foreign"), data);
        reader.openWith(file -> new StaleChannel(
                FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS), file, false, true));
        ObjectInfo h = reader.head(B, "foreign", false);
        assertEquals(Etags.fromMd5(Etags.newMd5().digest(data)), h.etag());
    }

    /**
     * HEAD of a file without posixgw's ETag hashes it through a second open, after the version
     * check: through a client's cache (GlusterFS, default caching) the name led to the next version
     * by then, and the HEAD answered the old length with the hash of the new bytes' first part
     * (issue 19, sidecar, "head-length-of-other-version").
     */
    @Test
    void aHashOpenThatReachesAnotherVersionIsNoAnswer() throws Exception {
        byte[] data = bytes("written by another tool");
        Path file = root.resolve(B).resolve("foreign");
        Files.write(file, data);
        Path next = tmp.resolve("next-version");
        Files.write(next, bytes("the next version, written through another client, longer"));
        reader.openWith(f -> FileChannel.open(
                opens.incrementAndGet() == 1 ? next : f, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
        ObjectInfo h = reader.head(B, "foreign", false);
        assertEquals(data.length, h.size());
        assertEquals(Etags.fromMd5(Etags.newMd5().digest(data)), h.etag(), "the hash of the bytes it describes");
    }

    /** A channel whose reads and close answer ESTALE, as a FUSE client's for a replaced file. */
    private static final class StaleChannel extends FileChannel {
        private final FileChannel real;
        private final Path file;
        private final boolean staleReads;
        private final boolean staleClose;

        StaleChannel(FileChannel real, Path file) {
            this(real, file, true, true);
        }

        StaleChannel(FileChannel real, Path file, boolean staleReads, boolean staleClose) {
            this.real = real;
            this.file = file;
            this.staleReads = staleReads;
            this.staleClose = staleClose;
        }

        private void read() throws IOException {
            if (staleReads) {
                throw stale(file);
            }
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            read();
            return real.read(dst);
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
            read();
            return real.read(dsts, offset, length);
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            read();
            return real.read(dst, position);
        }

        @Override
        public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
            read();
            return real.transferTo(position, count, target);
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            return real.write(src);
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            return real.write(srcs, offset, length);
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            return real.write(src, position);
        }

        @Override
        public long position() throws IOException {
            return real.position();
        }

        @Override
        public FileChannel position(long newPosition) throws IOException {
            real.position(newPosition);
            return this;
        }

        @Override
        public long size() throws IOException {
            return real.size();
        }

        @Override
        public FileChannel truncate(long size) throws IOException {
            real.truncate(size);
            return this;
        }

        @Override
        public void force(boolean metaData) throws IOException {
            real.force(metaData);
        }

        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
            return real.transferFrom(src, position, count);
        }

        @Override
        public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
            return real.map(mode, position, size);
        }

        @Override
        public FileLock lock(long position, long size, boolean shared) throws IOException {
            return real.lock(position, size, shared);
        }

        @Override
        public FileLock tryLock(long position, long size, boolean shared) throws IOException {
            return real.tryLock(position, size, shared);
        }

        @Override
        protected void implCloseChannel() throws IOException {
            real.close();
            if (staleClose) {
                throw stale(file);
            }
        }
    }
}
