package io.posixgw.sigv4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * AWS's documented aws-chunked examples (S3 API reference, "sigv4-streaming" and "sigv4-streaming-trailers"): 66560
 * bytes of 'a' in a 65536-byte chunk, a 1024-byte chunk and the final empty chunk, signed from the seed signature.
 */
class AwsChunkedExampleTest {
    static final Instant WHEN = Instant.parse("2013-05-24T00:00:00Z");
    static final String ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE";
    static final String SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
    static final byte[] PAYLOAD = "a".repeat(66560).getBytes(StandardCharsets.US_ASCII);

    static SigV4Verifier verifier() {
        return new SigV4Verifier(ak -> ak.equals(ACCESS_KEY) ? SECRET : null, "s3", Clock.fixed(WHEN, ZoneOffset.UTC));
    }

    // ---- STREAMING-AWS4-HMAC-SHA256-PAYLOAD

    static final String SEED = "4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9";
    static final String[] CHUNK_SIGNATURES = {
        "ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648",
        "0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497",
        "b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9",
    };

    static SignedRequest exampleRequest() {
        Map<String, List<String>> h = new LinkedHashMap<>();
        h.put("Host", List.of("s3.amazonaws.com"));
        h.put("x-amz-date", List.of("20130524T000000Z"));
        h.put("x-amz-storage-class", List.of("REDUCED_REDUNDANCY"));
        h.put(
                "Authorization",
                List.of("AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/"
                        + "aws4_request,SignedHeaders=content-encoding;content-length;host;x-amz-content-sha256;x-amz-date;"
                        + "x-amz-decoded-content-length;x-amz-storage-class,Signature=" + SEED));
        h.put("x-amz-content-sha256", List.of("STREAMING-AWS4-HMAC-SHA256-PAYLOAD"));
        h.put("Content-Encoding", List.of("aws-chunked"));
        h.put("x-amz-decoded-content-length", List.of("66560"));
        h.put("Content-Length", List.of("66824"));
        return new SignedRequest("PUT", "/examplebucket/chunkObject.txt", List.of(), Headers.of(h));
    }

    static byte[] exampleBody() {
        String body = "10000;chunk-signature=" + CHUNK_SIGNATURES[0] + "\r\n" + "a".repeat(65536) + "\r\n"
                + "400;chunk-signature=" + CHUNK_SIGNATURES[1] + "\r\n" + "a".repeat(1024) + "\r\n"
                + "0;chunk-signature=" + CHUNK_SIGNATURES[2] + "\r\n\r\n";
        return body.getBytes(StandardCharsets.US_ASCII);
    }

    static AuthResult exampleAuth() throws SigV4Exception {
        return verifier().verify(exampleRequest(), "us-east-1", false);
    }

    @Test
    void theSeedSignatureVerifies() throws Exception {
        AuthResult auth = exampleAuth();
        assertEquals(PayloadMode.STREAMING_SIGNED, auth.payloadMode());
        assertEquals(66560, auth.decodedContentLength());
        assertEquals(66824, exampleBody().length, "the framed length is the documented Content-Length");
    }

    @Test
    void decodesWhole() throws Exception {
        assertArrayEquals(PAYLOAD, decode(exampleAuth().newBodyDecoder(), exampleBody(), new Random(1), 0));
    }

