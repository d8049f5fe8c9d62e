package io.posixgw.server.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * What a new bucket starts with: AWS's defaults since April 2023 (ACLs disabled, every Public
 * Access Block switch on), or with {@code --legacy-bucket-defaults} those from before (ACLs
 * enabled as ObjectWriter, nothing blocked), which clients written for RGW or MinIO expect.
 */
class NewBucketDefaultsTest {

    @Test
    void awsDefaultsDisableAclsAndBlockPublicAccess() throws Exception {
        OpsHarness ops = new OpsHarness();
        assertEquals(200, ops.request("PUT", "/b").send().status());
        assertTrue(ownership(ops, "/b").contains("<ObjectOwnership>BucketOwnerEnforced</ObjectOwnership>"));
        String block =
                ops.request("GET", "/b").query("publicAccessBlock", "").send().text();
        assertTrue(block.contains("<BlockPublicAcls>true</BlockPublicAcls>"), block);
        assertTrue(block.contains("<RestrictPublicBuckets>true</RestrictPublicBuckets>"), block);
        OpsHarness.Answer publicAcl =
                ops.request("PUT", "/c").header("x-amz-acl", "public-read").send();
        assertEquals(400, publicAcl.status());
        assertEquals("InvalidBucketAclWithObjectOwnership", publicAcl.errorCode());
    }

    @Test
    void legacyDefaultsEnableAclsAndBlockNothing() throws Exception {
        OpsHarness ops = new OpsHarness(true);
        assertEquals(200, ops.request("PUT", "/b").send().status());
        assertTrue(ownership(ops, "/b").contains("<ObjectOwnership>ObjectWriter</ObjectOwnership>"));
        String block =
                ops.request("GET", "/b").query("publicAccessBlock", "").send().text();
        assertTrue(block.contains("<BlockPublicAcls>false</BlockPublicAcls>"), block);
        assertTrue(block.contains("<BlockPublicPolicy>false</BlockPublicPolicy>"), block);
        assertTrue(block.contains("<RestrictPublicBuckets>false</RestrictPublicBuckets>"), block);

        assertEquals(
                200,
                ops.request("PUT", "/c")
                        .header("x-amz-acl", "public-read")
                        .send()
                        .status());
        String acl = ops.request("GET", "/c").query("acl", "").send().text();
        assertTrue(acl.contains("http://acs.amazonaws.com/groups/global/AllUsers"), acl);

        // a CreateBucket that names its Object Ownership gets it, whatever the default
        assertEquals(
                200,
                ops.request("PUT", "/d")
                        .header("x-amz-object-ownership", "BucketOwnerEnforced")
                        .send()
                        .status());
        assertTrue(ownership(ops, "/d").contains("<ObjectOwnership>BucketOwnerEnforced</ObjectOwnership>"));
    }

    private static String ownership(OpsHarness ops, String bucket) throws Exception {
        return ops.request("GET", bucket).query("ownershipControls", "").send().text();
    }
}
