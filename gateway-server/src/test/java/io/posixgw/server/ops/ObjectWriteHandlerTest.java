package io.posixgw.server.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** PutObject, CopyObject, DeleteObject, DeleteObjects and tagging over the in-memory backend. */
class ObjectWriteHandlerTest {
    private final OpsHarness ops = new OpsHarness();

    @BeforeEach
    void bucket() throws Exception {
        ops.request("PUT", "/bkt").send();
    }

    @Test
    void putHonoursWriteConditions() throws Exception {
        assertEquals(
                200,
                ops.request("PUT", "/bkt/k")
                        .header("if-none-match", "*")
                        .body("one")
                        .send()
                        .status());
        OpsHarness.Answer taken = ops.request("PUT", "/bkt/k")
                .header("if-none-match", "*")
                .body("two")
                .send();
        assertEquals(412, taken.status());
        assertEquals("PreconditionFailed", taken.errorCode());
        OpsHarness.Answer absent = ops.request("PUT", "/bkt/new")
                .header("if-match", "\"x\"")
                .body("two")
                .send();
        assertEquals(404, absent.status());
        assertEquals("NoSuchKey", absent.errorCode());
        assertEquals("one", ops.request("GET", "/bkt/k").send().text());
        OpsHarness.Answer tooBig = ops.request("PUT", "/bkt/m")
                .header("x-amz-meta-big", "v".repeat(2100))
                .body("x")
                .send();
        assertEquals(400, tooBig.status());
        assertEquals("MetadataTooLarge", tooBig.errorCode());
        OpsHarness.Answer noBucket = ops.request("PUT", "/nope/k").body("x").send();
        assertEquals(404, noBucket.status());
        assertEquals("NoSuchBucket", noBucket.errorCode());
    }

    @Test
    void copyAnswersCopyObjectResultAndKeepsOrReplacesMetadata() throws Exception {
        String etag = ops.request("PUT", "/bkt/src")
                .header("x-amz-meta-m", "1")
                .body("source bytes")
                .send()
                .header("ETag");
        OpsHarness.Answer copy = ops.request("PUT", "/bkt/dst")
                .header("x-amz-copy-source", "bkt/src")
                .send();
        assertEquals(200, copy.status());
        assertTrue(copy.text().contains("<CopyObjectResult"), copy.text());
        assertTrue(
                copy.text().contains("<ETag>" + etag.replace("\"", "&quot;") + "</ETag>")
                        || copy.text().contains("<ETag>" + etag + "</ETag>"),
                copy.text());
        assertEquals("1", ops.request("HEAD", "/bkt/dst").send().header("x-amz-meta-m"));
        ops.request("PUT", "/bkt/dst2")
                .header("x-amz-copy-source", "bkt/src")
                .header("x-amz-metadata-directive", "REPLACE")
                .header("x-amz-meta-n", "2")
                .send();
        OpsHarness.Answer replaced = ops.request("HEAD", "/bkt/dst2").send();
        assertEquals("2", replaced.header("x-amz-meta-n"));
        assertEquals(null, replaced.header("x-amz-meta-m"));
        OpsHarness.Answer failed = ops.request("PUT", "/bkt/dst3")
                .header("x-amz-copy-source", "bkt/src")
                .header("x-amz-copy-source-if-match", "\"other\"")
                .send();
        assertEquals(412, failed.status());
        OpsHarness.Answer self = ops.request("PUT", "/bkt/src")
                .header("x-amz-copy-source", "bkt/src")
                .send();
        assertEquals(400, self.status());
        assertEquals("InvalidRequest", self.errorCode());
        assertEquals(
                "NoSuchKey",
                ops.request("PUT", "/bkt/x")
                        .header("x-amz-copy-source", "bkt/missing")
                        .send()
                        .errorCode());
    }

    @Test
    void deleteIsIdempotentAndConditional() throws Exception {
        String etag = ops.request("PUT", "/bkt/k").body("v").send().header("ETag");
        assertEquals(204, ops.request("DELETE", "/bkt/never").send().status());
        OpsHarness.Answer wrong =
                ops.request("DELETE", "/bkt/k").header("if-match", "\"0\"").send();
        assertEquals(412, wrong.status());
        assertEquals(
                204,
                ops.request("DELETE", "/bkt/k").header("if-match", etag).send().status());
        assertEquals(404, ops.request("GET", "/bkt/k").send().status());
        assertEquals("NoSuchBucket", ops.request("DELETE", "/nope/k").send().errorCode());
    }

