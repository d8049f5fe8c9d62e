package io.posixgw.server.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.posixgw.core.backend.FileRegionBody;
import io.posixgw.server.ops.S3Response;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Small file bodies are read whole (the requested region, exactly) on the worker; large ones stay zero-copy. */
class SmallFileBodyTest {
    @TempDir
    Path tmp;

    private S3Response response(byte[] data, long position, long length) throws IOException {
        Path f = tmp.resolve("obj-" + data.length + "-" + position);
        Files.write(f, data);
        FileChannel ch = FileChannel.open(f, StandardOpenOption.READ);
        return S3Response.ok().object(new FileRegionBody(ch, position, length));
    }

    @Test
    void aSmallRegionIsReadExactlyAndTheFileClosed() throws IOException {
        byte[] data = new byte[10_000];
        new Random(1).nextBytes(data);
        S3Response r = response(data, 1234, 5000);
        FileChannel ch = file(r).channel();
        SmallFileBody.load(r, PooledByteBufAllocator.DEFAULT);
        assertTrue(r.body() instanceof SmallFileBody.Loaded);
        assertFalse(ch.isOpen());
        assertEquals(5000, r.bodyLength());
        ByteBuf b = ((SmallFileBody.Loaded) r.body()).take();
        try {
            assertArrayEquals(Arrays.copyOfRange(data, 1234, 6234), ByteBufUtil.getBytes(b));
        } finally {
            b.release();
        }
    }

    @Test
    void largeBodiesAndHeadAnswersStayFiles() throws IOException {
        S3Response large = response(new byte[SmallFileBody.MAX + 1], 0, SmallFileBody.MAX + 1);
        SmallFileBody.load(large, PooledByteBufAllocator.DEFAULT);
        assertNotNull(file(large));
        large.discard();
        S3Response head = S3Response.ok().headOnly(10);
        SmallFileBody.load(head, PooledByteBufAllocator.DEFAULT);
        assertTrue(head.body() instanceof S3Response.HeadOnly);
    }

    @Test
    void aFileShorterThanItsRegionFailsAndReleasesEverything() throws IOException {
        S3Response r = response(new byte[100], 0, 200); // truncated by another tool after the open
        FileChannel ch = file(r).channel();
        assertThrows(IOException.class, () -> SmallFileBody.load(r, PooledByteBufAllocator.DEFAULT));
        assertFalse(r.body() instanceof SmallFileBody.Loaded);
        assertFalse(ch.isOpen());
    }

    @Test
    void withoutDirectMemoryTheBodyStaysAFile() throws IOException {
        AbstractByteBufAllocator exhausted = new AbstractByteBufAllocator(true) {
            @Override
            protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
                throw new UnsupportedOperationException();
            }

            @Override
            protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
                throw new OutOfMemoryError("Cannot reserve " + initialCapacity + " bytes of direct buffer memory");
            }

            @Override
            public boolean isDirectBufferPooled() {
                return true;
            }
        };
        S3Response r = response(new byte[4096], 0, 4096);
        SmallFileBody.load(r, exhausted);
        assertNotNull(file(r));
        assertTrue(file(r).channel().isOpen());
        r.discard();
    }

    /** The response's file body, or null when it has none. */
    private static FileRegionBody file(S3Response r) {
        return r.body() instanceof S3Response.FileRegion f ? f.file() : null;
    }
}
