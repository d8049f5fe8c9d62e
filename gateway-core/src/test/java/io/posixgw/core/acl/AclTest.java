package io.posixgw.core.acl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.acl.Acl.Grant;
import io.posixgw.core.acl.Acl.Permission;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** The ACL model in versitygw's JSON, the grants requests ask for, and what grants give whom. */
class AclTest {
    static final Predicate<String> ACCOUNTS = Set.of("alice", "bob")::contains;

    static List<Grant> headers(Map<String, String> h) {
        return AclRequests.fromHeaders(h::get, "alice", "alice", false, ACCOUNTS);
    }

    @Test
    void versitygwsJsonIsReadAndWritten() {
        String versitygw = "{\"Owner\":\"alice\",\"Grantees\":[{\"Permission\":\"FULL_CONTROL\",\"Access\":\"alice\","
                + "\"Type\":\"CanonicalUser\"},{\"Permission\":\"READ\",\"Access\":\"all-users\",\"Type\":\"Group\"}]}";
        Acl acl = Acl.fromJson(versitygw.getBytes(StandardCharsets.UTF_8));
        assertEquals("alice", acl.owner());
        assertTrue(acl.isPublic());
        assertEquals(versitygw, new String(acl.toJson(), StandardCharsets.UTF_8));
        // Go matches field names regardless of case
        Acl lower = Acl.fromJson("{\"owner\":\"bob\",\"grantees\":[]}".getBytes(StandardCharsets.UTF_8));
        assertEquals("bob", lower.owner());
        assertNull(Acl.fromJson("not json".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void grantsGiveWhatTheyNameAndFullControlGivesAll() {
        Acl acl = new Acl(
                "alice",
                List.of(
                        Grant.user("bob", Permission.READ),
                        Grant.group(Acl.AUTHENTICATED_USERS, Permission.READ_ACP),
                        Grant.group(Acl.ALL_USERS, Permission.WRITE),
                        Grant.user("carol", Permission.FULL_CONTROL)));
        assertTrue(acl.allows("bob", Permission.READ, false));
        assertFalse(acl.allows("bob", Permission.WRITE_ACP, false));
        assertTrue(acl.allows("bob", Permission.READ_ACP, false), "bob is an authenticated user");
        assertFalse(acl.allows(null, Permission.READ_ACP, false), "anonymous is not");
        assertTrue(acl.allows(null, Permission.WRITE, false));
        assertFalse(acl.allows(null, Permission.WRITE, true), "IgnorePublicAcls");
        assertTrue(acl.allows("carol", Permission.WRITE_ACP, true));
    }

    @Test
    void cannedAclsAreS3s() {
        assertEquals(List.of(Grant.user("alice", Permission.FULL_CONTROL)), headers(Map.of("x-amz-acl", "private")));
        assertEquals(
                List.of(
                        Grant.user("alice", Permission.FULL_CONTROL),
                        Grant.group(Acl.ALL_USERS, Permission.READ),
                        Grant.group(Acl.ALL_USERS, Permission.WRITE)),
                headers(Map.of("x-amz-acl", "public-read-write")));
        assertEquals(
                List.of(Grant.user("bob", Permission.FULL_CONTROL), Grant.user("alice", Permission.READ)),
                AclRequests.fromHeaders(Map.of("x-amz-acl", "bucket-owner-read")::get, "bob", "alice", true, ACCOUNTS));
        assertEquals(
                List.of(Grant.user("alice", Permission.FULL_CONTROL)),
                headers(Map.of("x-amz-acl", "bucket-owner-full-control")),
                "ignored on a bucket, as S3 does");
        assertNull(headers(Map.of()));
        assertEquals(S3Error.INVALID_ARGUMENT, refusal(Map.of("x-amz-acl", "everyone")));
        assertEquals(S3Error.NOT_IMPLEMENTED, refusal(Map.of("x-amz-acl", "log-delivery-write")));
    }

    @Test
    void grantHeadersNameAccountsAndGroups() {
        assertEquals(
                List.of(
                        Grant.user("bob", Permission.READ),
                        Grant.group(Acl.ALL_USERS, Permission.READ),
                        Grant.user("alice", Permission.FULL_CONTROL)),
                headers(Map.of(
                        "x-amz-grant-read",
                        "id=\"bob\", uri=\"http://acs.amazonaws.com/groups/global/AllUsers\"",
                        "x-amz-grant-full-control",
                        "ID=alice")));
        assertEquals(S3Error.INVALID_ARGUMENT, refusal(Map.of("x-amz-grant-read", "id=\"nobody\"")));
        assertEquals(S3Error.INVALID_ARGUMENT, refusal(Map.of("x-amz-grant-read", "bob")));
        assertEquals(S3Error.INVALID_ARGUMENT, refusal(Map.of("x-amz-grant-write", "uri=\"http://x/y\"")));
        assertEquals(
                S3Error.UNRESOLVABLE_GRANT_BY_EMAIL_ADDRESS, refusal(Map.of("x-amz-grant-read", "emailAddress=a@b.c")));
        assertEquals(
                S3Error.INVALID_REQUEST, refusal(Map.of("x-amz-acl", "private", "x-amz-grant-read", "id=\"bob\"")));
    }

    @Test
    void bodiesAreValidatedAsS3Does() {
        String ok = "<AccessControlPolicy><Owner><ID>alice</ID></Owner><AccessControlList><Grant>"
                + "<Grantee xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:type=\"Group\">"
                + "<URI>http://acs.amazonaws.com/groups/global/AuthenticatedUsers</URI></Grantee>"
                + "<Permission>READ</Permission></Grant></AccessControlList></AccessControlPolicy>";
        Acl acl = AclRequests.fromBody(ok.getBytes(StandardCharsets.UTF_8), "alice", ACCOUNTS);
        assertEquals(List.of(Grant.group(Acl.AUTHENTICATED_USERS, Permission.READ)), acl.grantees());
        assertEquals(S3Error.MALFORMED_ACL_ERROR, bodyRefusal(ok.replace("READ<", "ALL<")));
        assertEquals(S3Error.MALFORMED_ACL_ERROR, bodyRefusal(ok.replace("<Owner><ID>alice</ID></Owner>", "")));
        assertEquals(S3Error.MALFORMED_ACL_ERROR, bodyRefusal("<AccessControlPolicy"));
        assertEquals(S3Error.INVALID_ARGUMENT, bodyRefusal(ok.replace("<ID>alice</ID>", "<ID>bob</ID>")));
        assertEquals(S3Error.INVALID_ARGUMENT, bodyRefusal(ok.replace("AuthenticatedUsers", "Nobody")));
    }

    static S3Error refusal(Map<String, String> h) {
        return assertThrows(S3Exception.class, () -> headers(h)).error();
    }

    static S3Error bodyRefusal(String xml) {
        return assertThrows(
                        S3Exception.class,
                        () -> AclRequests.fromBody(xml.getBytes(StandardCharsets.UTF_8), "alice", ACCOUNTS))
                .error();
    }
}
