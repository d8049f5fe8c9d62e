package io.posixgw.server.it;

import static io.posixgw.server.it.Checklist.BUCKET_ALREADY_OWNED;
import static io.posixgw.server.it.Checklist.BUCKET_DELETE;
import static io.posixgw.server.it.Checklist.BUCKET_DELETE_MISSING;
import static io.posixgw.server.it.Checklist.BUCKET_DELETE_NOT_EMPTY;
import static io.posixgw.server.it.Checklist.BUCKET_HEAD;
import static io.posixgw.server.it.Checklist.BUCKET_NAMES;
import static io.posixgw.server.it.Checklist.CHILD_OF_FILE;
import static io.posixgw.server.it.Checklist.COMPLETE_MALFORMED;
import static io.posixgw.server.it.Checklist.COMPLETE_REPEATED;
import static io.posixgw.server.it.Checklist.COND_ETAG_SYNTAX;
import static io.posixgw.server.it.Checklist.COND_IF_MATCH;
import static io.posixgw.server.it.Checklist.COND_IF_MODIFIED_SINCE;
import static io.posixgw.server.it.Checklist.COND_IF_NONE_MATCH;
import static io.posixgw.server.it.Checklist.COND_IF_UNMODIFIED_SINCE;
import static io.posixgw.server.it.Checklist.COPY_SELF_WITH_COPY;
import static io.posixgw.server.it.Checklist.COPY_SELF_WITH_REPLACE;
import static io.posixgw.server.it.Checklist.COPY_SOURCE_MALFORMED;
import static io.posixgw.server.it.Checklist.COPY_SOURCE_MISSING;
import static io.posixgw.server.it.Checklist.COPY_SOURCE_PRECONDITIONS;
import static io.posixgw.server.it.Checklist.COPY_SOURCE_SYNTAX;
import static io.posixgw.server.it.Checklist.DELETE_MISSING_KEY;
import static io.posixgw.server.it.Checklist.DELETE_OBJECTS_INTEGRITY;
import static io.posixgw.server.it.Checklist.DELETE_OBJECTS_MISSING_KEYS;
import static io.posixgw.server.it.Checklist.DELETE_OBJECTS_RESULTS;
import static io.posixgw.server.it.Checklist.DIRECTORY_OBJECT;
import static io.posixgw.server.it.Checklist.DIRECTORY_OBJECT_WITH_BODY;
import static io.posixgw.server.it.Checklist.FILE_OVER_DIRECTORY;
import static io.posixgw.server.it.Checklist.GET_HEADERS;
import static io.posixgw.server.it.Checklist.KEY_ESCAPE;
import static io.posixgw.server.it.Checklist.KEY_LOOK_ALIKES;
import static io.posixgw.server.it.Checklist.KEY_SPECIAL_CHARACTERS;
import static io.posixgw.server.it.Checklist.LIST_DELIMITER;
import static io.posixgw.server.it.Checklist.LIST_DIRECTORY_ORDER;
import static io.posixgw.server.it.Checklist.LIST_ENCODING_TYPE;
import static io.posixgw.server.it.Checklist.LIST_ENCODING_TYPE_OTHER;
import static io.posixgw.server.it.Checklist.LIST_KEY_COUNT;
import static io.posixgw.server.it.Checklist.LIST_LAST_MODIFIED;
import static io.posixgw.server.it.Checklist.LIST_MAX_KEYS;
import static io.posixgw.server.it.Checklist.LIST_PREFIX;
import static io.posixgw.server.it.Checklist.LIST_V1_MARKER;
import static io.posixgw.server.it.Checklist.LIST_V2_CONTINUATION;
import static io.posixgw.server.it.Checklist.PART_NUMBERS;
import static io.posixgw.server.it.Checklist.PART_NUMBER_MULTIPART;
import static io.posixgw.server.it.Checklist.PART_NUMBER_OUT_OF_RANGE;
import static io.posixgw.server.it.Checklist.PART_NUMBER_SINGLE_PART;
import static io.posixgw.server.it.Checklist.PART_NUMBER_WITH_RANGE;
import static io.posixgw.server.it.Checklist.PUT_CONTENT_MD5_INVALID;
import static io.posixgw.server.it.Checklist.PUT_CONTENT_MD5_MISMATCH;
import static io.posixgw.server.it.Checklist.PUT_DEFAULT_CONTENT_TYPE;
import static io.posixgw.server.it.Checklist.PUT_ETAG;
import static io.posixgw.server.it.Checklist.PUT_IF_MATCH_MISMATCH;
import static io.posixgw.server.it.Checklist.PUT_IF_MATCH_MISSING;
import static io.posixgw.server.it.Checklist.PUT_IF_NONE_MATCH;
import static io.posixgw.server.it.Checklist.PUT_USER_METADATA;
import static io.posixgw.server.it.Checklist.RANGE_CONTENT_RANGE;
import static io.posixgw.server.it.Checklist.RANGE_EMPTY_OBJECT;
import static io.posixgw.server.it.Checklist.RANGE_IGNORED;
import static io.posixgw.server.it.Checklist.RANGE_PARTIAL;
import static io.posixgw.server.it.Checklist.RANGE_UNSATISFIABLE;
import static io.posixgw.server.it.Checklist.RESPONSE_OVERRIDES;
import static io.posixgw.server.it.Checklist.UPLOAD_PART_COPY_RANGE;
import static io.posixgw.server.it.Checklist.UPLOAD_UNKNOWN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * S3 answers in the corners, over raw signed HTTP so that statuses, headers and codes
 * are seen as sent. Runs with metadata in xattrs; {@link S3SemanticsSidecarIT} runs the
 * same tests with a sidecar directory.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class S3SemanticsIT {
    Path root;
    Path sidecar;
    TestGateway gw;
    RawS3 raw;
    static final byte[] HUNDRED = new byte[100];

    /** Extra server flags of this run. */
    String[] serverArgs() {
        return new String[0];
    }

    @BeforeAll
    void start(@TempDir Path dataDir, @TempDir Path sidecarDir) throws Exception {
        root = dataDir;
        sidecar = sidecarDir;
        gw = TestGateway.start(root, serverArgs());
        raw = gw.raw();
        for (int i = 0; i < 100; i++) {
            HUNDRED[i] = (byte) i;
        }
        assertEquals(
                200, raw.send("PUT", "/sem", Map.of(), Map.of(), new byte[0]).status());
        assertEquals(
                200,
                raw.send("PUT", "/sem/hundred", Map.of(), Map.of(), HUNDRED).status());
    }

    @AfterAll
    void stop() {
        gw.close();
    }

    RawS3.Response get(String path, Map<String, String> headers) throws Exception {
        return raw.send("GET", path, Map.of(), headers, new byte[0]);
    }

    RawS3.Response put(String path, Map<String, String> headers, String body) throws Exception {
        return raw.send("PUT", path, Map.of(), headers, body.getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @CsvSource({
        "bytes=abc,200,",
        "bytes=10-5,200,",
        "foo=0-1,200,",
        "'bytes=0-0,1-2',200,",
        "bytes=0-0,206,bytes 0-0/100",
        "bytes=50-,206,bytes 50-99/100",
        "bytes=-10,206,bytes 90-99/100",
        "bytes=-101,206,bytes 0-99/100",
        "bytes=0-999999,206,bytes 0-99/100",
        "bytes=99-99,206,bytes 99-99/100",
        "bytes=100-110,416,",
        "bytes=-0,416,",
        "bytes=100-,416,"
    })
    @Conformance({RANGE_IGNORED, RANGE_PARTIAL, RANGE_UNSATISFIABLE, RANGE_CONTENT_RANGE, GET_HEADERS})
    void ranges(String range, int status, String contentRange) throws Exception {
        RawS3.Response r = get("/sem/hundred", Map.of("range", range));
        assertEquals(status, r.status(), r.text());
        assertEquals("bytes", status == 416 ? "bytes" : r.header("accept-ranges"));
        if (status == 206) {
            assertEquals(contentRange, r.header("content-range"));
            String[] se = contentRange.substring(6, contentRange.indexOf('/')).split("-");
            int s = Integer.parseInt(se[0]);
            int e = Integer.parseInt(se[1]);
            assertEquals(e - s + 1, r.body().length);
            assertEquals((byte) s, r.body()[0]);
        } else if (status == 200) {
            assertEquals(100, r.body().length);
            assertNull(r.header("content-range"));
        } else {
            assertEquals("InvalidRange", r.errorCode());
        }
    }

    @Test
    @Conformance({RANGE_EMPTY_OBJECT, PUT_ETAG})
    void emptyObjectRangeIs416() throws Exception {
        assertEquals(200, put("/sem/empty", Map.of(), "").status());
        RawS3.Response unsatisfiable = get("/sem/empty", Map.of("range", "bytes=0-0"));
        assertEquals(416, unsatisfiable.status());
        assertEquals("InvalidRange", unsatisfiable.errorCode());
        // as S3 answers, and RFC 9110 asks of a 416
        assertEquals("bytes */0", unsatisfiable.header("content-range"));
        assertTrue(
                unsatisfiable
                        .text()
                        .contains("<RangeRequested>bytes=0-0</RangeRequested><ActualObjectSize>0</ActualObjectSize>"),
                unsatisfiable.text());
        RawS3.Response whole = get("/sem/empty", Map.of());
        assertEquals(200, whole.status());
        assertEquals("0", whole.header("content-length"));
        assertEquals("\"d41d8cd98f00b204e9800998ecf8427e\"", whole.header("etag"));
    }

    @Test
    @Conformance({PUT_DEFAULT_CONTENT_TYPE, GET_HEADERS})
    void headersOfGetAndHead() throws Exception {
        RawS3.Response r = get("/sem/hundred", Map.of());
        assertEquals("binary/octet-stream", r.header("content-type"));
        assertEquals("100", r.header("content-length"));
        assertTrue(r.header("last-modified").endsWith(" GMT"), r.header("last-modified"));
        assertTrue(r.header("etag").startsWith("\""));
        RawS3.Response h = raw.send("HEAD", "/sem/hundred", Map.of(), Map.of(), new byte[0]);
        assertEquals(200, h.status());
        assertEquals("100", h.header("content-length"));
        assertEquals(r.header("etag"), h.header("etag"));
        RawS3.Response missing = raw.send("HEAD", "/sem/nope", Map.of(), Map.of(), new byte[0]);
        assertEquals(404, missing.status());
        assertEquals(0, missing.body().length);
    }

    @Test
    @Conformance({COND_IF_MATCH, COND_IF_NONE_MATCH, COND_IF_MODIFIED_SINCE, COND_IF_UNMODIFIED_SINCE, COND_ETAG_SYNTAX
    })
    void conditionalGet() throws Exception {
        String etag = get("/sem/hundred", Map.of()).header("etag");
        RawS3.Response notModified = get("/sem/hundred", Map.of("if-none-match", etag));
        assertEquals(304, notModified.status());
        assertEquals(0, notModified.body().length);
        assertEquals(etag, notModified.header("etag"), "a 304 names the object's ETag, as AWS's does");
        assertEquals(get("/sem/hundred", Map.of()).header("last-modified"), notModified.header("last-modified"));
        assertEquals(412, get("/sem/hundred", Map.of("if-match", "\"0000\"")).status());
        assertEquals(
                200,
                get("/sem/hundred", Map.of("if-match", etag.replace("\"", ""))).status());
        assertEquals(
                304,
                get("/sem/hundred", Map.of("if-modified-since", "Fri, 01 Jan 2100 00:00:00 GMT"))
                        .status());
        assertEquals(
                412,
                get("/sem/hundred", Map.of("if-unmodified-since", "Mon, 01 Jan 2001 00:00:00 GMT"))
                        .status());
    }

    @Test
    @Conformance(RESPONSE_OVERRIDES)
    void responseOverrides() throws Exception {
        RawS3.Response r = raw.send(
                "GET",
                "/sem/hundred",
                Map.of(
                        "response-content-type",
                        "text/csv",
                        "response-content-disposition",
                        "attachment; filename=\"a b.csv\"",
                        "response-cache-control",
                        "no-cache"),
                Map.of(),
                new byte[0]);
        assertEquals(200, r.status(), r.text());
        assertEquals("text/csv", r.header("content-type"));
        assertEquals("attachment; filename=\"a b.csv\"", r.header("content-disposition"));
        assertEquals("no-cache", r.header("cache-control"));
    }

    @Test
    @Conformance({PUT_USER_METADATA, PUT_CONTENT_MD5_INVALID, PUT_CONTENT_MD5_MISMATCH})
    void putValidation() throws Exception {
        Map<String, String> big = new HashMap<>();
        for (int i = 0; i < 30; i++) {
            big.put("x-amz-meta-k" + i, "v".repeat(80));
        }
        RawS3.Response tooBig = put("/sem/meta-too-big", big, "x");
        assertEquals(400, tooBig.status());
        assertEquals("MetadataTooLarge", tooBig.errorCode());
        assertFalse(Files.exists(root.resolve("sem/meta-too-big")));

        byte[] md5 = MessageDigest.getInstance("MD5").digest("x".getBytes(StandardCharsets.UTF_8));
        assertEquals(
                200,
                put("/sem/md5-ok", Map.of("content-md5", Base64.getEncoder().encodeToString(md5)), "x")
                        .status());
        RawS3.Response bad =
                put("/sem/md5-bad", Map.of("content-md5", Base64.getEncoder().encodeToString(md5)), "y");
        assertEquals(400, bad.status());
        assertEquals("BadDigest", bad.errorCode());
        RawS3.Response invalid = put("/sem/md5-bad", Map.of("content-md5", "not base64!"), "y");
        assertEquals(400, invalid.status());
        assertEquals("InvalidDigest", invalid.errorCode());
        assertFalse(Files.exists(root.resolve("sem/md5-bad")));
    }

    @Test
    @Conformance({KEY_ESCAPE, KEY_LOOK_ALIKES, KEY_SPECIAL_CHARACTERS})
    void keysThatWouldEscapeAreRejectedLookAlikesStoredLiterally() throws Exception {
        for (String path : new String[] {"/sem/a/../b", "/sem/..", "/sem/a//b", "/sem/.sgwtmp/x", "/sem/a%00b"}) {
            RawS3.Response r = put(path, Map.of(), "evil");
            assertEquals(400, r.status(), path + " -> " + r.text());
        }
        // Encoded dots decode to "..": the signature (over the canonical, re-encoded path) or the key check refuses it.
        for (String path : new String[] {"/sem/x/%2e%2e/y", "/sem/..%2fetc"}) {
            int status = put(path, Map.of(), "evil").status();
            assertTrue(status == 400 || status == 403, path + " -> " + status);
        }
        assertFalse(Files.exists(root.resolve("y")) || Files.exists(root.resolve("sem/y")));
        assertEquals(200, put("/sem/%252e%252e/x", Map.of(), "literal").status());
        assertTrue(Files.exists(root.resolve("sem/%2e%2e/x")));
        assertEquals("literal", get("/sem/%252e%252e/x", Map.of()).text());
        String special = "/sem/" + TestSigner.encode("sp ce/!-_.'()&@=;: ,?^{}%`[]~<>|#\\+\u00e9", false);
        assertEquals(200, put(special, Map.of(), "special").status());
        assertEquals("special", get(special, Map.of()).text());
    }

    @Test
    @Conformance({DIRECTORY_OBJECT, DIRECTORY_OBJECT_WITH_BODY, FILE_OVER_DIRECTORY, CHILD_OF_FILE})
    void directoryObjectsAndConflicts() throws Exception {
        assertEquals(200, put("/sem/dir/", Map.of(), "").status());
        RawS3.Response h = raw.send("HEAD", "/sem/dir/", Map.of(), Map.of(), new byte[0]);
        assertEquals(200, h.status());
        assertEquals("\"d41d8cd98f00b204e9800998ecf8427e\"", h.header("etag"));
        // a key ending in '/' with data, a key over keys under it, a key under a key: S3 holds all
        assertEquals(200, put("/sem/dir2/", Map.of(), "data").status());
        assertEquals("data", get("/sem/dir2/", Map.of()).text());
        assertEquals(200, put("/sem/file", Map.of(), "f").status());
        assertEquals(200, put("/sem/file/child", Map.of(), "c").status());
        assertEquals("f", get("/sem/file", Map.of()).text());
        assertEquals("c", get("/sem/file/child", Map.of()).text());
        assertEquals(200, put("/sem/tree/leaf", Map.of(), "l").status());
        assertEquals(404, get("/sem/tree", Map.of()).status(), "a prefix is not an object");
        assertEquals(200, put("/sem/tree", Map.of(), "t").status());
        assertEquals("t", get("/sem/tree", Map.of()).text());
        assertEquals("l", get("/sem/tree/leaf", Map.of()).text());
        RawS3.Response v2 = raw.send(
                "GET", "/sem", Map.of("list-type", "2", "prefix", "tree", "delimiter", "/"), Map.of(), new byte[0]);
        assertTrue(v2.text().contains("<Key>tree</Key>"), v2.text());
        assertTrue(v2.text().contains("<CommonPrefixes><Prefix>tree/</Prefix></CommonPrefixes>"), v2.text());
        assertEquals(
                204,
                raw.send("DELETE", "/sem/file/child", Map.of(), Map.of(), new byte[0])
                        .status());
        assertEquals("f", get("/sem/file", Map.of()).text());
        assertTrue(Files.isRegularFile(root.resolve("sem/file")), "a plain file again, as versitygw writes it");
        assertEquals(
                204,
                raw.send("DELETE", "/sem/dir2/", Map.of(), Map.of(), new byte[0])
                        .status());
        assertEquals(404, get("/sem/dir2/", Map.of()).status());
    }

    @Test
    @Conformance({
        COPY_SOURCE_SYNTAX,
        COPY_SOURCE_MISSING,
        COPY_SOURCE_MALFORMED,
        COPY_SELF_WITH_COPY,
        COPY_SELF_WITH_REPLACE,
        COPY_SOURCE_PRECONDITIONS
    })
    void copyRules() throws Exception {
        assertEquals(
                200,
                put("/sem/cp-src", Map.of("content-type", "text/plain", "x-amz-meta-a", "1"), "copy me")
                        .status());
        RawS3.Response self = put("/sem/cp-src", Map.of("x-amz-copy-source", "/sem/cp-src"), "");
        assertEquals(400, self.status());
        assertEquals("InvalidRequest", self.errorCode());
        RawS3.Response replace = put(
                "/sem/cp-src",
                Map.of(
                        "x-amz-copy-source",
                        "sem/cp-src",
                        "x-amz-metadata-directive",
                        "REPLACE",
                        "content-type",
                        "text/markdown",
                        "x-amz-meta-b",
                        "2"),
                "");
        assertEquals(200, replace.status(), replace.text());
        assertTrue(replace.text().contains("<CopyObjectResult"), replace.text());
        RawS3.Response after = get("/sem/cp-src", Map.of());
        assertEquals("text/markdown", after.header("content-type"));
        assertEquals("2", after.header("x-amz-meta-b"));
        assertNull(after.header("x-amz-meta-a"));
        assertEquals("copy me", after.text());
        RawS3.Response missing = put("/sem/cp-dst", Map.of("x-amz-copy-source", "/sem/absent"), "");
        assertEquals(404, missing.status());
        assertEquals("NoSuchKey", missing.errorCode());
        RawS3.Response malformed = put("/sem/cp-dst", Map.of("x-amz-copy-source", "nobucketonly"), "");
        assertEquals(400, malformed.status());
        assertEquals("InvalidArgument", malformed.errorCode());
        RawS3.Response precondition = put(
                "/sem/cp-dst",
                Map.of("x-amz-copy-source", "/sem/cp-src", "x-amz-copy-source-if-match", "\"nope\""),
                "");
        assertEquals(412, precondition.status());
        assertEquals("PreconditionFailed", precondition.errorCode());
        RawS3.Response copied = put("/sem/cp-dst", Map.of("x-amz-copy-source", "/sem/cp-src"), "");
        assertEquals(200, copied.status());
        assertEquals("text/markdown", get("/sem/cp-dst", Map.of()).header("content-type"));
    }

    @Test
    @Conformance({
        LIST_PREFIX,
        LIST_DELIMITER,
        LIST_DIRECTORY_ORDER,
        LIST_KEY_COUNT,
        LIST_LAST_MODIFIED,
        LIST_MAX_KEYS,
        LIST_ENCODING_TYPE,
        LIST_ENCODING_TYPE_OTHER,
        LIST_V1_MARKER,
        LIST_V2_CONTINUATION
    })
    void listingV2AndV1() throws Exception {
        for (String k : new String[] {"ls/a-b", "ls/a.txt", "ls/a/x", "ls/a/y", "ls/b c+d", "ls/z"}) {
            assertEquals(
                    200, put("/sem/" + TestSigner.encode(k, false), Map.of(), k).status());
        }
        RawS3.Response v2 = raw.send(
                "GET",
                "/sem",
                Map.of("list-type", "2", "prefix", "ls/", "delimiter", "/", "encoding-type", "url"),
                Map.of(),
                new byte[0]);
        String x = v2.text();
        assertEquals(200, v2.status(), x);
        assertTrue(x.contains("<EncodingType>url</EncodingType>"), x);
        assertTrue(x.indexOf("<Key>ls/a-b</Key>") < x.indexOf("<Key>ls/a.txt</Key>"), x);
        assertTrue(x.contains("<CommonPrefixes><Prefix>ls/a/</Prefix></CommonPrefixes>"), x);
        assertTrue(x.contains("<Key>ls/b%20c%2Bd</Key>"), x);
        assertTrue(x.contains("<KeyCount>5</KeyCount>"), x);
        assertTrue(
                x.matches("(?s).*<LastModified>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z</LastModified>.*"),
                x);

        RawS3.Response page1 = raw.send(
                "GET", "/sem", Map.of("list-type", "2", "prefix", "ls/", "max-keys", "2"), Map.of(), new byte[0]);
        assertTrue(page1.text().contains("<IsTruncated>true</IsTruncated>"), page1.text());
        String token = between(page1.text(), "<NextContinuationToken>", "</NextContinuationToken>");
        RawS3.Response page2 = raw.send(
                "GET",
                "/sem",
                Map.of(
                        "list-type",
                        "2",
                        "prefix",
                        "ls/",
                        "max-keys",
                        "2",
                        "continuation-token",
                        token,
                        "start-after",
                        "ls/a-b"),
                Map.of(),
                new byte[0]);
        assertTrue(page2.text().contains("<Key>ls/a/x</Key><"), page2.text());
        assertTrue(page2.text().contains("<Key>ls/a/y</Key><"), page2.text());

        RawS3.Response zero = raw.send("GET", "/sem", Map.of("list-type", "2", "max-keys", "0"), Map.of(), new byte[0]);
        assertTrue(
                zero.text().contains("<IsTruncated>false</IsTruncated>")
                        && !zero.text().contains("<Contents>"),
                zero.text());
        RawS3.Response negative =
                raw.send("GET", "/sem", Map.of("list-type", "2", "max-keys", "-1"), Map.of(), new byte[0]);
        assertEquals(400, negative.status());
        assertEquals("InvalidArgument", negative.errorCode());
        RawS3.Response xmlEncoding =
                raw.send("GET", "/sem", Map.of("list-type", "2", "encoding-type", "xml"), Map.of(), new byte[0]);
        assertEquals(400, xmlEncoding.status());
        assertEquals("InvalidArgument", xmlEncoding.errorCode());

        RawS3.Response v1 = raw.send(
                "GET", "/sem", Map.of("prefix", "ls/", "delimiter", "/", "max-keys", "2"), Map.of(), new byte[0]);
        assertTrue(v1.text().contains("<NextMarker>ls/a.txt</NextMarker>"), v1.text());
    }

    @Test
    @Conformance({
        DELETE_OBJECTS_INTEGRITY,
        DELETE_OBJECTS_RESULTS,
        DELETE_OBJECTS_MISSING_KEYS,
        DELETE_MISSING_KEY,
        BUCKET_DELETE,
        BUCKET_DELETE_NOT_EMPTY,
        BUCKET_DELETE_MISSING,
        BUCKET_ALREADY_OWNED,
        BUCKET_NAMES,
        BUCKET_HEAD
    })
    void deleteObjectsAndBuckets() throws Exception {
        for (String k : new String[] {"del/1", "del/2"}) {
            put("/sem/" + k, Map.of(), k);
        }
        String body =
                "<Delete><Object><Key>del/1</Key></Object><Object><Key>del/2</Key></Object><Object><Key>del/missing</Key></Object></Delete>";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String md5 = Base64.getEncoder()
                .encodeToString(MessageDigest.getInstance("MD5").digest(bytes));
        RawS3.Response noMd5 = raw.send("POST", "/sem", Map.of("delete", ""), Map.of(), bytes);
        assertEquals(400, noMd5.status());
        assertEquals("InvalidRequest", noMd5.errorCode());
        RawS3.Response r = raw.send("POST", "/sem", Map.of("delete", ""), Map.of("content-md5", md5), bytes);
        assertEquals(200, r.status(), r.text());
        assertTrue(
                r.text().contains("<Deleted><Key>del/1</Key></Deleted>")
                        && r.text().contains("<Key>del/missing</Key>"),
                r.text());
        assertFalse(Files.exists(root.resolve("sem/del/1")));
        assertEquals(
                204,
                raw.send("DELETE", "/sem/never-existed", Map.of(), Map.of(), new byte[0])
                        .status());

        assertError(raw.send("DELETE", "/sem", Map.of(), Map.of(), new byte[0]), 409, "BucketNotEmpty");
        assertError(raw.send("DELETE", "/absent-bucket", Map.of(), Map.of(), new byte[0]), 404, "NoSuchBucket");
        assertEquals(
                200,
                raw.send("PUT", "/sem", Map.of(), Map.of(), new byte[0]).status(),
                "an owned bucket, in us-east-1");
        assertError(raw.send("PUT", "/Bad_Name", Map.of(), Map.of(), new byte[0]), 400, "InvalidBucketName");
        RawS3.Response head = raw.send("HEAD", "/sem", Map.of(), Map.of(), new byte[0]);
        assertEquals(200, head.status());
        assertEquals("us-east-1", head.header("x-amz-bucket-region"));
        assertEquals(
                404,
                raw.send("HEAD", "/absent-bucket", Map.of(), Map.of(), new byte[0])
                        .status());
        assertEquals(
                200,
                raw.send("PUT", "/sem-empty", Map.of(), Map.of(), new byte[0]).status());
        assertEquals(
                204,
                raw.send("DELETE", "/sem-empty", Map.of(), Map.of(), new byte[0])
                        .status());
    }

    @Test
    @Conformance({
        PART_NUMBERS,
        UPLOAD_UNKNOWN,
        COMPLETE_REPEATED,
        COMPLETE_MALFORMED,
        PART_NUMBER_MULTIPART,
        PART_NUMBER_SINGLE_PART,
        PART_NUMBER_OUT_OF_RANGE,
        PART_NUMBER_WITH_RANGE
    })
    void multipartListings() throws Exception {
        RawS3.Response init = raw.send(
                "POST", "/sem/mp/key", Map.of("uploads", ""), Map.of("content-type", "text/x-mp"), new byte[0]);
        String id = between(init.text(), "<UploadId>", "</UploadId>");
        RawS3.Response part = raw.send(
                "PUT",
                "/sem/mp/key",
                Map.of("uploadId", id, "partNumber", "1"),
                Map.of(),
                "part-one".getBytes(StandardCharsets.UTF_8));
        assertEquals(200, part.status());
        RawS3.Response uploads = raw.send("GET", "/sem", Map.of("uploads", "", "prefix", "mp/"), Map.of(), new byte[0]);
        assertTrue(uploads.text().contains("<UploadId>" + id + "</UploadId>"), uploads.text());
        RawS3.Response parts = raw.send("GET", "/sem/mp/key", Map.of("uploadId", id), Map.of(), new byte[0]);
        assertTrue(
                parts.text().contains("<PartNumber>1</PartNumber>")
                        && parts.text().contains("<Size>8</Size>"),
                parts.text());
        assertError(
                raw.send("PUT", "/sem/mp/key", Map.of("uploadId", id, "partNumber", "10001"), Map.of(), new byte[1]),
                400,
                "InvalidArgument");
        assertError(
                raw.send(
                        "PUT",
                        "/sem/mp/key",
                        Map.of("uploadId", "0190d5b2-0000-7000-8000-000000000000", "partNumber", "1"),
                        Map.of(),
                        new byte[1]),
                404,
                "NoSuchUpload");
        String complete = "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>" + part.header("etag")
                + "</ETag></Part></CompleteMultipartUpload>";
        RawS3.Response done = raw.send(
                "POST", "/sem/mp/key", Map.of("uploadId", id), Map.of(), complete.getBytes(StandardCharsets.UTF_8));
        assertEquals(200, done.status(), done.text());
        String etag = between(done.text(), "<ETag>", "</ETag>");
        assertTrue(etag.endsWith("-1\""), etag);
        RawS3.Response again = raw.send(
                "POST", "/sem/mp/key", Map.of("uploadId", id), Map.of(), complete.getBytes(StandardCharsets.UTF_8));
        assertEquals(200, again.status(), "a repeated Complete answers the same ETag: " + again.text());
        assertEquals(etag, between(again.text(), "<ETag>", "</ETag>"));
        assertEquals("text/x-mp", get("/sem/mp/key", Map.of()).header("content-type"));
        RawS3.Response part1 = raw.send("GET", "/sem/mp/key", Map.of("partNumber", "1"), Map.of(), new byte[0]);
        assertEquals(206, part1.status(), part1.text());
        assertEquals("part-one", part1.text());
        assertEquals("1", part1.header("x-amz-mp-parts-count"));
        assertEquals("bytes 0-7/8", part1.header("content-range"));
        assertError(
                raw.send("GET", "/sem/mp/key", Map.of("partNumber", "2"), Map.of(), new byte[0]),
                416,
                "InvalidPartNumber");
        assertError(
                raw.send("GET", "/sem/mp/key", Map.of("partNumber", "1"), Map.of("range", "bytes=0-1"), new byte[0]),
                400,
                "InvalidRequest");
        RawS3.Response single = raw.send("GET", "/sem/hundred", Map.of("partNumber", "1"), Map.of(), new byte[0]);
        assertEquals(206, single.status(), "part 1 of a single-part object is the whole object, as a range");
        assertEquals("bytes 0-99/100", single.header("content-range"));
        assertEquals(100, single.body().length);
        assertError(
                raw.send(
                        "POST",
                        "/sem/mp/key2",
                        Map.of("uploadId", id),
                        Map.of(),
                        "<CompleteMultipartUpload>".getBytes(StandardCharsets.UTF_8)),
                400,
                "MalformedXML");
    }

    @Test
    @Conformance(UPLOAD_PART_COPY_RANGE)
    void uploadPartCopy() throws Exception {
        byte[] five = new byte[5 << 20];
        new java.util.Random(3).nextBytes(five);
        assertEquals(
                200, raw.send("PUT", "/sem/upc-src", Map.of(), Map.of(), five).status());
        RawS3.Response init = raw.send("POST", "/sem/upc-dst", Map.of("uploads", ""), Map.of(), new byte[0]);
        String id = between(init.text(), "<UploadId>", "</UploadId>");
        Map<String, String> q1 = Map.of("uploadId", id, "partNumber", "1");
        RawS3.Response whole =
                raw.send("PUT", "/sem/upc-dst", q1, Map.of("x-amz-copy-source", "/sem/upc-src"), new byte[0]);
        assertEquals(200, whole.status(), whole.text());
        assertTrue(whole.text().contains("<CopyPartResult"), whole.text());
        String etag1 = between(whole.text(), "<ETag>", "</ETag>");
        Map<String, String> q2 = Map.of("uploadId", id, "partNumber", "2");
        RawS3.Response ranged = raw.send(
                "PUT",
                "/sem/upc-dst",
                q2,
                Map.of("x-amz-copy-source", "/sem/hundred", "x-amz-copy-source-range", "bytes=10-19"),
                new byte[0]);
        assertEquals(200, ranged.status(), ranged.text());
        String etag2 = between(ranged.text(), "<ETag>", "</ETag>");

        assertError(
                raw.send(
                        "PUT",
                        "/sem/upc-dst",
                        q2,
                        Map.of("x-amz-copy-source", "/sem/hundred", "x-amz-copy-source-range", "bytes=90-100"),
                        new byte[0]),
                400,
                "InvalidArgument");
        assertError(
                raw.send(
                        "PUT",
                        "/sem/upc-dst",
                        q2,
                        Map.of("x-amz-copy-source", "/sem/hundred", "x-amz-copy-source-range", "bytes=20-10"),
                        new byte[0]),
                400,
                "InvalidArgument");
        assertError(
                raw.send("PUT", "/sem/upc-dst", q2, Map.of("x-amz-copy-source", "/sem/absent"), new byte[0]),
                404,
                "NoSuchKey");
        assertEquals(
                412,
                raw.send(
                                "PUT",
                                "/sem/upc-dst",
                                q2,
                                Map.of("x-amz-copy-source", "/sem/hundred", "x-amz-copy-source-if-match", "\"nope\""),
                                new byte[0])
                        .status());

        String complete = "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>" + etag1 + "</ETag></Part>"
                + "<Part><PartNumber>2</PartNumber><ETag>" + etag2 + "</ETag></Part></CompleteMultipartUpload>";
        RawS3.Response done = raw.send(
                "POST", "/sem/upc-dst", Map.of("uploadId", id), Map.of(), complete.getBytes(StandardCharsets.UTF_8));
        assertEquals(200, done.status(), done.text());
        byte[] got = get("/sem/upc-dst", Map.of()).body();
        assertEquals(five.length + 10, got.length);
        assertEquals(java.nio.ByteBuffer.wrap(five), java.nio.ByteBuffer.wrap(got, 0, five.length));
        for (int i = 0; i < 10; i++) {
            assertEquals((byte) (10 + i), got[five.length + i]);
        }
    }

    @Test
    @Conformance({PUT_IF_NONE_MATCH, PUT_IF_MATCH_MISMATCH, PUT_IF_MATCH_MISSING})
    void conditionalPut() throws Exception {
        assertEquals(
                200, put("/sem/cond", Map.of("if-none-match", "*"), "first").status());
        RawS3.Response exists = put("/sem/cond", Map.of("if-none-match", "*"), "second");
        assertEquals(412, exists.status());
        assertEquals("PreconditionFailed", exists.errorCode());
        String etag = get("/sem/cond", Map.of()).header("etag");
        assertEquals("first", get("/sem/cond", Map.of()).text());
        assertError(put("/sem/cond", Map.of("if-match", "\"ffff\""), "third"), 412, "PreconditionFailed");
        assertError(put("/sem/cond-missing", Map.of("if-match", etag), "x"), 404, "NoSuchKey");
        assertFalse(Files.exists(root.resolve("sem/cond-missing")));
        assertEquals(200, put("/sem/cond", Map.of("if-match", etag), "fourth").status());
        assertEquals("fourth", get("/sem/cond", Map.of()).text());
    }

    @Test
    void objectTagging() throws Exception {
        assertEquals(
                200,
                put("/sem/tagged", Map.of("x-amz-tagging", "project=ryax&stage=a%20b"), "t")
                        .status());
        RawS3.Response tags = raw.send("GET", "/sem/tagged", Map.of("tagging", ""), Map.of(), new byte[0]);
        assertEquals(200, tags.status(), tags.text());
        assertTrue(
                tags.text()
                        .contains(
                                "<TagSet><Tag><Key>project</Key><Value>ryax</Value></Tag><Tag><Key>stage</Key><Value>a b</Value></Tag></TagSet>"),
                tags.text());
        assertEquals(
                "2",
                raw.send("HEAD", "/sem/tagged", Map.of(), Map.of(), new byte[0]).header("x-amz-tagging-count"));

        String body = "<Tagging><TagSet><Tag><Key>k</Key><Value>v</Value></Tag></TagSet></Tagging>";
        assertEquals(
                200,
                raw.send("PUT", "/sem/tagged", Map.of("tagging", ""), Map.of(), body.getBytes(StandardCharsets.UTF_8))
                        .status());
        assertTrue(raw.send("GET", "/sem/tagged", Map.of("tagging", ""), Map.of(), new byte[0])
                .text()
                .contains("<TagSet><Tag><Key>k</Key><Value>v</Value></Tag></TagSet>"));
        assertEquals("t", get("/sem/tagged", Map.of()).text(), "tagging leaves the data alone");

        assertEquals(
                200,
                put("/sem/tagged-copy", Map.of("x-amz-copy-source", "/sem/tagged"), "")
                        .status());
        assertEquals(
                "1",
                raw.send("HEAD", "/sem/tagged-copy", Map.of(), Map.of(), new byte[0])
                        .header("x-amz-tagging-count"));
        assertEquals(
                200,
                put(
                                "/sem/tagged-copy2",
                                Map.of(
                                        "x-amz-copy-source",
                                        "/sem/tagged",
                                        "x-amz-tagging-directive",
                                        "REPLACE",
                                        "x-amz-tagging",
                                        "x=1&y=2&z=3"),
                                "")
                        .status());
        assertEquals(
                "3",
                raw.send("HEAD", "/sem/tagged-copy2", Map.of(), Map.of(), new byte[0])
                        .header("x-amz-tagging-count"));

        assertEquals(
                204,
                raw.send("DELETE", "/sem/tagged", Map.of("tagging", ""), Map.of(), new byte[0])
                        .status());
        assertTrue(raw.send("GET", "/sem/tagged", Map.of("tagging", ""), Map.of(), new byte[0])
                        .text()
                        .contains("<TagSet/>")
                || raw.send("GET", "/sem/tagged", Map.of("tagging", ""), Map.of(), new byte[0])
                        .text()
                        .contains("<TagSet></TagSet>"));
        assertEquals(
                null,
                raw.send("HEAD", "/sem/tagged", Map.of(), Map.of(), new byte[0]).header("x-amz-tagging-count"));

        StringBuilder eleven = new StringBuilder();
        for (int i = 0; i < 11; i++) {
            eleven.append(i == 0 ? "" : "&").append("k").append(i).append("=v");
        }
        RawS3.Response tooMany = put("/sem/too-many-tags", Map.of("x-amz-tagging", eleven.toString()), "t");
        assertEquals(400, tooMany.status());
        assertFalse(Files.exists(root.resolve("sem/too-many-tags")));
        assertEquals(
                "InvalidTag",
                put("/sem/bad-tag", Map.of("x-amz-tagging", "=v"), "t").errorCode());
        assertEquals(
                "NoSuchKey",
                raw.send("GET", "/sem/untagged-missing", Map.of("tagging", ""), Map.of(), new byte[0])
                        .errorCode());
    }

    static void assertError(RawS3.Response r, int status, String code) {
        assertEquals(status, r.status(), r.text());
        assertEquals(code, r.errorCode(), r.text());
    }

    static String between(String s, String a, String b) {
        int i = s.indexOf(a);
        int j = s.indexOf(b, i + a.length());
        return s.substring(i + a.length(), j).replace("&quot;", "\"");
    }
}
