package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.BodySource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;

/** Reads the small XML bodies of control requests, with a hard size limit. */
final class SmallBodies {
    /** The XML body limit every row's {@link io.posixgw.server.routing.BodyKind} declares. */
    static final int LIMIT = io.posixgw.server.routing.BodyKind.XML_LIMIT;

    private SmallBodies() {}

    /**
     * The body of {@code x}, checked against its {@code Content-MD5} when it has one (400
     * InvalidDigest when malformed, BadDigest when it does not match): nothing a body carries is
     * applied when the client's own integrity check fails.
     */
    static byte[] read(Exchange x) throws IOException {
        byte[] md5 = ObjectPutHandler.contentMd5(x);
        byte[] body = read(x.body());
        if (md5 != null
                && !java.security.MessageDigest.isEqual(
                        md5, io.posixgw.core.model.Etags.newMd5().digest(body))) {
            throw new S3Exception(S3Error.BAD_DIGEST, "The Content-MD5 you specified did not match what we received.");
        }
        return body;
    }

    private static byte[] read(BodySource body) throws IOException {
        if (body == null) {
            return new byte[0];
        }
        if (body.length() > LIMIT) {
            throw new S3Exception(
                    S3Error.MAX_MESSAGE_LENGTH_EXCEEDED, "Your request was too big: limit " + LIMIT + " bytes");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length() > 0 ? (int) body.length() : 1024);
        ByteBuffer chunk;
        byte[] scratch = new byte[8192];
        while ((chunk = body.next()) != null) {
            if (out.size() + chunk.remaining() > LIMIT) {
                throw new S3Exception(
                        S3Error.MAX_MESSAGE_LENGTH_EXCEEDED, "Your request was too big: limit " + LIMIT + " bytes");
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
