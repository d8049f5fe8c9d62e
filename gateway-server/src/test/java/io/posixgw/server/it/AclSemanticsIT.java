package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ACLs as on an S3 bucket with ACLs disabled: reads give the owner's full control, writes may only restate it,
 * and any other grant is refused (never silently dropped), over raw signed HTTP.
 */
class AclSemanticsIT extends GatewayPerClass {
    static final String B = "acls";
    static final String OWNER_ONLY =
            "<AccessControlPolicy xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Owner><ID>"
                    + TestGateway.ACCESS + "</ID></Owner><AccessControlList><Grant>"
                    + "<Grantee xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:type=\"CanonicalUser\"><ID>"
                    + TestGateway.ACCESS
                    + "</ID></Grantee><Permission>FULL_CONTROL</Permission></Grant></AccessControlList></AccessControlPolicy>";
    static final String PUBLIC_READ = OWNER_ONLY.replace(
            "</AccessControlList>",
            "<Grant><Grantee xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:type=\"Group\">"
                    + "<URI>http://acs.amazonaws.com/groups/global/AllUsers</URI></Grantee><Permission>READ</Permission></Grant>"
                    + "</AccessControlList>");

    @BeforeAll
    void fill() throws Exception {
        createBucket(B);
        putObject(B, "k", bytes("v"));
    }

    @Test
    void readingGivesTheOwnerFullControlAndNobodyElseAnything() throws Exception {
        for (String path : new String[] {"/" + B, path(B, "k")}) {
            RawS3.Response r = raw.send("GET", path, Map.of("acl", ""), Map.of(), new byte[0]);
            assertOk(r);
            assertTrue(
                    r.text().contains("<AccessControlPolicy xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"),
                    r.text());
            assertEquals(TestGateway.ACCESS, r.element("ID"));
            assertEquals(1, r.elements("Grant").size(), r.text());
            assertEquals("FULL_CONTROL", r.element("Permission"));
            assertTrue(r.text().contains("xsi:type=\"CanonicalUser\""), r.text());
        }
        assertError(raw.send("GET", path(B, "missing"), Map.of("acl", ""), Map.of(), new byte[0]), 404, "NoSuchKey");
        assertError(
                raw.send("GET", "/no-such-acl-bucket", Map.of("acl", ""), Map.of(), new byte[0]), 404, "NoSuchBucket");
    }

    @Test
    void settingTheOwnersFullControlIsAcceptedAndChangesNothing() throws Exception {
        for (String path : new String[] {"/" + B, path(B, "k")}) {
            // "private" too, where S3 refuses it: it grants nobody anything (OPERATING.md says why it is taken)
            assertOk(raw.send("PUT", path, Map.of("acl", ""), Map.of("x-amz-acl", "private"), new byte[0]));
            assertOk(raw.send(
                    "PUT", path, Map.of("acl", ""), Map.of("x-amz-acl", "bucket-owner-full-control"), new byte[0]));
            assertOk(raw.send("PUT", path, Map.of("acl", ""), Map.of(), bytes(OWNER_ONLY)));
        }
        assertOk(raw.send(
                "PUT", path(B, "canned"), Map.of(), Map.of("x-amz-acl", "bucket-owner-full-control"), bytes("c")));
        // the owner's own full control, in the grant header's form
        assertOk(raw.send(
                "PUT",
                path(B, "granted"),
                Map.of(),
                Map.of("x-amz-grant-full-control", "id=\"" + TestGateway.ACCESS + "\""),
                bytes("g")));
        assertOk(raw.send(
                "PUT",
                path(B, "k"),
                Map.of("acl", ""),
                Map.of("x-amz-grant-full-control", "id=" + TestGateway.ACCESS),
                new byte[0]));
        ObjectFiles.assertStored(root, B, "k", bytes("v"));
    }

