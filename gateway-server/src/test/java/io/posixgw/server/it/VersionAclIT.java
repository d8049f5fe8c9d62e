package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * GetObjectAcl and PutObjectAcl with {@code versionId} on a bucket with ACLs enabled and versions
 * kept, in both metadata modes: each version has its own ACL ({@code posixgw.acl} on its file, a
 * noncurrent one where the versioning directory keeps its attributes), which the ACL requests and
 * the object grants of a GET by version id both read.
 */
class VersionAclIT {
    static final String ACL_ATTR = "posixgw.acl";

    @TempDir
    Path tmp;

    Path root;
    Path vdir;
    Path sidecar;
    boolean sidecarMode;
    RawS3 alice;
    RawS3 bob;

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void eachVersionHasItsOwnAcl(boolean sidecarMode) throws Exception {
        this.sidecarMode = sidecarMode;
        root = Files.createDirectories(tmp.resolve("data"));
        vdir = Files.createDirectories(tmp.resolve("versions"));
        sidecar = tmp.resolve("sidecar");
        Path iam = Files.createDirectories(tmp.resolve("iam"));
        Files.writeString(
                iam.resolve("users.json"),
                "{\"accessAccounts\":{"
                        + "\"alice\":{\"access\":\"alice\",\"secret\":\"" + AclGrantsIT.ALICE_SECRET
                        + "\",\"role\":\"userplus\",\"userID\":1001,\"groupID\":1001,\"projectID\":0},"
                        + "\"bob\":{\"access\":\"bob\",\"secret\":\"" + AclGrantsIT.BOB_SECRET
                        + "\",\"role\":\"user\",\"userID\":1002,\"groupID\":1002,\"projectID\":0}}}");
        List<String> args = new ArrayList<>(
                List.of("--fsync", "off", "--iam-dir", iam.toString(), "--versioning-dir", vdir.toString()));
        if (sidecarMode) {
            args.addAll(List.of("--sidecar", sidecar.toString()));
        }
        try (TestGateway gw = TestGateway.start(root, args.toArray(new String[0]))) {
            alice = new RawS3("127.0.0.1", gw.port, new TestSigner("alice", AclGrantsIT.ALICE_SECRET, "us-east-1"));
            bob = new RawS3("127.0.0.1", gw.port, new TestSigner("bob", AclGrantsIT.BOB_SECRET, "us-east-1"));
            versionsAcls();
        }
    }

