package io.posixgw.server.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** ListObjects V1 and V2, the multipart family and GetObjectAttributes over the in-memory backend. */
class ListAndMultipartHandlerTest {
    private final OpsHarness ops = new OpsHarness();

    @BeforeEach
    void bucket() throws Exception {
        ops.request("PUT", "/bkt").send();
    }

    private static String element(String xml, String name) {
        Matcher m = Pattern.compile("<" + name + ">([^<]*)</" + name + ">").matcher(xml);
        return m.find() ? m.group(1) : null;
    }

    @Test
    void listV2PagesWithTokensAndRollsUpPrefixes() throws Exception {
        for (String k : new String[] {"a", "d/1", "d/2", "e"}) {
            ops.request("PUT", "/bkt/" + k).body(k).send();
        }
        OpsHarness.Answer page = ops.request("GET", "/bkt")
                .query("list-type", "2")
                .query("max-keys", "2")
                .send();
        assertEquals(200, page.status());
        assertEquals("true", element(page.text(), "IsTruncated"));
        assertEquals("2", element(page.text(), "KeyCount"));
        String token = element(page.text(), "NextContinuationToken");
        OpsHarness.Answer rest = ops.request("GET", "/bkt")
                .query("list-type", "2")
                .query("continuation-token", token)
                .send();
        assertTrue(rest.text().contains("<Key>d/2</Key>") && rest.text().contains("<Key>e</Key>"), rest.text());
        assertEquals("false", element(rest.text(), "IsTruncated"));
        OpsHarness.Answer rolled = ops.request("GET", "/bkt")
                .query("list-type", "2")
                .query("delimiter", "/")
                .send();
        assertTrue(rolled.text().contains("<CommonPrefixes><Prefix>d/</Prefix></CommonPrefixes>"), rolled.text());
        assertFalse(rolled.text().contains("<Key>d/1</Key>"), rolled.text());
        OpsHarness.Answer bad = ops.request("GET", "/bkt")
                .query("list-type", "2")
                .query("max-keys", "-1")
                .send();
        assertEquals(400, bad.status());
        assertEquals("InvalidArgument", bad.errorCode());
    }

    @Test
    void listV1PagesWithMarkers() throws Exception {
        for (String k : new String[] {"a", "b", "c"}) {
            ops.request("PUT", "/bkt/" + k).body(k).send();
        }
        OpsHarness.Answer page = ops.request("GET", "/bkt")
                .query("max-keys", "2")
                .query("delimiter", "/")
                .send();
        assertEquals(200, page.status());
        assertEquals("true", element(page.text(), "IsTruncated"));
        assertEquals("b", element(page.text(), "NextMarker"));
        OpsHarness.Answer rest = ops.request("GET", "/bkt").query("marker", "b").send();
        assertTrue(rest.text().contains("<Key>c</Key>"), rest.text());
        assertFalse(rest.text().contains("<Key>a</Key>"), rest.text());
        assertEquals("NoSuchBucket", ops.request("GET", "/nope").send().errorCode());
    }

