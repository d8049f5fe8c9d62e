package io.posixgw.server.it;

import static io.posixgw.server.it.Checklist.AUTH_STREAMING_BAD_CHUNK_SIGNATURE;
import static io.posixgw.server.it.Checklist.AUTH_STREAMING_DECODED_LENGTH;
import static io.posixgw.server.it.Checklist.GET_HEADERS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.server.it.AwsChunkedEncoder.Mode;
import io.posixgw.server.it.AwsChunkedEncoder.Prepared;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Signatures and headers on the wire, with raw signed HTTP (an SDK would hide each answer): non-ASCII header bytes
 * signed and stored as sent, response header names in AWS's case, aws-chunked edge answers, and plain
 * {@code Transfer-Encoding: chunked} object bodies. {@link HeaderBytesSidecarIT} runs them again with a sidecar.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HeaderBytesIT {
    static final String BUCKET = "hdr";

    Path root;
    Path sidecar;
    TestGateway gw;
    RawS3 raw;

    String[] serverArgs() {
        return new String[] {"--fsync", "off"};
    }

    boolean xattrs() {
        return true;
    }

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        root = Files.createDirectories(dir.resolve("data"));
        sidecar = Files.createDirectories(dir.resolve("sidecar"));
        gw = TestGateway.start(root, serverArgs());
        raw = gw.raw();
        assertEquals(
                200,
                raw.send("PUT", "/" + BUCKET, Map.of(), Map.of(), new byte[0]).status());
    }

    @AfterAll
    void stop() {
        gw.close();
    }

    static String path(String key) {
        return "/" + BUCKET + "/" + key;
    }

    /** Text as a UTF-8 client puts it on the wire: its UTF-8 bytes, one char per byte (how RawS3 writes headers). */
    static String utf8Bytes(String text) {
        return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    static void assertError(RawS3.Response r, int status, String code) {
        assertEquals(status, r.status(), r.text());
        assertEquals(code, r.errorCode(), r.text());
    }

    // ---------------------------------------------------------------- item 1: non-ASCII header bytes

    @Test
    void utf8MetadataAndContentDispositionAreSignedOverTheirBytesAndComeBackByteExact() throws Exception {
        String name = utf8Bytes("Miniö");
        String disposition = utf8Bytes("attachment; filename=\"Grüße €.txt\"");
        byte[] body = "hello".getBytes(StandardCharsets.UTF_8);
        RawS3.Response put = raw.send(
                "PUT",
                path("utf8"),
                Map.of(),
                Map.of("x-amz-meta-name", name, "content-disposition", disposition),
                body);
        assertEquals(200, put.status(), put.text());

        for (String method : new String[] {"GET", "HEAD"}) {
            String answer = raw.sendAndReadAll(method, path("utf8"), Map.of(), Map.of());
            assertTrue(answer.startsWith("HTTP/1.1 200 "), answer);
            assertTrue(answer.contains("\r\nx-amz-meta-name: " + name + "\r\n"), method + ": " + answer);
            assertTrue(answer.contains("\r\nContent-Disposition: " + disposition + "\r\n"), method + ": " + answer);
        }
        if (xattrs()) {
            // versitygw's JSON map of user metadata, the value as UTF-8 text; the disposition as its own bytes
            assertEquals("{\"name\":\"Miniö\"}", ObjectFiles.xattr(root, BUCKET, "utf8", "metadata"));
            assertEquals(
                    "attachment; filename=\"Grüße €.txt\"",
                    ObjectFiles.xattr(root, BUCKET, "utf8", "content-disposition"));
        }
    }

    @Test
    void aPresignedUrlsHoistedMetadataIsStoredAsTheSameBytes() throws Exception {
        Instant now = Instant.now();
        String host = raw.host + ":" + raw.port;
        String query = raw.signer.presign("PUT", path("hoisted"), host, Map.of("x-amz-meta-name", "Miniö"), 600, now);
        RawS3.Response put = raw.exchange("PUT", path("hoisted") + "?" + query, Map.of("host", host), new byte[1]);
        assertEquals(200, put.status(), put.text());
        String answer = raw.sendAndReadAll("HEAD", path("hoisted"), Map.of(), Map.of());
        assertTrue(answer.contains("\r\nx-amz-meta-name: " + utf8Bytes("Miniö") + "\r\n"), answer);
    }

    /** Bytes that are no UTF-8 (Latin-1 'ö', one byte): stored metadata is text, so they are refused, not replaced. */
    @Test
    void metadataBytesThatAreNoUtf8AreRefusedAndNothingIsStored() throws Exception {
        RawS3.Response put =
                raw.send("PUT", path("latin1"), Map.of(), Map.of("x-amz-meta-name", "Mini\u00f6"), new byte[3]);
        assertError(put, 400, "InvalidArgument");
        assertTrue(put.text().contains("x-amz-meta-name"), put.text());
        assertEquals(
                404,
                raw.send("HEAD", path("latin1"), Map.of(), Map.of(), new byte[0])
                        .status());
    }

    // ---------------------------------------------------------------- item 2: response header names

    @Test
    @Conformance(GET_HEADERS)
    void responseHeaderNamesAreInAwsCase() throws Exception {
        assertEquals(
                200,
                raw.send("PUT", path("case"), Map.of(), Map.of("content-type", "text/plain"), new byte[10])
                        .status());
        String get = raw.sendAndReadAll("GET", path("case"), Map.of(), Map.of());
        for (String name : new String[] {
            "Content-Length: 10",
            "Content-Type: text/plain",
            "Date: ",
            "Server: posixgw",
            "Connection: close",
            "ETag: \"",
            "Last-Modified: ",
            "Accept-Ranges: bytes",
            "x-amz-request-id: ",
            "x-amz-id-2: "
        }) {
            assertTrue(get.contains("\r\n" + name), name + " in " + get);
        }
        assertFalse(get.contains("\r\ncontent-length:"), get);
        String error = raw.sendAndReadAll("GET", path("no-such-key"), Map.of(), Map.of());
        assertTrue(error.startsWith("HTTP/1.1 404 "), error);
        for (String name : new String[] {"Content-Length: ", "Content-Type: application/xml", "Date: ", "Server: "}) {
            assertTrue(error.contains("\r\n" + name), name + " in " + error);
        }
    }

    @Test
    void probesAnswerInAwsCaseToo() throws Exception {
        try (Socket s = new Socket(raw.host, raw.port)) {
            s.setSoTimeout(30_000);
            RawS3.writeHead(
                    s.getOutputStream(),
                    "GET",
                    "/_/health",
                    Map.of("host", raw.host + ":" + raw.port, "connection", "close"));
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertTrue(answer.startsWith("HTTP/1.1 200 "), answer);
            assertTrue(answer.contains("\r\nContent-Length: "), answer);
            assertTrue(answer.contains("\r\nContent-Type: text/plain"), answer);
        }
    }

    // ---------------------------------------------------------------- item 3: aws-chunked edge answers

    @Test
    @Conformance(AUTH_STREAMING_DECODED_LENGTH)
    void anAwsChunkedBodyInsideHttpChunksIsTaken() throws Exception {
        // the AWS SDK for JavaScript v3 streams a body of unknown length this way; the HTTP chunks end it, so it is
        // taken as MinIO takes it (411 MissingContentLength only when neither a length nor chunks end the body)
        byte[] data = ObjectFiles.random(1000, 3);
        Prepared p = new AwsChunkedEncoder(Mode.UNSIGNED_TRAILER, 256, AwsChunkedEncoder.Algorithm.CRC32)
                .prepare(raw, "PUT", path("no-length"), Map.of(), Map.of(), data);
        RawS3.Response r = chunked("PUT", path("no-length"), p.headers(), p.body(), 300);
        assertEquals(200, r.status(), r.text());
        assertArrayEquals(
                data,
                raw.send("GET", path("no-length"), Map.of(), Map.of(), new byte[0])
                        .body());
    }

    @Test
    @Conformance(AUTH_STREAMING_BAD_CHUNK_SIGNATURE)
    void aWrongFinalChunkSignatureIs403() throws Exception {
        byte[] data = ObjectFiles.random(1000, 4);
        Prepared p = new AwsChunkedEncoder(Mode.SIGNED, 512, null)
                .prepare(raw, "PUT", path("final-sig"), Map.of(), Map.of(), data);
        byte[] body = p.body().clone();
        int last = p.signatureOffsets().get(p.signatureOffsets().size() - 1);
        for (int i = 0; i < 64; i++) {
            body[last + i] = 'x'; // versitygw's test: 64 x's, no hex at all
        }
        RawS3.Response r = raw.exchange("PUT", path("final-sig"), p.headers(), body);
        assertError(r, 403, "SignatureDoesNotMatch");
        assertEquals(
                404,
                raw.send("HEAD", path("final-sig"), Map.of(), Map.of(), new byte[0])
                        .status());
    }

    @ParameterizedTest
    @ValueSource(strings = {"x-amz-checksum-md5", "x-amz-meta-color"})
    void anXAmzTrailerNamingNoChecksumIsInvalidRequest(String trailer) throws Exception {
        Map<String, String> extra = new LinkedHashMap<>();
        extra.put("content-encoding", "aws-chunked");
        extra.put("x-amz-decoded-content-length", "5");
        extra.put("x-amz-trailer", trailer);
        Map<String, String> headers = raw.signedHeaders(
                "PUT", path("trailer"), Map.of(), extra, "STREAMING-UNSIGNED-PAYLOAD-TRAILER", Instant.now());
        byte[] body = ("5\r\nhello\r\n0\r\n" + trailer + ":XUFAKrxLKna5cZ2REBfFkg==\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        RawS3.Response r = raw.exchange("PUT", path("trailer"), headers, body);
        assertError(r, 400, "InvalidRequest");
        assertTrue(r.text().contains("x-amz-trailer"), r.text());
    }

    @ParameterizedTest
    @ValueSource(strings = {"STREAMING-UNSIGNED-PAYLOAD-TRAILER", "STREAMING-AWS4-HMAC-SHA256-PAYLOAD"})
    void aStreamingContentSha256OnARequestWithoutBodyIsInvalidRequest(String claim) throws Exception {
        for (String target : new String[] {"/", "/" + BUCKET}) {
            Map<String, String> headers = raw.signedHeaders("GET", target, Map.of(), Map.of(), claim, Instant.now());
            RawS3.Response r = raw.exchange("GET", target, headers, new byte[0]);
            assertError(r, 400, "InvalidRequest");
            assertTrue(r.text().contains("The value of x-amz-content-sha256 header is invalid."), r.text());
        }
    }

    // ---------------------------------------------------------------- item 4: plain Transfer-Encoding: chunked

    /** {@code curl -T -}: no Content-Length, the body in HTTP chunks, after a 100 Continue. */
    @ParameterizedTest
    @ValueSource(strings = {"UNSIGNED-PAYLOAD", "signed"})
    void aPlainChunkedPutIsStored(String claim) throws Exception {
        byte[] data = ObjectFiles.random(300_001, 5);
        String payload = claim.equals("signed") ? TestSigner.hex(TestSigner.sha256(data)) : claim;
        String key = "plain-" + claim;
        Map<String, String> headers = raw.signedHeaders(
                "PUT",
                path(key),
                Map.of(),
                Map.of("x-amz-checksum-crc32", AwsChunkedEncoder.Algorithm.CRC32.base64(data)),
                payload,
                Instant.now());
        headers.put("expect", "100-continue");
        RawS3.Response r = chunked("PUT", path(key), headers, data, 65_000);
        assertEquals(200, r.status(), r.text());
        assertEquals(ObjectFiles.etag(data), r.header("etag"));
        ObjectFiles.assertStored(root, BUCKET, key, data);
        RawS3.Response got = raw.send("GET", path(key), Map.of(), Map.of(), new byte[0]);
        assertArrayEquals(data, got.body());
    }

    /** A signed hash is known only at the end of a chunked body: a wrong one stores nothing, the old object stays. */
    @Test
    void aPlainChunkedPutWithAWrongHashOrChecksumStoresNothing() throws Exception {
        byte[] old = "earlier".getBytes(StandardCharsets.UTF_8);
        assertEquals(
                200, raw.send("PUT", path("plain-bad"), Map.of(), Map.of(), old).status());
        byte[] data = ObjectFiles.random(200_000, 6);
        Map<String, String> badHash = raw.signedHeaders(
                "PUT", path("plain-bad"), Map.of(), Map.of(), TestSigner.hex(TestSigner.sha256(old)), Instant.now());
        assertError(chunked("PUT", path("plain-bad"), badHash, data, 50_000), 400, "XAmzContentSHA256Mismatch");
        Map<String, String> badCrc = raw.signedHeaders(
                "PUT",
                path("plain-bad"),
                Map.of(),
                Map.of("x-amz-checksum-crc32", AwsChunkedEncoder.Algorithm.CRC32.base64(old)),
                "UNSIGNED-PAYLOAD",
                Instant.now());
        assertError(chunked("PUT", path("plain-bad"), badCrc, data, 50_000), 400, "BadDigest");
        ObjectFiles.assertStored(root, BUCKET, "plain-bad", old);
        ObjectFiles.awaitNoStagingDebris(root, BUCKET);
    }

    @Test
    void aPlainChunkedUploadPartIsStored() throws Exception {
        RawS3.Response created = raw.send("POST", path("mp"), Map.of("uploads", ""), Map.of(), new byte[0]);
        assertEquals(200, created.status(), created.text());
        String uploadId = created.element("UploadId");
        byte[] data = ObjectFiles.random(100_000, 7);
        Map<String, String> query = Map.of("partNumber", "1", "uploadId", uploadId);
        Map<String, String> headers =
                raw.signedHeaders("PUT", path("mp"), query, Map.of(), "UNSIGNED-PAYLOAD", Instant.now());
        RawS3.Response part = chunked("PUT", RawS3.target(path("mp"), query), headers, data, 30_000);
        assertEquals(200, part.status(), part.text());
        assertEquals(ObjectFiles.etag(data), part.header("etag"));
        String complete = "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>" + part.header("etag")
                + "</ETag></Part></CompleteMultipartUpload>";
        RawS3.Response done = raw.send(
                "POST", path("mp"), Map.of("uploadId", uploadId), Map.of(), complete.getBytes(StandardCharsets.UTF_8));
        assertEquals(200, done.status(), done.text());
        ObjectFiles.assertStored(root, BUCKET, "mp", data);
    }

    @Test
    void aPutWithNeitherLengthNorChunksIs411() throws Exception {
        Map<String, String> headers =
                raw.signedHeaders("PUT", path("nothing"), Map.of(), Map.of(), "UNSIGNED-PAYLOAD", Instant.now());
        try (Socket s = new Socket(raw.host, raw.port)) {
            s.setSoTimeout(30_000);
            RawS3.writeHead(s.getOutputStream(), "PUT", path("nothing"), headers);
            s.getOutputStream().flush();
            assertError(RawS3.read(s.getInputStream(), false), 411, "MissingContentLength");
        }
    }

    /** Sends {@code headers} (no Content-Length) and {@code body} as HTTP/1.1 chunks of {@code chunk} bytes. */
    RawS3.Response chunked(String method, String target, Map<String, String> headers, byte[] body, int chunk)
            throws IOException {
        Map<String, String> all = new LinkedHashMap<>(headers);
        all.put("transfer-encoding", "chunked");
        try (Socket s = new Socket(raw.host, raw.port)) {
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            RawS3.writeHead(out, method, target, all);
            for (int off = 0; off < body.length; off += chunk) {
                int n = Math.min(chunk, body.length - off);
                out.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(body, off, n);
                out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return RawS3.read(s.getInputStream(), false);
        }
    }
}
