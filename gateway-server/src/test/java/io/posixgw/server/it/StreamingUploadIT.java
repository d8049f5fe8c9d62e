package io.posixgw.server.it;

import static io.posixgw.server.it.Checklist.AUTH_STREAMING_BAD_CHUNK_SIGNATURE;
import static io.posixgw.server.it.Checklist.AUTH_STREAMING_DECODED_LENGTH;
import static io.posixgw.server.it.Checklist.AUTH_STREAMING_MODES;
import static io.posixgw.server.it.Checklist.AUTH_STREAMING_TRAILER_CHECKSUM;
import static io.posixgw.server.it.Checklist.CHECKSUM_MODE;
import static io.posixgw.server.it.Checklist.CHECKSUM_STORED;
import static io.posixgw.server.it.Checklist.CHECKSUM_TWO_HEADERS;
import static io.posixgw.server.it.Checklist.CHECKSUM_VERIFIED;
import static io.posixgw.server.it.Checklist.COMPLETE_ETAG;
import static io.posixgw.server.it.Checklist.PUT_CONTENT_MD5_INVALID;
import static io.posixgw.server.it.Checklist.PUT_CONTENT_MD5_MISMATCH;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.server.it.AwsChunkedEncoder.Algorithm;
import io.posixgw.server.it.AwsChunkedEncoder.Mode;
import io.posixgw.server.it.AwsChunkedEncoder.Prepared;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * aws-chunked uploads in the three streaming modes (PutObject and UploadPart), built by a test-side
 * encoder: round trips of awkward sizes, and each way a chunked body can be wrong, each of which
 * must store nothing and leave the previous object in place. Also checksum and Content-MD5 headers.
 */
class StreamingUploadIT {
    static final String BUCKET = "stream";
    static final int CHUNK = 64 * 1024;
    static final int MIB = 1024 * 1024;

    @TempDir
    static Path root;

    static TestGateway gw;
    static RawS3 raw;

    @BeforeAll
    static void start() throws Exception {
        gw = TestGateway.start(root);
        raw = gw.raw();
        assertEquals(
                200,
                raw.send("PUT", "/" + BUCKET, Map.of(), Map.of(), new byte[0]).status());
    }

    @AfterAll
    static void stop() {
        gw.close();
    }

    static String path(String key) {
        return "/" + BUCKET + "/" + key;
    }

    static RawS3.Response send(String method, String key, Map<String, String> query, Prepared p, byte[] body)
            throws IOException {
        return raw.exchange(method, RawS3.target(path(key), query), p.headers(), body);
    }

    static RawS3.Response get(String key, Map<String, String> headers) throws IOException {
        return raw.send("GET", path(key), Map.of(), headers, new byte[0]);
    }

    static void assertError(RawS3.Response r, int status, String code) {
        assertEquals(status, r.status(), r.text());
        assertEquals(code, r.errorCode(), r.text());
    }

    /** Stores an earlier object at {@code key}, to be found intact after a refused upload. */
    static byte[] putEarlier(String key) throws IOException {
        byte[] old = ("earlier object at " + key).getBytes(StandardCharsets.UTF_8);
        assertEquals(200, raw.send("PUT", path(key), Map.of(), Map.of(), old).status());
        return old;
    }

    static void assertEarlierIntact(String key, byte[] old) throws Exception {
        ObjectFiles.assertStored(root, BUCKET, key, old);
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
        RawS3.Response r = get(key, Map.of());
        assertEquals(200, r.status());
        assertArrayEquals(old, r.body());
        assertEquals(ObjectFiles.etag(old), r.header("etag"));
    }

    // ---------------------------------------------------------------- round trips

