package io.posixgw.server.it;

import static io.posixgw.server.it.Checklist.ABORT;
import static io.posixgw.server.it.Checklist.COMPLETE_ETAG;
import static io.posixgw.server.it.Checklist.COMPLETE_ETAG_MATCH;
import static io.posixgw.server.it.Checklist.COMPLETE_MALFORMED;
import static io.posixgw.server.it.Checklist.COMPLETE_MIN_SIZE;
import static io.posixgw.server.it.Checklist.COMPLETE_ORDER;
import static io.posixgw.server.it.Checklist.COMPLETE_REPEATED;
import static io.posixgw.server.it.Checklist.LIST_PARTS_AND_UPLOADS;
import static io.posixgw.server.it.Checklist.PART_NUMBERS;
import static io.posixgw.server.it.Checklist.PART_REUPLOAD;
import static io.posixgw.server.it.Checklist.UPLOAD_PART_COPY_RANGE;
import static io.posixgw.server.it.Checklist.UPLOAD_UNKNOWN;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The Multipart section of the checklist, over raw signed HTTP. */
class MultipartSemanticsIT extends GatewayPerClass {
    static final String B = "multipart";
    static final int FIVE_MIB = 5 << 20;
    static final String UNKNOWN_ID = "0190d5b2-0000-7000-8000-000000000000";

    @BeforeAll
    void createTheBucket() throws Exception {
        createBucket(B);
    }

    @Test
    void completeHonoursIfNoneMatchAndIfMatch() throws Exception {
        String existing = putObject(B, "conditional", bytes("old")).header("etag");
        String id = createUpload(B, "conditional");
        String part = uploadPart(B, "conditional", id, 1, bytes("new"));
        byte[] body = completeBody(List.of(1), List.of(part));
        assertError(
                raw.send("POST", path(B, "conditional"), Map.of("uploadId", id), Map.of("if-none-match", "*"), body),
                412,
                "PreconditionFailed");
        assertError(
                raw.send("POST", path(B, "conditional"), Map.of("uploadId", id), Map.of("if-match", "\"0123\""), body),
                412,
                "PreconditionFailed");
        ObjectFiles.assertStored(root, B, "conditional", bytes("old"));
        assertOk(raw.send("POST", path(B, "conditional"), Map.of("uploadId", id), Map.of("if-match", existing), body));
        ObjectFiles.assertStored(root, B, "conditional", bytes("new"));
    }

    static Map<String, String> part(String uploadId, String partNumber) {
        return Map.of("uploadId", uploadId, "partNumber", partNumber);
    }

    Path uploadDir(String key, String uploadId) {
        return root.resolve(B)
                .resolve(".sgwtmp/multipart")
                .resolve(TestSigner.hex(TestSigner.sha256(bytes(key))))
                .resolve(uploadId);
    }

    // ---------------------------------------------------------------- parts

    @ParameterizedTest
    @CsvSource({"1,200", "10000,200", "0,400", "10001,400", "-1,400", "one,400", "'',400", "2147483648,400"})
    @Conformance(PART_NUMBERS)
    void partNumbersFrom1To10000(String partNumber, int status) throws Exception {
        String key = "numbers/p" + partNumber;
        String id = createUpload(B, key);
        RawS3.Response r = raw.send("PUT", path(B, key), part(id, partNumber), Map.of(), bytes("x"));
        if (status == 200) {
            assertOk(r);
            RawS3.Response parts = raw.send("GET", path(B, key), Map.of("uploadId", id), Map.of(), new byte[0]);
            assertEquals(List.of(partNumber), parts.elements("PartNumber"));
        } else {
            assertError(r, 400, "InvalidArgument");
            assertEquals(
                    List.of(),
                    raw.send("GET", path(B, key), Map.of("uploadId", id), Map.of(), new byte[0])
                            .elements("PartNumber"));
        }
    }

