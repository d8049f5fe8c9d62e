package io.posixgw.server.http;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.model.ObjectInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Small file bodies are read whole (the requested region, exactly) on the worker; large ones stay zero-copy. */
class SmallFileBodyTest {
    @TempDir
    Path tmp;

    private S3Response response(byte[] data, long position, long length) throws IOException {
        Path f = tmp.resolve("obj-" + data.length + "-" + position);
        Files.write(f, data);
        FileChannel ch = FileChannel.open(f, StandardOpenOption.READ);
        ObjectContent c = new ObjectContent(new ObjectInfo("k", data.length, "\"e\"", Instant.now(), null, 0, null), ch);
        return S3Response.ok().file(c, position, length);
    }

    @Test
    void aSmallRegionIsReadExactlyAndTheFileClosed() throws IOException {
        byte[] data = new byte[10_000];
        new Random(1).nextBytes(data);
        S3Response r = response(data, 1234, 5000);
        FileChannel ch = r.file().channel();
        SmallFileBody.load(r, PooledByteBufAllocator.DEFAULT);
        assertTrue(r.isLoaded());
        assertNull(r.file());
        assertFalse(ch.isOpen());
        assertEquals(5000, r.bodyLength());
        ByteBuf b = r.takeLoaded();
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
        assertFalse(large.isLoaded());
        assertNotNull(large.file());
        large.discard();
        S3Response head = S3Response.ok().headOnly(10);
        SmallFileBody.load(head, PooledByteBufAllocator.DEFAULT);
        assertFalse(head.isLoaded());
    }

    @Test
    void aFileShorterThanItsRegionFailsAndReleasesEverything() throws IOException {
        S3Response r = response(new byte[100], 0, 200); // truncated by another tool after the open
        FileChannel ch = r.file().channel();
        assertThrows(IOException.class, () -> SmallFileBody.load(r, PooledByteBufAllocator.DEFAULT));
        assertFalse(r.isLoaded());
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
        assertFalse(r.isLoaded());
        assertNotNull(r.file());
        assertTrue(r.file().channel().isOpen());
        r.discard();
    }
}
