package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetBucketAclResponse;
import software.amazon.awssdk.services.s3.model.GetObjectAclResponse;
import software.amazon.awssdk.services.s3.model.Grant;
import software.amazon.awssdk.services.s3.model.ObjectCannedACL;
import software.amazon.awssdk.services.s3.model.ObjectOwnership;
import software.amazon.awssdk.services.s3.model.Permission;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.Type;

/**
 * Ownership controls and ACLs enabled (BucketOwnerPreferred, ObjectWriter) over raw signed and
 * unsigned HTTP with two {@code users.json} accounts: grants reach the other account's bucket and
 * objects, anonymous reads only where a public grant and the Public Access Block allow them, S3's
 * refusals (MalformedACLError, InvalidArgument, UnexpectedContent, InvalidRequest,
 * AccessControlListNotSupported, InvalidBucketAclWithBlockPublicAccessError), and the ACLs kept in
 * versitygw's {@code acl} (bucket) and posixgw's {@code posixgw.acl} (object) attributes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AclGrantsIT {
    static final String ALICE_SECRET = "alice-secret-1";
    static final String BOB_SECRET = "bob-secret-22";
    static final String ALL_USERS = "http://acs.amazonaws.com/groups/global/AllUsers";
    static final String NO_BLOCK = "<PublicAccessBlockConfiguration xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
            + "<BlockPublicAcls>false</BlockPublicAcls><IgnorePublicAcls>false</IgnorePublicAcls>"
            + "<BlockPublicPolicy>true</BlockPublicPolicy><RestrictPublicBuckets>true</RestrictPublicBuckets>"
            + "</PublicAccessBlockConfiguration>";

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
                        + "\",\"role\":\"user\",\"userID\":1002,\"groupID\":1002,\"projectID\":0}}}");
        gw = TestGateway.start(root, "--fsync", "off", "--iam-dir", iam.toString());
        rootRaw = gw.raw();
        alice = new RawS3("127.0.0.1", gw.port, new TestSigner("alice", ALICE_SECRET, "us-east-1"));
        bob = new RawS3("127.0.0.1", gw.port, new TestSigner("bob", BOB_SECRET, "us-east-1"));
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

    static RawS3.Response send(RawS3 as, String method, String path, Map<String, String> query, Map<String, String> h)
            throws Exception {
        return as.send(method, path, query, h, new byte[0]);
    }

    static RawS3.Response send(
            RawS3 as, String method, String path, Map<String, String> query, Map<String, String> h, String body)
            throws Exception {
        return as.send(method, path, query, h, bytes(body));
    }

    RawS3.Response anonymous(String method, String path) throws Exception {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("host", "127.0.0.1:" + gw.port);
        return rootRaw.exchange(method, path, headers, new byte[0]);
    }

    static String policyBody(String owner, String grants) {
        return "<AccessControlPolicy xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Owner><ID>" + owner
                + "</ID></Owner><AccessControlList>" + grants + "</AccessControlList></AccessControlPolicy>";
    }

    static String userGrant(String id, String permission) {
        return "<Grant><Grantee xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:type=\"CanonicalUser\"><ID>"
                + id + "</ID></Grantee><Permission>" + permission + "</Permission></Grant>";
    }

    static String groupGrant(String uri, String permission) {
        return "<Grant><Grantee xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:type=\"Group\"><URI>" + uri
                + "</URI></Grantee><Permission>" + permission + "</Permission></Grant>";
    }

    String attr(Path p, String name) throws Exception {
        UserDefinedFileAttributeView view = Files.getFileAttributeView(p, UserDefinedFileAttributeView.class);
        if (!view.list().contains(name)) {
            return null;
        }
        ByteBuffer buf = ByteBuffer.allocate(view.size(name));
        view.read(name, buf);
        return new String(buf.array(), StandardCharsets.UTF_8);
    }

    @Test
    void ownershipControlsAreKeptInVersitygwsAttribute() throws Exception {
        assertStatus(200, null, send(alice, "PUT", "/own-ctl", Map.of(), Map.of()));
        RawS3.Response got = send(alice, "GET", "/own-ctl", Map.of("ownershipControls", ""), Map.of());
        assertStatus(200, null, got);
        assertEquals("BucketOwnerEnforced", got.element("ObjectOwnership"), "the default, as on S3");
        assertEquals("BucketOwnerEnforced", attr(root.resolve("own-ctl"), "ownership"));

        String writer = "<OwnershipControls xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Rule>"
                + "<ObjectOwnership>ObjectWriter</ObjectOwnership></Rule></OwnershipControls>";
        assertStatus(200, null, send(alice, "PUT", "/own-ctl", Map.of("ownershipControls", ""), Map.of(), writer));
        assertEquals(
                "ObjectWriter",
                send(alice, "GET", "/own-ctl", Map.of("ownershipControls", ""), Map.of())
                        .element("ObjectOwnership"));
        assertEquals("ObjectWriter", attr(root.resolve("own-ctl"), "ownership"));

        // one rule with a known value, else MalformedXML; only the owner
        assertStatus(
                400,
                "MalformedXML",
                send(
                        alice,
                        "PUT",
                        "/own-ctl",
                        Map.of("ownershipControls", ""),
                        Map.of(),
                        writer.replace("ObjectWriter<", "Nobody<")));
        assertStatus(
                400,
                "MalformedXML",
                send(
                        alice,
                        "PUT",
                        "/own-ctl",
                        Map.of("ownershipControls", ""),
                        Map.of(),
                        writer.replace(
                                "</Rule>", "</Rule><Rule><ObjectOwnership>ObjectWriter</ObjectOwnership></Rule>")));
        assertStatus(
                403, "AccessDenied", send(bob, "PUT", "/own-ctl", Map.of("ownershipControls", ""), Map.of(), writer));
        assertStatus(403, "AccessDenied", send(bob, "GET", "/own-ctl", Map.of("ownershipControls", ""), Map.of()));

        // back to BucketOwnerEnforced is refused while the ACL grants others
        assertStatus(
                200, null, send(alice, "PUT", "/own-ctl", Map.of("acl", ""), Map.of("x-amz-grant-read", "id=\"bob\"")));
        String enforced = writer.replace("ObjectWriter", "BucketOwnerEnforced");
        assertStatus(
                400,
                "InvalidBucketAclWithObjectOwnership",
                send(alice, "PUT", "/own-ctl", Map.of("ownershipControls", ""), Map.of(), enforced));
        assertStatus(200, null, send(alice, "PUT", "/own-ctl", Map.of("acl", ""), Map.of("x-amz-acl", "private")));
        assertStatus(200, null, send(alice, "PUT", "/own-ctl", Map.of("ownershipControls", ""), Map.of(), enforced));

        assertStatus(204, null, send(alice, "DELETE", "/own-ctl", Map.of("ownershipControls", ""), Map.of()));
        assertStatus(
                404,
                "OwnershipControlsNotFoundError",
                send(alice, "GET", "/own-ctl", Map.of("ownershipControls", ""), Map.of()));
        assertEquals(null, attr(root.resolve("own-ctl"), "ownership"));
        assertStatus(404, "NoSuchBucket", send(alice, "GET", "/own-none", Map.of("ownershipControls", ""), Map.of()));
    }

    @Test
    void grantsGiveTheOtherAccountWhatTheySay() throws Exception {
        assertStatus(
                200, null, send(alice, "PUT", "/shared", Map.of(), Map.of("x-amz-object-ownership", "ObjectWriter")));
        assertStatus(200, null, send(alice, "PUT", "/shared/a.txt", Map.of(), Map.of(), "alice's"));
        assertStatus(403, "AccessDenied", send(bob, "GET", "/shared", Map.of("list-type", "2"), Map.of()));
        assertStatus(403, "AccessDenied", send(bob, "PUT", "/shared/b.txt", Map.of(), Map.of(), "bob's"));

        // READ and WRITE on the bucket: bob lists and writes, but reads no object of alice's
        assertStatus(
                200,
                null,
                send(
                        alice,
                        "PUT",
                        "/shared",
                        Map.of("acl", ""),
                        Map.of("x-amz-grant-read", "id=\"bob\"", "x-amz-grant-write", "id=bob")));
        assertStatus(200, null, send(bob, "GET", "/shared", Map.of("list-type", "2"), Map.of()));
        assertStatus(200, null, send(bob, "HEAD", "/shared", Map.of(), Map.of()));
        assertStatus(403, "AccessDenied", send(bob, "GET", "/shared/a.txt", Map.of(), Map.of()));
        assertStatus(403, "AccessDenied", send(bob, "GET", "/shared", Map.of("acl", ""), Map.of()));
        assertStatus(
                403, "AccessDenied", send(bob, "PUT", "/shared", Map.of("acl", ""), Map.of("x-amz-acl", "private")));
        assertStatus(200, null, send(bob, "PUT", "/shared/b.txt", Map.of(), Map.of(), "bob's"));
        assertStatus(404, "NoSuchKey", send(bob, "GET", "/shared/none.txt", Map.of(), Map.of()));

        RawS3.Response acl = send(alice, "GET", "/shared", Map.of("acl", ""), Map.of());
        assertStatus(200, null, acl);
        assertEquals(2, acl.elements("Grant").size(), acl.text());
        assertTrue(acl.text().contains("<ID>bob</ID>"), acl.text());
        String stored = attr(root.resolve("shared"), "acl");
        assertTrue(stored.contains("\"Owner\":\"alice\""), stored);
        assertTrue(stored.contains("{\"Permission\":\"READ\",\"Access\":\"bob\",\"Type\":\"CanonicalUser\"}"), stored);

        // ObjectWriter: bob's object is bob's; alice (the bucket owner) reads it, or its ACL, only as its
        // ACL says (as on S3), but may still delete it (WRITE on her bucket)
        RawS3.Response bobs = send(bob, "GET", "/shared/b.txt", Map.of("acl", ""), Map.of());
        assertStatus(200, null, bobs);
        assertEquals("bob", bobs.element("ID"), bobs.text());
        assertTrue(attr(root.resolve("shared/b.txt"), "posixgw.acl").contains("\"Owner\":\"bob\""));
        assertStatus(403, "AccessDenied", send(alice, "GET", "/shared/b.txt", Map.of(), Map.of()));
        assertStatus(403, null, send(alice, "HEAD", "/shared/b.txt", Map.of(), Map.of())); // (a HEAD has no body)
        assertStatus(403, "AccessDenied", send(alice, "GET", "/shared/b.txt", Map.of("acl", ""), Map.of()));
        assertStatus(
                200, null, send(bob, "PUT", "/shared/c.txt", Map.of(), Map.of("x-amz-acl", "bucket-owner-read"), "c"));
        assertStatus(200, null, send(alice, "GET", "/shared/c.txt", Map.of(), Map.of()));
        assertStatus(403, "AccessDenied", send(alice, "GET", "/shared/c.txt", Map.of("acl", ""), Map.of()));
        assertStatus(204, null, send(alice, "DELETE", "/shared/c.txt", Map.of(), Map.of()));
        assertStatus(404, "NoSuchKey", send(alice, "GET", "/shared/gone.txt", Map.of(), Map.of()));

        // an object grant: READ on a.txt
        assertStatus(
                200,
                null,
                send(alice, "PUT", "/shared/a.txt", Map.of("acl", ""), Map.of("x-amz-grant-read", "id=\"bob\"")));
        RawS3.Response read = send(bob, "GET", "/shared/a.txt", Map.of(), Map.of());
        assertStatus(200, null, read);
        assertEquals("alice's", read.text());
        assertStatus(403, "AccessDenied", send(bob, "GET", "/shared/a.txt", Map.of("acl", ""), Map.of()));
        // a new write of the key starts without the old grants
        assertStatus(200, null, send(alice, "PUT", "/shared/a.txt", Map.of(), Map.of(), "alice's again"));
        assertStatus(403, "AccessDenied", send(bob, "GET", "/shared/a.txt", Map.of(), Map.of()));

        // an explicit Deny of the policy wins over a grant
        String deny = "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Deny\",\"Principal\":{\"AWS\":\"bob\"},"
                + "\"Action\":\"s3:ListBucket\",\"Resource\":\"arn:aws:s3:::shared\"}]}";
        assertStatus(204, null, send(alice, "PUT", "/shared", Map.of("policy", ""), Map.of(), deny));
        assertStatus(403, "AccessDenied", send(bob, "GET", "/shared", Map.of("list-type", "2"), Map.of()));
    }

    @Test
    void bucketOwnerPreferredGivesTheBucketOwnerWhatIsGivenIt() throws Exception {
        assertStatus(
                200,
                null,
                send(
                        alice,
                        "PUT",
                        "/preferred",
                        Map.of(),
                        Map.of("x-amz-object-ownership", "BucketOwnerPreferred", "x-amz-grant-write", "id=\"bob\"")));
        assertStatus(
                200,
                null,
                send(bob, "PUT", "/preferred/given", Map.of(), Map.of("x-amz-acl", "bucket-owner-full-control"), "x"));
        assertEquals(
                "alice",
                send(alice, "GET", "/preferred/given", Map.of("acl", ""), Map.of())
                        .element("ID"));
        assertStatus(
                200,
                null,
                send(bob, "PUT", "/preferred/kept", Map.of(), Map.of("x-amz-acl", "bucket-owner-read"), "y"));
        RawS3.Response kept = send(bob, "GET", "/preferred/kept", Map.of("acl", ""), Map.of());
        assertEquals("bob", kept.element("ID"), kept.text());
        assertEquals(2, kept.elements("Grant").size(), kept.text());
    }

    @Test
    void publicReadServesAnonymousCallersOnlyWhereThePublicAccessBlockAllows() throws Exception {
        assertStatus(
                200,
                null,
                send(alice, "PUT", "/pub", Map.of(), Map.of("x-amz-object-ownership", "BucketOwnerPreferred")));
        assertStatus(200, null, send(alice, "PUT", "/pub/page.html", Map.of(), Map.of(), "<p>hi</p>"));
        // a new bucket blocks public ACLs: the PUT is refused, nothing changes
        assertStatus(
                403,
                "AccessDenied",
                send(alice, "PUT", "/pub/page.html", Map.of("acl", ""), Map.of("x-amz-acl", "public-read")));
        assertStatus(
                403,
                "AccessDenied",
                send(alice, "PUT", "/pub/other.html", Map.of(), Map.of("x-amz-acl", "public-read"), "o"));
        assertFalse(Files.exists(root.resolve("pub/other.html")), "a refused write stores nothing");
        assertStatus(403, "AccessDenied", anonymous("GET", "/pub/page.html"));

        assertStatus(200, null, send(alice, "PUT", "/pub", Map.of("publicAccessBlock", ""), Map.of(), NO_BLOCK));
        assertStatus(
                200, null, send(alice, "PUT", "/pub/page.html", Map.of("acl", ""), Map.of("x-amz-acl", "public-read")));
        RawS3.Response anon = anonymous("GET", "/pub/page.html");
        assertStatus(200, null, anon);
        assertEquals("<p>hi</p>", anon.text());
        assertStatus(403, "AccessDenied", anonymous("GET", "/pub?list-type=2"));
        assertStatus(403, "AccessDenied", anonymous("PUT", "/pub/x"));
        RawS3.Response acl = send(alice, "GET", "/pub/page.html", Map.of("acl", ""), Map.of());
        assertTrue(acl.text().contains("<URI>" + ALL_USERS + "</URI>"), acl.text());
        assertTrue(acl.text().contains("xsi:type=\"Group\""), acl.text());

        // IgnorePublicAcls: the grant stays, it gives nothing
        assertStatus(
                200,
                null,
                send(
                        alice,
                        "PUT",
                        "/pub",
                        Map.of("publicAccessBlock", ""),
                        Map.of(),
                        NO_BLOCK.replace("<IgnorePublicAcls>false", "<IgnorePublicAcls>true")));
        assertStatus(403, "AccessDenied", anonymous("GET", "/pub/page.html"));
        assertStatus(204, null, send(alice, "DELETE", "/pub", Map.of("publicAccessBlock", ""), Map.of()));
        assertStatus(200, null, anonymous("GET", "/pub/page.html"));

        // a public-read bucket lists to anyone; AuthenticatedUsers only to signed callers
        assertStatus(200, null, send(alice, "PUT", "/pub", Map.of("acl", ""), Map.of("x-amz-acl", "public-read")));
        assertStatus(200, null, anonymous("GET", "/pub?list-type=2"));
        assertStatus(
                200, null, send(alice, "PUT", "/pub", Map.of("acl", ""), Map.of("x-amz-acl", "authenticated-read")));
        assertStatus(403, "AccessDenied", anonymous("GET", "/pub?list-type=2"));
        assertStatus(200, null, send(bob, "GET", "/pub", Map.of("list-type", "2"), Map.of()));
    }

    @Test
    void badAclsAreRefusedAsS3RefusesThem() throws Exception {
        assertStatus(
                200, null, send(alice, "PUT", "/bad-acl", Map.of(), Map.of("x-amz-object-ownership", "ObjectWriter")));
        Map<String, String> acl = Map.of("acl", "");
        assertStatus(400, "InvalidArgument", send(alice, "PUT", "/bad-acl", acl, Map.of("x-amz-acl", "everyone")));
        assertStatus(
                400,
                "InvalidArgument",
                send(alice, "PUT", "/bad-acl", acl, Map.of("x-amz-grant-read", "id=\"nobody\"")));
        assertStatus(400, "InvalidArgument", send(alice, "PUT", "/bad-acl", acl, Map.of("x-amz-grant-read", "bob")));
        assertStatus(
                400,
                "InvalidArgument",
                send(alice, "PUT", "/bad-acl", acl, Map.of("x-amz-grant-read", "uri=\"http://example.com/group\"")));
        assertStatus(
                400,
                "UnresolvableGrantByEmailAddress",
                send(alice, "PUT", "/bad-acl", acl, Map.of("x-amz-grant-read", "emailAddress=\"a@example.com\"")));
        assertStatus(
                400,
                "InvalidRequest",
                send(alice, "PUT", "/bad-acl", acl, Map.of("x-amz-acl", "private", "x-amz-grant-read", "id=\"bob\"")));
        assertStatus(400, "MissingSecurityHeader", send(alice, "PUT", "/bad-acl", acl, Map.of()));
        assertStatus(400, "MalformedACLError", send(alice, "PUT", "/bad-acl", acl, Map.of(), "<AccessControlPolicy>"));
        assertStatus(
                400,
                "MalformedACLError",
                send(alice, "PUT", "/bad-acl", acl, Map.of(), policyBody("alice", userGrant("bob", "EVERYTHING"))));
        assertStatus(
                400,
                "MalformedACLError",
                send(
                        alice,
                        "PUT",
                        "/bad-acl",
                        acl,
                        Map.of(),
                        "<AccessControlPolicy><AccessControlList>" + userGrant("bob", "READ")
                                + "</AccessControlList></AccessControlPolicy>"));
        assertStatus(
                400,
                "InvalidArgument",
                send(alice, "PUT", "/bad-acl", acl, Map.of(), policyBody("bob", userGrant("bob", "READ"))));
        assertStatus(
                400,
                "UnexpectedContent",
                send(
                        alice,
                        "PUT",
                        "/bad-acl",
                        acl,
                        Map.of("x-amz-acl", "private"),
                        policyBody("alice", userGrant("bob", "READ"))));
        assertStatus(
                400,
                "InvalidBucketAclWithBlockPublicAccessError",
                send(
                        alice,
                        "PUT",
                        "/bad-public",
                        Map.of(),
                        Map.of("x-amz-object-ownership", "ObjectWriter", "x-amz-acl", "public-read")));
        assertStatus(404, null, send(alice, "HEAD", "/bad-public", Map.of(), Map.of()));
        assertStatus(
                400,
                "InvalidArgument",
                send(alice, "PUT", "/bad-own", Map.of(), Map.of("x-amz-object-ownership", "Everyone")));

        // a body replaces the ACL; the stored ACL is still the last good one before it
        assertStatus(
                200,
                null,
                send(
                        alice,
                        "PUT",
                        "/bad-acl",
                        acl,
                        Map.of(),
                        policyBody("alice", userGrant("alice", "FULL_CONTROL") + userGrant("bob", "READ_ACP"))));
        RawS3.Response got = send(bob, "GET", "/bad-acl", acl, Map.of());
        assertStatus(200, null, got);
        assertEquals(2, got.elements("Grant").size(), got.text());
        assertStatus(
                400,
                "InvalidArgument",
                send(alice, "PUT", "/bad-acl", acl, Map.of(), policyBody("alice", userGrant("nobody", "READ"))));
        assertEquals(
                2,
                send(alice, "GET", "/bad-acl", acl, Map.of()).elements("Grant").size());

        // with ACLs disabled the grants stay refused as before
        assertStatus(200, null, send(alice, "PUT", "/enforced", Map.of(), Map.of()));
        assertStatus(
                400,
                "AccessControlListNotSupported",
                send(alice, "PUT", "/enforced", acl, Map.of("x-amz-grant-read", "id=\"bob\"")));
        assertStatus(
                400,
                "AccessControlListNotSupported",
                send(alice, "PUT", "/enforced/k", Map.of(), Map.of("x-amz-acl", "public-read"), "k"));
        // CreateMultipartUpload takes grants as PutObject does (AclPublicationIT), and refuses the same ones
        assertStatus(
                400,
                "InvalidArgument",
                send(alice, "POST", "/bad-acl/mp", Map.of("uploads", ""), Map.of("x-amz-grant-read", "id=\"nobody\"")));
    }

    S3Client sdk(String access, String secret) {
        return S3Client.builder()
                .endpointOverride(java.net.URI.create("http://127.0.0.1:" + gw.port))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(access, secret)))
                .forcePathStyle(true)
                .httpClient(UrlConnectionHttpClient.create())
                .build();
    }

    /** The AWS SDK for Java v2: ownership controls, then ACLs put and read back by both accounts. */
    @Test
    void awsSdkPutsAndReadsAcls() {
        try (S3Client a = sdk("alice", ALICE_SECRET);
                S3Client b = sdk("bob", BOB_SECRET)) {
            a.createBucket(c -> c.bucket("sdk-acl").objectOwnership(ObjectOwnership.BUCKET_OWNER_ENFORCED));
            a.putBucketOwnershipControls(c -> c.bucket("sdk-acl")
                    .ownershipControls(o -> o.rules(r -> r.objectOwnership(ObjectOwnership.OBJECT_WRITER))));
            assertEquals(
                    ObjectOwnership.OBJECT_WRITER,
                    a.getBucketOwnershipControls(c -> c.bucket("sdk-acl"))
                            .ownershipControls()
                            .rules()
                            .get(0)
                            .objectOwnership());
            a.putBucketAcl(c -> c.bucket("sdk-acl").grantRead("id=bob").grantWrite("id=bob"));
            GetBucketAclResponse bucketAcl = a.getBucketAcl(c -> c.bucket("sdk-acl"));
            assertEquals("alice", bucketAcl.owner().id());
            assertEquals(2, bucketAcl.grants().size(), bucketAcl.toString());
            assertEquals(
                    Type.CANONICAL_USER, bucketAcl.grants().get(0).grantee().type());

            b.putObject(
                    c -> c.bucket("sdk-acl").key("from-bob").acl(ObjectCannedACL.BUCKET_OWNER_READ),
                    RequestBody.fromString("b"));
            GetObjectAclResponse objectAcl =
                    b.getObjectAcl(c -> c.bucket("sdk-acl").key("from-bob"));
            assertEquals("bob", objectAcl.owner().id());
            assertTrue(objectAcl.grants().stream()
                    .anyMatch(g -> g.permission() == Permission.READ
                            && "alice".equals(g.grantee().id())));
            assertEquals(1, b.listObjectsV2(c -> c.bucket("sdk-acl")).keyCount());

            a.putObject(c -> c.bucket("sdk-acl").key("from-alice"), RequestBody.fromString("a"));
            S3Exception denied = org.junit.jupiter.api.Assertions.assertThrows(
                    S3Exception.class,
                    () -> b.getObjectAsBytes(c -> c.bucket("sdk-acl").key("from-alice")));
            assertEquals(403, denied.statusCode());
            a.putObjectAcl(c -> c.bucket("sdk-acl")
                    .key("from-alice")
                    .accessControlPolicy(p -> p.owner(o -> o.id("alice"))
                            .grants(
                                    Grant.builder()
                                            .grantee(g ->
                                                    g.type(Type.CANONICAL_USER).id("alice"))
                                            .permission(Permission.FULL_CONTROL)
                                            .build(),
                                    Grant.builder()
                                            .grantee(g ->
                                                    g.type(Type.CANONICAL_USER).id("bob"))
                                            .permission(Permission.READ)
                                            .build())));
            assertEquals(
                    "a",
                    b.getObjectAsBytes(c -> c.bucket("sdk-acl").key("from-alice"))
                            .asUtf8String());

            // listings name each object's owner: the writer's under ObjectWriter
            Map<String, String> owners = new java.util.TreeMap<>();
            a.listObjectsV2(c -> c.bucket("sdk-acl").fetchOwner(true))
                    .contents()
                    .forEach(o -> owners.put(o.key(), o.owner().id()));
            assertEquals(Map.of("from-alice", "alice", "from-bob", "bob"), owners);
            // V1 always names it
            assertEquals(
                    "bob",
                    b.listObjects(c -> c.bucket("sdk-acl").prefix("from-bob"))
                            .contents()
                            .get(0)
                            .owner()
                            .id());
        }
    }

    /** The bucket's ACL grants as {@code grantee:permission}, in the order GetBucketAcl answers them. */
    List<String> bucketGrants(String bucket) throws Exception {
        RawS3.Response acl = send(alice, "GET", "/" + bucket, Map.of("acl", ""), Map.of());
        assertStatus(200, null, acl);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "<Grant><Grantee[^>]*>(?:<ID>([^<]*)</ID>|<URI>([^<]*)</URI>).*?</Grantee>"
                                + "<Permission>([^<]*)</Permission></Grant>")
                .matcher(acl.text());
        List<String> out = new java.util.ArrayList<>();
        while (m.find()) {
            out.add((m.group(1) != null ? m.group(1) : m.group(2)) + ":" + m.group(3));
        }
        return out;
    }

    @Test
    @Conformance(Checklist.BUCKET_ALREADY_OWNED)
    void reCreatingYourOwnBucketInUsEast1ResetsItsAclToTheOneTheRequestNames() throws Exception {
        Map<String, String> writer = Map.of("x-amz-object-ownership", "ObjectWriter");
        assertStatus(
                200,
                null,
                send(
                        alice,
                        "PUT",
                        "/again",
                        Map.of(),
                        Map.of("x-amz-object-ownership", "ObjectWriter", "x-amz-grant-read", "id=\"bob\"")));
        assertStatus(200, null, send(bob, "GET", "/again", Map.of(), Map.of()));

        // no ACL named: private, the owner's full control alone (AWS: "resets the bucket access control lists")
        RawS3.Response again = send(alice, "PUT", "/again", Map.of(), Map.of());
        assertStatus(200, null, again);
        assertEquals("/again", again.header("Location"));
        assertEquals(List.of("alice:FULL_CONTROL"), bucketGrants("again"));
        assertStatus(403, "AccessDenied", send(bob, "GET", "/again", Map.of(), Map.of()));

        // the grants it names
        assertStatus(200, null, send(alice, "PUT", "/again", Map.of(), Map.of("x-amz-grant-read", "id=\"bob\"")));
        assertEquals(List.of("bob:READ"), bucketGrants("again"));
        assertStatus(200, null, send(bob, "GET", "/again", Map.of(), Map.of()));

        // judged by the bucket's own Public Access Block: a public ACL is refused while it blocks them, nothing changes
        assertStatus(
                400,
                "InvalidBucketAclWithBlockPublicAccessError",
                send(alice, "PUT", "/again", Map.of(), Map.of("x-amz-acl", "public-read")));
        assertEquals(List.of("bob:READ"), bucketGrants("again"));
        assertStatus(200, null, send(alice, "PUT", "/again", Map.of("publicAccessBlock", ""), Map.of(), NO_BLOCK));
        assertStatus(200, null, send(alice, "PUT", "/again", Map.of(), Map.of("x-amz-acl", "public-read")));
        assertEquals(List.of("alice:FULL_CONTROL", ALL_USERS + ":READ"), bucketGrants("again"));
        assertStatus(200, null, anonymous("GET", "/again"));
        // the ownership a re-create names does not change the bucket's
        assertStatus(200, null, send(alice, "PUT", "/again", Map.of(), writer));
        RawS3.Response ownership = send(alice, "GET", "/again", Map.of("ownershipControls", ""), Map.of());
        assertEquals("ObjectWriter", ownership.element("ObjectOwnership"), ownership.text());
        assertStatus(
                200,
                null,
                send(
                        alice,
                        "PUT",
                        "/again",
                        Map.of(),
                        Map.of("x-amz-object-ownership", "BucketOwnerEnforced", "x-amz-acl", "public-read")));
        assertEquals(
                "ObjectWriter",
                send(alice, "GET", "/again", Map.of("ownershipControls", ""), Map.of())
                        .element("ObjectOwnership"));

        // a reset is an ACL write: a policy's explicit Deny of s3:PutBucketAcl refuses it, and the ACL stays
        String deny =
                "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Deny\",\"Principal\":{\"AWS\":\"alice\"},"
                        + "\"Action\":\"s3:PutBucketAcl\",\"Resource\":\"arn:aws:s3:::again\"}]}";
        assertStatus(204, null, send(alice, "PUT", "/again", Map.of("policy", ""), Map.of(), deny));
        assertStatus(403, "AccessDenied", send(alice, "PUT", "/again", Map.of(), Map.of()));
        assertEquals(List.of("alice:FULL_CONTROL", ALL_USERS + ":READ"), bucketGrants("again"));
        assertStatus(204, null, send(alice, "DELETE", "/again", Map.of("policy", ""), Map.of()));

        // ACLs disabled: only the owner's full control may be named, and there is nothing to reset
        assertStatus(200, null, send(alice, "PUT", "/again-enforced", Map.of(), Map.of()));
        assertStatus(
                400,
                "InvalidBucketAclWithObjectOwnership",
                send(alice, "PUT", "/again-enforced", Map.of(), Map.of("x-amz-acl", "public-read")));
        assertStatus(200, null, send(alice, "PUT", "/again-enforced", Map.of(), Map.of("x-amz-acl", "private")));
        assertEquals(List.of("alice:FULL_CONTROL"), bucketGrants("again-enforced"));

        // someone else's bucket is not reset: 409 (root, who may create buckets), 403 (bob, who may not)
        assertStatus(409, "BucketAlreadyOwnedByYou", send(rootRaw, "PUT", "/again", Map.of(), Map.of()));
        assertStatus(403, "AccessDenied", send(bob, "PUT", "/again", Map.of(), Map.of()));
        assertEquals(List.of("alice:FULL_CONTROL", ALL_USERS + ":READ"), bucketGrants("again"));
    }
}
