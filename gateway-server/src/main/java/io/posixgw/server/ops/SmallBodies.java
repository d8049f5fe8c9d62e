package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.BodySource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;

/** Reads the small XML bodies of control requests, with a hard size limit. */
final class SmallBodies {
    /** Large enough for a Complete of 10,000 parts or a DeleteObjects of 1,000 long keys. */
    static final int LIMIT = 2 << 20;

    private SmallBodies() {
    }

    static byte[] read(BodySource body) throws IOException {
        if (body == null) {
            return new byte[0];
        }
        if (body.length() > LIMIT) {
            throw new S3Exception(S3Error.MAX_MESSAGE_LENGTH_EXCEEDED, "Your request was too big: limit " + LIMIT + " bytes");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length() > 0 ? (int) body.length() : 1024);
        ByteBuffer chunk;
        byte[] scratch = new byte[8192];
        while ((chunk = body.next()) != null) {
            if (out.size() + chunk.remaining() > LIMIT) {
                throw new S3Exception(S3Error.MAX_MESSAGE_LENGTH_EXCEEDED, "Your request was too big: limit " + LIMIT + " bytes");
            }
            while (chunk.hasRemaining()) {
                int n = Math.min(scratch.length, chunk.remaining());
                chunk.get(scratch, 0, n);
                out.write(scratch, 0, n);
            }
        }
        return out.toByteArray();
    }
}
