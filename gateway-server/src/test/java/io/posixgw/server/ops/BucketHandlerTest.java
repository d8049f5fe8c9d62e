package io.posixgw.server.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** CreateBucket, HeadBucket, ListBuckets, DeleteBucket, location and versioning over the in-memory backend. */
class BucketHandlerTest {
    private final OpsHarness ops = new OpsHarness();

    @Test
    void aBucketIsCreatedListedHeadedAndDeleted() throws Exception {
        OpsHarness.Answer created = ops.request("PUT", "/photos").send();
        assertEquals(200, created.status());
        assertEquals("/photos", created.header("Location"));
        OpsHarness.Answer head = ops.request("HEAD", "/photos").send();
        assertEquals(200, head.status());
        assertEquals("us-east-1", head.header("x-amz-bucket-region"));
        OpsHarness.Answer list = ops.request("GET", "/").send();
        assertEquals(200, list.status());
        assertEquals("application/xml", list.header("Content-Type"));
        assertTrue(list.text().contains("<Name>photos</Name>"), list.text());
        assertEquals(204, ops.request("DELETE", "/photos").send().status());
        OpsHarness.Answer gone = ops.request("HEAD", "/photos").send();
        assertEquals(404, gone.status());
        assertEquals("NoSuchBucket", gone.errorCode());
        assertEquals(0, gone.body.length, "a HEAD error has no body");
    }

    @Test
    void errorsAreS3Errors() throws Exception {
        ops.request("PUT", "/b").send();
        // us-east-1's legacy answer for a bucket the caller already owns: 200, nothing changed
        OpsHarness.Answer again = ops.request("PUT", "/b").send();
        assertEquals(200, again.status());
        assertEquals("/b", again.header("Location"));
        ops.request("PUT", "/b/k").body("x").send();
        OpsHarness.Answer notEmpty = ops.request("DELETE", "/b").send();
        assertEquals(409, notEmpty.status());
        assertTrue(notEmpty.text().contains("<Code>BucketNotEmpty</Code>"), notEmpty.text());
        assertTrue(notEmpty.text().contains("<Resource>/b</Resource>"), notEmpty.text());
        OpsHarness.Answer missing =
                ops.request("GET", "/nope").query("location", "").send();
        assertEquals(404, missing.status());
        assertTrue(missing.text().contains("<Code>NoSuchBucket</Code>"), missing.text());
    }

    @Test
    void locationAndVersioning() throws Exception {
        ops.request("PUT", "/b").send();
        OpsHarness.Answer location =
                ops.request("GET", "/b").query("location", "").send();
        assertEquals(200, location.status());
        assertTrue(location.text().contains("LocationConstraint"), location.text());
        OpsHarness.Answer versioning =
                ops.request("GET", "/b").query("versioning", "").send();
        assertEquals(200, versioning.status());
        assertTrue(versioning.text().contains("VersioningConfiguration"), versioning.text());
    }
}