    static Stream<Arguments> modesAndSizes() {
        List<Arguments> out = new ArrayList<>();
        for (int size : new int[] {0, 1, 64 * 1024, 200 * 1024 + 17}) {
            out.add(Arguments.of(Mode.SIGNED, null, size));
            out.add(Arguments.of(Mode.SIGNED_TRAILER, Algorithm.CRC32, size));
            for (Algorithm a : Algorithm.values()) {
                out.add(Arguments.of(Mode.UNSIGNED_TRAILER, a, size));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2} bytes")
    @MethodSource("modesAndSizes")
    @Conformance({AUTH_STREAMING_MODES, CHECKSUM_STORED, CHECKSUM_MODE})
    void putObjectRoundTrips(Mode mode, Algorithm trailer, int size) throws Exception {
        String key = "rt/" + mode + "-" + trailer + "-" + size;
        byte[] data = ObjectFiles.random(size, size * 31L + mode.ordinal());
        Prepared p =
                new AwsChunkedEncoder(mode, CHUNK, trailer).prepare(raw, "PUT", path(key), Map.of(), Map.of(), data);
        RawS3.Response put = send("PUT", key, Map.of(), p, p.body());
        assertEquals(200, put.status(), put.text());
        assertEquals(ObjectFiles.etag(data), put.header("etag"));
        if (trailer != null) {
            assertEquals(trailer.base64(data), put.header(trailer.header), "PutObject echoes the trailer checksum");
        }

        RawS3.Response got = get(key, Map.of("x-amz-checksum-mode", "ENABLED"));
        assertEquals(200, got.status(), got.text());
        assertArrayEquals(data, got.body());
        assertEquals(ObjectFiles.etag(data), got.header("etag"));
        assertEquals(Integer.toString(size), got.header("content-length"));
        String encoding = got.header("content-encoding");
        assertTrue(encoding == null || !encoding.contains("aws-chunked"), "stored Content-Encoding: " + encoding);
        if (trailer != null) {
            assertEquals(
                    trailer.base64(data), got.header(trailer.header), "the stored checksum with checksum mode ENABLED");
        }
        ObjectFiles.assertStored(root, BUCKET, key, data);
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
    }

    @Test
    @Conformance(AUTH_STREAMING_MODES)
    void otherContentEncodingsAreKept() throws Exception {
        byte[] data = ObjectFiles.random(1000, 7);
        Prepared p = new AwsChunkedEncoder(Mode.SIGNED, CHUNK, null)
                .prepare(raw, "PUT", path("gz"), Map.of(), Map.of("content-encoding", "aws-chunked,gzip"), data);
        assertEquals(200, send("PUT", "gz", Map.of(), p, p.body()).status());
        RawS3.Response got = get("gz", Map.of());
        assertEquals("gzip", got.header("content-encoding"));
        assertArrayEquals(data, got.body());
    }

    // ---------------------------------------------------------------- refused uploads

    static final byte[] BIG = ObjectFiles.random(200 * 1024 + 17, 99);

    @ParameterizedTest
    @EnumSource(
            value = Mode.class,
            names = {"SIGNED", "SIGNED_TRAILER"})
    @Conformance(AUTH_STREAMING_BAD_CHUNK_SIGNATURE)
    void flippedByteInChunkDataIsSignatureDoesNotMatch(Mode mode) throws Exception {
        String key = "flip-" + mode;
        byte[] old = putEarlier(key);
        Prepared p = new AwsChunkedEncoder(mode, CHUNK, mode.hasTrailer() ? Algorithm.CRC32 : null)
                .prepare(raw, "PUT", path(key), Map.of(), Map.of(), BIG);
        int lastChunk = p.dataOffsets().get(p.dataOffsets().size() - 1);
        assertError(send("PUT", key, Map.of(), p, p.flipped(lastChunk + 5)), 403, "SignatureDoesNotMatch");
        assertEarlierIntact(key, old);
    }

    /** Without chunk signatures, the trailer checksum is what catches a changed byte. */
    @Test
    @Conformance(AUTH_STREAMING_TRAILER_CHECKSUM)
    void flippedByteInUnsignedChunkIsBadDigest() throws Exception {
        String key = "flip-unsigned";
        byte[] old = putEarlier(key);
        Prepared p = new AwsChunkedEncoder(Mode.UNSIGNED_TRAILER, CHUNK, Algorithm.CRC32C)
                .prepare(raw, "PUT", path(key), Map.of(), Map.of(), BIG);
        assertError(send("PUT", key, Map.of(), p, p.flipped(p.dataOffsets().get(1))), 400, "BadDigest");
        assertEarlierIntact(key, old);
    }

    @ParameterizedTest(name = "signature of chunk {0}")
    @ValueSource(ints = {0, 2, 4})
    @Conformance(AUTH_STREAMING_BAD_CHUNK_SIGNATURE)
    void badChunkSignatureIs403(int chunk) throws Exception {
        String key = "badsig-" + chunk;
        byte[] old = putEarlier(key);
        Prepared p =
                new AwsChunkedEncoder(Mode.SIGNED, CHUNK, null).prepare(raw, "PUT", path(key), Map.of(), Map.of(), BIG);
        assertEquals(5, p.signatureOffsets().size(), "four data chunks and the final empty one");
        assertError(
                send("PUT", key, Map.of(), p, p.flipped(p.signatureOffsets().get(chunk) + 10)),
                403,
                "SignatureDoesNotMatch");
        assertEarlierIntact(key, old);
    }

    @ParameterizedTest
    @EnumSource(
            value = Mode.class,
            names = {"SIGNED_TRAILER", "UNSIGNED_TRAILER"})
    @Conformance(AUTH_STREAMING_TRAILER_CHECKSUM)
    void wrongTrailerChecksumIsBadDigest(Mode mode) throws Exception {
        String key = "badsum-" + mode;
        byte[] old = putEarlier(key);
        String wrong = Algorithm.CRC32.base64("not the body".getBytes(StandardCharsets.UTF_8));
        Prepared p = new AwsChunkedEncoder(mode, CHUNK, Algorithm.CRC32)
                .trailerValue(wrong)
                .prepare(raw, "PUT", path(key), Map.of(), Map.of(), BIG);
        assertError(send("PUT", key, Map.of(), p, p.body()), 400, "BadDigest");
        assertEarlierIntact(key, old);
    }

    @Test
    @Conformance(AUTH_STREAMING_BAD_CHUNK_SIGNATURE)
    void badTrailerSignatureIs403() throws Exception {
        String key = "badtrailersig";
        byte[] old = putEarlier(key);
        Prepared p = new AwsChunkedEncoder(Mode.SIGNED_TRAILER, CHUNK, Algorithm.CRC32)
                .prepare(raw, "PUT", path(key), Map.of(), Map.of(), BIG);
        assertError(
                send("PUT", key, Map.of(), p, p.flipped(p.trailerSignatureOffset() + 7)), 403, "SignatureDoesNotMatch");
        assertEarlierIntact(key, old);
    }

    @Test
    void streamTruncatedMidChunkThenClosedStoresNothing() throws Exception {
        String key = "truncated";
        byte[] old = putEarlier(key);
        Prepared p =
                new AwsChunkedEncoder(Mode.SIGNED, CHUNK, null).prepare(raw, "PUT", path(key), Map.of(), Map.of(), BIG);
        int cut = p.dataOffsets().get(2) + CHUNK / 2;
        try (Socket s = new Socket("127.0.0.1", gw.port)) {
            s.setSoTimeout(10_000);
            Map<String, String> headers = new LinkedHashMap<>(p.headers());
            headers.put("content-length", Integer.toString(p.body().length));
            OutputStream out = s.getOutputStream();
            RawS3.writeHead(out, "PUT", path(key), headers);
            out.write(p.body(), 0, cut);
            out.flush();
            awaitStagingFile();
            s.shutdownOutput();
            InputStream in = s.getInputStream();
            byte[] answer = in.readAllBytes();
            String text = new String(answer, StandardCharsets.ISO_8859_1);
            // The server sees the end of the connection before the end of the body: it either just closes
            // or answers a 4xx first; never 200.
            assertTrue(answer.length == 0 || text.startsWith("HTTP/1.1 4"), text);
        }
        ObjectFiles.awaitNoStagingDebris(root, BUCKET);
        assertEarlierIntact(key, old);
    }

    /** Waits until the upload's temp file exists, so the test knows the server started writing. */
    static void awaitStagingFile() throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (ObjectFiles.stagingDebris(root, BUCKET).isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "the upload's temp file never appeared");
            Thread.sleep(5);
        }
    }

