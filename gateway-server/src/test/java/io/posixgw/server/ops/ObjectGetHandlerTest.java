package io.posixgw.server.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** PutObject, GetObject and HeadObject: bodies, ranges, part numbers, conditions and their exact answers. */
class ObjectGetHandlerTest {
    private final OpsHarness ops = new OpsHarness();
    private String etag;

    @BeforeEach
    void putAnObject() throws Exception {
        ops.request("PUT", "/bkt").send();
        OpsHarness.Answer put = ops.request("PUT", "/bkt/k")
                .header("content-type", "text/plain")
                .header("x-amz-meta-color", "blue")
                .body("0123456789")
                .send();
        assertEquals(200, put.status());
        etag = put.header("ETag");
        assertEquals("\"781e5e245d69b566979b86e28d23f2c7\"", etag);
    }

    @Test
    void getAnswersTheBytesAndTheObjectHeaders() throws Exception {
        OpsHarness.Answer get = ops.request("GET", "/bkt/k").send();
        assertEquals(200, get.status());
        assertEquals("0123456789", get.text());
        assertEquals(etag, get.header("ETag"));
        assertEquals("text/plain", get.header("Content-Type"));
        assertEquals("blue", get.header("x-amz-meta-color"));
        assertTrue(get.header("Last-Modified").endsWith(" GMT"));
        assertTrue(get.response.body() instanceof S3Response.Stream, "the in-memory backend's body is a stream");
        OpsHarness.Answer head = ops.request("HEAD", "/bkt/k").send();
        assertEquals(200, head.status());
        assertEquals(10, head.contentLength());
        assertEquals(0, head.body.length);
        assertEquals(etag, head.header("ETag"));
    }

    @Test
    void rangesAre206WithContentRangeOr416() throws Exception {
        OpsHarness.Answer r =
                ops.request("GET", "/bkt/k").header("range", "bytes=2-4").send();
        assertEquals(206, r.status());
        assertEquals("234", r.text());
        assertEquals("bytes 2-4/10", r.header("Content-Range"));
        OpsHarness.Answer head =
                ops.request("HEAD", "/bkt/k").header("range", "bytes=-3").send();
        assertEquals(206, head.status());
        assertEquals(3, head.contentLength());
        OpsHarness.Answer bad =
                ops.request("GET", "/bkt/k").header("range", "bytes=10-").send();
        assertEquals(416, bad.status());
        assertEquals("InvalidRange", bad.errorCode());
        assertEquals("bytes */10", bad.header("Content-Range"));
        assertTrue(bad.text().contains("<ActualObjectSize>10</ActualObjectSize>"), bad.text());
        assertEquals(
                200,
                ops.request("GET", "/bkt/k")
                        .header("range", "bytes=1-2,4-5")
                        .send()
                        .status(),
                "multi-range: ignored");
    }

    @Test
    void partNumbersOfASinglePartObject() throws Exception {
        OpsHarness.Answer one =
                ops.request("GET", "/bkt/k").query("partNumber", "1").send();
        assertEquals(206, one.status());
        assertEquals("bytes 0-9/10", one.header("Content-Range"));
        assertNull(one.header("x-amz-mp-parts-count"));
        OpsHarness.Answer two =
                ops.request("GET", "/bkt/k").query("partNumber", "2").send();
        assertEquals(416, two.status());
        assertTrue(two.text().contains("The requested partnumber is not satisfiable"), two.text());
        OpsHarness.Answer word =
                ops.request("GET", "/bkt/k").query("partNumber", "one").send();
        assertEquals(400, word.status());
        assertEquals("InvalidArgument", word.errorCode());
        OpsHarness.Answer both = ops.request("GET", "/bkt/k")
                .query("partNumber", "1")
                .header("range", "bytes=0-1")
                .send();
        assertEquals(400, both.status());
        assertEquals("InvalidRequest", both.errorCode());
        assertEquals(
                "NoSuchKey",
                ops.request("GET", "/bkt/absent")
                        .query("partNumber", "one")
                        .send()
                        .errorCode(),
                "the key before the part number");
    }

    @Test
    void conditionsAnswer304WithTheEtagAnd412() throws Exception {
        OpsHarness.Answer notModified =
                ops.request("GET", "/bkt/k").header("if-none-match", etag).send();
        assertEquals(304, notModified.status());
        assertEquals(etag, notModified.header("ETag"));
        assertTrue(notModified.header("Last-Modified").endsWith(" GMT"));
        assertNull(notModified.errorCode(), "a 304 is an answer, not an error");
        assertEquals(0, notModified.body.length);
        OpsHarness.Answer headNotModified =
                ops.request("HEAD", "/bkt/k").header("if-none-match", "*").send();
        assertEquals(304, headNotModified.status());
        OpsHarness.Answer failed =
                ops.request("GET", "/bkt/k").header("if-match", "\"other\"").send();
        assertEquals(412, failed.status());
        assertEquals("PreconditionFailed", failed.errorCode());
        OpsHarness.Answer ok = ops.request("GET", "/bkt/k")
                .header("if-match", etag)
                .header("range", "bytes=0-0")
                .send();
        assertEquals(206, ok.status());
        assertEquals("0", ok.text());
    }

    @Test
    void checksumsAreAnsweredWhenAskedForAndNotForARange() throws Exception {
        ops.request("PUT", "/bkt/sum").body(new byte[] {1, 2, 3}).send();
        // the in-memory store keeps what the (verified) body declared; none was declared here
        OpsHarness.Answer plain = ops.request("GET", "/bkt/sum")
                .header("x-amz-checksum-mode", "ENABLED")
                .send();
        assertEquals(200, plain.status());
        assertArrayEquals(new byte[] {1, 2, 3}, plain.body);
        assertNull(plain.header("x-amz-checksum-type"));
    }

    @Test
    void missingKeysAndOverrides() throws Exception {
        OpsHarness.Answer missing = ops.request("GET", "/bkt/absent").send();
        assertEquals(404, missing.status());
        assertTrue(missing.text().contains("<Code>NoSuchKey</Code>"), missing.text());
        assertEquals(404, ops.request("HEAD", "/bkt/absent").send().status());
        OpsHarness.Answer overridden = ops.request("GET", "/bkt/k")
                .query("response-content-type", "application/x-test")
                .send();
        assertEquals("application/x-test", overridden.header("Content-Type"));
    }
}