    @Test
    void deleteObjectsAnswersDeletedAndErrorsPerKey() throws Exception {
        ops.request("PUT", "/bkt/a").body("1").send();
        ops.request("PUT", "/bkt/c").body("3").send();
        OpsHarness.Answer r = ops.request("POST", "/bkt")
                .query("delete", "")
                .xml("<Delete><Object><Key>a</Key></Object><Object><Key>c</Key><ETag>\"nope\"</ETag></Object>"
                        + "<Object><Key>never</Key></Object></Delete>")
                .send();
        assertEquals(200, r.status());
        assertTrue(r.text().contains("<Deleted><Key>a</Key></Deleted>"), r.text());
        assertTrue(r.text().contains("<Deleted><Key>never</Key></Deleted>"), r.text());
        assertTrue(r.text().contains("<Key>c</Key><Code>PreconditionFailed</Code>"), r.text());
        assertEquals(404, ops.request("GET", "/bkt/a").send().status());
        assertEquals(200, ops.request("GET", "/bkt/c").send().status());
        OpsHarness.Answer unchecked = ops.request("POST", "/bkt")
                .query("delete", "")
                .body("<Delete><Object><Key>c</Key></Object></Delete>")
                .send();
        assertEquals(400, unchecked.status(), "Content-MD5 or a checksum is required");
        assertEquals("InvalidRequest", unchecked.errorCode());
    }

    @Test
    void taggingIsPutReadAndDeleted() throws Exception {
        ops.request("PUT", "/bkt/k").header("x-amz-tagging", "a=1").body("v").send();
        OpsHarness.Answer tags =
                ops.request("GET", "/bkt/k").query("tagging", "").send();
        assertEquals(200, tags.status());
        assertTrue(tags.text().contains("<Key>a</Key><Value>1</Value>"), tags.text());
        assertEquals(
                200,
                ops.request("PUT", "/bkt/k")
                        .query("tagging", "")
                        .xml("<Tagging><TagSet><Tag><Key>z</Key><Value>2</Value></Tag></TagSet></Tagging>")
                        .send()
                        .status());
        OpsHarness.Answer replaced =
                ops.request("GET", "/bkt/k").query("tagging", "").send();
        assertTrue(replaced.text().contains("<Key>z</Key>"), replaced.text());
        assertFalse(replaced.text().contains("<Key>a</Key>"), replaced.text());
        assertEquals(
                204, ops.request("DELETE", "/bkt/k").query("tagging", "").send().status());
        assertFalse(
                ops.request("GET", "/bkt/k").query("tagging", "").send().text().contains("<Tag>"));
        assertEquals(
                "NoSuchKey",
                ops.request("GET", "/bkt/absent").query("tagging", "").send().errorCode());
    }

    @Test
    void aclsAreOwnerFullControlOnly() throws Exception {
        ops.request("PUT", "/bkt/k").body("v").send();
        OpsHarness.Answer bucketAcl =
                ops.request("GET", "/bkt").query("acl", "").send();
        assertEquals(200, bucketAcl.status());
        assertTrue(bucketAcl.text().contains("FULL_CONTROL"), bucketAcl.text());
        OpsHarness.Answer objectAcl =
                ops.request("GET", "/bkt/k").query("acl", "").send();
        assertEquals(200, objectAcl.status());
        assertTrue(objectAcl.text().contains("FULL_CONTROL"), objectAcl.text());
        assertEquals(
                "NoSuchKey",
                ops.request("GET", "/bkt/absent").query("acl", "").send().errorCode());
        OpsHarness.Answer publicRead = ops.request("PUT", "/bkt/k")
                .query("acl", "")
                .header("x-amz-acl", "public-read")
                .send();
        assertEquals(400, publicRead.status(), publicRead.text());
        assertEquals("AccessControlListNotSupported", publicRead.errorCode());
    }
}