    /** The decoder reaches the final chunk short of x-amz-decoded-content-length: 400 IncompleteBody, as AWS. */
    @Test
    @Conformance(AUTH_STREAMING_DECODED_LENGTH)
    void decodedLengthLargerThanTheDataIsIncompleteBody() throws Exception {
        String key = "declared-more";
        byte[] old = putEarlier(key);
        Prepared p = new AwsChunkedEncoder(Mode.SIGNED, CHUNK, null)
                .decodedLength(BIG.length + 1000L)
                .prepare(raw, "PUT", path(key), Map.of(), Map.of(), BIG);
        assertError(send("PUT", key, Map.of(), p, p.body()), 400, "IncompleteBody");
        assertEarlierIntact(key, old);
    }

    /** The streaming modes need x-amz-decoded-content-length: without it, 411 MissingContentLength (as S3 and versitygw) before any byte is stored. */
    @ParameterizedTest
    @EnumSource(Mode.class)
    @Conformance(AUTH_STREAMING_DECODED_LENGTH)
    void decodedLengthMissingIsRefused(Mode mode) throws Exception {
        String key = "no-decoded-length-" + mode;
        byte[] old = putEarlier(key);
        Prepared p = new AwsChunkedEncoder(mode, CHUNK, mode.hasTrailer() ? Algorithm.CRC32 : null)
                .withoutDecodedLength()
                .prepare(raw, "PUT", path(key), Map.of(), Map.of(), BIG);
        RawS3.Response r = send("PUT", key, Map.of(), p, p.body());
        assertError(r, 411, "MissingContentLength");
        assertTrue(r.text().contains("x-amz-decoded-content-length"), r.text());
        assertEarlierIntact(key, old);
    }

