package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Versions over raw signed HTTP with {@code --versioning-dir}, in both metadata modes: version ids,
 * reads by id, delete markers, ListObjectVersions; Object Lock on a noncurrent version (retention
 * and legal hold put and got by {@code versionId}, its lock headers on GET and HEAD, its delete
 * refused, DeleteObjects naming each refused version); and the kept version's attributes where
 * versitygw keeps them (an xattr of the file in the versioning directory, or in sidecar mode
 * {@code <sidecar>/<versioning dir's absolute path>/<bucket>/<h..>/<h>/<id>/meta/<name>}).
 */
@SuppressWarnings("StringConcatToTextBlock") // as ObjectLockIT: error-prone 2.42 and long concatenations
class VersioningIT {
    @TempDir
    Path tmp;

    Path root;
    Path vdir;
    Path sidecar;
    boolean sidecarMode;
    RawS3 raw;

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void versions(boolean sidecarMode) throws Exception {
        this.sidecarMode = sidecarMode;
        root = Files.createDirectories(tmp.resolve("data"));
        vdir = Files.createDirectories(tmp.resolve("versions"));
        sidecar = tmp.resolve("sidecar");
        List<String> args = new ArrayList<>(List.of("--fsync", "off", "--versioning-dir", vdir.toString()));
        if (sidecarMode) {
            args.addAll(List.of("--sidecar", sidecar.toString()));
        }
        try (TestGateway gw = TestGateway.start(root, args.toArray(new String[0]))) {
            raw = gw.raw();
            versionsAndMarkers();
            lockOnNoncurrentVersions();
        }
    }

    private void versionsAndMarkers() throws Exception {
        assertEquals(200, send("PUT", "/vers", Map.of(), Map.of(), "").status());
        String enable = "<VersioningConfiguration><Status>Enabled</Status></VersioningConfiguration>";
        RawS3.Response on = send("PUT", "/vers", Map.of("versioning", ""), md5(enable), enable);
        assertEquals(200, on.status(), on.text());
        assertEquals(
                "Enabled",
                send("GET", "/vers", Map.of("versioning", ""), Map.of(), "").element("Status"));

        String v1 = put("/vers/dir/k", "one");
        String v2 = put("/vers/dir/k", "two");
        assertNotEquals(v1, v2);
        assertEquals("two", send("GET", "/vers/dir/k", Map.of(), Map.of(), "").text());
        RawS3.Response old = send("GET", "/vers/dir/k", Map.of("versionId", v1), Map.of(), "");
        assertEquals(200, old.status(), old.text());
        assertEquals("one", old.text());
        assertEquals(v1, old.header("x-amz-version-id"));
        RawS3.Response head = send("HEAD", "/vers/dir/k", Map.of("versionId", v1), Map.of(), "");
        assertEquals(200, head.status());
        assertEquals("3", head.header("content-length"));
        assertEquals(
                200,
                send("GET", "/vers/dir/k", Map.of("acl", "", "versionId", v1), Map.of(), "")
                        .status(),
                "GetObjectAcl of a kept version");
        assertEquals(
                "NoSuchVersion",
                send("GET", "/vers/dir/k", Map.of("acl", "", "versionId", "01HZZZZZZZZZZZZZZZZZZZZZZ0"), Map.of(), "")
                        .errorCode());
        assertEquals(v1, attr(kept("vers", "dir/k", v1), "version-id"));
        assertNotNull(attr(kept("vers", "dir/k", v1), "etag"));

        RawS3.Response del = send("DELETE", "/vers/dir/k", Map.of(), Map.of(), "");
        assertEquals(204, del.status());
        assertEquals("true", del.header("x-amz-delete-marker"));
        String marker = del.header("x-amz-version-id");
        RawS3.Response gone = send("GET", "/vers/dir/k", Map.of(), Map.of(), "");
        assertEquals(404, gone.status());
        assertEquals("true", gone.header("x-amz-delete-marker"));
        assertEquals(
                405,
                send("GET", "/vers/dir/k", Map.of("versionId", marker), Map.of(), "")
                        .status());

        RawS3.Response list = send("GET", "/vers", Map.of("versions", ""), Map.of(), "");
        assertEquals(200, list.status(), list.text());
        assertEquals(
                List.of(v2, v1),
                list.elements("Version").stream().map(VersioningIT::versionIdIn).toList());
        assertEquals(
                List.of(marker),
                list.elements("DeleteMarker").stream()
                        .map(VersioningIT::versionIdIn)
                        .toList());

        // the marker removed for good: v2 is current again, with its attributes
        assertEquals(
                204,
                send("DELETE", "/vers/dir/k", Map.of("versionId", marker), Map.of(), "")
                        .status());
        RawS3.Response back = send("GET", "/vers/dir/k", Map.of(), Map.of(), "");
        assertEquals("two", back.text());
        assertEquals(v2, back.header("x-amz-version-id"));
        assertEquals("\"" + md5Hex("two") + "\"", back.header("etag"));
    }

    private void lockOnNoncurrentVersions() throws Exception {
        RawS3.Response made = send("PUT", "/lockb", Map.of(), Map.of("x-amz-bucket-object-lock-enabled", "true"), "");
        assertEquals(200, made.status(), made.text());
        String v1 = put("/lockb/k", "one");
        String v2 = put("/lockb/k", "two"); // v1 is noncurrent now

        String until = "2030-01-01T00:00:00.000Z";
        String retention =
                "<Retention><Mode>GOVERNANCE</Mode><RetainUntilDate>" + until + "</RetainUntilDate></Retention>";
        RawS3.Response set =
                send("PUT", "/lockb/k", Map.of("retention", "", "versionId", v1), md5(retention), retention);
        assertEquals(200, set.status(), set.text());
        RawS3.Response got = send("GET", "/lockb/k", Map.of("retention", "", "versionId", v1), Map.of(), "");
        assertEquals(200, got.status(), got.text());
        assertEquals("GOVERNANCE", got.element("Mode"));
        assertEquals(until, got.element("RetainUntilDate"));
        // the current version has none: the retention is v1's alone
        RawS3.Response current = send("GET", "/lockb/k", Map.of("retention", ""), Map.of(), "");
        assertEquals(404, current.status(), current.text());
        assertEquals("NoSuchObjectLockConfiguration", current.errorCode());
        assertEquals(
                "{\"Mode\":\"GOVERNANCE\",\"RetainUntilDate\":\"2030-01-01T00:00:00Z\"}",
                attr(kept("lockb", "k", v1), "object-retention"));

        String hold = "<LegalHold><Status>ON</Status></LegalHold>";
        assertEquals(
                200,
                send("PUT", "/lockb/k", Map.of("legal-hold", "", "versionId", v1), md5(hold), hold)
                        .status());
        assertEquals(
                "ON",
                send("GET", "/lockb/k", Map.of("legal-hold", "", "versionId", v1), Map.of(), "")
                        .element("Status"));
        assertArrayEquals(new byte[] {1}, attrBytes(kept("lockb", "k", v1), "object-legal-hold"));
        assertEquals(
                404,
                send("GET", "/lockb/k", Map.of("legal-hold", "", "versionId", v2), Map.of(), "")
                        .status());
        assertEquals(
                404,
                send(
                                "GET",
                                "/lockb/k",
                                Map.of("retention", "", "versionId", "01HZZZZZZZZZZZZZZZZZZZZZZ0"),
                                Map.of(),
                                "")
                        .status(),
                "NoSuchVersion");

        // GET and HEAD of the version carry its lock
        for (String method : List.of("GET", "HEAD")) {
            RawS3.Response r = send(method, "/lockb/k", Map.of("versionId", v1), Map.of(), "");
            assertEquals(200, r.status());
            assertEquals("GOVERNANCE", r.header("x-amz-object-lock-mode"), method);
            assertEquals("2030-01-01T00:00:00Z", r.header("x-amz-object-lock-retain-until-date"), method);
            assertEquals("ON", r.header("x-amz-object-lock-legal-hold"), method);
            RawS3.Response cur = send(method, "/lockb/k", Map.of(), Map.of(), "");
            assertEquals(null, cur.header("x-amz-object-lock-mode"), method);
        }

        // the protected version is not deleted, alone or in DeleteObjects; the others are
        assertEquals(
                "AccessDenied",
                send("DELETE", "/lockb/k", Map.of("versionId", v1), Map.of(), "")
                        .errorCode());
        String many = "<Delete><Object><Key>k</Key><VersionId>" + v1 + "</VersionId></Object>"
                + "<Object><Key>k</Key><VersionId>" + v2 + "</VersionId></Object></Delete>";
        RawS3.Response result = send("POST", "/lockb", Map.of("delete", ""), md5(many), many);
        assertEquals(200, result.status(), result.text());
        assertTrue(
                result.text()
                        .matches("(?s).*<Error><Key>k</Key><VersionId>" + v1
                                + "</VersionId><Code>AccessDenied</Code>.*"),
                result.text());
        assertTrue(
                result.text().matches("(?s).*<Deleted><Key>k</Key><VersionId>" + v2 + "</VersionId>.*"), result.text());
        assertEquals("one", send("GET", "/lockb/k", Map.of(), Map.of(), "").text(), "v1 is current again");

        // the hold off, governance bypassed by root: the version goes
        String off = "<LegalHold><Status>OFF</Status></LegalHold>";
        assertEquals(
                200,
                send("PUT", "/lockb/k", Map.of("legal-hold", "", "versionId", v1), md5(off), off)
                        .status());
        assertEquals(
                "AccessDenied",
                send("DELETE", "/lockb/k", Map.of("versionId", v1), Map.of(), "")
                        .errorCode());
        assertEquals(
                204,
                send(
                                "DELETE",
                                "/lockb/k",
                                Map.of("versionId", v1),
                                Map.of("x-amz-bypass-governance-retention", "true"),
                                "")
                        .status());
        assertEquals(404, send("GET", "/lockb/k", Map.of(), Map.of(), "").status());
    }

    // ---- helpers ----

    private RawS3.Response send(
            String method, String path, Map<String, String> query, Map<String, String> headers, String body)
            throws Exception {
        return raw.send(method, path, query, headers, body.getBytes(StandardCharsets.UTF_8));
    }

    private String put(String path, String body) throws Exception {
        RawS3.Response r = send("PUT", path, Map.of(), Map.of(), body);
        assertEquals(200, r.status(), r.text());
        String id = r.header("x-amz-version-id");
        assertNotNull(id, "a versioned PUT names its version");
        return id;
    }

    private static Map<String, String> md5(String body) throws Exception {
        return Map.of(
                "content-md5",
                java.util.Base64.getEncoder()
                        .encodeToString(
                                MessageDigest.getInstance("MD5").digest(body.getBytes(StandardCharsets.UTF_8))));
    }

    private static String md5Hex(String body) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(body.getBytes(StandardCharsets.UTF_8)));
    }

    private static String versionIdIn(String element) {
        int a = element.indexOf("<VersionId>");
        int b = element.indexOf("</VersionId>");
        return element.substring(a + "<VersionId>".length(), b);
    }

    /** The file of a kept (noncurrent) version, in versitygw's layout. */
    private Path kept(String bucket, String key, String id) throws Exception {
        String h = HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
        return vdir.resolve(bucket)
                .resolve(h.substring(0, 2))
                .resolve(h.substring(2, 4))
                .resolve(h.substring(4, 6))
                .resolve(h)
                .resolve(id);
    }

    private String attr(Path file, String name) throws Exception {
        byte[] v = attrBytes(file, name);
        return v == null ? null : new String(v, StandardCharsets.UTF_8);
    }

    /** An attribute of a file in the versioning directory, wherever the mode keeps it; null when absent. */
    private byte[] attrBytes(Path file, String name) throws Exception {
        assertTrue(Files.isRegularFile(file), file + " is kept");
        if (sidecarMode) {
            Path abs = file.toAbsolutePath().normalize();
            Path value = sidecar.resolve(abs.getRoot().relativize(abs).toString())
                    .resolve("meta")
                    .resolve(name);
            return Files.exists(value) ? Files.readAllBytes(value) : null;
        }
        UserDefinedFileAttributeView view = Files.getFileAttributeView(file, UserDefinedFileAttributeView.class);
        if (!view.list().contains(name)) {
            return null;
        }
        ByteBuffer b = ByteBuffer.allocate(view.size(name));
        view.read(name, b);
        return java.util.Arrays.copyOf(b.array(), b.position());
    }
}