    @Test
    @Conformance({PART_REUPLOAD, COMPLETE_ETAG_MATCH})
    void reuploadingAPartReplacesIt() throws Exception {
        String id = createUpload(B, "again");
        String first = uploadPart(B, "again", id, 1, bytes("first version"));
        String second = uploadPart(B, "again", id, 1, bytes("v2"));
        assertEquals(ObjectFiles.etag(bytes("v2")), second);
        RawS3.Response parts = raw.send("GET", path(B, "again"), Map.of("uploadId", id), Map.of(), new byte[0]);
        assertEquals(List.of("1"), parts.elements("PartNumber"));
        assertEquals(List.of(second), parts.elements("ETag"));
        assertEquals(List.of("2"), parts.elements("Size"));
        assertError(complete(B, "again", id, List.of(first)), 400, "InvalidPart");
        assertOk(complete(B, "again", id, List.of(second)));
        assertEquals(
                "v2",
                raw.send("GET", path(B, "again"), Map.of(), Map.of(), new byte[0])
                        .text());
    }

    @Test
    @Conformance(UPLOAD_UNKNOWN)
    void unknownUploadIsNoSuchUpload() throws Exception {
        String key = path(B, "unknown");
        assertError(raw.send("PUT", key, part(UNKNOWN_ID, "1"), Map.of(), bytes("x")), 404, "NoSuchUpload");
        assertError(raw.send("GET", key, Map.of("uploadId", UNKNOWN_ID), Map.of(), new byte[0]), 404, "NoSuchUpload");
        assertError(
                raw.send(
                        "POST",
                        key,
                        Map.of("uploadId", UNKNOWN_ID),
                        Map.of(),
                        completeBody(List.of(1), List.of(ObjectFiles.etag(bytes("x"))))),
                404,
                "NoSuchUpload");
        assertError(
                raw.send("DELETE", key, Map.of("uploadId", UNKNOWN_ID), Map.of(), new byte[0]), 404, "NoSuchUpload");
        String id = createUpload(B, "other-key");
        assertError(
                raw.send("PUT", key, part(id, "1"), Map.of(), bytes("x")),
                404,
                "NoSuchUpload",
                "an upload of another key");
        ObjectFiles.assertAbsent(root, B, "unknown");
    }

    static void assertError(RawS3.Response r, int status, String code, String why) {
        assertEquals(status, r.status(), why + ": " + r.text());
        assertEquals(code, r.errorCode(), why + ": " + r.text());
    }

    // ---------------------------------------------------------------- Complete

    /** An upload with parts 1 (5 MiB), 2 and 3 (small): its id, the parts and their ETags. */
    record ThreeParts(String id, List<byte[]> parts, List<String> etags) {}

