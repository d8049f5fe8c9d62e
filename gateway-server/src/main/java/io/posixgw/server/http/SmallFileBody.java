package io.posixgw.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.posixgw.core.backend.FileRegionBody;
import io.posixgw.server.ops.S3Response;
import java.io.EOFException;
import java.io.IOException;

/**
 * Reads a small object body into a pooled direct buffer, on the worker, so that it
 * leaves with the response head in one write and one TCP segment. Sent zero-copy, a
 * small GET cost two sends (writev of the head, then sendfile), each a trip through
 * the network stack for both ends, and the file was closed on the event loop:
 * async-profiler under presigned GET load of 4 KiB objects put the head's writev and
 * the body's sendfile at about 11 % of CPU each. Larger bodies stay zero-copy, and so
 * does a small one when direct memory runs out.
 */
final class SmallFileBody {
    /** Bodies up to this size are read into memory (a copy of that much costs less than a second send). */
    static final int MAX = 64 * 1024;

    private SmallFileBody() {}

    /** If {@code r} has a file body of at most {@link #MAX} bytes, reads it and closes the file. */
    static void load(S3Response r, ByteBufAllocator alloc) throws IOException {
        if (!(r.body() instanceof S3Response.FileRegion region)) {
            return;
        }
        FileRegionBody file = region.file();
        if (file.length() <= 0 || file.length() > MAX) {
            return;
        }
        int length = (int) file.length();
        ByteBuf buf;
        try {
            buf = alloc.directBuffer(length, length);
        } catch (OutOfMemoryError noDirectMemory) {
            // Direct memory is exhausted (e.g. many clients not reading their answers, with
            // the image's -XX:MaxDirectMemorySize=64m): sendfile needs none, use it.
            return;
        }
        try {
            while (buf.isWritable()) {
                int n = buf.writeBytes(file.channel(), file.position() + buf.writerIndex(), buf.writableBytes());
                if (n < 0) {
                    throw new EOFException("object file shorter than its size");
                }
            }
        } catch (IOException | RuntimeException e) {
            buf.release();
            r.discard();
            throw e;
        }
        r.discard(); // closes the file
        r.replaceBody(new Loaded(buf));
    }

    /** The file region, read into a buffer the response owns until it is written or discarded. */
    static final class Loaded implements S3Response.Prepared {
        private ByteBuf buf;
        private final long length;

        Loaded(ByteBuf buf) {
            this.buf = buf;
            this.length = buf.readableBytes();
        }

        @Override
        public long length() {
            return length;
        }

        /** The bytes, handed over to the caller (who releases them). */
        ByteBuf take() {
            ByteBuf b = buf;
            buf = null;
            return b;
        }

        @Override
        public void release() {
            if (buf != null) {
                buf.release();
                buf = null;
            }
        }
    }
}