    private void versionsAcls() throws Exception {
        AclGrantsIT.assertStatus(
                200, null, send("PUT", "/vbk", Map.of(), Map.of("x-amz-object-ownership", "ObjectWriter"), ""));
        String enable = "<VersioningConfiguration><Status>Enabled</Status></VersioningConfiguration>";
        AclGrantsIT.assertStatus(200, null, send("PUT", "/vbk", Map.of("versioning", ""), md5(enable), enable));

        RawS3.Response p1 = send("PUT", "/vbk/k", Map.of(), Map.of("x-amz-grant-read", "id=\"bob\""), "one");
        AclGrantsIT.assertStatus(200, null, p1);
        String v1 = p1.header("x-amz-version-id");
        RawS3.Response p2 = send("PUT", "/vbk/k", Map.of(), Map.of(), "two");
        AclGrantsIT.assertStatus(200, null, p2);
        String v2 = p2.header("x-amz-version-id");

        // each version's own grants, for the ACL requests and for a GET by version id
        assertTrue(aclOf(v1).contains("<ID>bob</ID>"), aclOf(v1));
        assertFalse(aclOf(v2).contains("<ID>bob</ID>"), aclOf(v2));
        assertFalse(aclOf(null).contains("<ID>bob</ID>"), aclOf(null));
        AclGrantsIT.assertStatus(200, null, bob.send("GET", "/vbk/k", Map.of("versionId", v1), Map.of(), new byte[0]));
        AclGrantsIT.assertStatus(
                403, "AccessDenied", bob.send("GET", "/vbk/k", Map.of("versionId", v2), Map.of(), new byte[0]));
        AclGrantsIT.assertStatus(403, "AccessDenied", bob.send("GET", "/vbk/k", Map.of(), Map.of(), new byte[0]));

        // PutObjectAcl on the noncurrent version: on its file in the versioning directory, the current untouched
        AclGrantsIT.assertStatus(
                200,
                null,
                send(
                        "PUT",
                        "/vbk/k",
                        Map.of("acl", "", "versionId", v1),
                        Map.of("x-amz-grant-read-acp", "id=\"bob\""),
                        ""));
        String stored = storedNoncurrentAcl("vbk", "k", v1);
        assertNotNull(stored);
        assertTrue(stored.contains("\"Permission\":\"READ_ACP\""), stored);
        assertFalse(stored.contains("\"Permission\":\"READ\","), stored);
        AclGrantsIT.assertStatus(
                403, "AccessDenied", bob.send("GET", "/vbk/k", Map.of("versionId", v1), Map.of(), new byte[0]));
        AclGrantsIT.assertStatus(
                200, null, bob.send("GET", "/vbk/k", Map.of("acl", "", "versionId", v1), Map.of(), new byte[0]));
        assertFalse(aclOf(v2).contains("<ID>bob</ID>"));

        // on the current version by its id: the same as without one
        AclGrantsIT.assertStatus(
                200,
                null,
                send(
                        "PUT",
                        "/vbk/k",
                        Map.of("acl", "", "versionId", v2),
                        Map.of("x-amz-grant-read", "id=\"bob\""),
                        ""));
        AclGrantsIT.assertStatus(200, null, bob.send("GET", "/vbk/k", Map.of(), Map.of(), new byte[0]));
        assertTrue(aclOf(null).contains("<ID>bob</ID>"));
        assertFalse(aclOf(v1).contains("<Permission>READ</Permission>"), aclOf(v1));

        // no such version: 404 NoSuchVersion; a delete marker: 405, as a GET of it
        String absent = "01KBDZZZZZZZZZZZZZZZZZZZZZ";
        AclGrantsIT.assertStatus(
                404, "NoSuchVersion", send("GET", "/vbk/k", Map.of("acl", "", "versionId", absent), Map.of(), ""));
        AclGrantsIT.assertStatus(
                404,
                "NoSuchVersion",
                send("PUT", "/vbk/k", Map.of("acl", "", "versionId", absent), Map.of("x-amz-acl", "private"), ""));
        RawS3.Response del = send("DELETE", "/vbk/k", Map.of(), Map.of(), "");
        String marker = del.header("x-amz-version-id");
        AclGrantsIT.assertStatus(
                405, "MethodNotAllowed", send("GET", "/vbk/k", Map.of("acl", "", "versionId", marker), Map.of(), ""));
        // the kept versions keep their ACLs through the move aside
        assertTrue(aclOf(v2).contains("<ID>bob</ID>"));
        assertTrue(aclOf(v1).contains("<Permission>READ_ACP</Permission>"));
    }

    private String aclOf(String versionId) throws Exception {
        Map<String, String> q = versionId == null ? Map.of("acl", "") : Map.of("acl", "", "versionId", versionId);
        RawS3.Response r = send("GET", "/vbk/k", q, Map.of(), "");
        AclGrantsIT.assertStatus(200, null, r);
        return r.text();
    }

    /** The noncurrent version's {@code posixgw.acl} where the versioning directory keeps its attributes (ON-DISK.md). */
    private String storedNoncurrentAcl(String bucket, String key, String versionId) throws Exception {
        String h = HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
        Path rel = Path.of(bucket, h.substring(0, 2), h.substring(2, 4), h.substring(4, 6), h, versionId);
        if (sidecarMode) {
            Path abs = vdir.toAbsolutePath().normalize();
            Path p = sidecar.resolve(abs.toString().substring(1))
                    .resolve(rel)
                    .resolve("meta")
                    .resolve(ACL_ATTR);
            return Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : null;
        }
        Path file = vdir.resolve(rel);
        UserDefinedFileAttributeView view = Files.getFileAttributeView(file, UserDefinedFileAttributeView.class);
        if (!view.list().contains(ACL_ATTR)) {
            return null;
        }
        ByteBuffer buf = ByteBuffer.allocate(view.size(ACL_ATTR));
        view.read(ACL_ATTR, buf);
        return new String(buf.array(), StandardCharsets.UTF_8);
    }

    private RawS3.Response send(
            String method, String path, Map<String, String> query, Map<String, String> h, String body)
            throws Exception {
        return alice.send(method, path, query, h, body.getBytes(StandardCharsets.UTF_8));
    }

    private static Map<String, String> md5(String body) throws Exception {
        return Map.of(
                "content-md5",
                Base64.getEncoder()
                        .encodeToString(
                                MessageDigest.getInstance("MD5").digest(body.getBytes(StandardCharsets.UTF_8))));
    }
}
