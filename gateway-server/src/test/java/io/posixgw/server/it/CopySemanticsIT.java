package io.posixgw.server.it;

import static io.posixgw.server.it.Checklist.COPY_DIRECTIVE_COPY;
import static io.posixgw.server.it.Checklist.COPY_DIRECTIVE_REPLACE;
import static io.posixgw.server.it.Checklist.COPY_ETAG;
import static io.posixgw.server.it.Checklist.COPY_RESULT;
import static io.posixgw.server.it.Checklist.COPY_SELF_WITH_COPY;
import static io.posixgw.server.it.Checklist.COPY_SELF_WITH_REPLACE;
import static io.posixgw.server.it.Checklist.COPY_SOURCE_DECODED_ONCE;
import static io.posixgw.server.it.Checklist.COPY_SOURCE_MALFORMED;
import static io.posixgw.server.it.Checklist.COPY_SOURCE_MISSING;
import static io.posixgw.server.it.Checklist.COPY_SOURCE_PRECONDITIONS;
import static io.posixgw.server.it.Checklist.COPY_SOURCE_SYNTAX;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The Copy section of the checklist (CopyObject), over raw signed HTTP. */
class CopySemanticsIT extends GatewayPerClass {
    static final String B = "copies";
    static final byte[] SOURCE = ObjectFiles.random(3000, 30);
    static final Map<String, String> SOURCE_HEADERS = Map.of(
            "content-type",
            "text/x-source",
            "cache-control",
            "max-age=5",
            "content-disposition",
            "inline",
            "x-amz-meta-origin",
            "source",
            "x-amz-meta-n",
            "1");

    @BeforeAll
    void createSource() throws Exception {
        createBucket(B);
        assertOk(raw.send("PUT", path(B, "src"), Map.of(), SOURCE_HEADERS, SOURCE));
    }

    RawS3.Response copy(String destination, Map<String, String> headers) throws IOException {
        return raw.send("PUT", path(B, destination), Map.of(), headers, new byte[0]);
    }

    RawS3.Response get(String key) throws IOException {
        return raw.send("GET", path(B, key), Map.of(), Map.of(), new byte[0]);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/copies/src", "copies/src", "/copies/src?versionId=null", "copies/src?versionId=null"})
    @Conformance({COPY_SOURCE_SYNTAX, COPY_RESULT, COPY_ETAG})
    void copySourceSpellings(String source) throws Exception {
        String destination = "dst-" + Integer.toHexString(source.hashCode());
        RawS3.Response r = copy(destination, Map.of("x-amz-copy-source", source));
        assertOk(r);
        assertTrue(
                r.text()
                        .matches(
                                "(?s)<\\?xml[^>]*>\\s*<CopyObjectResult[^>]*>\\s*<(ETag|LastModified)>.*</CopyObjectResult>\\s*"),
                r.text());
        assertEquals(ObjectFiles.etag(SOURCE), r.element("ETag"), "a single-part source's ETag");
        assertTrue(
                r.element("LastModified").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"),
                r.element("LastModified"));
        RawS3.Response got = get(destination);
        assertArrayEquals(SOURCE, got.body());
        assertEquals(ObjectFiles.etag(SOURCE), got.header("etag"));
        ObjectFiles.assertStored(root, B, destination, SOURCE);
    }

    /** The header is percent-decoded exactly once, and '+' stays a plus (a path, not a form). */
    @ParameterizedTest
    @CsvSource({"/copies/a%20b,a b", "/copies/a%2520b,a%20b", "/copies/1+1,1+1", "/copies/%C3%A9t%C3%A9,été"})
    @Conformance(COPY_SOURCE_DECODED_ONCE)
    void copySourceIsDecodedOnce(String source, String expectedKey) throws Exception {
        for (String k : new String[] {"a b", "a%20b", "1+1", "1 1", "été"}) {
            putObject(B, k, bytes("object " + k));
        }
        String destination = "decoded-" + Integer.toHexString(source.hashCode());
        assertOk(copy(destination, Map.of("x-amz-copy-source", source)));
        assertEquals("object " + expectedKey, get(destination).text());
    }

    @Test
    void theDestinationHonoursIfNoneMatchAndIfMatch() throws Exception {
        String before = putObject(B, "guarded", bytes("before")).header("etag");
        assertError(
                copy("guarded", Map.of("x-amz-copy-source", "/copies/src", "if-none-match", "*")),
                412,
                "PreconditionFailed");
        assertError(
                copy("guarded", Map.of("x-amz-copy-source", "/copies/src", "if-match", "\"0123\"")),
                412,
                "PreconditionFailed");
        ObjectFiles.assertStored(root, B, "guarded", bytes("before"));
        assertOk(copy("guarded", Map.of("x-amz-copy-source", "/copies/src", "if-match", before)));
        assertEquals(get("src").text(), get("guarded").text());
    }

    @Test
    @Conformance(COPY_SOURCE_MISSING)
    void missingSourceIsNoSuchKey() throws Exception {
        assertError(copy("from-missing", Map.of("x-amz-copy-source", "/copies/absent")), 404, "NoSuchKey");
        assertError(copy("from-missing", Map.of("x-amz-copy-source", "/no-such-bucket/src")), 404, "NoSuchBucket");
        assertError(
                copy("from-missing", Map.of("x-amz-copy-source", "/copies/src?versionId=3HL4kqtJlcpXroDTDmJ")),
                404,
                "NoSuchVersion");
        ObjectFiles.assertAbsent(root, B, "from-missing");
    }

    @ParameterizedTest
    @ValueSource(strings = {"nobucketonly", "/copies", "/copies/", "/", "/Bad_Bucket/src", "/copies/a/../src"})
    @Conformance(COPY_SOURCE_MALFORMED)
    void malformedSourceIsInvalidArgument(String source) throws Exception {
        assertError(copy("from-malformed", Map.of("x-amz-copy-source", source)), 400, "InvalidArgument");
        ObjectFiles.assertAbsent(root, B, "from-malformed");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "COPY"})
    @Conformance(COPY_DIRECTIVE_COPY)
    void copyDirectiveKeepsMetadataAndContentType(String directive) throws Exception {
        Map<String, String> headers = new HashMap<>(Map.of(
                "x-amz-copy-source", "/copies/src", "content-type", "text/ignored", "x-amz-meta-ignored", "yes"));
        if (!directive.isEmpty()) {
            headers.put("x-amz-metadata-directive", directive);
        }
        String destination = "kept-" + directive;
        assertOk(copy(destination, headers));
        RawS3.Response got = get(destination);
        SOURCE_HEADERS.forEach((k, v) -> assertEquals(v, got.header(k), k));
        assertNull(got.header("x-amz-meta-ignored"), "the request's metadata is not taken with COPY");
    }

