package io.posixgw.server.it;

import static io.posixgw.server.it.Checklist.CHECKSUM_MODE;
import static io.posixgw.server.it.Checklist.CHECKSUM_STORED;
import static io.posixgw.server.it.Checklist.CHECKSUM_VERIFIED;
import static io.posixgw.server.it.Checklist.COND_ETAG_SYNTAX;
import static io.posixgw.server.it.Checklist.COND_IF_MATCH;
import static io.posixgw.server.it.Checklist.COND_IF_MATCH_OVERRIDES;
import static io.posixgw.server.it.Checklist.COND_IF_MODIFIED_SINCE;
import static io.posixgw.server.it.Checklist.COND_IF_NONE_MATCH;
import static io.posixgw.server.it.Checklist.COND_IF_NONE_MATCH_OVERRIDES;
import static io.posixgw.server.it.Checklist.COND_IF_UNMODIFIED_SINCE;
import static io.posixgw.server.it.Checklist.GET_HEADERS;
import static io.posixgw.server.it.Checklist.GET_MISSING_BUCKET;
import static io.posixgw.server.it.Checklist.GET_MISSING_KEY;
import static io.posixgw.server.it.Checklist.KEY_ESCAPE;
import static io.posixgw.server.it.Checklist.KEY_LENGTH;
import static io.posixgw.server.it.Checklist.KEY_LOOK_ALIKES;
import static io.posixgw.server.it.Checklist.PART_NUMBER_MULTIPART;
import static io.posixgw.server.it.Checklist.PART_NUMBER_OUT_OF_RANGE;
import static io.posixgw.server.it.Checklist.PART_NUMBER_SINGLE_PART;
import static io.posixgw.server.it.Checklist.PART_NUMBER_WITH_RANGE;
import static io.posixgw.server.it.Checklist.PUT_DEFAULT_CONTENT_TYPE;
import static io.posixgw.server.it.Checklist.PUT_ETAG;
import static io.posixgw.server.it.Checklist.PUT_USER_METADATA;
import static io.posixgw.server.it.Checklist.RANGE_EMPTY_OBJECT;
import static io.posixgw.server.it.Checklist.RESPONSE_OVERRIDES;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import java.util.zip.Checksum;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The Objects section of the checklist (PUT, GET and HEAD), over raw signed HTTP. */
class ObjectSemanticsIT extends GatewayPerClass {
    static final String B = "objects";
    static final byte[] HUNDRED = ObjectFiles.random(100, 100);

    @BeforeAll
    void createBucketAndObject() throws Exception {
        createBucket(B);
        putObject(B, "hundred", HUNDRED);
    }

    RawS3.Response get(String key, Map<String, String> query, Map<String, String> headers) throws IOException {
        return raw.send("GET", path(B, key), query, headers, new byte[0]);
    }

    RawS3.Response head(String key, Map<String, String> query, Map<String, String> headers) throws IOException {
        return raw.send("HEAD", path(B, key), query, headers, new byte[0]);
    }

    @Test
    void storageClassesAndObjectLockThatCannotBeGivenAreRefused() throws Exception {
        for (String storageClass : List.of("STANDARD", "REDUCED_REDUNDANCY")) {
            assertOk(raw.send(
                    "PUT",
                    path(B, "class/" + storageClass),
                    Map.of(),
                    Map.of("x-amz-storage-class", storageClass),
                    bytes("s")));
        }
        for (String storageClass : List.of("GLACIER", "DEEP_ARCHIVE", "STANDARD_IA", "NOPE")) {
            assertError(
                    raw.send(
                            "PUT",
                            path(B, "class/refused"),
                            Map.of(),
                            Map.of("x-amz-storage-class", storageClass),
                            bytes("s")),
                    400,
                    "InvalidStorageClass");
        }
        assertError(
                raw.send(
                        "PUT",
                        path(B, "class/refused"),
                        Map.of(),
                        Map.of("x-amz-copy-source", "/" + B + "/hundred", "x-amz-storage-class", "GLACIER"),
                        new byte[0]),
                400,
                "InvalidStorageClass");
        assertError(
                raw.send(
                        "POST",
                        path(B, "class/refused"),
                        Map.of("uploads", ""),
                        Map.of("x-amz-storage-class", "GLACIER"),
                        new byte[0]),
                400,
                "InvalidStorageClass");
        assertError(
                raw.send(
                        "PUT",
                        path(B, "class/refused"),
                        Map.of(),
                        Map.of(
                                "x-amz-object-lock-mode",
                                "GOVERNANCE",
                                "x-amz-object-lock-retain-until-date",
                                "2030-01-01T00:00:00Z"),
                        bytes("s")),
                400,
                "InvalidRequest");
        assertError(
                raw.send(
                        "PUT",
                        path(B, "class/refused"),
                        Map.of(),
                        Map.of("x-amz-object-lock-legal-hold", "ON"),
                        bytes("s")),
                400,
                "InvalidRequest");
        // an append (S3 Express) is no replacement of the object by the appended bytes
        assertError(
                raw.send("PUT", path(B, "hundred"), Map.of(), Map.of("x-amz-write-offset-bytes", "100"), bytes("more")),
                501,
                "NotImplemented");
        ObjectFiles.assertStored(root, B, "hundred", HUNDRED);
        ObjectFiles.assertAbsent(root, B, "class/refused");
    }