    @Test
    void aMultipartUploadFromCreateToPartNumberGets() throws Exception {
        OpsHarness.Answer created =
                ops.request("POST", "/bkt/big").query("uploads", "").send();
        assertEquals(200, created.status());
        String id = element(created.text(), "UploadId");
        byte[] p1 = new byte[5 << 20];
        p1[0] = 7;
        OpsHarness.Answer part1 = ops.request("PUT", "/bkt/big")
                .query("partNumber", "1")
                .query("uploadId", id)
                .body(p1)
                .send();
        assertEquals(200, part1.status());
        OpsHarness.Answer part2 = ops.request("PUT", "/bkt/big")
                .query("partNumber", "2")
                .query("uploadId", id)
                .body("tail")
                .send();
        OpsHarness.Answer parts =
                ops.request("GET", "/bkt/big").query("uploadId", id).send();
        assertEquals(200, parts.status());
        assertTrue(parts.text().contains("<PartNumber>2</PartNumber>"), parts.text());
        OpsHarness.Answer uploads =
                ops.request("GET", "/bkt").query("uploads", "").send();
        assertTrue(uploads.text().contains("<UploadId>" + id + "</UploadId>"), uploads.text());
        OpsHarness.Answer done = ops.request("POST", "/bkt/big")
                .query("uploadId", id)
                .body("<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>" + part1.header("ETag")
                        + "</ETag></Part>" + "<Part><PartNumber>2</PartNumber><ETag>" + part2.header("ETag")
                        + "</ETag></Part></CompleteMultipartUpload>")
                .send();
        assertEquals(200, done.status(), done.text());
        assertTrue(
                element(done.text(), "ETag").endsWith("-2&quot;")
                        || element(done.text(), "ETag").endsWith("-2\""),
                done.text());
        OpsHarness.Answer second =
                ops.request("GET", "/bkt/big").query("partNumber", "2").send();
        assertEquals(206, second.status());
        assertEquals("tail", second.text());
        assertEquals("2", second.header("x-amz-mp-parts-count"));
        assertEquals("bytes 5242880-5242883/5242884", second.header("Content-Range"));
        OpsHarness.Answer third =
                ops.request("HEAD", "/bkt/big").query("partNumber", "3").send();
        assertEquals(416, third.status());
        OpsHarness.Answer attributes = ops.request("GET", "/bkt/big")
                .query("attributes", "")
                .header("x-amz-object-attributes", "ObjectParts,ObjectSize")
                .send();
        assertEquals(200, attributes.status());
        assertTrue(attributes.text().contains("<PartsCount>2</PartsCount>"), attributes.text());
        assertTrue(attributes.text().contains("<ObjectSize>5242884</ObjectSize>"), attributes.text());
        assertTrue(attributes.text().contains("<Size>4</Size>"), attributes.text());
    }

    @Test
    void multipartErrors() throws Exception {
        String id = element(
                ops.request("POST", "/bkt/k").query("uploads", "").send().text(), "UploadId");
        OpsHarness.Answer badNumber = ops.request("PUT", "/bkt/k")
                .query("partNumber", "0")
                .query("uploadId", id)
                .body("x")
                .send();
        assertEquals(400, badNumber.status());
        assertEquals("InvalidArgument", badNumber.errorCode());
        OpsHarness.Answer unknown = ops.request("PUT", "/bkt/k")
                .query("partNumber", "1")
                .query("uploadId", "nope")
                .body("x")
                .send();
        assertEquals(404, unknown.status());
        assertEquals("NoSuchUpload", unknown.errorCode());
        OpsHarness.Answer empty = ops.request("POST", "/bkt/k")
                .query("uploadId", id)
                .body("<CompleteMultipartUpload></CompleteMultipartUpload>")
                .send();
        assertEquals(400, empty.status());
        assertEquals("MalformedXML", empty.errorCode());
        OpsHarness.Answer wrongPart = ops.request("POST", "/bkt/k")
                .query("uploadId", id)
                .body(
                        "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>\"00\"</ETag></Part></CompleteMultipartUpload>")
                .send();
        assertEquals(400, wrongPart.status());
        assertEquals("InvalidPart", wrongPart.errorCode());
        assertEquals(
                204,
                ops.request("DELETE", "/bkt/k").query("uploadId", id).send().status());
        assertEquals(
                "NoSuchUpload",
                ops.request("DELETE", "/bkt/k").query("uploadId", id).send().errorCode());
        OpsHarness.Answer copied = ops.request("PUT", "/bkt/k")
                .query("partNumber", "1")
                .query("uploadId", id)
                .header("x-amz-copy-source", "bkt/missing")
                .send();
        assertEquals(404, copied.status());
    }

    @Test
    void uploadPartCopyCopiesARange() throws Exception {
        ops.request("PUT", "/bkt/src").body("0123456789").send();
        String id = element(
                ops.request("POST", "/bkt/k").query("uploads", "").send().text(), "UploadId");
        OpsHarness.Answer part = ops.request("PUT", "/bkt/k")
                .query("partNumber", "1")
                .query("uploadId", id)
                .header("x-amz-copy-source", "bkt/src")
                .header("x-amz-copy-source-range", "bytes=2-4")
                .send();
        assertEquals(200, part.status(), part.text());
        assertTrue(part.text().contains("<CopyPartResult"), part.text());
        OpsHarness.Answer past = ops.request("PUT", "/bkt/k")
                .query("partNumber", "2")
                .query("uploadId", id)
                .header("x-amz-copy-source", "bkt/src")
                .header("x-amz-copy-source-range", "bytes=5-20")
                .send();
        assertEquals(400, past.status());
        assertEquals("InvalidArgument", past.errorCode());
    }
}