    @Test
    void decodesByteByByte() throws Exception {
        assertArrayEquals(PAYLOAD, decode(exampleAuth().newBodyDecoder(), exampleBody(), null, 1));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
    void decodesRandomSplits(long seed) throws Exception {
        assertArrayEquals(PAYLOAD, decode(exampleAuth().newBodyDecoder(), exampleBody(), new Random(seed), 0));
    }

    @Test
    void everyFlippedByteFails() throws Exception {
        byte[] body = exampleBody();
        // Each position in the framing and signatures, and a sample of data positions.
        for (int i = 0; i < body.length; i += (body[i] == 'a' ? 997 : 1)) {
            byte[] bad = body.clone();
            bad[i] ^= 0x01;
            BodyDecoder decoder = exampleAuth().newBodyDecoder();
            SigV4Exception e = assertThrows(
                    SigV4Exception.class,
                    () -> {
                        decode(decoder, bad, new Random(7), 0);
                    },
                    "flipped byte " + i);
            assertTrue(
                    e.reason() == Reason.SIGNATURE_DOES_NOT_MATCH
                            || e.reason() == Reason.MALFORMED_CHUNK
                            || e.reason() == Reason.INCOMPLETE_BODY,
                    "byte " + i + ": " + e);
        }
    }

    @Test
    void flippedDataOrSignatureIsASignatureMismatch() throws Exception {
        byte[] body = exampleBody();
        int at = new String(body, StandardCharsets.US_ASCII).indexOf(CHUNK_SIGNATURES[1]);
        byte[] data = body.clone();
        data[at + 64 + 2 + 100] = 'b'; // inside the second chunk's data
        assertReason(Reason.SIGNATURE_DOES_NOT_MATCH, data);
        byte[] signature = body.clone();
        signature[at] = signature[at] == '0' ? (byte) '1' : (byte) '0';
        assertReason(Reason.SIGNATURE_DOES_NOT_MATCH, signature);
        byte[] last = body.clone();
        int atLast = new String(body, StandardCharsets.US_ASCII).indexOf(CHUNK_SIGNATURES[2]) + 63;
        last[atLast] = last[atLast] == '0' ? (byte) '1' : (byte) '0';
        assertReason(Reason.SIGNATURE_DOES_NOT_MATCH, last);
    }

    @Test
    void upperCaseSignatureHexIsAccepted() throws Exception {
        String body = new String(exampleBody(), StandardCharsets.US_ASCII);
        for (String s : CHUNK_SIGNATURES) {
            body = body.replace(s, s.toUpperCase());
        }
        assertArrayEquals(
                PAYLOAD,
                decode(exampleAuth().newBodyDecoder(), body.getBytes(StandardCharsets.US_ASCII), new Random(3), 0));
    }

    @Test
    void everyTruncationIsAnIncompleteBody() throws Exception {
        byte[] body = exampleBody();
        for (int cut = 0; cut < body.length; cut += (cut > 100 && cut < body.length - 300 ? 1009 : 1)) {
            BodyDecoder decoder = exampleAuth().newBodyDecoder();
            decoder.update(ByteBuffer.wrap(body, 0, cut), b -> b.position(b.limit()));
            SigV4Exception e = assertThrows(SigV4Exception.class, decoder::finish, "cut at " + cut);
            assertEquals(Reason.INCOMPLETE_BODY, e.reason(), "cut at " + cut);
        }
    }

    @Test
    void bytesAfterTheFinalChunkAreRefused() throws Exception {
        byte[] body = Arrays.copyOf(exampleBody(), exampleBody().length + 1);
        body[body.length - 1] = '0';
        assertReason(Reason.MALFORMED_CHUNK, body);
    }

    @Test
    void aTamperedSeedFailsTheRequest() {
        SignedRequest r = exampleRequest();
        Map<String, List<String>> h = new LinkedHashMap<>();
        r.headers().names().forEach(n -> h.put(n, r.headers().values(n)));
        h.put("x-amz-decoded-content-length", List.of("66561"));
        SigV4Exception e = assertThrows(
                SigV4Exception.class,
                () -> verifier()
                        .verify(new SignedRequest(r.method(), r.path(), r.query(), Headers.of(h)), "us-east-1", false));
        assertEquals(Reason.SIGNATURE_DOES_NOT_MATCH, e.reason());
    }

    // ---- STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER

    static final String TRAILER_SEED = "106e2a8a18243abcf37539882f36619c00e2dfc72633413f02d3b74544bfeb8e";
    static final String[] TRAILER_CHUNK_SIGNATURES = {
        "b474d8862b1487a5145d686f57f013e54db672cee1c953b3010fb58501ef5aa2",
        "1c1344b170168f8e65b41376b44b20fe354e373826ccbbe2c1d40a8cae51e5c7",
        "2ca2aba2005185cf7159c6277faf83795951dd77a3a99e6e65d5c9f85863f992",
    };
    static final String TRAILER_SIGNATURE = "d81f82fc3505edab99d459891051a732e8730629a2e4a59689829ca17fe2e435";

    static SignedRequest trailerRequest() {
        Map<String, List<String>> h = new LinkedHashMap<>();
        h.put("Host", List.of("s3.amazonaws.com"));
        h.put("x-amz-date", List.of("20130524T000000Z"));
        h.put("x-amz-storage-class", List.of("REDUCED_REDUNDANCY"));
        h.put(
                "Authorization",
                List.of("AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/"
                        + "aws4_request,SignedHeaders=content-encoding;host;x-amz-content-sha256;x-amz-date;"
                        + "x-amz-decoded-content-length;x-amz-storage-class;x-amz-trailer,Signature=" + TRAILER_SEED));
        h.put("x-amz-content-sha256", List.of("STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER"));
        h.put("Content-Encoding", List.of("aws-chunked"));
        h.put("x-amz-decoded-content-length", List.of("66560"));
        h.put("x-amz-trailer", List.of("x-amz-checksum-crc32c"));
        return new SignedRequest("PUT", "/examplebucket/chunkObject.txt", List.of(), Headers.of(h));
    }

    /** The trailer example as the AWS SDKs frame it; {@code blankFirst}: the layout with the blank line first. */
    static byte[] trailerBody(boolean blankFirst, String crc) {
        String body = "10000;chunk-signature=" + TRAILER_CHUNK_SIGNATURES[0] + "\r\n" + "a".repeat(65536) + "\r\n"
                + "400;chunk-signature=" + TRAILER_CHUNK_SIGNATURES[1] + "\r\n" + "a".repeat(1024) + "\r\n"
                + "0;chunk-signature=" + TRAILER_CHUNK_SIGNATURES[2] + "\r\n" + (blankFirst ? "\r\n" : "")
                + "x-amz-checksum-crc32c:" + crc + "\r\n"
                + "x-amz-trailer-signature:" + TRAILER_SIGNATURE + "\r\n" + (blankFirst ? "" : "\r\n");
        return body.getBytes(StandardCharsets.US_ASCII);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theTrailerExampleDecodes(boolean blankFirst) throws Exception {
        AuthResult auth = verifier().verify(trailerRequest(), "us-east-1", false);
        assertEquals(PayloadMode.STREAMING_SIGNED_TRAILER, auth.payloadMode());
        byte[] body = trailerBody(blankFirst, "sOO8/Q==");
        assertEquals(66946, body.length);
        for (long seed = 0; seed < 5; seed++) {
            BodyDecoder decoder = auth.newBodyDecoder();
            assertArrayEquals(PAYLOAD, decode(decoder, body, new Random(seed), seed == 0 ? 1 : 0));
            assertEquals(Map.of("x-amz-checksum-crc32c", "sOO8/Q=="), decoder.trailers());
        }
    }

    @Test
    void aTamperedTrailerFailsItsSignature() throws Exception {
        AuthResult auth = verifier().verify(trailerRequest(), "us-east-1", false);
        BodyDecoder decoder = auth.newBodyDecoder();
        SigV4Exception e = assertThrows(
                SigV4Exception.class, () -> decode(decoder, trailerBody(false, "sOO8/A=="), new Random(2), 0));
        assertEquals(Reason.SIGNATURE_DOES_NOT_MATCH, e.reason());
    }

    // ---- helpers

    private static void assertReason(Reason reason, byte[] body) throws SigV4Exception {
        BodyDecoder decoder = exampleAuth().newBodyDecoder();
        SigV4Exception e = assertThrows(SigV4Exception.class, () -> decode(decoder, body, new Random(5), 0));
        assertEquals(reason, e.reason(), e.toString());
        // A failed decoder stays failed.
        assertEquals(e, assertThrows(SigV4Exception.class, decoder::finish));
    }

    private static void assertTrue(boolean condition, String message) {
        org.junit.jupiter.api.Assertions.assertTrue(condition, message);
    }

    /**
     * Feeds {@code wire} to the decoder: in pieces of {@code fixed} bytes, or random pieces (1 byte to 20 KiB) when
     * {@code fixed} is 0; then finish(). Returns what reached the sink.
     */
    static byte[] decode(BodyDecoder decoder, byte[] wire, Random random, int fixed) throws SigV4Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int off = 0;
        while (off < wire.length) {
            int n = fixed > 0 ? fixed : 1 + random.nextInt(random.nextBoolean() ? 16 : 20_000);
            n = Math.min(n, wire.length - off);
            ByteBuffer piece = ByteBuffer.wrap(wire, off, n).slice();
            decoder.update(piece, run -> {
                byte[] copy = new byte[run.remaining()];
                run.get(copy);
                out.writeBytes(copy);
            });
            if (piece.hasRemaining()) {
                throw new AssertionError("update() must consume all of its input");
            }
            off += n;
        }
        decoder.finish();
        return out.toByteArray();
    }
}
