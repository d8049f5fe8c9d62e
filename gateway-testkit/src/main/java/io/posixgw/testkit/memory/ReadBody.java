package io.posixgw.testkit.memory;

import io.posixgw.core.S3Error;
import io.posixgw.core.backend.BodySource;
import io.posixgw.core.model.Etags;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Map;

/** A request body read whole, with what a backend computes from it. */
record ReadBody(byte[] data, String etag, Map<String, String> checksums) {
    /** Reads to the verified end; {@code BadDigest} when {@code contentMd5} is given and differs. */
    static ReadBody read(BodySource body, byte[] contentMd5) throws IOException {
        ByteArrayOutputStream out =
                new ByteArrayOutputStream(body.length() > 0 ? (int) Math.min(body.length(), 1 << 24) : 256);
        MessageDigest md5 = Etags.newMd5();
        byte[] chunk = new byte[64 * 1024];
        for (ByteBuffer b = body.next(); b != null; b = body.next()) {
            while (b.hasRemaining()) {
                int n = Math.min(chunk.length, b.remaining());
                b.get(chunk, 0, n);
                md5.update(chunk, 0, n);
                out.write(chunk, 0, n);
            }
        }
        byte[] digest = md5.digest();
        if (contentMd5 != null && !Arrays.equals(contentMd5, digest)) {
            throw S3Error.BAD_DIGEST.exception();
        }
        return new ReadBody(out.toByteArray(), Etags.fromMd5(digest), Map.copyOf(body.checksums()));
    }
}
