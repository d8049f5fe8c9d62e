package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Object Lock over raw signed HTTP, in both metadata modes: S3's status codes and headers for the
 * bucket configuration, the lock headers of new objects, retention and legal hold, the refusals of
 * deletes and overwrites; and the attributes on disk exactly as versitygw names and encodes them
 * ({@code bucket-lock}, {@code object-retention}, {@code object-legal-hold}), read back also when
 * written the way versitygw writes them (its PutObjectRetention's {@code XMLName} member, local offsets).
 */
@SuppressWarnings("StringConcatToTextBlock") // error-prone 2.42 crashes on this class's concatenations
class ObjectLockIT {
    private static final String GO_TIME = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d*[1-9])?Z";

    @TempDir
    Path tmp;

    Path root;
    Path sidecar;
    boolean sidecarMode;
    RawS3 raw;

    static Map<String, String> md5(byte[] body) throws Exception {
        return Map.of(
                "content-md5",
                Base64.getEncoder()
                        .encodeToString(MessageDigest.getInstance("MD5").digest(body)));
    }

    static Map<String, String> with(Map<String, String> a, String... kv) {
        Map<String, String> out = new HashMap<>(a);
        for (int i = 0; i < kv.length; i += 2) {
            out.put(kv[i], kv[i + 1]);
        }
        return out;
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static void assertError(RawS3.Response r, int status, String code) {
        assertEquals(status, r.status(), r.text());
        assertEquals(code, r.errorCode(), r.text());
    }

    /** The attribute {@code name} of the bucket ({@code key} null) or object, wherever the mode keeps it; null when absent. */
    byte[] attr(String bucket, String key, String name) throws Exception {
        Path data = key == null ? root.resolve(bucket) : root.resolve(bucket).resolve(key);
        if (sidecarMode) {
            Path node = key == null
                    ? sidecar.resolve(bucket)
                    : sidecar.resolve(bucket).resolve(key);
            Path value = node.resolve("meta").resolve(name);
            return Files.exists(value) ? Files.readAllBytes(value) : null;
        }
        UserDefinedFileAttributeView view = Files.getFileAttributeView(data, UserDefinedFileAttributeView.class);
        if (!view.list().contains(name)) {
            return null;
        }
        ByteBuffer b = ByteBuffer.allocate(view.size(name));
        view.read(name, b);
        return java.util.Arrays.copyOf(b.array(), b.position());
    }

    void setAttr(String bucket, String key, String name, byte[] value) throws Exception {
        if (sidecarMode) {
            Path node = key == null
                    ? sidecar.resolve(bucket)
                    : sidecar.resolve(bucket).resolve(key);
            Files.createDirectories(node.resolve("meta"));
            Files.write(node.resolve("meta").resolve(name), value);
            return;
        }
        Path data = key == null ? root.resolve(bucket) : root.resolve(bucket).resolve(key);
        Files.getFileAttributeView(data, UserDefinedFileAttributeView.class).write(name, ByteBuffer.wrap(value));
    }

    String text(String bucket, String key, String name) throws Exception {
        byte[] v = attr(bucket, key, name);
        return v == null ? null : new String(v, StandardCharsets.UTF_8);
    }

    RawS3.Response put(String path, Map<String, String> headers, String body) throws Exception {
        byte[] b = utf8(body);
        return raw.send("PUT", path, Map.of(), with(md5(b), flatten(headers)), b);
    }

    private static String[] flatten(Map<String, String> m) {
        List<String> out = new ArrayList<>();
        m.forEach((k, v) -> {
            out.add(k);
            out.add(v);
        });
        return out.toArray(new String[0]);
    }

    RawS3.Response sub(String method, String path, String subresource, Map<String, String> headers, String body)
            throws Exception {
        byte[] b = utf8(body);
        Map<String, String> h = body.isEmpty() ? headers : with(md5(b), flatten(headers));
        return raw.send(method, path, Map.of(subresource, ""), h, b);
    }

    static String config(String mode, String period) {
        return "<ObjectLockConfiguration xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
                + "<ObjectLockEnabled>Enabled</ObjectLockEnabled>"
                + (mode == null
                        ? ""
                        : "<Rule><DefaultRetention><Mode>" + mode + "</Mode>" + period + "</DefaultRetention></Rule>")
                + "</ObjectLockConfiguration>";
    }

    static String retention(String mode, Instant until) {
        return "<Retention><Mode>" + mode + "</Mode><RetainUntilDate>" + until + "</RetainUntilDate></Retention>";
    }

    static String hold(String status) {
        return "<LegalHold><Status>" + status + "</Status></LegalHold>";
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void objectLock(boolean sidecarMode) throws Exception {
        this.sidecarMode = sidecarMode;
        root = Files.createDirectories(tmp.resolve("data"));
        sidecar = tmp.resolve("sidecar");
        Path iam = Files.createDirectories(tmp.resolve("iam"));
        Files.writeString(
                iam.resolve("users.json"),
                "{\"accessAccounts\":{\"plus\":{\"access\":\"plus\",\"secret\":\"plus-secret-1\",\"role\":\"userplus\","
                        + "\"userID\":1000,\"groupID\":1000,\"projectID\":0}}}");
        List<String> args = new ArrayList<>(List.of("--fsync", "off", "--iam-dir", iam.toString()));
        if (sidecarMode) {
            args.addAll(List.of("--sidecar", sidecar.toString()));
        }
        try (TestGateway gw = TestGateway.start(root, args.toArray(new String[0]))) {
            raw = gw.raw();
            RawS3 plus = new RawS3("127.0.0.1", gw.port, new TestSigner("plus", "plus-secret-1", "us-east-1"));
            bucketConfiguration();
            lockHeaders();
            retentionAndLegalHold();
            bypassIsForRootAndAdmins(plus);
            readsWhatVersitygwWrites();
        }
    }

    private void bucketConfiguration() throws Exception {
        // a bucket without Object Lock: the truthful 404, and no configuration can be put (not versioned)
        assertEquals(
                200, raw.send("PUT", "/plain", Map.of(), Map.of(), new byte[0]).status());
        assertError(sub("GET", "/plain", "object-lock", Map.of(), ""), 404, "ObjectLockConfigurationNotFoundError");
        assertError(
                sub("PUT", "/plain", "object-lock", Map.of(), config("GOVERNANCE", "<Days>1</Days>")),
                409,
                "InvalidBucketState");

        RawS3.Response made =
                raw.send("PUT", "/locked", Map.of(), Map.of("x-amz-bucket-object-lock-enabled", "true"), new byte[0]);
        assertEquals(200, made.status(), made.text());
        String created = text("locked", null, "bucket-lock");
        assertTrue(
                created.matches("\\{\"Enabled\":true,\"DefaultRetention\":null,\"CreatedAt\":\"" + GO_TIME + "\"}"),
                created);
        RawS3.Response got = sub("GET", "/locked", "object-lock", Map.of(), "");
        assertEquals(200, got.status(), got.text());
        assertEquals("Enabled", got.element("ObjectLockEnabled"));
        assertNull(got.element("Rule"), got.text());

        // S3's validation
        byte[] valid = utf8(config("GOVERNANCE", "<Days>1</Days>"));
        assertError(raw.send("PUT", "/locked", Map.of("object-lock", ""), Map.of(), valid), 400, "InvalidRequest");
        assertError(
                sub("PUT", "/locked", "object-lock", Map.of(), config("GOVERNANCE", "<Days>1</Days><Years>1</Years>")),
                400,
                "MalformedXML");
        assertError(
                sub("PUT", "/locked", "object-lock", Map.of(), config("governance", "<Days>1</Days>")),
                400,
                "MalformedXML");
        assertError(
                sub("PUT", "/locked", "object-lock", Map.of(), config("GOVERNANCE", "<Days>0</Days>")),
                400,
                "InvalidArgument");
        assertError(
                sub("PUT", "/locked", "object-lock", Map.of(), config("GOVERNANCE", "<Years>-1</Years>")),
                400,
                "InvalidArgument");
        assertError(
                sub("PUT", "/locked", "object-lock", Map.of(), config("GOVERNANCE", "<Years>101</Years>")),
                400,
                "InvalidArgument");
        assertError(
                sub(
                        "PUT",
                        "/locked",
                        "object-lock",
                        Map.of(),
                        "<ObjectLockConfiguration><ObjectLockEnabled>Disabled</ObjectLockEnabled></ObjectLockConfiguration>"),
                400,
                "MalformedXML");
        assertEquals(created, text("locked", null, "bucket-lock"), "refused configurations change nothing");

        assertEquals(
                200,
                sub("PUT", "/locked", "object-lock", Map.of(), config("GOVERNANCE", "<Days>1</Days>"))
                        .status());
        got = sub("GET", "/locked", "object-lock", Map.of(), "");
        assertEquals("GOVERNANCE", got.element("Mode"));
        assertEquals("1", got.element("Days"));
        assertNull(got.element("Years"));
        String rule = text("locked", null, "bucket-lock");
        assertTrue(
                rule.matches(
                        "\\{\"Enabled\":true,\"DefaultRetention\":\\{\"Days\":1,\"Mode\":\"GOVERNANCE\",\"Years\":null},"
                                + "\"CreatedAt\":\"" + GO_TIME + "\"}"),
                rule);
        assertError(sub("GET", "/nobucket", "object-lock", Map.of(), ""), 404, "NoSuchBucket");
    }

    private void lockHeaders() throws Exception {
        Instant soon = Instant.now().plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.SECONDS);
        // the bucket's default retention: GOVERNANCE for one day from the PUT
        Instant before = Instant.now();
        assertEquals(200, put("/locked/defaulted", Map.of(), "d").status());
        RawS3.Response head = raw.send("HEAD", "/locked/defaulted", Map.of(), Map.of(), new byte[0]);
        assertEquals("GOVERNANCE", head.header("x-amz-object-lock-mode"));
        Instant until = Instant.parse(head.header("x-amz-object-lock-retain-until-date"));
        assertTrue(!until.isBefore(before.plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.SECONDS)), until.toString());
        assertNull(head.header("x-amz-object-lock-legal-hold"));
        String stored = text("locked", "defaulted", "object-retention");
        assertTrue(stored.matches("\\{\"Mode\":\"GOVERNANCE\",\"RetainUntilDate\":\"" + GO_TIME + "\"}"), stored);

        // S3's refusals of the headers
        String date = soon.toString();
        assertError(put("/locked/h", Map.of("x-amz-object-lock-mode", "GOVERNANCE"), "h"), 400, "InvalidArgument");
        assertError(put("/locked/h", Map.of("x-amz-object-lock-retain-until-date", date), "h"), 400, "InvalidArgument");
        assertError(
                put(
                        "/locked/h",
                        Map.of("x-amz-object-lock-mode", "WORM", "x-amz-object-lock-retain-until-date", date),
                        "h"),
                400,
                "InvalidArgument");
        assertError(
                put(
                        "/locked/h",
                        Map.of(
                                "x-amz-object-lock-mode",
                                "GOVERNANCE",
                                "x-amz-object-lock-retain-until-date",
                                "2020-01-01T00:00:00Z"),
                        "h"),
                400,
                "InvalidArgument");
        assertError(put("/locked/h", Map.of("x-amz-object-lock-legal-hold", "maybe"), "h"), 400, "InvalidArgument");
        assertError(
                raw.send("PUT", "/locked/h", Map.of(), Map.of("x-amz-object-lock-legal-hold", "ON"), utf8("h")),
                400,
                "InvalidRequest"); // neither Content-MD5 nor a checksum
        assertError(put("/plain/h", Map.of("x-amz-object-lock-legal-hold", "ON"), "h"), 400, "InvalidRequest");
        assertTrue(!Files.exists(root.resolve("locked").resolve("h")), "nothing refused is stored");

        // COMPLIANCE and a legal hold, as asked for: on disk as versitygw writes them
        Instant far = Instant.parse("2030-01-01T00:00:00Z");
        assertEquals(
                200,
                put(
                                "/locked/held",
                                Map.of(
                                        "x-amz-object-lock-mode",
                                        "COMPLIANCE",
                                        "x-amz-object-lock-retain-until-date",
                                        "2030-01-01T00:00:00.000Z",
                                        "x-amz-object-lock-legal-hold",
                                        "ON"),
                                "h")
                        .status());
        assertEquals(
                "{\"Mode\":\"COMPLIANCE\",\"RetainUntilDate\":\"2030-01-01T00:00:00Z\"}",
                text("locked", "held", "object-retention"));
        assertArrayEquals(new byte[] {1}, attr("locked", "held", "object-legal-hold"));
        RawS3.Response get = raw.send("GET", "/locked/held", Map.of(), Map.of(), new byte[0]);
        assertEquals("COMPLIANCE", get.header("x-amz-object-lock-mode"));
        assertEquals("2030-01-01T00:00:00Z", get.header("x-amz-object-lock-retain-until-date"));
        assertEquals("ON", get.header("x-amz-object-lock-legal-hold"));
        assertEquals(far, Instant.parse(get.header("x-amz-object-lock-retain-until-date")));

        // a multipart upload carries its lock from CreateMultipartUpload to the object (versitygw's way)
        RawS3.Response init = raw.send(
                "POST", "/locked/mp", Map.of("uploads", ""), Map.of("x-amz-object-lock-legal-hold", "ON"), new byte[0]);
        assertEquals(200, init.status(), init.text());
        String uploadId = init.element("UploadId");
        RawS3.Response part =
                raw.send("PUT", "/locked/mp", Map.of("uploadId", uploadId, "partNumber", "1"), Map.of(), utf8("part"));
        String done = "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>" + part.header("etag")
                + "</ETag></Part></CompleteMultipartUpload>";
        assertEquals(
                200,
                raw.send("POST", "/locked/mp", Map.of("uploadId", uploadId), Map.of(), utf8(done))
                        .status());
        assertArrayEquals(new byte[] {1}, attr("locked", "mp", "object-legal-hold"));
        assertError(raw.send("DELETE", "/locked/mp", Map.of(), Map.of(), new byte[0]), 403, "AccessDenied");

        // a copy takes its own lock (the destination's default), never the source's legal hold
        RawS3.Response copy =
                raw.send("PUT", "/locked/copied", Map.of(), Map.of("x-amz-copy-source", "/locked/held"), new byte[0]);
        assertEquals(200, copy.status(), copy.text());
        assertNull(attr("locked", "copied", "object-legal-hold"));
        assertTrue(text("locked", "copied", "object-retention").startsWith("{\"Mode\":\"GOVERNANCE\""));
        assertError(
                raw.send(
                        "PUT",
                        "/plain/copied",
                        Map.of(),
                        Map.of("x-amz-copy-source", "/locked/held", "x-amz-object-lock-legal-hold", "ON"),
                        new byte[0]),
                400,
                "InvalidRequest");
    }

    private void retentionAndLegalHold() throws Exception {
        // protected versions: no delete, no overwrite (the bucket keeps no versions yet), DeleteObjects reports them
        assertError(raw.send("DELETE", "/locked/held", Map.of(), Map.of(), new byte[0]), 403, "AccessDenied");
        assertError(
                raw.send(
                        "DELETE",
                        "/locked/held",
                        Map.of(),
                        Map.of("x-amz-bypass-governance-retention", "true"),
                        new byte[0]),
                403,
                "AccessDenied");
        assertError(put("/locked/held", Map.of(), "overwrite"), 403, "AccessDenied");
        byte[] delete = utf8("<Delete><Object><Key>held</Key></Object><Object><Key>absent</Key></Object></Delete>");
        RawS3.Response many = raw.send("POST", "/locked", Map.of("delete", ""), md5(delete), delete);
        assertEquals(200, many.status(), many.text());
        assertEquals(List.of("held"), errorKeys(many), many.text());
        assertTrue(many.text().contains("<Code>AccessDenied</Code>"), many.text());
        assertEquals(
                "h",
                raw.send("GET", "/locked/held", Map.of(), Map.of(), new byte[0]).text());

        // legal hold: read and switched; the retention is COMPLIANCE: kept or extended only
        assertEquals(
                "ON", sub("GET", "/locked/held", "legal-hold", Map.of(), "").element("Status"));
        assertError(sub("PUT", "/locked/held", "legal-hold", Map.of(), hold("on")), 400, "MalformedXML");
        assertError(
                raw.send("PUT", "/locked/held", Map.of("legal-hold", ""), Map.of(), utf8(hold("OFF"))),
                400,
                "InvalidRequest");
        assertEquals(
                200,
                sub("PUT", "/locked/held", "legal-hold", Map.of(), hold("OFF")).status());
        assertArrayEquals(new byte[] {0}, attr("locked", "held", "object-legal-hold"));
        assertEquals(
                "OFF", sub("GET", "/locked/held", "legal-hold", Map.of(), "").element("Status"));
        RawS3.Response ret = sub("GET", "/locked/held", "retention", Map.of(), "");
        assertEquals("COMPLIANCE", ret.element("Mode"));
        assertEquals("2030-01-01T00:00:00.000Z", ret.element("RetainUntilDate"));
        Map<String, String> bypass = Map.of("x-amz-bypass-governance-retention", "true");
        assertError(
                sub(
                        "PUT",
                        "/locked/held",
                        "retention",
                        bypass,
                        retention("COMPLIANCE", Instant.parse("2029-01-01T00:00:00Z"))),
                403,
                "AccessDenied");
        assertError(
                sub(
                        "PUT",
                        "/locked/held",
                        "retention",
                        bypass,
                        retention("GOVERNANCE", Instant.parse("2031-01-01T00:00:00Z"))),
                403,
                "AccessDenied");
        assertEquals(
                200,
                sub(
                                "PUT",
                                "/locked/held",
                                "retention",
                                Map.of(),
                                retention("COMPLIANCE", Instant.parse("2031-01-01T00:00:00Z")))
                        .status());
        assertEquals(
                "{\"Mode\":\"COMPLIANCE\",\"RetainUntilDate\":\"2031-01-01T00:00:00Z\"}",
                text("locked", "held", "object-retention"));
        assertError(raw.send("DELETE", "/locked/held", Map.of(), bypass, new byte[0]), 403, "AccessDenied");

        // GOVERNANCE: shortened or removed only with the bypass
        assertEquals(
                200,
                put(
                                "/locked/gov",
                                Map.of(
                                        "x-amz-object-lock-mode",
                                        "GOVERNANCE",
                                        "x-amz-object-lock-retain-until-date",
                                        "2030-01-01T00:00:00Z"),
                                "g")
                        .status());
        Instant shorter = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);
        assertError(
                sub("PUT", "/locked/gov", "retention", Map.of(), retention("GOVERNANCE", shorter)),
                403,
                "AccessDenied");
        assertError(
                sub(
                        "PUT",
                        "/locked/gov",
                        "retention",
                        Map.of(),
                        retention("COMPLIANCE", Instant.parse("2030-01-01T00:00:00Z"))),
                403,
                "AccessDenied");
        assertEquals(
                200,
                sub("PUT", "/locked/gov", "retention", bypass, retention("GOVERNANCE", shorter))
                        .status());
        assertEquals(
                shorter.toString(),
                sub("GET", "/locked/gov", "retention", Map.of(), "")
                        .element("RetainUntilDate")
                        .replace(".000Z", "Z"));
        assertError(
                sub(
                        "PUT",
                        "/locked/gov",
                        "retention",
                        Map.of(),
                        retention("GOVERNANCE", Instant.parse("2020-01-01T00:00:00Z"))),
                400,
                "InvalidArgument");
        assertError(
                sub("PUT", "/locked/gov", "retention", Map.of(), "<Retention><Mode>GOVERNANCE</Mode></Retention>"),
                400,
                "MalformedXML");
        assertError(raw.send("DELETE", "/locked/gov", Map.of(), Map.of(), new byte[0]), 403, "AccessDenied");
        assertEquals(
                204,
                raw.send("DELETE", "/locked/gov", Map.of(), bypass, new byte[0]).status());
        assertEquals(
                404,
                raw.send("HEAD", "/locked/gov", Map.of(), Map.of(), new byte[0]).status());

        // no retention yet, no such object, a bucket without Object Lock
        assertEquals(200, put("/plain/p", Map.of(), "p").status());
        assertError(sub("GET", "/plain/p", "retention", Map.of(), ""), 400, "InvalidRequest");
        assertError(sub("PUT", "/plain/p", "legal-hold", Map.of(), hold("ON")), 400, "InvalidRequest");
        // the bucket's default retention reached the multipart object too
        assertEquals(
                "GOVERNANCE",
                sub("GET", "/locked/mp", "retention", Map.of(), "").element("Mode"));
        assertEquals(
                200,
                raw.send("PUT", "/bare", Map.of(), Map.of("x-amz-bucket-object-lock-enabled", "true"), new byte[0])
                        .status());
        assertEquals(200, put("/bare/b", Map.of(), "b").status());
        assertNull(attr("bare", "b", "object-retention"));
        assertError(sub("GET", "/bare/b", "retention", Map.of(), ""), 404, "NoSuchObjectLockConfiguration");
        assertEquals(
                204,
                raw.send("DELETE", "/bare/b", Map.of(), Map.of(), new byte[0]).status());
        assertError(sub("GET", "/locked/defaulted", "legal-hold", Map.of(), ""), 404, "NoSuchObjectLockConfiguration");
        assertError(sub("GET", "/locked/nothing", "retention", Map.of(), ""), 404, "NoSuchKey");
        assertError(
                raw.send(
                        "GET",
                        "/locked/held",
                        Map.of("retention", "", "versionId", "3HL4kqtJlcpXroDTDmJ+rmSpXd3dIbrHY"),
                        Map.of(),
                        new byte[0]),
                404,
                "NoSuchVersion");
    }

    private static List<String> errorKeys(RawS3.Response many) {
        String t = many.text();
        List<String> out = new ArrayList<>();
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("<Error><Key>(.*?)</Key>").matcher(t);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private void bypassIsForRootAndAdmins(RawS3 plus) throws Exception {
        assertEquals(
                200,
                plus.send(
                                "PUT",
                                "/plus-locked",
                                Map.of(),
                                Map.of("x-amz-bucket-object-lock-enabled", "true"),
                                new byte[0])
                        .status());
        byte[] b = utf8("x");
        assertEquals(
                200,
                plus.send(
                                "PUT",
                                "/plus-locked/g",
                                Map.of(),
                                with(
                                        md5(b),
                                        "x-amz-object-lock-mode",
                                        "GOVERNANCE",
                                        "x-amz-object-lock-retain-until-date",
                                        "2030-01-01T00:00:00Z"),
                                b)
                        .status());
        Map<String, String> bypass = Map.of("x-amz-bypass-governance-retention", "true");
        assertError(plus.send("DELETE", "/plus-locked/g", Map.of(), bypass, new byte[0]), 403, "AccessDenied");
        assertEquals(
                204,
                raw.send("DELETE", "/plus-locked/g", Map.of(), bypass, new byte[0])
                        .status());
    }

    /** Attributes as versitygw writes them: PutObjectRetention's XMLName member, a local offset, a CreatedAt with nanoseconds. */
    private void readsWhatVersitygwWrites() throws Exception {
        assertEquals(
                200, raw.send("PUT", "/vgw", Map.of(), Map.of(), new byte[0]).status());
        setAttr(
                "vgw",
                null,
                "bucket-lock",
                utf8("{\"Enabled\":true,\"DefaultRetention\":{\"Days\":null,\"Mode\":\"COMPLIANCE\","
                        + "\"Years\":2},\"CreatedAt\":\"2026-12-02T03:30:00.123456789+01:00\"}"));
        RawS3.Response got = sub("GET", "/vgw", "object-lock", Map.of(), "");
        assertEquals("COMPLIANCE", got.element("Mode"), got.text());
        assertEquals("2", got.element("Years"));
        assertEquals(200, put("/vgw/k", Map.of(), "k").status());
        assertTrue(text("vgw", "k", "object-retention").startsWith("{\"Mode\":\"COMPLIANCE\""));
        setAttr(
                "vgw",
                "k",
                "object-retention",
                utf8(
                        "{\"XMLName\":{\"Space\":\"http://s3.amazonaws.com/doc/2006-03-01/\","
                                + "\"Local\":\"Retention\"},\"Mode\":\"GOVERNANCE\",\"RetainUntilDate\":\"2030-01-01T01:00:00+01:00\"}"));
        RawS3.Response ret = sub("GET", "/vgw/k", "retention", Map.of(), "");
        assertEquals("GOVERNANCE", ret.element("Mode"));
        assertEquals("2030-01-01T00:00:00.000Z", ret.element("RetainUntilDate"));
        setAttr("vgw", "k", "object-legal-hold", new byte[] {1});
        assertEquals("ON", sub("GET", "/vgw/k", "legal-hold", Map.of(), "").element("Status"));
        assertError(raw.send("DELETE", "/vgw/k", Map.of(), Map.of(), new byte[0]), 403, "AccessDenied");
    }
}