    ThreeParts threeParts(String key) throws Exception {
        String id = createUpload(B, key);
        List<byte[]> parts = new ArrayList<>();
        List<String> etags = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            byte[] data = ObjectFiles.random(i == 1 ? FIVE_MIB : 1000 * i, 40 + i);
            parts.add(data);
            etags.add(uploadPart(B, key, id, i, data));
        }
        return new ThreeParts(id, parts, etags);
    }

    /** Shared by the refused Completes, each of which must leave it intact. */
    private ThreeParts refused;

    private synchronized ThreeParts refusedUpload() throws Exception {
        if (refused == null) {
            refused = threeParts("refused");
        }
        return refused;
    }

    static Stream<Arguments> refusedCompletes() {
        return Stream.of(
                Arguments.of(
                        "descending",
                        "<Part><PartNumber>2</PartNumber><ETag>{2}</ETag></Part><Part><PartNumber>1</PartNumber><ETag>{1}</ETag></Part>",
                        "InvalidPartOrder"),
                Arguments.of(
                        "repeated part",
                        "<Part><PartNumber>1</PartNumber><ETag>{1}</ETag></Part><Part><PartNumber>1</PartNumber><ETag>{1}</ETag></Part>",
                        "InvalidPartOrder"),
                Arguments.of(
                        "part never uploaded",
                        "<Part><PartNumber>1</PartNumber><ETag>{1}</ETag></Part><Part><PartNumber>4</PartNumber><ETag>{3}</ETag></Part>",
                        "InvalidPart"),
                Arguments.of(
                        "wrong ETag",
                        "<Part><PartNumber>1</PartNumber><ETag>{1}</ETag></Part><Part><PartNumber>3</PartNumber><ETag>{2}</ETag></Part>",
                        "InvalidPart"),
                Arguments.of(
                        "small part not last",
                        "<Part><PartNumber>2</PartNumber><ETag>{2}</ETag></Part><Part><PartNumber>3</PartNumber><ETag>{3}</ETag></Part>",
                        "EntityTooSmall"),
                Arguments.of("no parts", "", "MalformedXML"),
                Arguments.of("part without ETag", "<Part><PartNumber>1</PartNumber></Part>", "MalformedXML"),
                Arguments.of("part without number", "<Part><ETag>{1}</ETag></Part>", "MalformedXML"),
                Arguments.of("not XML", "</CompleteMultipartUpload><<", "MalformedXML"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedCompletes")
    @Conformance({COMPLETE_ORDER, COMPLETE_ETAG_MATCH, COMPLETE_MIN_SIZE, COMPLETE_MALFORMED})
    void refusedCompletesLeaveTheUploadIntact(String name, String parts, String code) throws Exception {
        ThreeParts upload = refusedUpload();
        String body = "<CompleteMultipartUpload>"
                + parts.replace("{1}", upload.etags().get(0))
                        .replace("{2}", upload.etags().get(1))
                        .replace("{3}", upload.etags().get(2))
                + "</CompleteMultipartUpload>";
        assertError(
                raw.send("POST", path(B, "refused"), Map.of("uploadId", upload.id()), Map.of(), bytes(body)),
                400,
                code,
                name);
        ObjectFiles.assertAbsent(root, B, "refused");
        RawS3.Response parts3 =
                raw.send("GET", path(B, "refused"), Map.of("uploadId", upload.id()), Map.of(), new byte[0]);
        assertEquals(
                List.of("1", "2", "3"), parts3.elements("PartNumber"), "the upload is still there: " + parts3.text());
    }

    @Test
    @Conformance({COMPLETE_ETAG, COMPLETE_REPEATED, COMPLETE_MIN_SIZE})
    void completeEtagIsTheMd5OfThePartMd5sAndARepeatAnswersIt() throws Exception {
        ThreeParts upload = threeParts("completed");
        byte[] body = completeBody(
                List.of(1, 3), List.of(upload.etags().get(0), upload.etags().get(2)));
        RawS3.Response done = raw.send("POST", path(B, "completed"), Map.of("uploadId", upload.id()), Map.of(), body);
        assertOk(done);
        ByteArrayOutputStream md5s = new ByteArrayOutputStream();
        md5s.writeBytes(ObjectFiles.md5(upload.parts().get(0)));
        md5s.writeBytes(ObjectFiles.md5(upload.parts().get(2)));
        String etag = "\"" + HexFormat.of().formatHex(ObjectFiles.md5(md5s.toByteArray())) + "-2\"";
        assertEquals(etag, done.element("ETag"));
        RawS3.Response again = raw.send("POST", path(B, "completed"), Map.of("uploadId", upload.id()), Map.of(), body);
        assertOk(again);
        assertEquals(etag, again.element("ETag"));
        RawS3.Response got = raw.send("GET", path(B, "completed"), Map.of(), Map.of(), new byte[0]);
        assertEquals(etag, got.header("etag"));
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        whole.writeBytes(upload.parts().get(0));
        whole.writeBytes(upload.parts().get(2));
        assertArrayEquals(whole.toByteArray(), got.body());
        assertFalse(Files.exists(uploadDir("completed", upload.id())), "staging removed");
    }

    // ---------------------------------------------------------------- Abort

    @Test
    @Conformance(ABORT)
    void abortAnswers204AndRemovesTheStaging() throws Exception {
        String id = createUpload(B, "aborted");
        uploadPart(B, "aborted", id, 1, bytes("part"));
        assertTrue(Files.isDirectory(uploadDir("aborted", id)));
        assertEquals(
                204,
                raw.send("DELETE", path(B, "aborted"), Map.of("uploadId", id), Map.of(), new byte[0])
                        .status());
        assertFalse(Files.exists(uploadDir("aborted", id)), "staging removed");
        assertFalse(Files.exists(uploadDir("aborted", id).getParent()), "and the key's staging directory");
        assertError(raw.send("PUT", path(B, "aborted"), part(id, "2"), Map.of(), bytes("late")), 404, "NoSuchUpload");
        assertError(
                raw.send("DELETE", path(B, "aborted"), Map.of("uploadId", id), Map.of(), new byte[0]),
                404,
                "NoSuchUpload");
        assertFalse(raw.send("GET", "/" + B, Map.of("uploads", ""), Map.of(), new byte[0])
                .text()
                .contains(id));
        ObjectFiles.assertAbsent(root, B, "aborted");
    }

    // ---------------------------------------------------------------- ListParts and ListMultipartUploads

    @Test
    @Conformance(LIST_PARTS_AND_UPLOADS)
    void listPartsPagesWithMaxPartsAndMarkers() throws Exception {
        String id = createUpload(B, "listed-parts");
        for (int i = 1; i <= 3; i++) {
            uploadPart(B, "listed-parts", id, i, bytes("part " + i));
        }
        String p = path(B, "listed-parts");
        RawS3.Response all = raw.send("GET", p, Map.of("uploadId", id), Map.of(), new byte[0]);
        assertEquals(List.of("1", "2", "3"), all.elements("PartNumber"));
        assertEquals("1000", all.element("MaxParts"));
        assertEquals("false", all.element("IsTruncated"));
        RawS3.Response page = raw.send("GET", p, Map.of("uploadId", id, "max-parts", "2"), Map.of(), new byte[0]);
        assertEquals(List.of("1", "2"), page.elements("PartNumber"));
        assertEquals("true", page.element("IsTruncated"));
        assertEquals("2", page.element("NextPartNumberMarker"));
        RawS3.Response rest = raw.send(
                "GET", p, Map.of("uploadId", id, "max-parts", "2", "part-number-marker", "2"), Map.of(), new byte[0]);
        assertEquals(List.of("3"), rest.elements("PartNumber"));
        assertEquals("2", rest.element("PartNumberMarker"));
        assertEquals("false", rest.element("IsTruncated"));
        RawS3.Response clamped = raw.send("GET", p, Map.of("uploadId", id, "max-parts", "5000"), Map.of(), new byte[0]);
        assertEquals("1000", clamped.element("MaxParts"));
        assertEquals(List.of("1", "2", "3"), clamped.elements("PartNumber"));
        assertError(
                raw.send("GET", p, Map.of("uploadId", id, "max-parts", "-1"), Map.of(), new byte[0]),
                400,
                "InvalidArgument");
    }

    @Test
    @Conformance(LIST_PARTS_AND_UPLOADS)
    void listMultipartUploadsWithPrefixDelimiterAndMarkers() throws Exception {
        createBucket("uploads");
        List<String[]> made = new ArrayList<>();
        for (String key : new String[] {"lu/a", "lu/a", "lu/b/c", "lu/d", "other"}) {
            RawS3.Response r = raw.send("POST", path("uploads", key), Map.of("uploads", ""), Map.of(), new byte[0]);
            assertOk(r);
            made.add(new String[] {key, r.element("UploadId")});
        }
        RawS3.Response all = raw.send("GET", "/uploads", Map.of("uploads", ""), Map.of(), new byte[0]);
        assertOk(all);
        assertEquals(List.of("lu/a", "lu/a", "lu/b/c", "lu/d", "other"), all.elements("Key"));
        assertEquals("1000", all.element("MaxUploads"));
        assertEquals("false", all.element("IsTruncated"));

        RawS3.Response prefixed = raw.send(
                "GET", "/uploads", Map.of("uploads", "", "prefix", "lu/", "delimiter", "/"), Map.of(), new byte[0]);
        assertEquals(List.of("lu/a", "lu/a", "lu/d"), prefixed.elements("Key"));
        assertTrue(
                prefixed.text().matches("(?s).*<CommonPrefixes>\\s*<Prefix>lu/b/</Prefix>\\s*</CommonPrefixes>.*"),
                prefixed.text());

        List<String> paged = new ArrayList<>();
        Map<String, String> q = new java.util.HashMap<>(Map.of("uploads", "", "max-uploads", "2"));
        for (int page = 0; page < 10; page++) {
            RawS3.Response r = raw.send("GET", "/uploads", q, Map.of(), new byte[0]);
            assertOk(r);
            List<String> ids = r.elements("UploadId");
            assertTrue(ids.size() <= 2);
            paged.addAll(ids);
            if (!Boolean.parseBoolean(r.element("IsTruncated"))) {
                break;
            }
            q.put("key-marker", assertNotNullReturn(r.element("NextKeyMarker"), r));
            q.put("upload-id-marker", assertNotNullReturn(r.element("NextUploadIdMarker"), r));
        }
        assertEquals(
                made.stream().map(m -> m[1]).sorted().toList(),
                paged.stream().sorted().toList());
        assertEquals(5, paged.size(), "every upload once: " + paged);

        RawS3.Response clamped =
                raw.send("GET", "/uploads", Map.of("uploads", "", "max-uploads", "5000"), Map.of(), new byte[0]);
        assertEquals("1000", clamped.element("MaxUploads"));
        assertError(
                raw.send("GET", "/uploads", Map.of("uploads", "", "max-uploads", "-1"), Map.of(), new byte[0]),
                400,
                "InvalidArgument");
    }

    private static String assertNotNullReturn(String v, RawS3.Response r) {
        assertNotNull(v, r.text());
        return v;
    }

    // ---------------------------------------------------------------- UploadPartCopy ranges

    /**
     * Over a 100-byte source. Malformed ranges are 400 InvalidArgument; so is a range past the source's end, as
     * AWS answers it ("Range specified is not valid for source object of size: N"; the checklist allows 416 too).
     */
    @ParameterizedTest
    @CsvSource({
        "bytes=0-0,200",
        "bytes=10-19,200",
        "bytes=0-99,200",
        "bytes=99-99,200",
        "bytes=0-100,400",
        "bytes=100-100,400",
        "bytes=90-200,400",
        "bytes=20-10,400",
        "bytes=abc,400",
        "bytes=-10,400",
        "bytes=10-,400",
        "10-20,400",
        "'bytes=0-1,2-3',400"
    })
    @Conformance(UPLOAD_PART_COPY_RANGE)
    void uploadPartCopyRanges(String range, int status) throws Exception {
        byte[] source = ObjectFiles.random(100, 77);
        putObject(B, "copy-source", source);
        String key = "part-copy/" + Integer.toHexString(range.hashCode());
        String id = createUpload(B, key);
        RawS3.Response r = raw.send(
                "PUT",
                path(B, key),
                part(id, "1"),
                Map.of("x-amz-copy-source", "/" + B + "/copy-source", "x-amz-copy-source-range", range),
                new byte[0]);
        if (status == 200) {
            assertOk(r);
            String[] se = range.substring(6).split("-");
            byte[] expected =
                    java.util.Arrays.copyOfRange(source, Integer.parseInt(se[0]), Integer.parseInt(se[1]) + 1);
            assertEquals(ObjectFiles.etag(expected), r.element("ETag"));
            assertOk(complete(B, key, id, List.of(r.element("ETag"))));
            assertArrayEquals(
                    expected,
                    raw.send("GET", path(B, key), Map.of(), Map.of(), new byte[0])
                            .body());
        } else {
            assertError(r, 400, "InvalidArgument");
        }
        if (status != 200) {
            assertEquals(
                    List.of(),
                    raw.send("GET", path(B, key), Map.of("uploadId", id), Map.of(), new byte[0])
                            .elements("PartNumber"),
                    "no part stored");
        }
    }
}