    @Test
    void anyOtherGrantIsRefusedNotIgnored() throws Exception {
        for (String path : new String[] {"/" + B, path(B, "k")}) {
            // an ACL without grants would take the owner's full control away
            assertError(
                    raw.send(
                            "PUT",
                            path,
                            Map.of("acl", ""),
                            Map.of(),
                            bytes(OWNER_ONLY.replaceAll("<Grant>.*</Grant>", ""))),
                    400,
                    "AccessControlListNotSupported");
            assertError(
                    raw.send("PUT", path, Map.of("acl", ""), Map.of("x-amz-acl", "public-read"), new byte[0]),
                    400,
                    "AccessControlListNotSupported");
            assertError(
                    raw.send(
                            "PUT",
                            path,
                            Map.of("acl", ""),
                            Map.of("x-amz-grant-read", "uri=\"http://acs.amazonaws.com/groups/global/AllUsers\""),
                            new byte[0]),
                    400,
                    "AccessControlListNotSupported");
            assertError(
                    raw.send("PUT", path, Map.of("acl", ""), Map.of(), bytes(PUBLIC_READ)),
                    400,
                    "AccessControlListNotSupported");
            assertError(
                    raw.send(
                            "PUT",
                            path,
                            Map.of("acl", ""),
                            Map.of(
                                    "x-amz-grant-full-control",
                                    "id=\"" + TestGateway.ACCESS + "\", id=\"someone-else\""),
                            new byte[0]),
                    400,
                    "AccessControlListNotSupported");
        }
        // the writes that carry an ACL store nothing
        // ...but a new object's "private", rclone's default header on every upload, is taken
        assertOk(raw.send("PUT", path(B, "private"), Map.of(), Map.of("x-amz-acl", "private"), bytes("p")));
        assertError(
                raw.send("PUT", path(B, "public"), Map.of(), Map.of("x-amz-acl", "public-read"), bytes("p")),
                400,
                "AccessControlListNotSupported");
        ObjectFiles.assertAbsent(root, B, "public");
        assertError(
                raw.send(
                        "PUT",
                        path(B, "copied"),
                        Map.of(),
                        Map.of("x-amz-copy-source", "/" + B + "/k", "x-amz-grant-full-control", "id=\"someone-else\""),
                        new byte[0]),
                400,
                "AccessControlListNotSupported");
        ObjectFiles.assertAbsent(root, B, "copied");
        assertError(
                raw.send(
                        "POST",
                        path(B, "upload"),
                        Map.of("uploads", ""),
                        Map.of("x-amz-acl", "public-read-write"),
                        new byte[0]),
                400,
                "AccessControlListNotSupported");
    }

    @Test
    void createBucketTakesNoGrantsToOthers() throws Exception {
        assertOk(raw.send(
                "PUT",
                "/acl-private",
                Map.of(),
                Map.of("x-amz-acl", "private", "x-amz-object-ownership", "BucketOwnerEnforced"),
                new byte[0]));
        assertError(
                raw.send("PUT", "/acl-public", Map.of(), Map.of("x-amz-acl", "public-read"), new byte[0]),
                400,
                "InvalidBucketAclWithObjectOwnership");
        assertError(
                raw.send("PUT", "/acl-grant", Map.of(), Map.of("x-amz-grant-read", "id=\"other\""), new byte[0]),
                400,
                "InvalidBucketAclWithObjectOwnership");
        assertOk(raw.send(
                "PUT",
                "/acl-own-grant",
                Map.of(),
                Map.of("x-amz-grant-full-control", "id=\"" + TestGateway.ACCESS + "\""),
                new byte[0]));
        // ACLs enabled (AclGrantsIT has the rest)
        assertOk(raw.send(
                "PUT", "/acl-writer", Map.of(), Map.of("x-amz-object-ownership", "ObjectWriter"), new byte[0]));
        for (String refused : new String[] {"acl-public", "acl-grant"}) {
            assertEquals(
                    404,
                    raw.send("HEAD", "/" + refused, Map.of(), Map.of(), new byte[0])
                            .status(),
                    refused);
        }
    }

    @Test
    void deleteOfTheAclIsNoDeleteOfTheBucketOrObject() throws Exception {
        assertError(
                raw.send("DELETE", path(B, "k"), Map.of("acl", ""), Map.of(), new byte[0]), 405, "MethodNotAllowed");
        assertError(raw.send("DELETE", "/" + B, Map.of("acl", ""), Map.of(), new byte[0]), 405, "MethodNotAllowed");
        ObjectFiles.assertStored(root, B, "k", bytes("v"));
    }
}
