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

    /**
     * The bucket owner's PUT without ACL headers stores no ACL in any ownership mode, so it does not read the
     * bucket's ownership (four file calls on every PUT); one naming an ACL does.
     */
    @Test
    void anOwnersPutWithoutAclHeadersDoesNotReadTheOwnership() throws Exception {
        java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
        OpsHarness ops = new OpsHarness(
                true, store -> (io.posixgw.core.backend.Backend) java.lang.reflect.Proxy.newProxyInstance(
                        getClass().getClassLoader(),
                        new Class<?>[] {io.posixgw.core.backend.Backend.class},
                        (proxy, method, args) -> {
                            if (method.getName().equals("getBucketConfig")
                                    && args[1] == io.posixgw.core.backend.BucketConfig.OWNERSHIP) {
                                reads.incrementAndGet();
                            }
                            try {
                                return method.invoke(store, args);
                            } catch (java.lang.reflect.InvocationTargetException e) {
                                throw e.getCause();
                            }
                        }));
        assertEquals(200, ops.request("PUT", "/b").send().status());
        reads.set(0);
        assertEquals(200, ops.request("PUT", "/b/k").body("v").send().status());
        assertEquals(0, reads.get(), "ownership reads of a plain PUT");
        assertEquals(
                200,
                ops.request("PUT", "/b/k2")
                        .header("x-amz-acl", "public-read")
                        .body("v")
                        .send()
                        .status());
        assertTrue(reads.get() > 0, "a PUT naming an ACL reads the ownership");
        String acl = ops.request("GET", "/b/k2").query("acl", "").send().text();
        assertTrue(acl.contains("http://acs.amazonaws.com/groups/global/AllUsers"), acl);
        String plain = ops.request("GET", "/b/k").query("acl", "").send().text();
        assertTrue(!plain.contains("AllUsers") && plain.contains("FULL_CONTROL"), plain);
    }

    private static String ownership(OpsHarness ops, String bucket) throws Exception {
        return ops.request("GET", bucket).query("ownershipControls", "").send().text();
    }
}
