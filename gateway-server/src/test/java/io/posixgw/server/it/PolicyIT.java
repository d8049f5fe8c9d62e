package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bucket policies and Public Access Block over the wire, with raw signed and unsigned HTTP:
 * two {@code users.json} accounts granted each other's buckets by policy, anonymous access
 * exactly where a policy grants {@code *}, explicit Deny over Allow (the owner included, but
 * not for its policy APIs), the policy APIs of another's bucket never reachable through a
 * policy, Public Access Block's refusals, hostile policies refused with nothing stored, and the
 * policy kept in versitygw's {@code policy} attribute as sent.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PolicyIT {
    static final String ALICE = "alice";
    static final String ALICE_SECRET = "alice-secret-1";
    static final String BOB = "bob";
    static final String BOB_SECRET = "bob-secret-22";

    Path root;
    TestGateway gw;
    RawS3 rootRaw;
    RawS3 alice;
    RawS3 bob;

    @BeforeAll
    void start(@TempDir Path tmp) throws Exception {
        root = Files.createDirectories(tmp.resolve("data"));
        Path iam = Files.createDirectories(tmp.resolve("iam"));
        Files.writeString(
                iam.resolve("users.json"),
                "{\"accessAccounts\":{"
                        + "\"alice\":{\"access\":\"alice\",\"secret\":\"" + ALICE_SECRET
                        + "\",\"role\":\"userplus\",\"userID\":1001,\"groupID\":1001,\"projectID\":0},"
                        + "\"bob\":{\"access\":\"bob\",\"secret\":\"" + BOB_SECRET
                        + "\",\"role\":\"userplus\",\"userID\":1002,\"groupID\":1002,\"projectID\":0}}}");
        gw = TestGateway.start(root, "--fsync", "off", "--iam-dir", iam.toString());
        rootRaw = gw.raw();
        alice = new RawS3("127.0.0.1", gw.port, new TestSigner(ALICE, ALICE_SECRET, "us-east-1"));
        bob = new RawS3("127.0.0.1", gw.port, new TestSigner(BOB, BOB_SECRET, "us-east-1"));
    }

    @AfterAll
    void stop() {
        gw.close();
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static void assertStatus(int status, String code, RawS3.Response r) {
        assertEquals(status, r.status(), r.text());
        if (code != null) {
            assertEquals(code, r.errorCode(), r.text());
        }
    }

    static RawS3.Response call(RawS3 as, String method, String path, Map<String, String> query, String body)
            throws Exception {
        return as.send(method, path, query, Map.of(), body == null ? new byte[0] : bytes(body));
    }

    /** An unsigned request: no Authorization, no presigned query. */
    RawS3.Response anonymous(String method, String path, String body) throws Exception {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("host", "127.0.0.1:" + gw.port);
        return rootRaw.exchange(method, path, headers, body == null ? new byte[0] : bytes(body));
    }

    void bucketOf(RawS3 owner, String bucket) throws Exception {
        assertStatus(200, null, call(owner, "PUT", "/" + bucket, Map.of(), null));
    }

    void putObject(RawS3 as, String bucket, String key, String data) throws Exception {
        assertStatus(200, null, call(as, "PUT", "/" + bucket + "/" + key, Map.of(), data));
    }

    static RawS3.Response putPolicy(RawS3 as, String bucket, String policy) throws Exception {
        return call(as, "PUT", "/" + bucket, Map.of("policy", ""), policy);
    }

    static String policy(String... statements) {
        return "{\"Version\":\"2012-10-17\",\"Statement\":[" + String.join(",", statements) + "]}";
    }

    static String statement(String effect, String principal, String action, String resource, String condition) {
        return "{\"Effect\":\"" + effect + "\",\"Principal\":" + principal + ",\"Action\":" + action + ",\"Resource\":"
                + resource + (condition == null ? "" : ",\"Condition\":" + condition) + "}";
    }

    @Test
    void accountsReachEachOthersBucketsOnlyThroughPolicies() throws Exception {
        bucketOf(alice, "alice-data");
        bucketOf(bob, "bob-data");
        putObject(alice, "alice-data", "report.txt", "alice's report");
        putObject(bob, "bob-data", "notes.txt", "bob's notes");
        assertStatus(403, "AccessDenied", call(bob, "GET", "/alice-data/report.txt", Map.of(), null));
        assertStatus(403, "AccessDenied", call(alice, "GET", "/bob-data/notes.txt", Map.of(), null));

        // each grants the other: bob may read alice's objects, alice may write into bob's "inbox/"
        assertStatus(
                204,
                null,
                putPolicy(
                        alice,
                        "alice-data",
                        policy(statement(
                                "Allow",
                                "{\"AWS\":\"bob\"}",
                                "[\"s3:GetObject\",\"s3:ListBucket\"]",
                                "[\"arn:aws:s3:::alice-data\",\"arn:aws:s3:::alice-data/*\"]",
                                null))));
        assertStatus(
                204,
                null,
                putPolicy(
                        bob,
                        "bob-data",
                        policy(statement(
                                "Allow",
                                "{\"AWS\":[\"arn:aws:iam::alice:root\"]}",
                                "\"s3:PutObject\"",
                                "\"arn:aws:s3:::bob-data/inbox/*\"",
                                null))));
        RawS3.Response read = call(bob, "GET", "/alice-data/report.txt", Map.of(), null);
        assertStatus(200, null, read);
        assertEquals("alice's report", read.text());
        assertStatus(200, null, call(bob, "GET", "/alice-data", Map.of("list-type", "2"), null));
        assertStatus(403, "AccessDenied", call(bob, "PUT", "/alice-data/x", Map.of(), "no"));
        assertStatus(403, "AccessDenied", call(bob, "DELETE", "/alice-data/report.txt", Map.of(), null));
        putObject(alice, "bob-data", "inbox/from-alice", "hello bob");
        assertStatus(403, "AccessDenied", call(alice, "PUT", "/bob-data/elsewhere", Map.of(), "no"));
        assertStatus(403, "AccessDenied", call(alice, "GET", "/bob-data/inbox/from-alice", Map.of(), null));
        assertEquals(
                "hello bob",
                call(bob, "GET", "/bob-data/inbox/from-alice", Map.of(), null).text());
        // ListBuckets still shows only what one owns
        String list = call(bob, "GET", "/", Map.of(), null).text();
        assertTrue(list.contains("<Name>bob-data</Name>") && !list.contains("alice-data"), list);
    }

    @Test
    void aPolicyNeverGivesAnotherAccountThePolicyApis() throws Exception {
        bucketOf(alice, "alice-guarded");
        assertStatus(
                204,
                null,
                putPolicy(
                        alice,
                        "alice-guarded",
                        policy(statement(
                                "Allow", "{\"AWS\":\"bob\"}", "\"s3:*\"", "\"arn:aws:s3:::alice-guarded\"", null))));
        // the policy would allow them: 405 as S3 answers another account; nothing changes
        assertStatus(405, "MethodNotAllowed", call(bob, "GET", "/alice-guarded", Map.of("policy", ""), null));
        assertStatus(
                405,
                "MethodNotAllowed",
                putPolicy(
                        bob,
                        "alice-guarded",
                        policy(statement("Allow", "\"*\"", "\"s3:*\"", "\"arn:aws:s3:::alice-guarded\"", null))));
        assertStatus(405, "MethodNotAllowed", call(bob, "DELETE", "/alice-guarded", Map.of("policy", ""), null));
        assertStatus(
                405, "MethodNotAllowed", call(bob, "DELETE", "/alice-guarded", Map.of("publicAccessBlock", ""), null));
        assertStatus(200, null, call(alice, "GET", "/alice-guarded", Map.of("policy", ""), null));
        assertStatus(200, null, call(alice, "GET", "/alice-guarded", Map.of("publicAccessBlock", ""), null));
        // a bucket-level grant does not reach objects
        putObject(alice, "alice-guarded", "k", "v");
        assertStatus(403, "AccessDenied", call(bob, "GET", "/alice-guarded/k", Map.of(), null));
    }

    @Test
    void anExplicitDenyWinsEvenForTheOwnerWhoKeepsThePolicyApis() throws Exception {
        bucketOf(alice, "alice-deny");
        putObject(alice, "alice-deny", "keep/a", "1");
        putObject(alice, "alice-deny", "free/b", "2");
        putObject(alice, "alice-deny", "free/c", "3");
        assertStatus(
                204,
                null,
                putPolicy(
                        alice,
                        "alice-deny",
                        policy(
                                statement(
                                        "Allow",
                                        "{\"AWS\":\"bob\"}",
                                        "\"s3:*\"",
                                        "[\"arn:aws:s3:::alice-deny\",\"arn:aws:s3:::alice-deny/*\"]",
                                        null),
                                statement(
                                        "Deny",
                                        "\"*\"",
                                        "\"s3:DeleteObject\"",
                                        "\"arn:aws:s3:::alice-deny/keep/*\"",
                                        null))));
        assertStatus(403, "AccessDenied", call(bob, "DELETE", "/alice-deny/keep/a", Map.of(), null));
        assertStatus(403, "AccessDenied", call(alice, "DELETE", "/alice-deny/keep/a", Map.of(), null));
        assertStatus(204, null, call(bob, "DELETE", "/alice-deny/free/b", Map.of(), null));
        // DeleteObjects is authorised key by key
        String delete = "<Delete><Object><Key>keep/a</Key></Object><Object><Key>free/c</Key></Object></Delete>";
        RawS3.Response many = bob.send(
                "POST",
                "/alice-deny",
                Map.of("delete", ""),
                Map.of("content-md5", DeleteObjectsSemanticsIT.md5(bytes(delete))),
                bytes(delete));
        assertStatus(200, null, many);
        assertTrue(many.text().contains("<Deleted><Key>free/c</Key>"), many.text());
        assertTrue(many.text().contains("<Key>keep/a</Key><Code>AccessDenied</Code>"), many.text());
        assertStatus(200, null, call(alice, "GET", "/alice-deny/keep/a", Map.of(), null));
        // the owner can always take the policy back
        assertStatus(204, null, call(alice, "DELETE", "/alice-deny", Map.of("policy", ""), null));
        assertStatus(204, null, call(alice, "DELETE", "/alice-deny/keep/a", Map.of(), null));
        assertStatus(403, "AccessDenied", call(bob, "GET", "/alice-deny/free/c", Map.of(), null));
    }

    @Test
    void aDenyOfEverythingLeavesTheOwnerOnlyThePolicyApisAndRootEverything() throws Exception {
        bucketOf(alice, "alice-locked");
        putObject(alice, "alice-locked", "k", "v");
        String denyAll = policy(statement(
                "Deny",
                "{\"AWS\":\"alice\"}",
                "\"s3:*\"",
                "[\"arn:aws:s3:::alice-locked\",\"arn:aws:s3:::alice-locked/*\"]",
                null));
        assertStatus(204, null, putPolicy(alice, "alice-locked", denyAll));
        // the owning users.json account is denied what the policy denies, its bucket's configuration APIs included
        assertStatus(403, "AccessDenied", call(alice, "GET", "/alice-locked/k", Map.of(), null));
        assertStatus(403, "AccessDenied", call(alice, "PUT", "/alice-locked/k2", Map.of(), "x"));
        String pab = "<PublicAccessBlockConfiguration><BlockPublicAcls>true</BlockPublicAcls>"
                + "<IgnorePublicAcls>true</IgnorePublicAcls><BlockPublicPolicy>false</BlockPublicPolicy>"
                + "<RestrictPublicBuckets>true</RestrictPublicBuckets></PublicAccessBlockConfiguration>";
        assertStatus(403, "AccessDenied", call(alice, "PUT", "/alice-locked", Map.of("publicAccessBlock", ""), pab));
        assertStatus(
                403, "AccessDenied", call(alice, "DELETE", "/alice-locked", Map.of("publicAccessBlock", ""), null));
        assertStatus(
                403, "AccessDenied", call(alice, "DELETE", "/alice-locked", Map.of("ownershipControls", ""), null));
        String ownership = "<OwnershipControls><Rule><ObjectOwnership>ObjectWriter</ObjectOwnership></Rule>"
                + "</OwnershipControls>";
        assertStatus(
                403, "AccessDenied", call(alice, "PUT", "/alice-locked", Map.of("ownershipControls", ""), ownership));
        assertStatus(
                403,
                "AccessDenied",
                alice.send("PUT", "/alice-locked", Map.of("acl", ""), Map.of("x-amz-acl", "private"), new byte[0]));
        assertStatus(
                403,
                "AccessDenied",
                alice.send("PUT", "/alice-locked/k", Map.of("acl", ""), Map.of("x-amz-acl", "private"), new byte[0]));
        // root, the gateway's admin, is never limited by a policy
        assertStatus(200, null, call(rootRaw, "GET", "/alice-locked/k", Map.of(), null));
        assertStatus(200, null, call(rootRaw, "PUT", "/alice-locked", Map.of("publicAccessBlock", ""), pab));
        // the owner keeps the policy APIs, so that it can always undo the lock-out
        RawS3.Response got = call(alice, "GET", "/alice-locked", Map.of("policy", ""), null);
        assertStatus(200, null, got);
        assertEquals(denyAll, got.text());
        assertStatus(204, null, putPolicy(alice, "alice-locked", denyAll));
        assertStatus(204, null, call(alice, "DELETE", "/alice-locked", Map.of("policy", ""), null));
        assertStatus(200, null, call(alice, "GET", "/alice-locked/k", Map.of(), null));
        assertStatus(204, null, call(alice, "DELETE", "/alice-locked", Map.of("publicAccessBlock", ""), null));
    }

    @Test
    void anonymousRequestsGetExactlyWhatAPolicyGrantsToEveryone() throws Exception {
        bucketOf(alice, "alice-public");
        putObject(alice, "alice-public", "pub/catalog.json", "{\"price\":1}");
        putObject(alice, "alice-public", "private/secret", "s");
        assertStatus(403, "AccessDenied", anonymous("GET", "/alice-public/pub/catalog.json", null));
        String publicRead =
                policy(statement("Allow", "\"*\"", "\"s3:GetObject\"", "\"arn:aws:s3:::alice-public/pub/*\"", null));
        // a new bucket blocks public policies, as S3 since 2023
        RawS3.Response blocked = putPolicy(alice, "alice-public", publicRead);
        assertStatus(403, "AccessDenied", blocked);
        assertStatus(404, "NoSuchBucketPolicy", call(alice, "GET", "/alice-public", Map.of("policy", ""), null));
        assertStatus(204, null, call(alice, "DELETE", "/alice-public", Map.of("publicAccessBlock", ""), null));
        assertStatus(
                404,
                "NoSuchPublicAccessBlockConfiguration",
                call(alice, "GET", "/alice-public", Map.of("publicAccessBlock", ""), null));
        assertStatus(204, null, putPolicy(alice, "alice-public", publicRead));
        assertTrue(call(alice, "GET", "/alice-public", Map.of("policyStatus", ""), null)
                .text()
                .contains("<IsPublic>true</IsPublic>"));

        RawS3.Response got = anonymous("GET", "/alice-public/pub/catalog.json", null);
        assertStatus(200, null, got);
        assertEquals("{\"price\":1}", got.text());
        assertStatus(200, null, anonymous("HEAD", "/alice-public/pub/catalog.json", null));
        // the policy lets everyone read, not list: a missing key is 403 to them, as on S3
        assertStatus(403, "AccessDenied", anonymous("GET", "/alice-public/pub/absent", null));
        assertStatus(403, "AccessDenied", anonymous("GET", "/alice-public/private/secret", null));
        assertStatus(403, "AccessDenied", anonymous("GET", "/alice-public?list-type=2", null));
        assertStatus(403, "AccessDenied", anonymous("PUT", "/alice-public/pub/new", "x"));
        assertFalse(Files.exists(root.resolve("alice-public/pub/new")));
        assertStatus(403, "AccessDenied", anonymous("GET", "/", null));
        assertStatus(403, "AccessDenied", anonymous("PUT", "/anon-bucket", null));
        assertStatus(403, "AccessDenied", anonymous("GET", "/alice-public?policy", null));
        // any signed account is "*" too
        assertStatus(200, null, call(bob, "GET", "/alice-public/pub/catalog.json", Map.of(), null));

        // RestrictPublicBuckets: the public policy now allows nobody but the owner
        String restrict = "<PublicAccessBlockConfiguration><RestrictPublicBuckets>true</RestrictPublicBuckets>"
                + "</PublicAccessBlockConfiguration>";
        assertStatus(200, null, call(alice, "PUT", "/alice-public", Map.of("publicAccessBlock", ""), restrict));
        assertStatus(403, "AccessDenied", anonymous("GET", "/alice-public/pub/catalog.json", null));
        assertStatus(403, "AccessDenied", call(bob, "GET", "/alice-public/pub/catalog.json", Map.of(), null));
        assertStatus(200, null, call(alice, "GET", "/alice-public/pub/catalog.json", Map.of(), null));
        RawS3.Response pab = call(alice, "GET", "/alice-public", Map.of("publicAccessBlock", ""), null);
        assertEquals("false", pab.element("BlockPublicPolicy"), pab.text());
        assertEquals("true", pab.element("RestrictPublicBuckets"), pab.text());
    }

    @Test
    void aMissingKeyIsToldOnlyToThoseWhoMayListTheBucket() throws Exception {
        bucketOf(alice, "alice-catalog");
        assertStatus(204, null, call(alice, "DELETE", "/alice-catalog", Map.of("publicAccessBlock", ""), null));
        putObject(alice, "alice-catalog", "prices.json", "{}");
        // everyone may read objects, nobody but alice may list: a missing key is 403 to them, as on S3
        String readOnly = statement("Allow", "\"*\"", "\"s3:GetObject\"", "\"arn:aws:s3:::alice-catalog/*\"", null);
        assertStatus(204, null, putPolicy(alice, "alice-catalog", policy(readOnly)));
        assertStatus(200, null, anonymous("GET", "/alice-catalog/prices.json", null));
        assertStatus(403, "AccessDenied", anonymous("GET", "/alice-catalog/missing.json", null));
        assertStatus(403, null, anonymous("HEAD", "/alice-catalog/missing.json", null));
        assertStatus(403, "AccessDenied", call(bob, "GET", "/alice-catalog/missing.json", Map.of(), null));
        assertStatus(404, "NoSuchKey", call(alice, "GET", "/alice-catalog/missing.json", Map.of(), null));
        assertStatus(404, "NoSuchKey", call(rootRaw, "GET", "/alice-catalog/missing.json", Map.of(), null));

        // bob may list too: he is told
        String bobLists =
                statement("Allow", "{\"AWS\":\"bob\"}", "\"s3:ListBucket\"", "\"arn:aws:s3:::alice-catalog\"", null);
        assertStatus(204, null, putPolicy(alice, "alice-catalog", policy(readOnly, bobLists)));
        assertStatus(404, "NoSuchKey", call(bob, "GET", "/alice-catalog/missing.json", Map.of(), null));
        assertStatus(404, null, call(bob, "HEAD", "/alice-catalog/missing.json", Map.of(), null));
        assertStatus(403, "AccessDenied", anonymous("GET", "/alice-catalog/missing.json", null));
    }

    @Test
    void withAclsDisabledAnUploadOfAnotherAccountIsListedAsTheBucketOwners() throws Exception {
        bucketOf(alice, "alice-uploads");
        String bobUploads = statement(
                "Allow",
                "{\"AWS\":\"bob\"}",
                "[\"s3:PutObject\",\"s3:ListMultipartUploadParts\"]",
                "\"arn:aws:s3:::alice-uploads/*\"",
                null);
        assertStatus(204, null, putPolicy(alice, "alice-uploads", policy(bobUploads)));
        RawS3.Response created = call(bob, "POST", "/alice-uploads/big.bin", Map.of("uploads", ""), null);
        assertStatus(200, null, created);
        RawS3.Response parts =
                call(bob, "GET", "/alice-uploads/big.bin", Map.of("uploadId", created.element("UploadId")), null);
        assertStatus(200, null, parts);
        // BucketOwnerEnforced: the object will be alice's, bob only initiated it
        assertTrue(parts.text().contains("<Initiator><ID>bob</ID>"), parts.text());
        assertTrue(parts.text().contains("<Owner><ID>alice</ID>"), parts.text());
    }

    @Test
    void anonymousWritesAndConditionsOnTheCaller() throws Exception {
        bucketOf(alice, "alice-dropbox");
        assertStatus(204, null, call(alice, "DELETE", "/alice-dropbox", Map.of("publicAccessBlock", ""), null));
        String p = policy(
                statement(
                        "Allow",
                        "\"*\"",
                        "\"s3:PutObject\"",
                        "\"arn:aws:s3:::alice-dropbox/uploads/*\"",
                        "{\"IpAddress\":{\"aws:SourceIp\":\"127.0.0.0/8\"},\"Bool\":{\"aws:SecureTransport\":\"false\"}}"),
                statement(
                        "Allow",
                        "\"*\"",
                        "\"s3:ListBucket\"",
                        "\"arn:aws:s3:::alice-dropbox\"",
                        "{\"StringEquals\":{\"s3:prefix\":\"uploads/\"}}"),
                statement(
                        "Deny",
                        "\"*\"",
                        "\"s3:PutObject\"",
                        "\"arn:aws:s3:::alice-dropbox/uploads/*\"",
                        "{\"StringEquals\":{\"s3:x-amz-acl\":[\"public-read\",\"public-read-write\"]}}"));
        assertStatus(204, null, putPolicy(alice, "alice-dropbox", p));
        assertStatus(200, null, anonymous("PUT", "/alice-dropbox/uploads/one", "first"));
        assertArrayEquals(bytes("first"), Files.readAllBytes(root.resolve("alice-dropbox/uploads/one")));
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("host", "127.0.0.1:" + gw.port);
        headers.put("x-amz-acl", "public-read");
        assertStatus(403, "AccessDenied", rootRaw.exchange("PUT", "/alice-dropbox/uploads/two", headers, bytes("2")));
        assertFalse(Files.exists(root.resolve("alice-dropbox/uploads/two")));
        assertStatus(403, "AccessDenied", anonymous("PUT", "/alice-dropbox/other", "x"));
        assertStatus(200, null, anonymous("GET", "/alice-dropbox?list-type=2&prefix=uploads%2F", null));
        assertStatus(403, "AccessDenied", anonymous("GET", "/alice-dropbox?list-type=2", null));
        assertStatus(403, "AccessDenied", anonymous("GET", "/alice-dropbox/uploads/one", null));
    }

    @Test
    void hostilePoliciesAreRefusedAndNothingIsStored() throws Exception {
        bucketOf(alice, "alice-hostile");
        String good = policy(
                statement("Allow", "{\"AWS\":\"bob\"}", "\"s3:GetObject\"", "\"arn:aws:s3:::alice-hostile/*\"", null));
        assertStatus(204, null, putPolicy(alice, "alice-hostile", good));
        StringBuilder deep = new StringBuilder();
        deep.append("{\"Statement\":".repeat(1000)).append("[]").append("}".repeat(1000));
        String big = policy(statement(
                "Allow",
                "{\"AWS\":\"bob\"}",
                "\"s3:GetObject\"",
                "[" + "\"arn:aws:s3:::alice-hostile/x\",".repeat(1000) + "\"arn:aws:s3:::alice-hostile/y\"]",
                null));
        String[][] refused = {
            {"not json", "Policies must be valid JSON and the first byte must be '{'"},
            {"{\"Statement\": [", "This policy contains invalid Json"},
            {deep.toString(), "This policy contains invalid Json"},
            {big, "Policy exceeds the maximum allowed document size."},
            {"{\"Version\":\"2012-10-17\"}", "Missing required field Statement"},
            {"{\"Statement\":[]}", "Could not parse the policy: Statement is empty!"},
            {
                policy(statement(
                        "Allow",
                        "{\"AWS\":\"mallory\"}",
                        "\"s3:GetObject\"",
                        "\"arn:aws:s3:::alice-hostile/*\"",
                        null)),
                "Invalid principal in policy"
            },
            {
                policy(statement("Allow", "\"*\"", "\"s3:GetObject\"", "\"arn:aws:s3:::bob-other/*\"", null)),
                "Policy has invalid resource"
            },
            {
                policy(statement(
                        "Allow", "{\"AWS\":\"bob\"}", "\"s3:GetObject\"", "\"arn:aws:s3:::alice-hostile\"", null)),
                "Action does not apply to any resource(s) in statement"
            },
            {
                policy(statement("Allow", "{\"AWS\":\"bob\"}", "\"s3:Fly\"", "\"arn:aws:s3:::alice-hostile/*\"", null)),
                "Policy has invalid action"
            },
            {
                policy(statement(
                        "Allow",
                        "{\"AWS\":\"bob\"}",
                        "\"s3:GetObject\"",
                        "\"arn:aws:s3:::alice-hostile/*\"",
                        "{\"StringEqualz\":{\"aws:username\":\"x\"}}")),
                "Invalid Condition type : StringEqualz"
            },
            {"{\"Version\":\"1999-01-01\",\"Statement\":[]}", "The policy must contain a valid version string"},
        };
        for (String[] c : refused) {
            RawS3.Response r = putPolicy(alice, "alice-hostile", c[0]);
            assertStatus(400, "MalformedPolicy", r);
            assertEquals(c[1], r.element("Message"), r.text());
        }
        RawS3.Response stored = call(alice, "GET", "/alice-hostile", Map.of("policy", ""), null);
        assertEquals(good, stored.text(), "the policy before the refusals is kept");
        // where versitygw keeps it: the bucket directory's user.policy, byte for byte
        UserDefinedFileAttributeView view =
                Files.getFileAttributeView(root.resolve("alice-hostile"), UserDefinedFileAttributeView.class);
        ByteBuffer buf = ByteBuffer.allocate(view.size("policy"));
        view.read("policy", buf);
        assertEquals(good, new String(buf.array(), StandardCharsets.UTF_8));
        assertTrue(view.list().contains("posixgw.public-access-block"));
    }
}
