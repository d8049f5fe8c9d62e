package io.posixgw.server.it;

import static io.posixgw.server.it.Checklist.DELETE_OBJECTS_INTEGRITY;
import static io.posixgw.server.it.Checklist.DELETE_OBJECTS_LIMIT;
import static io.posixgw.server.it.Checklist.DELETE_OBJECTS_MISSING_KEYS;
import static io.posixgw.server.it.Checklist.DELETE_OBJECTS_QUIET;
import static io.posixgw.server.it.Checklist.DELETE_OBJECTS_RESULTS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The DeleteObjects section of the checklist ({@code POST ?delete}), over raw signed HTTP. */
class DeleteObjectsSemanticsIT extends GatewayPerClass {
    static final String B = "deletes";

    @BeforeAll
    void createTheBucket() throws Exception {
        createBucket(B);
    }

    static byte[] deleteBody(boolean quiet, List<String> keys) {
        StringBuilder b = new StringBuilder("<Delete xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">");
        if (quiet) {
            b.append("<Quiet>true</Quiet>");
        }
        for (String k : keys) {
            b.append("<Object><Key>")
                    .append(k.replace("&", "&amp;").replace("<", "&lt;"))
                    .append("</Key></Object>");
        }
        return bytes(b.append("</Delete>").toString());
    }

    static String md5(byte[] body) {
        return Base64.getEncoder().encodeToString(ObjectFiles.md5(body));
    }

    RawS3.Response deleteObjects(byte[] body, Map<String, String> headers) throws Exception {
        return raw.send("POST", "/" + B, Map.of("delete", ""), headers, body);
    }

    RawS3.Response deleteObjects(boolean quiet, List<String> keys) throws Exception {
        byte[] body = deleteBody(quiet, keys);
        return deleteObjects(body, Map.of("content-md5", md5(body)));
    }

    void putAll(List<String> keys) throws Exception {
        for (String k : keys) {
            putObject(B, k, bytes(k));
        }
    }

    @Test
    void aVersionIdOtherThanNullDeletesNothing() throws Exception {
        putAll(List.of("versioned/a", "versioned/b"));
        // posixgw keeps no versions: deleting one that does not exist is a no-op, as in S3
        assertEquals(
                204,
                raw.send(
                                "DELETE",
                                path(B, "versioned/a"),
                                Map.of("versionId", "3HL4kqtJlcpXroDTDmJ"),
                                Map.of(),
                                new byte[0])
                        .status());
        ObjectFiles.assertStored(root, B, "versioned/a", bytes("versioned/a"));
        byte[] body = bytes("<Delete><Object><Key>versioned/a</Key><VersionId>3HL4kqtJlcpXroDTDmJ</VersionId></Object>"
                + "<Object><Key>versioned/b</Key><VersionId>null</VersionId></Object></Delete>");
        RawS3.Response r = deleteObjects(body, Map.of("content-md5", md5(body)));
        assertOk(r);
        assertTrue(
                r.text()
                        .contains(
                                "<Deleted><Key>versioned/a</Key><VersionId>3HL4kqtJlcpXroDTDmJ</VersionId></Deleted>"),
                r.text());
        ObjectFiles.assertStored(root, B, "versioned/a", bytes("versioned/a"));
        ObjectFiles.assertAbsent(root, B, "versioned/b");
        // the null version is the object
        assertEquals(
                204,
                raw.send("DELETE", path(B, "versioned/a"), Map.of("versionId", "null"), Map.of(), new byte[0])
                        .status());
        ObjectFiles.assertAbsent(root, B, "versioned/a");
        assertError(
                raw.send("DELETE", path("no-such-bucket", "k"), Map.of("versionId", "x"), Map.of(), new byte[0]),
                404,
                "NoSuchBucket");
    }

    @Test
    void conditionalDeletesCheckTheETag() throws Exception {
        putAll(List.of("cond/a", "cond/b", "cond/c"));
        String etagA = ObjectFiles.etag(bytes("cond/a"));
        assertError(
                raw.send(
                        "DELETE",
                        path(B, "cond/a"),
                        Map.of(),
                        Map.of("if-match", "\"00000000000000000000000000000000\""),
                        new byte[0]),
                412,
                "PreconditionFailed");
        ObjectFiles.assertStored(root, B, "cond/a", bytes("cond/a"));
        assertError(
                raw.send("DELETE", path(B, "cond/none"), Map.of(), Map.of("if-match", "*"), new byte[0]),
                404,
                "NoSuchKey");
        assertEquals(
                204,
                raw.send("DELETE", path(B, "cond/a"), Map.of(), Map.of("if-match", etagA), new byte[0])
                        .status());
        ObjectFiles.assertAbsent(root, B, "cond/a");
        assertEquals(
                204,
                raw.send("DELETE", path(B, "cond/b"), Map.of(), Map.of("if-match", "*"), new byte[0])
                        .status());
        ObjectFiles.assertAbsent(root, B, "cond/b");
        assertError(
                raw.send("DELETE", path(B, "cond/c"), Map.of(), Map.of("x-amz-if-match-size", "6"), new byte[0]),
                501,
                "NotImplemented");
        assertError(
                raw.send("DELETE", path(B, "cond/c"), Map.of("versionId", ""), Map.of(), new byte[0]),
                400,
                "InvalidArgument");
        ObjectFiles.assertStored(root, B, "cond/c", bytes("cond/c"));

        // DeleteObjects: per-entry ETag
        putAll(List.of("cond/d"));
        byte[] body = bytes("<Delete><Object><Key>cond/c</Key><ETag>\"0123\"</ETag></Object>"
                + "<Object><Key>cond/d</Key><ETag>" + ObjectFiles.etag(bytes("cond/d")) + "</ETag></Object></Delete>");
        RawS3.Response r = deleteObjects(body, Map.of("content-md5", md5(body)));
        assertOk(r);
        assertTrue(r.text().contains("<Error><Key>cond/c</Key><Code>PreconditionFailed</Code>"), r.text());
        assertTrue(r.text().contains("<Deleted><Key>cond/d</Key></Deleted>"), r.text());
        ObjectFiles.assertStored(root, B, "cond/c", bytes("cond/c"));
        ObjectFiles.assertAbsent(root, B, "cond/d");
        // directory buckets' conditions are refused per key, not ignored
        byte[] sized = bytes("<Delete><Object><Key>cond/c</Key><Size>6</Size></Object></Delete>");
        RawS3.Response s = deleteObjects(sized, Map.of("content-md5", md5(sized)));
        assertTrue(s.text().contains("<Error><Key>cond/c</Key><Code>NotImplemented</Code>"), s.text());
        ObjectFiles.assertStored(root, B, "cond/c", bytes("cond/c"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"content-md5", "x-amz-checksum-crc32", "x-amz-checksum-crc32c", "x-amz-checksum-sha256"})
    @Conformance(DELETE_OBJECTS_INTEGRITY)
    void contentMd5OrAChecksumHeaderIsRequiredAndChecked(String header) throws Exception {
        String key = "integrity/" + header;
        putAll(List.of(key));
        byte[] body = deleteBody(false, List.of(key));
        byte[] other = deleteBody(false, List.of("something/else"));
        String wrong = header.equals("content-md5")
                ? md5(other)
                : ObjectSemanticsIT.Sum.valueOf(
                                header.substring("x-amz-checksum-".length()).toUpperCase(java.util.Locale.ROOT))
                        .base64(other);
        String right = header.equals("content-md5")
                ? md5(body)
                : ObjectSemanticsIT.Sum.valueOf(
                                header.substring("x-amz-checksum-".length()).toUpperCase(java.util.Locale.ROOT))
                        .base64(body);

        assertError(deleteObjects(body, Map.of()), 400, "InvalidRequest");
        // an algorithm named alone checks nothing
        assertError(deleteObjects(body, Map.of("x-amz-sdk-checksum-algorithm", "CRC32")), 400, "InvalidRequest");
        assertError(deleteObjects(body, Map.of(header, wrong)), 400, "BadDigest");
        ObjectFiles.assertStored(root, B, key, bytes(key));
        RawS3.Response ok = deleteObjects(body, Map.of(header, right));
        assertOk(ok);
        assertEquals(List.of(key), ok.elements("Key"));
        ObjectFiles.assertAbsent(root, B, key);
    }

    @Test
    void aBodyThatIsNotADeleteIsMalformedXml() throws Exception {
        putAll(List.of("rooted"));
        for (String xml : List.of(
                "<Foo><Object><Key>rooted</Key></Object></Foo>",
                "<Delete><Object><Key>rooted</Key></Object></Delete>GARBAGE<x>")) {
            byte[] body = xml.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            assertError(deleteObjects(body, Map.of("content-md5", md5(body))), 400, "MalformedXML");
        }
        ObjectFiles.assertStored(root, B, "rooted", bytes("rooted"));
    }

    @Test
    void contentMd5IsCheckedOnEveryXmlBody() throws Exception {
        putAll(List.of("md5/tagged"));
        byte[] tagging = "<Tagging><TagSet><Tag><Key>evil</Key><Value>1</Value></Tag></TagSet></Tagging>"
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertError(
                raw.send(
                        "PUT",
                        "/" + B + "/md5/tagged",
                        Map.of("tagging", ""),
                        Map.of("content-md5", md5(bytes("other"))),
                        tagging),
                400,
                "BadDigest");
        assertError(
                raw.send(
                        "PUT",
                        "/" + B + "/md5/tagged",
                        Map.of("tagging", ""),
                        Map.of("content-md5", "!!notb64"),
                        tagging),
                400,
                "InvalidDigest");
        RawS3.Response tags = raw.send("GET", "/" + B + "/md5/tagged", Map.of("tagging", ""), Map.of(), new byte[0]);
        assertFalse(tags.text().contains("evil"), tags.text());
        assertOk(raw.send(
                "PUT", "/" + B + "/md5/tagged", Map.of("tagging", ""), Map.of("content-md5", md5(tagging)), tagging));
    }

    @Test
    @Conformance(DELETE_OBJECTS_LIMIT)
    void upTo1000KeysPerRequest() throws Exception {
        List<String> thousand = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            thousand.add("limit/" + i);
        }
        putAll(thousand.subList(0, 10));
        List<String> tooMany = new ArrayList<>(thousand);
        tooMany.add("limit/1000");
        assertError(deleteObjects(false, tooMany), 400, "MalformedXML");
        ObjectFiles.assertStored(root, B, "limit/0", bytes("limit/0"));
        assertError(deleteObjects(false, List.of()), 400, "MalformedXML");

        RawS3.Response r = deleteObjects(false, thousand);
        assertOk(r);
        assertEquals(1000, r.text().split("<Deleted>", -1).length - 1);
        ObjectFiles.assertAbsent(root, B, "limit/0");
    }

    @Test
    @Conformance({DELETE_OBJECTS_RESULTS, DELETE_OBJECTS_MISSING_KEYS})
    void eachKeyIsAnsweredDeletedOrError() throws Exception {
        putAll(List.of("results/a & b", "results/c"));
        RawS3.Response r = deleteObjects(
                false, List.of("results/a & b", "results/never-existed", "results/../escape", "results/c"));
        assertOk(r);
        String t = r.text();
        assertTrue(t.matches("(?s)<\\?xml[^>]*>\\s*<DeleteResult[^>]*>.*</DeleteResult>\\s*"), t);
        for (String deleted : new String[] {"results/a &amp; b", "results/never-existed", "results/c"}) {
            assertTrue(t.contains("<Deleted><Key>" + deleted + "</Key></Deleted>"), deleted + " in " + t);
        }
        assertTrue(
                t.matches(
                        "(?s).*<Error><Key>results/\\.\\./escape</Key><Code>InvalidArgument</Code><Message>[^<]+</Message></Error>.*"),
                t);
        ObjectFiles.assertAbsent(root, B, "results/a & b");
        ObjectFiles.assertAbsent(root, B, "results/c");
    }

    @Test
    @Conformance({DELETE_OBJECTS_QUIET, DELETE_OBJECTS_MISSING_KEYS})
    void quietAnswersErrorsOnly() throws Exception {
        putAll(List.of("quiet/a", "quiet/b"));
        RawS3.Response r = deleteObjects(true, List.of("quiet/a", "quiet/missing", "quiet/b", "quiet//bad"));
        assertOk(r);
        assertEquals(List.of("quiet//bad"), r.elements("Key"), r.text());
        assertTrue(!r.text().contains("<Deleted>") && r.text().contains("<Error>"), r.text());
        ObjectFiles.assertAbsent(root, B, "quiet/a");
        ObjectFiles.assertAbsent(root, B, "quiet/b");

        RawS3.Response clean = deleteObjects(true, List.of("quiet/missing-too"));
        assertOk(clean);
        assertEquals(List.of(), clean.elements("Key"), clean.text());
    }
}