    @Test
    @Conformance(COPY_DIRECTIVE_REPLACE)
    void replaceDirectiveTakesTheRequestsMetadata() throws Exception {
        assertOk(copy(
                "replaced",
                Map.of(
                        "x-amz-copy-source",
                        "/copies/src",
                        "x-amz-metadata-directive",
                        "REPLACE",
                        "content-type",
                        "application/json",
                        "x-amz-meta-fresh",
                        "new")));
        RawS3.Response got = get("replaced");
        assertEquals("application/json", got.header("content-type"));
        assertEquals("new", got.header("x-amz-meta-fresh"));
        assertNull(got.header("x-amz-meta-origin"));
        assertNull(got.header("cache-control"), "REPLACE takes everything from the request, nothing from the source");
        assertArrayEquals(SOURCE, got.body());

        assertOk(copy(
                "replaced-bare", Map.of("x-amz-copy-source", "/copies/src", "x-amz-metadata-directive", "REPLACE")));
        assertEquals("binary/octet-stream", get("replaced-bare").header("content-type"));
        assertError(
                copy("replaced-bad", Map.of("x-amz-copy-source", "/copies/src", "x-amz-metadata-directive", "MERGE")),
                400,
                "InvalidArgument");
    }

    @Test
    @Conformance({COPY_SELF_WITH_COPY, COPY_SELF_WITH_REPLACE})
    void copyOntoItself() throws Exception {
        assertOk(raw.send(
                "PUT",
                path(B, "self"),
                Map.of(),
                Map.of("content-type", "text/plain", "x-amz-meta-v", "1"),
                bytes("self")));
        String etag = get("self").header("etag");
        for (Map<String, String> h : java.util.List.of(
                Map.of("x-amz-copy-source", "/copies/self"),
                Map.of("x-amz-copy-source", "/copies/self", "x-amz-metadata-directive", "COPY"))) {
            assertError(copy("self", h), 400, "InvalidRequest");
        }
        assertEquals("1", get("self").header("x-amz-meta-v"));
        RawS3.Response replaced = copy(
                "self",
                Map.of(
                        "x-amz-copy-source",
                        "copies/self",
                        "x-amz-metadata-directive",
                        "REPLACE",
                        "content-type",
                        "text/markdown",
                        "x-amz-meta-v",
                        "2"));
        assertOk(replaced);
        RawS3.Response got = get("self");
        assertEquals("text/markdown", got.header("content-type"));
        assertEquals("2", got.header("x-amz-meta-v"));
        assertEquals("self", got.text());
        assertEquals(etag, got.header("etag"));
    }

    /** {etag} is the source's ETag; dates are far in the past or the future. */
    @ParameterizedTest
    @CsvSource({
        "x-amz-copy-source-if-match,\"0000\",412",
        "x-amz-copy-source-if-match,{etag},200",
        "x-amz-copy-source-if-match,*,200",
        "x-amz-copy-source-if-none-match,{etag},412",
        "x-amz-copy-source-if-none-match,\"0000\",200",
        "x-amz-copy-source-if-modified-since,'Fri, 01 Jan 2100 00:00:00 GMT',412",
        "x-amz-copy-source-if-modified-since,'Mon, 01 Jan 2001 00:00:00 GMT',200",
        "x-amz-copy-source-if-unmodified-since,'Mon, 01 Jan 2001 00:00:00 GMT',412",
        "x-amz-copy-source-if-unmodified-since,'Fri, 01 Jan 2100 00:00:00 GMT',200"
    })
    @Conformance(COPY_SOURCE_PRECONDITIONS)
    void copySourceConditions(String header, String value, int status) throws Exception {
        String destination = "cond-" + Integer.toHexString((header + value).hashCode());
        RawS3.Response r = copy(
                destination,
                Map.of("x-amz-copy-source", "/copies/src", header, value.replace("{etag}", ObjectFiles.etag(SOURCE))));
        if (status == 200) {
            assertOk(r);
            assertArrayEquals(SOURCE, get(destination).body());
        } else {
            assertError(r, 412, "PreconditionFailed");
            ObjectFiles.assertAbsent(root, B, destination);
        }
    }
}