    /** A chunk longer than what x-amz-decoded-content-length leaves: posixgw answers 400 IncompleteBody too. */
    @Test
    @Conformance(AUTH_STREAMING_DECODED_LENGTH)
    void decodedLengthSmallerThanTheDataIsIncompleteBody() throws Exception {
        String key = "declared-less";
        byte[] old = putEarlier(key);
        Prepared p = new AwsChunkedEncoder(Mode.UNSIGNED_TRAILER, CHUNK, Algorithm.CRC32)
                .decodedLength(BIG.length - 1000L)
                .prepare(raw, "PUT", path(key), Map.of(), Map.of(), BIG);
        assertError(send("PUT", key, Map.of(), p, p.body()), 400, "IncompleteBody");
        assertEarlierIntact(key, old);
    }

    // ---------------------------------------------------------------- multipart

    static String uploadId(RawS3.Response created) {
        Matcher m = Pattern.compile("<UploadId>([^<]+)</UploadId>").matcher(created.text());
        assertTrue(m.find(), created.text());
        return m.group(1);
    }

    static List<String> partFiles(String key, String uploadId) throws IOException {
        Path dir = root.resolve(BUCKET)
                .resolve(".sgwtmp")
                .resolve("multipart")
                .resolve(TestSigner.hex(TestSigner.sha256(key.getBytes(StandardCharsets.UTF_8))))
                .resolve(uploadId);
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    @Conformance({AUTH_STREAMING_MODES, AUTH_STREAMING_BAD_CHUNK_SIGNATURE, COMPLETE_ETAG})
    void uploadPartInEachStreamingModeThenComplete() throws Exception {
        String key = "mp/streamed.bin";
        byte[] old = putEarlier(key);
        RawS3.Response created = raw.send("POST", path(key), Map.of("uploads", ""), Map.of(), new byte[0]);
        assertEquals(200, created.status(), created.text());
        String id = uploadId(created);
        byte[][] parts = {
            ObjectFiles.random(5 * MIB, 11), ObjectFiles.random(5 * MIB, 12), ObjectFiles.random(200 * 1024 + 17, 13)
        };
        AwsChunkedEncoder[] encoders = {
            new AwsChunkedEncoder(Mode.UNSIGNED_TRAILER, CHUNK, Algorithm.CRC32C),
            new AwsChunkedEncoder(Mode.SIGNED_TRAILER, CHUNK, Algorithm.CRC32),
            new AwsChunkedEncoder(Mode.SIGNED, CHUNK, null)
        };
        StringBuilder complete = new StringBuilder("<CompleteMultipartUpload>");
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        ByteArrayOutputStream md5s = new ByteArrayOutputStream();
        for (int i = 0; i < parts.length; i++) {
            Map<String, String> query = Map.of("partNumber", Integer.toString(i + 1), "uploadId", id);
            if (i == 2) {
                // A forged chunk first: refused, and no part 3 is left behind. (On the small part: the server
                // answers as soon as the chunk fails, and closes the connection if more than 1 MiB is unsent,
                // which would reset this client's write before it reads the answer.)
                Prepared bad = encoders[i].prepare(raw, "PUT", path(key), query, Map.of(), parts[i]);
                assertError(
                        send(
                                "PUT",
                                key,
                                query,
                                bad,
                                bad.flipped(bad.signatureOffsets().get(1) + 1)),
                        403,
                        "SignatureDoesNotMatch");
                assertEquals(List.of("1", "2"), partFiles(key, id));
                ObjectFiles.assertNoStagingDebris(root, BUCKET);
            }
            Prepared p = encoders[i].prepare(raw, "PUT", path(key), query, Map.of(), parts[i]);
            RawS3.Response r = send("PUT", key, query, p, p.body());
            assertEquals(200, r.status(), r.text());
            assertEquals(ObjectFiles.etag(parts[i]), r.header("etag"));
            if (encoders[i].trailer != null) {
                assertEquals(encoders[i].trailer.base64(parts[i]), r.header(encoders[i].trailer.header));
            }
            complete.append("<Part><PartNumber>")
                    .append(i + 1)
                    .append("</PartNumber><ETag>")
                    .append(r.header("etag"))
                    .append("</ETag></Part>");
            whole.writeBytes(parts[i]);
            md5s.writeBytes(ObjectFiles.md5(parts[i]));
        }
        assertEquals(List.of("1", "2", "3"), partFiles(key, id));
        ObjectFiles.assertStored(root, BUCKET, key, old);
        complete.append("</CompleteMultipartUpload>");
        RawS3.Response done = raw.send(
                "POST",
                path(key),
                Map.of("uploadId", id),
                Map.of(),
                complete.toString().getBytes(StandardCharsets.UTF_8));
        assertEquals(200, done.status(), done.text());
        String etag = "\"" + HexFormat.of().formatHex(ObjectFiles.md5(md5s.toByteArray())) + "-3\"";
        assertTrue(
                done.text().contains(etag.replace("\"", "&quot;"))
                        || done.text().contains(etag),
                done.text());

        RawS3.Response got = get(key, Map.of());
        assertEquals(200, got.status());
        assertEquals(etag, got.header("etag"));
        assertArrayEquals(whole.toByteArray(), got.body());
        ObjectFiles.assertStored(root, BUCKET, key, whole.toByteArray());
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
        assertFalse(
                Files.exists(root.resolve(BUCKET)
                        .resolve(".sgwtmp/multipart")
                        .resolve(TestSigner.hex(TestSigner.sha256(key.getBytes(StandardCharsets.UTF_8))))),
                "staging of the upload removed");
    }

    // ---------------------------------------------------------------- checksum and Content-MD5 headers

    static String crc32(byte[] data) {
        return Algorithm.CRC32.base64(data);
    }

    @Test
    @Conformance(CHECKSUM_VERIFIED)
    void checksumHeaderIsVerifiedAndEchoed() throws Exception {
        byte[] data = ObjectFiles.random(3000, 21);
        RawS3.Response ok =
                raw.send("PUT", path("sum-ok"), Map.of(), Map.of("x-amz-checksum-crc32", crc32(data)), data);
        assertEquals(200, ok.status(), ok.text());
        assertEquals(crc32(data), ok.header("x-amz-checksum-crc32"));
        ObjectFiles.assertStored(root, BUCKET, "sum-ok", data);
    }

    @Test
    @Conformance(CHECKSUM_VERIFIED)
    void wrongChecksumHeaderIsBadDigest() throws Exception {
        byte[] old = putEarlier("sum-bad");
        byte[] data = ObjectFiles.random(3000, 22);
        RawS3.Response r = raw.send("PUT", path("sum-bad"), Map.of(), Map.of("x-amz-checksum-crc32", crc32(old)), data);
        assertError(r, 400, "BadDigest");
        assertEarlierIntact("sum-bad", old);
    }

    @Test
    @Conformance(CHECKSUM_VERIFIED)
    void aChecksumHeaderAndATrailerOfOneAlgorithmAreBothVerified() throws Exception {
        // what the AWS SDK for Java v2 sends when it is given a checksum value and computes the trailer too
        String key = "sum-and-trailer";
        byte[] old = putEarlier(key);
        String right = Algorithm.CRC32.base64(BIG);
        String wrong = Algorithm.CRC32.base64("not the body".getBytes(StandardCharsets.UTF_8));
        for (String[] pair : new String[][] {{right, wrong}, {wrong, right}}) {
            Prepared p = new AwsChunkedEncoder(Mode.UNSIGNED_TRAILER, CHUNK, Algorithm.CRC32)
                    .trailerValue(pair[1])
                    .prepare(raw, "PUT", path(key), Map.of(), Map.of("x-amz-checksum-crc32", pair[0]), BIG);
            assertError(send("PUT", key, Map.of(), p, p.body()), 400, "BadDigest");
            assertEarlierIntact(key, old);
        }
        Prepared both = new AwsChunkedEncoder(Mode.UNSIGNED_TRAILER, CHUNK, Algorithm.CRC32)
                .prepare(raw, "PUT", path(key), Map.of(), Map.of("x-amz-checksum-crc32", right), BIG);
        RawS3.Response ok = send("PUT", key, Map.of(), both, both.body());
        assertEquals(200, ok.status(), ok.text());
        ObjectFiles.assertStored(root, BUCKET, key, BIG);
    }

    @Test
    @Conformance(CHECKSUM_TWO_HEADERS)
    void aChecksumHeaderWithATrailerOfAnotherAlgorithmIsInvalidRequest() throws Exception {
        // one of the two would go unchecked
        String key = "sum-and-other-trailer";
        byte[] old = putEarlier(key);
        Prepared p = new AwsChunkedEncoder(Mode.UNSIGNED_TRAILER, CHUNK, Algorithm.SHA256)
                .prepare(
                        raw,
                        "PUT",
                        path(key),
                        Map.of(),
                        Map.of("x-amz-checksum-crc32", Algorithm.CRC32.base64(BIG)),
                        BIG);
        assertError(send("PUT", key, Map.of(), p, p.body()), 400, "InvalidRequest");
        assertEarlierIntact(key, old);
    }

    @ParameterizedTest
    @ValueSource(strings = {"AAAAAAAA", "AAAAAAAAAAA=", "!!", ""})
    @Conformance(CHECKSUM_VERIFIED)
    void aChecksumValueOfTheWrongSizeOrNotBase64IsInvalidRequest(String value) throws Exception {
        String key = "sum-invalid";
        byte[] old = putEarlier(key);
        byte[] data = ObjectFiles.random(3000, 24);
        RawS3.Response r = raw.send("PUT", path(key), Map.of(), Map.of("x-amz-checksum-crc32", value), data);
        assertError(r, 400, "InvalidRequest");
        assertEarlierIntact(key, old);
        Prepared p = new AwsChunkedEncoder(Mode.UNSIGNED_TRAILER, CHUNK, Algorithm.CRC32)
                .trailerValue(value)
                .prepare(raw, "PUT", path(key), Map.of(), Map.of(), BIG);
        assertError(send("PUT", key, Map.of(), p, p.body()), 400, "InvalidRequest");
        assertEarlierIntact(key, old);
    }

    @Test
    @Conformance(CHECKSUM_TWO_HEADERS)
    void twoChecksumHeadersAreInvalidRequest() throws Exception {
        byte[] data = ObjectFiles.random(3000, 23);
        RawS3.Response r = raw.send(
                "PUT",
                path("sum-two"),
                Map.of(),
                Map.of("x-amz-checksum-crc32", crc32(data), "x-amz-checksum-sha256", Algorithm.SHA256.base64(data)),
                data);
        assertError(r, 400, "InvalidRequest");
        ObjectFiles.assertAbsent(root, BUCKET, "sum-two");
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
    }

    @Test
    @Conformance(PUT_CONTENT_MD5_MISMATCH)
    void wrongContentMd5IsBadDigest() throws Exception {
        byte[] old = putEarlier("md5-bad");
        byte[] data = ObjectFiles.random(3000, 24);
        String md5OfOther = Base64.getEncoder().encodeToString(ObjectFiles.md5(old));
        assertError(
                raw.send("PUT", path("md5-bad"), Map.of(), Map.of("content-md5", md5OfOther), data), 400, "BadDigest");
        assertEarlierIntact("md5-bad", old);
        String right = Base64.getEncoder().encodeToString(ObjectFiles.md5(data));
        assertEquals(
                200,
                raw.send("PUT", path("md5-bad"), Map.of(), Map.of("content-md5", right), data)
                        .status());
        ObjectFiles.assertStored(root, BUCKET, "md5-bad", data);
    }

    @Test
    @Conformance(PUT_CONTENT_MD5_INVALID)
    void contentMd5NotBase64IsInvalidDigest() throws Exception {
        byte[] old = putEarlier("md5-junk");
        byte[] data = ObjectFiles.random(3000, 25);
        assertError(
                raw.send("PUT", path("md5-junk"), Map.of(), Map.of("content-md5", "not*base64!"), data),
                400,
                "InvalidDigest");
        assertEarlierIntact("md5-junk", old);
    }
}
