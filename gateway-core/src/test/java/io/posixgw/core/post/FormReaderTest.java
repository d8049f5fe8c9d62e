package io.posixgw.core.post;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.BodySource;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FormReaderTest {
    private static final String B = "----b0undary";

    /** A body handed over in runs of {@code step} bytes, as the network would, counting what was pulled. */
    static final class Chunked implements BodySource {
        private final byte[] data;
        private final int step;
        int pulled;

        Chunked(byte[] data, int step) {
            this.data = data;
            this.step = step;
        }

        @Override
        public long length() {
            return data.length;
        }

        @Override
        public ByteBuffer next() {
            if (pulled >= data.length) {
                return null;
            }
            int n = Math.min(step, data.length - pulled);
            ByteBuffer b = ByteBuffer.wrap(data, pulled, n).slice();
            pulled += n;
            return b;
        }

        @Override
        public Map<String, String> checksums() {
            return Map.of();
        }
    }

    private static String field(String name, String value) {
        return "--" + B + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n";
    }

    private static byte[] form(String fields, byte[] file, String after) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(fields.getBytes(StandardCharsets.UTF_8));
        out.writeBytes(("--" + B + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a b.txt\"\r\n"
                        + "Content-Type: text/plain\r\n\r\n")
                .getBytes(StandardCharsets.UTF_8));
        out.writeBytes(file);
        out.writeBytes(("\r\n" + after + "--" + B + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private static byte[] drain(BodySource s) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer b;
        while ((b = s.next()) != null) {
            byte[] x = new byte[b.remaining()];
            b.get(x);
            out.writeBytes(x);
        }
        return out.toByteArray();
    }

    @Test
    void readsFieldsThenStreamsTheFileWhateverTheSplit() throws IOException {
        byte[] file = new byte[300_000];
        new Random(7).nextBytes(file);
        // a file that holds almost-delimiters
        byte[] near = ("\r\n--" + B.substring(0, B.length() - 1) + "x").getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(near, 0, file, 1000, near.length);
        byte[] body = form(field("key", "k/${filename}") + field("x-amz-meta-a", "é"), file, field("late", "ignored"));
        for (int step : new int[] {1, 7, 4096, 65536, body.length}) {
            Chunked source = new Chunked(body, step);
            FormReader r = new FormReader(source, B);
            FormReader.Part p = r.next();
            assertEquals("key", p.name());
            assertEquals("k/${filename}", new String(r.value(100), StandardCharsets.UTF_8));
            p = r.next();
            assertEquals("é", new String(r.value(100), StandardCharsets.UTF_8));
            p = r.next();
            assertTrue(p.isFile());
            assertEquals("a b.txt", p.filename());
            assertEquals("text/plain", p.contentType());
            FormFile f = new FormFile(r, 0, Long.MAX_VALUE, null, null);
            assertArrayEquals(file, drain(f), "step " + step);
            assertEquals(body.length, source.pulled, "read to the end");
            assertNull(r.next());
        }
    }

    @Test
    void theFileIsStreamedNotBuffered() throws IOException {
        byte[] file = new byte[5 << 20];
        byte[] body = form("", file, "");
        Chunked source = new Chunked(body, 16384);
        FormReader r = new FormReader(source, B);
        r.next();
        ByteBuffer first = r.chunk();
        assertTrue(first.remaining() <= 128 * 1024);
        assertTrue(source.pulled < 256 * 1024, "only a window was read: " + source.pulled);
    }

    @Test
    void lengthRangeAndChecksumAreEnforced() throws IOException {
        byte[] file = "hello".getBytes(StandardCharsets.US_ASCII);
        FormReader r = new FormReader(new Chunked(form("", file, ""), 3), B);
        r.next();
        S3Exception big = assertThrows(S3Exception.class, () -> drain(new FormFile(r, 0, 4, null, null)));
        assertEquals(S3Error.ENTITY_TOO_LARGE, big.error());

        FormReader r2 = new FormReader(new Chunked(form("", file, ""), 3), B);
        r2.next();
        assertEquals(
                S3Error.ENTITY_TOO_SMALL,
                assertThrows(S3Exception.class, () -> drain(new FormFile(r2, 6, 10, null, null)))
                        .error());

        FormReader r3 = new FormReader(new Chunked(form("", file, ""), 3), B);
        r3.next();
        // CRC32 of "hello" is 0x3610a686
        assertEquals(
                S3Error.BAD_DIGEST,
                assertThrows(
                                S3Exception.class,
                                () -> drain(new FormFile(r3, 0, 10, ChecksumAlgorithm.CRC32, "AAAAAA==")))
                        .error());
        FormReader r4 = new FormReader(new Chunked(form("", file, ""), 3), B);
        r4.next();
        FormFile ok = new FormFile(r4, 0, 10, ChecksumAlgorithm.CRC32, "NhCmhg==");
        drain(ok);
        assertEquals(Map.of("CRC32", "NhCmhg=="), ok.checksums());
    }

    private static S3Exception malformed(byte[] body) {
        return assertThrows(S3Exception.class, () -> {
            FormReader r = new FormReader(new Chunked(body, 5), B);
            FormReader.Part p;
            while ((p = r.next()) != null) {
                if (p.isFile()) {
                    drain(new FormFile(r, 0, Long.MAX_VALUE, null, null));
                    return;
                }
                r.value(1 << 20);
            }
        });
    }

    @Test
    void hostileBodiesAreMalformedPostRequest() {
        byte[] ok = form(field("key", "k"), new byte[10], "");
        assertEquals(
                S3Error.MALFORMED_POST_REQUEST,
                malformed("no delimiter at all".getBytes()).error());
        byte[] truncated = java.util.Arrays.copyOf(ok, ok.length - 12);
        assertEquals(S3Error.MALFORMED_POST_REQUEST, malformed(truncated).error(), "ends inside the file");
        String noName = "--" + B + "\r\nContent-Disposition: form-data\r\n\r\nx\r\n--" + B + "--\r\n";
        assertEquals(
                S3Error.MALFORMED_POST_REQUEST, malformed(noName.getBytes()).error());
        String hugeHeader = "--" + B + "\r\nX-Pad: " + "p".repeat(20_000) + "\r\n\r\nx\r\n--" + B + "--\r\n";
        assertEquals(
                S3Error.MALFORMED_POST_REQUEST, malformed(hugeHeader.getBytes()).error());
    }

    @Test
    void aFieldOverItsBoundIsRefused() throws IOException {
        FormReader r = new FormReader(new Chunked(form(field("policy", "p".repeat(30_000)), new byte[1], ""), 1000), B);
        r.next();
        assertEquals(
                S3Error.MAX_POST_PRE_DATA_LENGTH_EXCEEDED,
                assertThrows(S3Exception.class, () -> r.value(20_000)).error());
    }

    @Test
    void boundaryFromContentType() {
        assertEquals("abc", FormReader.boundary("multipart/form-data; boundary=abc"));
        assertEquals("a b", FormReader.boundary("Multipart/Form-Data; charset=utf-8; boundary=\"a b\""));
        assertNull(FormReader.boundary("application/x-www-form-urlencoded"));
        assertNull(FormReader.boundary(null));
        assertEquals(
                S3Error.MALFORMED_POST_REQUEST,
                assertThrows(S3Exception.class, () -> FormReader.boundary("multipart/form-data"))
                        .error());
    }
}
