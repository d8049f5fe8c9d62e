package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new object's ACL ({@code posixgw.acl}) is one of the attributes written before the object is
 * published, never after: present on the file the moment PutObject, CopyObject or
 * CompleteMultipartUpload answers, and a later write of the key leaves exactly its own (or none).
 * CreateMultipartUpload keeps the ACL it asks for, and its initiator's ownership under ObjectWriter,
 * until Complete; ListParts and ListMultipartUploads name its initiator and the owner its object will have,
 * whoever asks. Raw signed HTTP with two {@code users.json} accounts; {@link AclPublicationSidecarIT}
 * runs the same with a sidecar.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AclPublicationIT {
    static final String ACL_ATTR = "posixgw.acl";

    Path root;
    Path sidecar;
    TestGateway gw;
    RawS3 alice;
    RawS3 bob;

    String[] serverArgs(Path iam) {
        return new String[] {"--fsync", "off", "--iam-dir", iam.toString()};
    }

    @BeforeAll
    void start(@TempDir Path tmp) throws Exception {
        root = Files.createDirectories(tmp.resolve("data"));
        sidecar = Files.createDirectories(tmp.resolve("sidecar"));
        Path iam = Files.createDirectories(tmp.resolve("iam"));
        Files.writeString(
                iam.resolve("users.json"),
                "{\"accessAccounts\":{"
                        + "\"alice\":{\"access\":\"alice\",\"secret\":\"" + AclGrantsIT.ALICE_SECRET
                        + "\",\"role\":\"userplus\",\"userID\":1001,\"groupID\":1001,\"projectID\":0},"
                        + "\"bob\":{\"access\":\"bob\",\"secret\":\"" + AclGrantsIT.BOB_SECRET
                        + "\",\"role\":\"user\",\"userID\":1002,\"groupID\":1002,\"projectID\":0}}}");
        gw = TestGateway.start(root, serverArgs(iam));
        alice = new RawS3("127.0.0.1", gw.port, new TestSigner("alice", AclGrantsIT.ALICE_SECRET, "us-east-1"));
        bob = new RawS3("127.0.0.1", gw.port, new TestSigner("bob", AclGrantsIT.BOB_SECRET, "us-east-1"));
    }

    @AfterAll
    void stop() {
        gw.close();
    }

    /** The object's stored ACL as it is on disk (xattr here, the sidecar's file in the subclass), null when absent. */
    String storedAcl(String bucket, String key) throws Exception {
        Path p = root.resolve(bucket).resolve(key);
        UserDefinedFileAttributeView view = Files.getFileAttributeView(p, UserDefinedFileAttributeView.class);
        if (!view.list().contains(ACL_ATTR)) {
            return null;
        }
        ByteBuffer buf = ByteBuffer.allocate(view.size(ACL_ATTR));
        view.read(ACL_ATTR, buf);
        return new String(buf.array(), StandardCharsets.UTF_8);
    }

    static RawS3.Response send(RawS3 as, String method, String path, Map<String, String> query, Map<String, String> h)
            throws Exception {
        return as.send(method, path, query, h, new byte[0]);
    }

    static RawS3.Response put(RawS3 as, String path, Map<String, String> h, String body) throws Exception {
        return as.send("PUT", path, Map.of(), h, body.getBytes(StandardCharsets.UTF_8));
    }

    /** An ObjectWriter bucket of alice's where bob may write (a WRITE grant) and nothing else. */
    void objectWriterBucket(String bucket) throws Exception {
        AclGrantsIT.assertStatus(
                200,
                null,
                send(alice, "PUT", "/" + bucket, Map.of(), Map.of("x-amz-object-ownership", "ObjectWriter")));
        AclGrantsIT.assertStatus(
                200,
                null,
                send(alice, "PUT", "/" + bucket, Map.of("acl", ""), Map.of("x-amz-grant-write", "id=\"bob\"")));
    }

    @Test
    void theAclIsOnTheObjectWhenPutAnswersAndTheNextPutLeavesOnlyItsOwn() throws Exception {
        objectWriterBucket("pub");
        AclGrantsIT.assertStatus(200, null, put(alice, "/pub/k", Map.of("x-amz-grant-read", "id=\"bob\""), "one"));
        String first = storedAcl("pub", "k");
        assertNotNull(first, "written with the object, not after it");
        assertTrue(first.contains("\"Owner\":\"alice\""), first);
        assertTrue(first.contains("{\"Permission\":\"READ\",\"Access\":\"bob\",\"Type\":\"CanonicalUser\"}"), first);
        AclGrantsIT.assertStatus(200, null, send(bob, "GET", "/pub/k", Map.of(), Map.of()));

        // another ACL: exactly the second's
        AclGrantsIT.assertStatus(200, null, put(alice, "/pub/k", Map.of("x-amz-grant-read-acp", "id=\"bob\""), "two"));
        String second = storedAcl("pub", "k");
        assertNotNull(second);
        assertTrue(second.contains("\"Permission\":\"READ_ACP\""), second);
        assertFalse(second.contains("\"Permission\":\"READ\","), second);
        AclGrantsIT.assertStatus(403, "AccessDenied", send(bob, "GET", "/pub/k", Map.of(), Map.of()));

        // none: the bucket owner's alone, nothing left of the earlier ones
        AclGrantsIT.assertStatus(200, null, put(alice, "/pub/k", Map.of(), "three"));
        assertNull(storedAcl("pub", "k"));
        AclGrantsIT.assertStatus(403, "AccessDenied", send(bob, "GET", "/pub/k", Map.of("acl", ""), Map.of()));

        // another writer under ObjectWriter: its own, then the bucket owner's write leaves none
        AclGrantsIT.assertStatus(200, null, put(bob, "/pub/k", Map.of(), "bob's"));
        String bobs = storedAcl("pub", "k");
        assertNotNull(bobs);
        assertTrue(bobs.contains("\"Owner\":\"bob\""), bobs);
        AclGrantsIT.assertStatus(200, null, send(bob, "GET", "/pub/k", Map.of(), Map.of()));
        AclGrantsIT.assertStatus(200, null, put(alice, "/pub/k", Map.of(), "alice's"));
        assertNull(storedAcl("pub", "k"));
        AclGrantsIT.assertStatus(403, "AccessDenied", send(bob, "GET", "/pub/k", Map.of(), Map.of()));
    }

    @Test
    void aCopyCarriesItsOwnAclNeverTheSources() throws Exception {
        objectWriterBucket("acl-cp");
        AclGrantsIT.assertStatus(200, null, put(alice, "/acl-cp/src", Map.of("x-amz-grant-read", "id=\"bob\""), "src"));
        AclGrantsIT.assertStatus(
                200, null, send(alice, "PUT", "/acl-cp/plain", Map.of(), Map.of("x-amz-copy-source", "/acl-cp/src")));
        assertNull(storedAcl("acl-cp", "plain"), "not copied from the source");
        AclGrantsIT.assertStatus(
                200,
                null,
                send(
                        alice,
                        "PUT",
                        "/acl-cp/granted",
                        Map.of(),
                        Map.of("x-amz-copy-source", "/acl-cp/src", "x-amz-grant-read-acp", "id=\"bob\"")));
        String granted = storedAcl("acl-cp", "granted");
        assertNotNull(granted);
        assertTrue(granted.contains("\"Permission\":\"READ_ACP\""), granted);
        assertFalse(granted.contains("\"Permission\":\"READ\","), granted);
    }

    /** Create, one part, Complete, as {@code as}; answers Complete's response. */
    static RawS3.Response multipart(RawS3 as, String path, Map<String, String> createHeaders) throws Exception {
        RawS3.Response created = send(as, "POST", path, Map.of("uploads", ""), createHeaders);
        AclGrantsIT.assertStatus(200, null, created);
        String uploadId = created.element("UploadId");
        RawS3.Response part = as.send(
                "PUT",
                path,
                Map.of("partNumber", "1", "uploadId", uploadId),
                Map.of(),
                "the only part".getBytes(StandardCharsets.UTF_8));
        AclGrantsIT.assertStatus(200, null, part);
        String body = "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>" + part.header("etag")
                + "</ETag></Part></CompleteMultipartUpload>";
        return as.send("POST", path, Map.of("uploadId", uploadId), Map.of(), body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aMultipartObjectGetsTheAclAndOwnerOfItsCreate() throws Exception {
        objectWriterBucket("acl-mp");
        // grants asked for at Create (501 before): published with the object at Complete
        AclGrantsIT.assertStatus(
                200, null, multipart(alice, "/acl-mp/granted", Map.of("x-amz-grant-read", "id=\"bob\"")));
        String granted = storedAcl("acl-mp", "granted");
        assertNotNull(granted);
        assertTrue(granted.contains("\"Owner\":\"alice\""), granted);
        assertTrue(
                granted.contains("{\"Permission\":\"READ\",\"Access\":\"bob\",\"Type\":\"CanonicalUser\"}"), granted);
        RawS3.Response read = send(bob, "GET", "/acl-mp/granted", Map.of(), Map.of());
        AclGrantsIT.assertStatus(200, null, read);
        assertEquals("the only part", read.text());

        // under ObjectWriter the object is its initiator's, not the bucket owner's
        AclGrantsIT.assertStatus(200, null, multipart(bob, "/acl-mp/bobs", Map.of()));
        String bobs = storedAcl("acl-mp", "bobs");
        assertNotNull(bobs);
        assertTrue(bobs.contains("\"Owner\":\"bob\""), bobs);
        RawS3.Response acl = send(bob, "GET", "/acl-mp/bobs", Map.of("acl", ""), Map.of());
        AclGrantsIT.assertStatus(200, null, acl);
        assertEquals("bob", acl.element("ID"), acl.text());
        AclGrantsIT.assertStatus(200, null, send(bob, "GET", "/acl-mp/bobs", Map.of(), Map.of()));

        // the bucket owner's own upload without an ACL stores none
        AclGrantsIT.assertStatus(200, null, multipart(alice, "/acl-mp/plain", Map.of()));
        assertNull(storedAcl("acl-mp", "plain"));
        AclGrantsIT.assertStatus(403, "AccessDenied", send(bob, "GET", "/acl-mp/plain", Map.of(), Map.of()));

        // a public canned ACL is refused at Create under BlockPublicAcls, before any upload exists
        RawS3.Response blocked =
                send(alice, "POST", "/acl-mp/public", Map.of("uploads", ""), Map.of("x-amz-acl", "public-read"));
        AclGrantsIT.assertStatus(403, "AccessDenied", blocked);
        RawS3.Response uploads = send(alice, "GET", "/acl-mp", Map.of("uploads", ""), Map.of());
        AclGrantsIT.assertStatus(200, null, uploads);
        assertEquals(0, uploads.elements("Upload").size(), uploads.text());
    }

    /** Removes the upload's recorded initiator, as an upload made before posixgw recorded it has none. */
    void forgetInitiator(String bucket, String key, String uploadId) throws Exception {
        Path upload = uploadDir(root, bucket, key, uploadId);
        UserDefinedFileAttributeView view = Files.getFileAttributeView(upload, UserDefinedFileAttributeView.class);
        assertTrue(view.list().contains(INITIATOR_ATTR), view.list().toString());
        view.delete(INITIATOR_ATTR);
    }

    static final String INITIATOR_ATTR = "posixgw.initiator";

    /** {@code <base>/<bucket>/.sgwtmp/multipart/<sha256 hex of the key>/<uploadId>}. */
    static Path uploadDir(Path base, String bucket, String key, String uploadId) throws Exception {
        byte[] h = java.security.MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        return base.resolve(bucket)
                .resolve(".sgwtmp/multipart")
                .resolve(java.util.HexFormat.of().formatHex(h))
                .resolve(uploadId);
    }

    static String create(RawS3 as, String bucket, String key, Map<String, String> headers) throws Exception {
        RawS3.Response created = send(as, "POST", "/" + bucket + "/" + key, Map.of("uploads", ""), headers);
        AclGrantsIT.assertStatus(200, null, created);
        return created.element("UploadId");
    }

    /** What ListParts (as {@code as}) and ListMultipartUploads of the key's prefix name: {@code initiator/owner} twice. */
    static String parties(RawS3 as, String bucket, String key, String uploadId) throws Exception {
        RawS3.Response parts = send(as, "GET", "/" + bucket + "/" + key, Map.of("uploadId", uploadId), Map.of());
        AclGrantsIT.assertStatus(200, null, parts);
        RawS3.Response uploads = send(as, "GET", "/" + bucket, Map.of("uploads", "", "prefix", key), Map.of());
        AclGrantsIT.assertStatus(200, null, uploads);
        assertEquals(1, uploads.elements("Upload").size(), uploads.text());
        return party(parts.text()) + " " + party(uploads.text());
    }

    private static String party(String xml) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "<Initiator><ID>([^<]*)</ID><DisplayName>([^<]*)</DisplayName></Initiator>"
                                + "<Owner><ID>([^<]*)</ID><DisplayName>([^<]*)</DisplayName></Owner>")
                .matcher(xml);
        assertTrue(m.find(), xml);
        assertEquals(m.group(1), m.group(2), "DisplayName is the ID");
        assertEquals(m.group(3), m.group(4), "DisplayName is the ID");
        return m.group(1) + "/" + m.group(3);
    }

    @Test
    void uploadListingsNameTheirInitiatorAndTheOwnerTheObjectWillHaveWhoeverAsks() throws Exception {
        // ObjectWriter: bob's upload, and its object, are bob's, also when alice asks
        objectWriterBucket("mp-who");
        String bobs = create(bob, "mp-who", "bobs", Map.of());
        assertEquals("bob/bob bob/bob", parties(alice, "mp-who", "bobs", bobs));
        // bob may list his upload's parts (not the bucket's uploads: no READ grant)
        RawS3.Response bobAsks = send(bob, "GET", "/mp-who/bobs", Map.of("uploadId", bobs), Map.of());
        AclGrantsIT.assertStatus(200, null, bobAsks);
        assertEquals("bob/bob", party(bobAsks.text()));
        String alices = create(alice, "mp-who", "alices", Map.of());
        assertEquals("alice/alice alice/alice", parties(alice, "mp-who", "alices", alices));

        // BucketOwnerPreferred: bob's object unless he gives it to the bucket owner
        AclGrantsIT.assertStatus(
                200,
                null,
                send(alice, "PUT", "/mp-pref", Map.of(), Map.of("x-amz-object-ownership", "BucketOwnerPreferred")));
        AclGrantsIT.assertStatus(
                200,
                null,
                send(alice, "PUT", "/mp-pref", Map.of("acl", ""), Map.of("x-amz-grant-write", "id=\"bob\"")));
        String kept = create(bob, "mp-pref", "kept", Map.of());
        assertEquals("bob/bob bob/bob", parties(alice, "mp-pref", "kept", kept));
        String given = create(bob, "mp-pref", "given", Map.of("x-amz-acl", "bucket-owner-full-control"));
        assertEquals("bob/alice bob/alice", parties(alice, "mp-pref", "given", given));

        // ACLs disabled since: every object is the bucket owner's, bob still initiated the upload
        AclGrantsIT.assertStatus(
                200, null, send(alice, "PUT", "/mp-who", Map.of("acl", ""), Map.of("x-amz-acl", "private")));
        String enforced = "<OwnershipControls xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Rule>"
                + "<ObjectOwnership>BucketOwnerEnforced</ObjectOwnership></Rule></OwnershipControls>";
        AclGrantsIT.assertStatus(
                200,
                null,
                alice.send(
                        "PUT",
                        "/mp-who",
                        Map.of("ownershipControls", ""),
                        Map.of(),
                        enforced.getBytes(StandardCharsets.UTF_8)));
        assertEquals("bob/alice bob/alice", parties(alice, "mp-who", "bobs", bobs));

        // an upload that recorded no initiator (made before posixgw kept it) is answered as before: the caller
        forgetInitiator("mp-pref", "kept", kept);
        assertEquals("alice/alice alice/alice", parties(alice, "mp-pref", "kept", kept));

        // and the completed object does not carry the initiator: only the ACL it was created with
        String done = create(bob, "mp-pref", "done", Map.of());
        RawS3.Response part = bob.send(
                "PUT",
                "/mp-pref/done",
                Map.of("partNumber", "1", "uploadId", done),
                Map.of(),
                "the only part".getBytes(StandardCharsets.UTF_8));
        AclGrantsIT.assertStatus(200, null, part);
        String body = "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>" + part.header("etag")
                + "</ETag></Part></CompleteMultipartUpload>";
        AclGrantsIT.assertStatus(
                200,
                null,
                bob.send(
                        "POST",
                        "/mp-pref/done",
                        Map.of("uploadId", done),
                        Map.of(),
                        body.getBytes(StandardCharsets.UTF_8)));
        assertFalse(storedAttributeNames("mp-pref", "done").contains(INITIATOR_ATTR));
        assertTrue(storedAcl("mp-pref", "done").contains("\"Owner\":\"bob\""));
    }

    /** The names of the object's stored attributes. */
    java.util.List<String> storedAttributeNames(String bucket, String key) throws Exception {
        return Files.getFileAttributeView(root.resolve(bucket).resolve(key), UserDefinedFileAttributeView.class)
                .list();
    }
}