    @Test
    void onlyTheNullVersionIdNamesTheObject() throws Exception {
        Map<String, String> other = Map.of("versionId", "3HL4kqtJlcpXroDTDmJ");
        assertError(get("hundred", other, Map.of()), 404, "NoSuchVersion");
        assertEquals(404, head("hundred", other, Map.of()).status());
        assertError(
                raw.send(
                        "GET",
                        path(B, "hundred"),
                        Map.of("tagging", "", "versionId", "3HL4kqtJlcpXroDTDmJ"),
                        Map.of(),
                        new byte[0]),
                404,
                "NoSuchVersion");
        assertError(
                raw.send(
                        "DELETE",
                        path(B, "hundred"),
                        Map.of("tagging", "", "versionId", "3HL4kqtJlcpXroDTDmJ"),
                        Map.of(),
                        new byte[0]),
                404,
                "NoSuchVersion");
        assertArrayEquals(
                HUNDRED, get("hundred", Map.of("versionId", "null"), Map.of()).body());
        assertEquals(200, head("hundred", Map.of("versionId", "null"), Map.of()).status());
    }

    // ---------------------------------------------------------------- keys

    /** Four 254-byte segments of 'é' and a short last one: exactly 1024 bytes of UTF-8, within NAME_MAX per segment. */
    static String keyOfBytes(int total) {
        String segment = "é".repeat(127);
        String key = String.join("/", segment, segment, segment, segment) + "/";
        return key + "x".repeat(total - key.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
    }

    @Test
    @Conformance(KEY_LENGTH)
    void keysUpTo1024BytesOfUtf8() throws Exception {
        String longest = keyOfBytes(1024);
        assertEquals(1024, longest.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
        byte[] body = bytes("longest key");
        putObject(B, longest, body);
        assertArrayEquals(body, get(longest, Map.of(), Map.of()).body());
        ObjectFiles.assertStored(root, B, longest, body);
        RawS3.Response list = raw.send("GET", "/" + B, Map.of("list-type", "2", "prefix", "é"), Map.of(), new byte[0]);
        assertEquals(List.of(longest), list.elements("Key"));

        String tooLong = keyOfBytes(1025);
        assertError(raw.send("PUT", path(B, tooLong), Map.of(), Map.of(), body), 400, "KeyTooLongError");
        ObjectFiles.assertAbsent(root, B, tooLong);
    }

    /**
     * Keys a file tree cannot hold (they would leave the bucket, or not be told apart from another key), sent with
     * their dots raw and percent-encoded, each signed the way SDKs sign it: 400 InvalidArgument for every operation,
     * nothing written. (AWS itself stores such keys literally: a POSIX store cannot.)
     */
    static Stream<Arguments> escapingKeys() {
        return Stream.of(
                        "../x",
                        "a/../../x",
                        "..",
                        "a/..",
                        "./x",
                        "a/./b",
                        "a//b",
                        ".sgwtmp/x",
                        "a/.sgwtmp/b",
                        "a\u0000b")
                .flatMap(key -> Stream.of(Arguments.of(key, false), Arguments.of(key, true)));
    }

    @ParameterizedTest(name = "{0} dots encoded: {1}")
    @MethodSource("escapingKeys")
    @Conformance(KEY_ESCAPE)
    void keysEscapingTheBucketAreRefused(String key, boolean encodeDots) throws Exception {
        String canonical = path(B, key);
        String target =
                encodeDots ? "/" + B + "/" + TestSigner.encode(key, false).replace(".", "%2E") : canonical;
        byte[] body = bytes("escape");
        for (String method : new String[] {"PUT", "GET", "HEAD", "DELETE"}) {
            byte[] sent = method.equals("PUT") ? body : new byte[0];
            Map<String, String> headers = raw.signedHeaders(
                    method, canonical, Map.of(), Map.of(), TestSigner.hex(TestSigner.sha256(sent)), Instant.now());
            RawS3.Response r = raw.exchange(method, target, headers, sent);
            assertEquals(400, r.status(), method + " " + target + ": " + r.text());
            if (!method.equals("HEAD")) {
                assertEquals("InvalidArgument", r.errorCode(), r.text());
            }
        }
        assertOk(raw.send("PUT", path(B, "escape-probe"), Map.of(), Map.of(), body));
        try (Stream<java.nio.file.Path> all = Files.walk(tmp)) {
            assertEquals(
                    List.of(ObjectFiles.file(root, B, "escape-probe")),
                    all.filter(Files::isRegularFile)
                            .filter(f -> !f.toString().contains(".sgwtmp"))
                            .filter(f -> {
                                try {
                                    return Files.readString(f).equals("escape");
                                } catch (IOException e) {
                                    return false;
                                }
                            })
                            .toList(),
                    "the only file holding the body is the probe");
        }
    }

    /** Percent signs in a key are characters like any other: never decoded a second time, never a way out. */
    @ParameterizedTest
    @ValueSource(
            strings = {"%2e%2e/x", "..%2f", "%2E%2E%2Fup", ".%2e/y", "%2e%2e", "..%5cw", "a/%2e%2e%2f%2e%2e%2fetc"})
    @Conformance(KEY_LOOK_ALIKES)
    void lookAlikesAreStoredLiterally(String key) throws Exception {
        byte[] body = bytes("literal " + key);
        String dir = "alike/" + Integer.toHexString(key.hashCode()) + "/";
        putObject(B, dir + key, body);
        ObjectFiles.assertStored(root, B, dir + key, body);
        assertArrayEquals(body, get(dir + key, Map.of(), Map.of()).body());
        RawS3.Response list = raw.send("GET", "/" + B, Map.of("list-type", "2", "prefix", dir), Map.of(), new byte[0]);
        assertEquals(List.of(dir + key), list.elements("Key"));
    }

    // ---------------------------------------------------------------- PUT

    @Test
    @Conformance({PUT_ETAG, PUT_DEFAULT_CONTENT_TYPE})
    void putAnswersTheMd5EtagAndDefaultsTheContentType() throws Exception {
        byte[] body = ObjectFiles.random(12345, 1);
        RawS3.Response put = putObject(B, "etag", body);
        assertEquals(ObjectFiles.etag(body), put.header("etag"));
        RawS3.Response got = get("etag", Map.of(), Map.of());
        assertEquals(ObjectFiles.etag(body), got.header("etag"));
        assertEquals("binary/octet-stream", got.header("content-type"));
        assertEquals(
                "\"" + java.util.HexFormat.of().formatHex(ObjectFiles.md5(body)) + "\"",
                ObjectFiles.xattr(root, B, "etag", "etag"));
    }

    /** Header names on the wire as the client spelled them, signed lower-case as SigV4 wants. */
    RawS3.Response putWithHeaderNames(String key, Map<String, String> wireHeaders, byte[] body) throws IOException {
        Map<String, String> lower = new LinkedHashMap<>();
        wireHeaders.forEach((k, v) -> lower.put(k.toLowerCase(java.util.Locale.ROOT), v));
        Map<String, String> signed = raw.signedHeaders(
                "PUT", path(B, key), Map.of(), lower, TestSigner.hex(TestSigner.sha256(body)), Instant.now());
        Map<String, String> wire = new LinkedHashMap<>();
        signed.forEach((k, v) -> wire.put(
                wireHeaders.keySet().stream()
                        .filter(w -> w.equalsIgnoreCase(k))
                        .findFirst()
                        .orElse(k),
                v));
        return raw.exchange("PUT", path(B, key), wire, body);
    }

    @Test
    @Conformance(PUT_USER_METADATA)
    void userMetadataNamesAreLowerCased() throws Exception {
        assertOk(putWithHeaderNames(
                "meta-case", Map.of("X-Amz-Meta-CamelCase", "Value Kept", "X-AMZ-META-SHOUT", "v2"), bytes("m")));
        String answer = raw.sendAndReadAll("GET", path(B, "meta-case"), Map.of(), Map.of());
        assertTrue(answer.contains("\r\nx-amz-meta-camelcase: Value Kept\r\n"), answer);
        assertTrue(answer.contains("\r\nx-amz-meta-shout: v2\r\n"), answer);
        String stored = ObjectFiles.xattr(root, B, "meta-case", "metadata");
        assertTrue(
                stored.contains("\"camelcase\"") && stored.contains("\"shout\"") && !stored.contains("Camel"), stored);
    }

    /** The limit counts the bytes of each name (without {@code x-amz-meta-}) and value: 2048 pass, 2049 do not. */
    @ParameterizedTest
    @CsvSource({"2048,200", "2049,400"})
    @Conformance(PUT_USER_METADATA)
    void userMetadataOver2KiBIsMetadataTooLarge(int total, int status) throws Exception {
        Map<String, String> meta = new HashMap<>();
        meta.put("x-amz-meta-a", "v".repeat(1000 - 1));
        meta.put("x-amz-meta-bb", "w".repeat(total - 1000 - 2));
        String key = "meta-" + total;
        RawS3.Response r = raw.send("PUT", path(B, key), Map.of(), meta, bytes("m"));
        if (status == 200) {
            assertOk(r);
            assertEquals(
                    meta.get("x-amz-meta-bb"), head(key, Map.of(), Map.of()).header("x-amz-meta-bb"));
        } else {
            assertError(r, 400, "MetadataTooLarge");
            ObjectFiles.assertAbsent(root, B, key);
        }
    }

    // ---------------------------------------------------------------- checksums

    /** The five algorithms, computed here independently of the server. */
    enum Sum {
        CRC32,
        CRC32C,
        CRC64NVME,
        SHA1,
        SHA256;

        String header() {
            return "x-amz-checksum-" + name().toLowerCase(java.util.Locale.ROOT);
        }

        String base64(byte[] data) throws Exception {
            byte[] digest;
            switch (this) {
                case CRC32:
                case CRC32C: {
                    Checksum c = this == CRC32 ? new CRC32() : new CRC32C();
                    c.update(data, 0, data.length);
                    digest = java.nio.ByteBuffer.allocate(4)
                            .putInt((int) c.getValue())
                            .array();
                    break;
                }
                case CRC64NVME:
                    digest = java.nio.ByteBuffer.allocate(8)
                            .putLong(crc64Nvme(data))
                            .array();
                    break;
                default:
                    digest = MessageDigest.getInstance(this == SHA1 ? "SHA-1" : "SHA-256")
                            .digest(data);
            }
            return Base64.getEncoder().encodeToString(digest);
        }
    }

    /** CRC-64/NVME bit by bit: reflected polynomial 0x9a6c9329ac4bc9b5, initial value and final xor all ones. */
    static long crc64Nvme(byte[] data) {
        long crc = -1L;
        for (byte b : data) {
            crc ^= b & 0xffL;
            for (int i = 0; i < 8; i++) {
                crc = (crc & 1) != 0 ? (crc >>> 1) ^ 0x9a6c9329ac4bc9b5L : crc >>> 1;
            }
        }
        return ~crc;
    }

    @Test
    void crc64NvmeOfTheTestSuiteIsTheCatalogueCheckValue() {
        assertEquals(0xae8b14860a799888L, crc64Nvme(bytes("123456789")));
    }

    @ParameterizedTest
    @EnumSource(Sum.class)
    @Conformance({CHECKSUM_VERIFIED, CHECKSUM_STORED, CHECKSUM_MODE})
    void checksumHeadersAreVerifiedStoredAndReturnedOnRequest(Sum sum) throws Exception {
        byte[] data = ObjectFiles.random(7000, sum.ordinal());
        String key = "sum/" + sum;
        RawS3.Response put = raw.send("PUT", path(B, key), Map.of(), Map.of(sum.header(), sum.base64(data)), data);
        assertOk(put);
        assertEquals(sum.base64(data), put.header(sum.header()));

        RawS3.Response plain = get(key, Map.of(), Map.of());
        assertArrayEquals(data, plain.body());
        assertTrue(
                plain.headers().keySet().stream().noneMatch(h -> h.startsWith("x-amz-checksum-")),
                "no checksum unless asked: " + plain.headers());
        assertTrue(head(key, Map.of(), Map.of()).headers().keySet().stream()
                .noneMatch(h -> h.startsWith("x-amz-checksum-")));
        Map<String, String> enabled = Map.of("x-amz-checksum-mode", "ENABLED");
        assertEquals(sum.base64(data), get(key, Map.of(), enabled).header(sum.header()));
        assertEquals(sum.base64(data), head(key, Map.of(), enabled).header(sum.header()));

        byte[] old = data;
        byte[] other = ObjectFiles.random(7000, 50 + sum.ordinal());
        RawS3.Response wrong = raw.send("PUT", path(B, key), Map.of(), Map.of(sum.header(), sum.base64(old)), other);
        assertError(wrong, 400, "BadDigest");
        ObjectFiles.assertStored(root, B, key, old);
        ObjectFiles.assertNoStagingDebris(root, B);
    }

    // ---------------------------------------------------------------- missing objects

    @Test
    @Conformance({GET_MISSING_KEY, GET_MISSING_BUCKET})
    void missingKeyAndBucketAre404AndHeadHasNoBody() throws Exception {
        RawS3.Response key = get("no/such/key", Map.of(), Map.of());
        assertError(key, 404, "NoSuchKey");
        assertTrue(
                key.text().contains("<Key>no/such/key</Key>")
                        || key.text().contains("<Resource>/" + B + "/no/such/key</Resource>"),
                key.text());
        assertError(raw.send("GET", "/no-such-bucket/k", Map.of(), Map.of(), new byte[0]), 404, "NoSuchBucket");
        for (String p : new String[] {path(B, "no/such/key"), "/no-such-bucket/k"}) {
            String answer = raw.sendAndReadAll("HEAD", p, Map.of(), Map.of());
            assertTrue(answer.startsWith("HTTP/1.1 404 "), answer);
            assertTrue(answer.endsWith("\r\n\r\n"), "nothing after the head of a HEAD answer: " + answer);
        }
    }

    // ---------------------------------------------------------------- headers of every answer

    static Stream<Arguments> readRequests() {
        return Stream.of(
                Arguments.of("GET", Map.of(), Map.of(), 200, 100),
                Arguments.of("HEAD", Map.of(), Map.of(), 200, 100),
                Arguments.of("GET", Map.of(), Map.of("range", "bytes=10-19"), 206, 10),
                Arguments.of("HEAD", Map.of(), Map.of("range", "bytes=-5"), 206, 5),
                Arguments.of("GET", Map.of("partNumber", "1"), Map.of(), 206, 100),
                Arguments.of("GET", Map.of("response-content-type", "text/plain"), Map.of("if-match", "*"), 200, 100));
    }

    @ParameterizedTest
    @MethodSource("readRequests")
    @Conformance(GET_HEADERS)
    void everyReadAnswerCarriesTheObjectHeaders(
            String method, Map<String, String> query, Map<String, String> headers, int status, int length)
            throws Exception {
        RawS3.Response r = raw.send(method, path(B, "hundred"), query, headers, new byte[0]);
        assertEquals(status, r.status(), r.text());
        assertEquals("bytes", r.header("accept-ranges"));
        assertEquals(ObjectFiles.etag(HUNDRED), r.header("etag"));
        assertEquals(Integer.toString(length), r.header("content-length"));
        if (method.equals("GET")) {
            assertEquals(length, r.body().length);
        }
        ZonedDateTime lastModified =
                ZonedDateTime.parse(r.header("last-modified"), DateTimeFormatter.RFC_1123_DATE_TIME);
        // IMF-fixdate (RFC 9110 5.6.7): a two-digit day, which the JDK's RFC_1123 formatter does not pad
        assertEquals(
                DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
                        .format(lastModified),
                r.header("last-modified"),
                "RFC 1123, GMT");
        long mtime =
                Files.getLastModifiedTime(ObjectFiles.file(root, B, "hundred")).toMillis() / 1000;
        assertEquals(mtime, lastModified.toEpochSecond(), "the file's modification time");
    }

    // ---------------------------------------------------------------- ranges on an empty object

    @ParameterizedTest
    @CsvSource({
        "bytes=0-0,416",
        "bytes=0-,416",
        "bytes=-1,416",
        "bytes=-0,416",
        "bytes=5-9,416",
        "bytes=0-999999,416",
        "bytes=abc,200",
        "'bytes=0-0,1-2',200"
    })
    @Conformance(RANGE_EMPTY_OBJECT)
    void rangesOnAnEmptyObject(String range, int status) throws Exception {
        putObject(B, "empty", new byte[0]);
        RawS3.Response r = get("empty", Map.of(), Map.of("range", range));
        if (status == 416) {
            assertError(r, 416, "InvalidRange");
        } else {
            assertEquals(200, r.status(), r.text());
            assertEquals("0", r.header("content-length"));
            assertNull(r.header("content-range"));
        }
    }

    // ---------------------------------------------------------------- conditional GET and HEAD

    static final String PAST = "Mon, 01 Jan 2001 00:00:00 GMT";
    static final String WRONG = "\"0123456789abcdef0123456789abcdef\"";

    /**
     * Each case: the headers ({etag}, {bare-etag} and {last-modified} stand for the object's) and the answer.
     * An If-Modified-Since equal to Last-Modified is "not modified"; a date in the past is "modified".
     */
    static Stream<Arguments> conditions() {
        List<Arguments> cases = List.of(
                Arguments.of("if-match false", Map.of("if-match", WRONG), 412),
                Arguments.of("if-match true", Map.of("if-match", "{etag}"), 200),
                Arguments.of("if-none-match matching", Map.of("if-none-match", "{etag}"), 304),
                Arguments.of("if-none-match not matching", Map.of("if-none-match", WRONG), 200),
                Arguments.of("if-modified-since, not modified", Map.of("if-modified-since", "{last-modified}"), 304),
                Arguments.of("if-modified-since, modified", Map.of("if-modified-since", PAST), 200),
                Arguments.of("if-unmodified-since, modified", Map.of("if-unmodified-since", PAST), 412),
                Arguments.of(
                        "if-unmodified-since, not modified", Map.of("if-unmodified-since", "{last-modified}"), 200),
                Arguments.of(
                        "if-match true overrides if-unmodified-since",
                        Map.of("if-match", "{etag}", "if-unmodified-since", PAST),
                        200),
                Arguments.of(
                        "if-match false and if-unmodified-since true",
                        Map.of("if-match", WRONG, "if-unmodified-since", "{last-modified}"),
                        412),
                Arguments.of(
                        "if-none-match false overrides if-modified-since",
                        Map.of("if-none-match", WRONG, "if-modified-since", "{last-modified}"),
                        200),
                Arguments.of(
                        "if-none-match true and if-modified-since modified",
                        Map.of("if-none-match", "{etag}", "if-modified-since", PAST),
                        304),
                Arguments.of("if-match without quotes", Map.of("if-match", "{bare-etag}"), 200),
                Arguments.of("if-none-match without quotes", Map.of("if-none-match", "{bare-etag}"), 304),
                Arguments.of("if-match *", Map.of("if-match", "*"), 200),
                Arguments.of("if-none-match *", Map.of("if-none-match", "*"), 304),
                Arguments.of("if-match list", Map.of("if-match", WRONG + ", {etag}"), 200),
                Arguments.of("if-modified-since unparsable is ignored", Map.of("if-modified-since", "yesterday"), 200));
        return Stream.of("GET", "HEAD")
                .flatMap(m -> cases.stream().map(c -> Arguments.of(m, c.get()[0], c.get()[1], c.get()[2])));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("conditions")
    @Conformance({
        COND_IF_MATCH,
        COND_IF_NONE_MATCH,
        COND_IF_MODIFIED_SINCE,
        COND_IF_UNMODIFIED_SINCE,
        COND_IF_MATCH_OVERRIDES,
        COND_IF_NONE_MATCH_OVERRIDES,
        COND_ETAG_SYNTAX
    })
    void conditionalReads(String method, String name, Map<String, String> headers, int status) throws Exception {
        RawS3.Response object = head("hundred", Map.of(), Map.of());
        Map<String, String> sent = new HashMap<>();
        headers.forEach((k, v) -> sent.put(
                k,
                v.replace("{etag}", object.header("etag"))
                        .replace("{bare-etag}", object.header("etag").replace("\"", ""))
                        .replace("{last-modified}", object.header("last-modified"))));
        RawS3.Response r = raw.send(method, path(B, "hundred"), Map.of(), sent, new byte[0]);
        assertEquals(status, r.status(), name + ": " + r.text());
        if (status == 200) {
            assertEquals(object.header("etag"), r.header("etag"));
            if (method.equals("GET")) {
                assertArrayEquals(HUNDRED, r.body());
            }
        } else if (status == 412 && method.equals("GET")) {
            assertEquals("PreconditionFailed", r.errorCode(), r.text());
        }
    }

    @Test
    @Conformance(COND_IF_NONE_MATCH)
    void notModifiedAnswerHasNoBody() throws Exception {
        String etag = head("hundred", Map.of(), Map.of()).header("etag");
        try (Socket s = new Socket("127.0.0.1", gw.port)) {
            s.setSoTimeout(10_000);
            RawS3.Response r =
                    raw.send(s, "GET", path(B, "hundred"), Map.of(), Map.of("if-none-match", etag), new byte[0]);
            assertEquals(304, r.status());
            RawS3.Response next = raw.send(s, "GET", path(B, "hundred"), Map.of(), Map.of(), new byte[0]);
            assertEquals(200, next.status(), "the next answer on the connection starts right after the 304's head");
            assertArrayEquals(HUNDRED, next.body());
        }
    }

    // ---------------------------------------------------------------- response-* overrides

    @Test
    @Conformance(RESPONSE_OVERRIDES)
    void responseParametersOverrideTheStoredHeaders() throws Exception {
        Map<String, String> stored = Map.of(
                "content-type",
                "text/plain",
                "content-disposition",
                "inline",
                "cache-control",
                "max-age=60",
                "content-encoding",
                "identity",
                "content-language",
                "fr",
                "expires",
                "Thu, 01 Dec 2094 16:00:00 GMT");
        assertOk(raw.send("PUT", path(B, "overridden"), Map.of(), stored, bytes("over")));
        assertEquals("text/plain", get("overridden", Map.of(), Map.of()).header("content-type"));
        Map<String, String> overrides = Map.of(
                "content-type",
                "text/csv",
                "content-disposition",
                "attachment; filename=\"a b.csv\"",
                "cache-control",
                "no-cache",
                "content-encoding",
                "gzip",
                "content-language",
                "de-CH",
                "expires",
                "Wed, 21 Oct 2095 07:28:00 GMT");
        Map<String, String> query = new HashMap<>();
        overrides.forEach((k, v) -> query.put("response-" + k, v));
        RawS3.Response r = raw.send("GET", path(B, "overridden"), query, Map.of(), new byte[0]);
        assertOk(r);
        overrides.forEach((k, v) -> assertEquals(v, r.header(k), k));
        assertEquals("over", r.text());
        RawS3.Response head = raw.send("HEAD", path(B, "overridden"), query, Map.of(), new byte[0]);
        overrides.forEach((k, v) -> assertEquals(v, head.header(k), "HEAD " + k));
        RawS3.Response again = get("overridden", Map.of(), Map.of());
        stored.forEach((k, v) -> assertEquals(v, again.header(k), "stored " + k + " unchanged"));
    }

    // ---------------------------------------------------------------- partNumber

    static final int FIVE_MIB = 5 << 20;
    private byte[] partOne;
    private byte[] partTwo;

    /** A two-part object (5 MiB and 100 bytes) at "mp-two", made once. */
    private synchronized void twoPartObject() throws Exception {
        if (partOne != null) {
            return;
        }
        byte[] one = ObjectFiles.random(FIVE_MIB, 7);
        byte[] two = ObjectFiles.random(100, 8);
        String id = createUpload(B, "mp-two");
        String e1 = uploadPart(B, "mp-two", id, 1, one);
        String e2 = uploadPart(B, "mp-two", id, 2, two);
        assertOk(complete(B, "mp-two", id, List.of(e1, e2)));
        partOne = one;
        partTwo = two;
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET", "HEAD"})
    @Conformance({PART_NUMBER_MULTIPART, PART_NUMBER_OUT_OF_RANGE, PART_NUMBER_WITH_RANGE})
    void partNumberOfAMultipartObject(String method) throws Exception {
        twoPartObject();
        int size = FIVE_MIB + 100;
        RawS3.Response first = raw.send(method, path(B, "mp-two"), Map.of("partNumber", "1"), Map.of(), new byte[0]);
        assertEquals(206, first.status(), first.text());
        assertEquals("bytes 0-" + (FIVE_MIB - 1) + "/" + size, first.header("content-range"));
        assertEquals(Integer.toString(FIVE_MIB), first.header("content-length"));
        assertEquals("2", first.header("x-amz-mp-parts-count"));
        RawS3.Response second = raw.send(method, path(B, "mp-two"), Map.of("partNumber", "2"), Map.of(), new byte[0]);
        assertEquals(206, second.status(), second.text());
        assertEquals("bytes " + FIVE_MIB + "-" + (size - 1) + "/" + size, second.header("content-range"));
        assertEquals("2", second.header("x-amz-mp-parts-count"));
        if (method.equals("GET")) {
            assertArrayEquals(partOne, first.body());
            assertArrayEquals(partTwo, second.body());
        }
        assertNull(
                raw.send(method, path(B, "mp-two"), Map.of(), Map.of(), new byte[0])
                        .header("x-amz-mp-parts-count"),
                "the part count only answers a partNumber request");

        RawS3.Response third = raw.send(method, path(B, "mp-two"), Map.of("partNumber", "3"), Map.of(), new byte[0]);
        RawS3.Response withRange = raw.send(
                method, path(B, "mp-two"), Map.of("partNumber", "1"), Map.of("range", "bytes=0-9"), new byte[0]);
        if (method.equals("GET")) {
            assertError(third, 416, "InvalidPartNumber");
            assertEquals("2", third.element("ActualPartCount"), third.text());
            assertEquals("3", third.element("PartNumberRequested"), third.text());
            assertError(withRange, 400, "InvalidRequest");
        } else {
            assertEquals(416, third.status());
            assertEquals(400, withRange.status());
        }
    }

    /** AWS answers a part number of a single-part object as a range: 206 with Content-Range, no part count. */
    @ParameterizedTest
    @ValueSource(strings = {"GET", "HEAD"})
    @Conformance({PART_NUMBER_SINGLE_PART, PART_NUMBER_OUT_OF_RANGE})
    void partNumberOneOfASinglePartObjectIsTheWholeObject(String method) throws Exception {
        RawS3.Response r = raw.send(method, path(B, "hundred"), Map.of("partNumber", "1"), Map.of(), new byte[0]);
        assertEquals(206, r.status(), r.text());
        assertEquals("bytes 0-99/100", r.header("content-range"));
        assertEquals("100", r.header("content-length"));
        assertNull(r.header("x-amz-mp-parts-count"));
        if (method.equals("GET")) {
            assertArrayEquals(HUNDRED, r.body());
        }
        RawS3.Response second = raw.send(method, path(B, "hundred"), Map.of("partNumber", "2"), Map.of(), new byte[0]);
        assertEquals(416, second.status());
        if (method.equals("GET")) {
            assertError(second, 416, "InvalidPartNumber");
            assertEquals("1", second.element("ActualPartCount"), second.text());
            assertEquals("2", second.element("PartNumberRequested"), second.text());
        }
    }

    /** Issue 16 item 11: Content-Encoding is stored as sent (spaces and all); only an aws-chunked token goes. */
    @Test
    void contentEncodingIsStoredAsSent() throws Exception {
        for (String[] c : new String[][] {
            {"deflate, gzip", "deflate, gzip"},
            {"gzip,br", "gzip,br"},
            {"deflate, aws-chunked, gzip", "deflate, gzip"},
            {"aws-chunked, gzip", "gzip"},
            {"gzip, aws-chunked", "gzip"},
        }) {
            String key = "encoding-" + c[0].replaceAll("[^a-z]", "");
            assertOk(raw.send("PUT", path(B, key), Map.of(), Map.of("content-encoding", c[0]), bytes("enc")));
            assertEquals(c[1], get(key, Map.of(), Map.of()).header("content-encoding"), c[0]);
            RawS3.Response head = raw.send("HEAD", path(B, key), Map.of(), Map.of(), new byte[0]);
            assertEquals(c[1], head.header("content-encoding"), "HEAD " + c[0]);
        }
    }
}
