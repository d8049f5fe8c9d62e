package io.posixgw.sigv4;

import static io.posixgw.sigv4.AwsChunkedExampleTest.decode;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Streams made by the test signer (every mode, any split) and the framing rules, bounds and tolerances. */
class AwsChunkedDecoderTest {
    static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    static final TestSigner SIGNER = new TestSigner("AKTEST", "ryax0123456789ab", "us-east-1", "s3", NOW);
    static final SigV4Verifier VERIFIER = new SigV4Verifier(
            ak -> ak.equals("AKTEST") ? "ryax0123456789ab" : null, "s3", Clock.fixed(NOW, ZoneOffset.UTC));

    static byte[] randomData(long seed, int size) {
        byte[] data = new byte[size];
        new Random(seed).nextBytes(data);
        return data;
    }

    static String crc32(byte[] data) {
        CRC32 crc = new CRC32();
        crc.update(data);
        long v = crc.getValue();
        return Base64.getEncoder()
                .encodeToString(new byte[] {(byte) (v >> 24), (byte) (v >> 16), (byte) (v >> 8), (byte) v});
    }

    /** Signs a PUT whose body is aws-chunked in {@code mode} and returns the verified result. */
    static AuthResult streamingPut(String contentSha256, long decodedLength, String trailer) throws SigV4Exception {
        Map<String, String> headers = new java.util.HashMap<>();
        headers.put("x-amz-decoded-content-length", Long.toString(decodedLength));
        headers.put("content-encoding", "aws-chunked");
        if (trailer != null) {
            headers.put("x-amz-trailer", trailer);
        }
        SignedRequest request = SIGNER.sign("PUT", "/bucket/some key+plus", List.of(), headers, contentSha256);
        return VERIFIER.verify(request, "us-east-1", false);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 100, 8192, 65536, 200_003})
    void signedTrailerStreamsDecode(int size) throws Exception {
        byte[] data = randomData(size, size);
        for (int chunkSize : new int[] {1000, 8192, 65536}) {
            AuthResult auth = streamingPut("STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER", size, "x-amz-checksum-crc32");
            byte[] wire = SIGNER.chunkedSigned(data, chunkSize, Map.of("x-amz-checksum-crc32", crc32(data)));
            BodyDecoder decoder = auth.newBodyDecoder();
            assertArrayEquals(data, decode(decoder, wire, new Random(chunkSize), 0));
            assertEquals(Map.of("x-amz-checksum-crc32", crc32(data)), decoder.trailers());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 100, 65536, 200_003})
    void signedStreamsDecode(int size) throws Exception {
        byte[] data = randomData(size, size);
        AuthResult auth = streamingPut("STREAMING-AWS4-HMAC-SHA256-PAYLOAD", size, null);
        byte[] wire = SIGNER.chunkedSigned(data, 65536, null);
        assertArrayEquals(data, decode(auth.newBodyDecoder(), wire, new Random(size), 0));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 100, 65536, 200_003})
    void unsignedTrailerStreamsDecode(int size) throws Exception {
        byte[] data = randomData(size, size);
        AuthResult auth = streamingPut("STREAMING-UNSIGNED-PAYLOAD-TRAILER", size, "x-amz-checksum-crc32");
        assertEquals(PayloadMode.STREAMING_UNSIGNED_TRAILER, auth.payloadMode());
        byte[] wire = TestSigner.chunkedUnsigned(data, 16384, Map.of("x-amz-checksum-crc32", crc32(data)));
        BodyDecoder decoder = auth.newBodyDecoder();
        assertArrayEquals(data, decode(decoder, wire, new Random(size), size % 2 == 0 ? 0 : 1));
        assertEquals(Map.of("x-amz-checksum-crc32", crc32(data)), decoder.trailers());
    }

    @Test
    void aSignedTrailerWithAnotherValueFails() throws Exception {
        byte[] data = randomData(1, 5000);
        byte[] wire = SIGNER.chunkedSigned(data, 4096, Map.of("x-amz-checksum-crc32", crc32(data)));
        String text = new String(wire, StandardCharsets.ISO_8859_1);
        byte[] forged = text.replace("x-amz-checksum-crc32:" + crc32(data), "x-amz-checksum-crc32:AAAAAA==")
                .getBytes(StandardCharsets.ISO_8859_1);
        AuthResult auth = streamingPut("STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER", 5000, "x-amz-checksum-crc32");
        SigV4Exception e = assertThrows(SigV4Exception.class, () -> decode(auth.newBodyDecoder(), forged, null, 7));
        assertEquals(Reason.SIGNATURE_DOES_NOT_MATCH, e.reason());
    }

    @Test
    void aMissingTrailerSignatureOrUndeclaredTrailerIsAMalformedTrailer() throws Exception {
        AuthResult auth = streamingPut("STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER", 5, "x-amz-checksum-crc32");
        byte[] wire = SIGNER.chunkedSigned(
                "hello".getBytes(StandardCharsets.US_ASCII), 4096, Map.of("x-amz-checksum-crc32", "NhCmhg=="));
        String text = new String(wire, StandardCharsets.ISO_8859_1);
        String noSignature = text.replaceAll("x-amz-trailer-signature:[0-9a-f]{64}\r\n", "");
        SigV4Exception e = assertThrows(
                SigV4Exception.class,
                () -> decode(auth.newBodyDecoder(), noSignature.getBytes(StandardCharsets.ISO_8859_1), null, 3));
        assertEquals("MalformedTrailerError", e.awsCode());

        AuthResult unsigned = streamingPut("STREAMING-UNSIGNED-PAYLOAD-TRAILER", 5, "x-amz-checksum-crc32");
        byte[] other = "5\r\nhello\r\n0\r\nx-amz-checksum-sha256:abc=\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        e = assertThrows(SigV4Exception.class, () -> decode(unsigned.newBodyDecoder(), other, null, 64));
        assertEquals(Reason.MALFORMED_CHUNK, e.reason());
        assertEquals("MalformedTrailerError", e.awsCode());
    }

    @Test
    void aTrailerThatXAmzTrailerDidNotDeclareIsAMalformedTrailer() throws Exception {
        // S3 verifies only the trailers x-amz-trailer names: an undeclared checksum would go unchecked
        AuthResult unsigned = streamingPut("STREAMING-UNSIGNED-PAYLOAD-TRAILER", 5, null);
        byte[] wire = "5\r\nhello\r\n0\r\nx-amz-checksum-crc32:AAAAAA==\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        SigV4Exception e = assertThrows(SigV4Exception.class, () -> decode(unsigned.newBodyDecoder(), wire, null, 64));
        assertEquals("MalformedTrailerError", e.awsCode());

        AuthResult signed = streamingPut("STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER", 5, null);
        byte[] signedWire = SIGNER.chunkedSigned(
                "hello".getBytes(StandardCharsets.US_ASCII), 4096, Map.of("x-amz-checksum-crc32", "AAAAAA=="));
        e = assertThrows(SigV4Exception.class, () -> decode(signed.newBodyDecoder(), signedWire, null, 5));
        assertEquals("MalformedTrailerError", e.awsCode());
    }

    @ParameterizedTest
    @ValueSource(strings = {"5\r\nhello\r\n0\r\n\r\n", "5\r\nhello\r\n0\r\n"})
    void aDeclaredTrailerThatNeverComesIsAMalformedTrailer(String wire) throws Exception {
        AuthResult auth = streamingPut("STREAMING-UNSIGNED-PAYLOAD-TRAILER", 5, "x-amz-checksum-crc32");
        SigV4Exception e = assertThrows(
                SigV4Exception.class,
                () -> decode(auth.newBodyDecoder(), wire.getBytes(StandardCharsets.US_ASCII), null, 64));
        assertEquals("MalformedTrailerError", e.awsCode());
    }

    @Test
    void noTrailerDeclaredAndNoneSentIsFine() throws Exception {
        AuthResult auth = streamingPut("STREAMING-UNSIGNED-PAYLOAD-TRAILER", 5, null);
        BodyDecoder decoder = auth.newBodyDecoder();
        assertArrayEquals(
                "hello".getBytes(StandardCharsets.US_ASCII),
                decode(decoder, "5\r\nhello\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII), null, 64));
        assertEquals(Map.of(), decoder.trailers());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "5\r\nhello\r\n0\r\nx-amz-checksum-crc32:NhCmhg==\r\n\r\n", // as the SDKs send it
                "5\nhello\r\n0\nx-amz-checksum-crc32:NhCmhg==\n\n", // LF-only lines
                "5\r\nhello\r\n0\r\nx-amz-checksum-crc32:NhCmhg==\n\r\n", // LF then CRLF
                "5\r\nhello\r\n0\r\nx-amz-checksum-crc32 : NhCmhg== \r\n\r\n", // blanks around ':'
                "5\r\nhello\r\n0\r\nX-Amz-Checksum-CRC32:NhCmhg==\r\n\r\n", // name case
                "5\r\nhello\r\n0\r\nx-amz-checksum-crc32:NhCmhg==\r\n", // no closing blank line
                "5\r\nhello\r\n0\r\n\r\nx-amz-checksum-crc32:NhCmhg==\r\n", // blank line before the trailers
                "5;ext=1\r\nhello\r\n0\r\nx-amz-checksum-crc32:NhCmhg==\r\n\r\n", // a chunk extension is ignored
                "5  \r\nhello\r\n0\r\nx-amz-checksum-crc32:NhCmhg==\r\n\r\n", // blanks after the size
            })
    void unsignedTrailerTolerances(String wire) throws Exception {
        AuthResult auth = streamingPut("STREAMING-UNSIGNED-PAYLOAD-TRAILER", 5, "x-amz-checksum-crc32");
        for (int split : new int[] {1, 2, 3, 64}) {
            BodyDecoder decoder = auth.newBodyDecoder();
            assertArrayEquals(
                    "hello".getBytes(StandardCharsets.US_ASCII),
                    decode(decoder, wire.getBytes(StandardCharsets.US_ASCII), null, split));
            assertEquals(Map.of("x-amz-checksum-crc32", "NhCmhg=="), decoder.trailers());
        }
    }

    @Test
    void hexSizesOfEitherCaseAreAccepted() throws Exception {
        byte[] data = randomData(9, 0xAB);
        AuthResult auth = streamingPut("STREAMING-UNSIGNED-PAYLOAD-TRAILER", data.length, null);
        for (String size : new String[] {"ab", "AB", "00ab"}) {
            byte[] head = (size + "\r\n").getBytes(StandardCharsets.US_ASCII);
            byte[] tail = "\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
            byte[] wire = new byte[head.length + data.length + tail.length];
            System.arraycopy(head, 0, wire, 0, head.length);
            System.arraycopy(data, 0, wire, head.length, data.length);
            System.arraycopy(tail, 0, wire, head.length + data.length, tail.length);
            assertArrayEquals(data, decode(auth.newBodyDecoder(), wire, null, 5));
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "zz\r\n", // not hex
                "-5\r\n", // negative
                "\r\n", // empty size
                "12345678901234567\r\n", // 17 digits
                "ffffffffffffffff\r\n", // overflows a long
                "6\r\nhello!\r\n0\r\n\r\n", // longer than x-amz-decoded-content-length
                "5\r\nhelloXY0\r\n\r\n", // data not followed by CRLF
                "5\r\nhello\r\n0\r\na:1\r\n\r\n0", // bytes after the end
                "5\r\nhello\r\n0\r\n:novalue\r\n\r\n", // trailer without a name
                "5\r\nhello\r\n0\r\nnocolon\r\n\r\n", // trailer without ':'
                "5\r\nhello\r\n0\r\na:1\r\na:2\r\n\r\n", // trailer twice
            })
    void malformedFramingIsRefused(String wire) throws Exception {
        AuthResult auth = streamingPut("STREAMING-UNSIGNED-PAYLOAD-TRAILER", 5, null);
        SigV4Exception e = assertThrows(
                SigV4Exception.class,
                () -> decode(auth.newBodyDecoder(), wire.getBytes(StandardCharsets.US_ASCII), null, 2));
        assertEquals(Reason.MALFORMED_CHUNK, e.reason(), e.toString());
    }

    @Test
    void linesAndTrailerSectionsAreBounded() throws Exception {
        AuthResult auth = streamingPut("STREAMING-UNSIGNED-PAYLOAD-TRAILER", 5, null);
        byte[] longLine = ("5;" + "x".repeat(AwsChunkedDecoder.MAX_LINE) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        SigV4Exception e = assertThrows(SigV4Exception.class, () -> decode(auth.newBodyDecoder(), longLine, null, 7));
        assertEquals(Reason.MALFORMED_CHUNK, e.reason());

        StringBuilder many = new StringBuilder("5\r\nhello\r\n0\r\n");
        for (int i = 0; many.length() < 20_000; i++) {
            many.append("x-amz-meta-")
                    .append(i)
                    .append(':')
                    .append("v".repeat(100))
                    .append("\r\n");
        }
        e = assertThrows(
                SigV4Exception.class,
                () -> decode(auth.newBodyDecoder(), many.toString().getBytes(StandardCharsets.US_ASCII), null, 1000));
        assertEquals(Reason.MALFORMED_CHUNK, e.reason());
    }

    @Test
    void aHugeDeclaredChunkFailsBeforeAnyDataIsRead() throws Exception {
        AuthResult auth = streamingPut("STREAMING-AWS4-HMAC-SHA256-PAYLOAD", 10, null);
        byte[] wire =
                ("7fffffffffffffff;chunk-signature=" + "0".repeat(64) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        SigV4Exception e = assertThrows(SigV4Exception.class, () -> decode(auth.newBodyDecoder(), wire, null, 100));
        assertEquals(Reason.MALFORMED_CHUNK, e.reason());
    }

    @Test
    void aShorterBodyThanDeclaredIsIncomplete() throws Exception {
        AuthResult auth = streamingPut("STREAMING-AWS4-HMAC-SHA256-PAYLOAD", 10, null);
        byte[] wire = SIGNER.chunkedSigned("hello".getBytes(StandardCharsets.US_ASCII), 4096, null);
        SigV4Exception e = assertThrows(SigV4Exception.class, () -> decode(auth.newBodyDecoder(), wire, null, 9));
        assertEquals(Reason.INCOMPLETE_BODY, e.reason());
    }

    @Test
    void signedChunksNeedTheirSignature() throws Exception {
        AuthResult auth = streamingPut("STREAMING-AWS4-HMAC-SHA256-PAYLOAD", 5, null);
        for (String line : new String[] {"5\r\n", "5;chunk-signatur=" + "0".repeat(64) + "\r\n"}) {
            SigV4Exception e = assertThrows(
                    SigV4Exception.class,
                    () -> decode(auth.newBodyDecoder(), line.getBytes(StandardCharsets.US_ASCII), null, 3));
            assertEquals(Reason.MALFORMED_CHUNK, e.reason(), line);
        }
        // a signature that is there but is no 64 hex digits is a wrong signature, as S3 answers
        for (String line : new String[] {
            "5;chunk-signature=abc\r\nhello\r\n", "5;chunk-signature=" + "g".repeat(64) + "\r\nhello\r\n"
        }) {
            SigV4Exception e = assertThrows(
                    SigV4Exception.class,
                    () -> decode(auth.newBodyDecoder(), line.getBytes(StandardCharsets.US_ASCII), null, 3));
            assertEquals(Reason.SIGNATURE_DOES_NOT_MATCH, e.reason(), line);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"x", "0"})
    void aWrongFinalChunkSignatureIsASignatureMismatch(String filler) throws Exception {
        byte[] data = randomData(3, 100);
        String wire = new String(SIGNER.chunkedSigned(data, 64, null), StandardCharsets.ISO_8859_1);
        int last = wire.lastIndexOf("0;chunk-signature=") + "0;chunk-signature=".length();
        byte[] forged = (wire.substring(0, last) + filler.repeat(64) + wire.substring(last + 64))
                .getBytes(StandardCharsets.ISO_8859_1);
        AuthResult auth = streamingPut("STREAMING-AWS4-HMAC-SHA256-PAYLOAD", 100, null);
        SigV4Exception e = assertThrows(SigV4Exception.class, () -> decode(auth.newBodyDecoder(), forged, null, 5));
        assertEquals(Reason.SIGNATURE_DOES_NOT_MATCH, e.reason());
        assertEquals(403, e.httpStatus());
    }

    @Test
    void signedHashBodiesAreCheckedAtTheEnd() throws Exception {
        byte[] data = randomData(4, 10_000);
        String hash = TestSigner.hex(TestSigner.sha256(data));
        AuthResult auth = VERIFIER.verify(
                SIGNER.sign("PUT", "/b/k", List.of(), Map.of(), hash.toUpperCase()), "us-east-1", false);
        assertEquals(PayloadMode.SIGNED_HASH, auth.payloadMode());
        assertArrayEquals(data, decode(auth.newBodyDecoder(), data, new Random(4), 0));
        data[5000] ^= 1;
        BodyDecoder decoder = auth.newBodyDecoder();
        SigV4Exception e = assertThrows(SigV4Exception.class, () -> decode(decoder, data, null, 999));
        assertEquals(Reason.X_AMZ_CONTENT_SHA256_MISMATCH, e.reason());
        assertEquals(e, assertThrows(SigV4Exception.class, () -> decoder.update(ByteBuffer.allocate(1), b -> {})));
    }

    @Test
    void runsAreViewsOfTheWireNotCopies() throws Exception {
        byte[] data = randomData(8, 3000);
        byte[] wire = TestSigner.chunkedUnsigned(data, 1000, Map.of());
        BodyDecoder decoder =
                streamingPut("STREAMING-UNSIGNED-PAYLOAD-TRAILER", 3000, null).newBodyDecoder();
        List<ByteBuffer> runs = new java.util.ArrayList<>();
        decoder.update(ByteBuffer.wrap(wire), runs::add);
        decoder.finish();
        assertEquals(3, runs.size());
        for (ByteBuffer run : runs) {
            org.junit.jupiter.api.Assertions.assertSame(wire, run.array());
        }
    }

    @Test
    void unsignedBodiesPassThrough() throws Exception {
        AuthResult auth = VERIFIER.verify(
                SIGNER.sign("PUT", "/b/k", List.of(), Map.of(), "UNSIGNED-PAYLOAD"), "us-east-1", false);
        assertEquals(PayloadMode.UNSIGNED, auth.payloadMode());
        byte[] data = randomData(5, 3000);
        assertArrayEquals(data, decode(auth.newBodyDecoder(), data, new Random(5), 0));
    }
}
