package io.posixgw.server.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** PutBucketVersioning and GetBucketVersioning over a store that keeps no versions (the in-memory one). */
class BucketVersioningHandlerTest {
    private final OpsHarness ops = new OpsHarness();

    private static String config(String status, String mfa) {
        return "<VersioningConfiguration xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Status>" + status
                + "</Status>" + (mfa == null ? "" : "<MfaDelete>" + mfa + "</MfaDelete>")
                + "</VersioningConfiguration>";
    }

    @Test
    void withoutVersionsPutIsVersitygwsNotConfiguredAndGetIsEmpty() throws Exception {
        ops.request("PUT", "/b").send();
        OpsHarness.Answer put = ops.request("PUT", "/b")
                .query("versioning", "")
                .xml(config("Enabled", null))
                .send();
        assertEquals(501, put.status());
        assertEquals("VersioningNotConfigured", put.errorCode());
        OpsHarness.Answer get = ops.request("GET", "/b").query("versioning", "").send();
        assertEquals(200, get.status());
        assertTrue(!get.text().contains("<Status>"), get.text());
    }

    @Test
    void badStatusesAndMfaDeleteAreRefusedAsS3RefusesThem() throws Exception {
        ops.request("PUT", "/b").send();
        OpsHarness.Answer bad = ops.request("PUT", "/b")
                .query("versioning", "")
                .xml(config("On", null))
                .send();
        assertEquals(400, bad.status());
        assertEquals("MalformedXML", bad.errorCode());
        OpsHarness.Answer mfa = ops.request("PUT", "/b")
                .query("versioning", "")
                .xml(config("Enabled", "Enabled"))
                .send();
        assertEquals(403, mfa.status());
        assertEquals("AccessDenied", mfa.errorCode());
        OpsHarness.Answer noDigest = ops.request("PUT", "/b")
                .query("versioning", "")
                .body(config("Enabled", null))
                .send();
        assertEquals(400, noDigest.status());
        OpsHarness.Answer missing = ops.request("PUT", "/nope")
                .query("versioning", "")
                .xml(config("Enabled", null))
                .send();
        assertEquals(404, missing.status());
        assertEquals("NoSuchBucket", missing.errorCode());
    }
}
