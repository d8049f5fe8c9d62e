package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * CORS and POST Object over raw HTTP against a real server: the configuration where versitygw keeps it (the
 * {@code cors} bucket attribute), preflights answered without authentication, CORS headers on answers and errors,
 * and browser form uploads with a SigV4-signed policy, including the hostile ones (forged, expired, a field outside
 * the policy, an oversized file, anonymous), each refused with S3's error and nothing stored.
 */
class CorsPostObjectIT {
    static final String BOUNDARY = "----posixgwFormBoundary7MA4YWxk";
    static final String CORS = "<CORSConfiguration><CORSRule><AllowedOrigin>http://app.example</AllowedOrigin>"
            + "<AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod>"
            + "<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>300</MaxAgeSeconds>"
            + "</CORSRule></CORSConfiguration>";

    static Path root;
    static TestGateway gw;
    static RawS3 raw;

    @BeforeAll
    static void start() throws Exception {
        root = Files.createTempDirectory("posixgw-cors-it");
        gw = TestGateway.start(root, "--fsync", "off");
        raw = gw.raw();
        assertEquals(
                200, raw.send("PUT", "/web", Map.of(), Map.of(), new byte[0]).status());
        assertEquals(
                200, raw.send("PUT", "/plain", Map.of(), Map.of(), new byte[0]).status());
    }

    @AfterAll
    static void stop() throws Exception {
        gw.close();
        try (Stream<Path> s = Files.walk(root)) {
            s.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        }
    }

    static Map<String, String> md5(byte[] body) throws Exception {
        return Map.of(
                "content-md5",
                Base64.getEncoder()
                        .encodeToString(
                                java.security.MessageDigest.getInstance("MD5").digest(body)));
    }

    static RawS3.Response unsigned(String method, String target, Map<String, String> headers, byte[] body)
            throws Exception {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("host", "127.0.0.1:" + gw.port);
        h.putAll(headers);
        return raw.exchange(method, target, h, body);
    }

    static void putCors() throws Exception {
        byte[] body = CORS.getBytes(StandardCharsets.UTF_8);
        RawS3.Response put = raw.send("PUT", "/web", Map.of("cors", ""), md5(body), body);
        assertEquals(200, put.status(), put.text());
    }

    @Test
    void corsConfigurationIsStoredAsVersitygwDoes() throws Exception {
        RawS3.Response none = raw.send("GET", "/plain", Map.of("cors", ""), Map.of(), new byte[0]);
        assertEquals(404, none.status());
        assertEquals("NoSuchCORSConfiguration", none.errorCode());
        byte[] body = CORS.getBytes(StandardCharsets.UTF_8);
        RawS3.Response noDigest = raw.send("PUT", "/web", Map.of("cors", ""), Map.of(), body);
        assertEquals(400, noDigest.status(), noDigest.text());
        assertEquals("InvalidRequest", noDigest.errorCode());
        byte[] bad = CORS.replace("PUT", "PATCH").getBytes(StandardCharsets.UTF_8);
        RawS3.Response badMethod = raw.send("PUT", "/web", Map.of("cors", ""), md5(bad), bad);
        assertEquals(400, badMethod.status());
        assertEquals("InvalidRequest", badMethod.errorCode());
        putCors();
        RawS3.Response got = raw.send("GET", "/web", Map.of("cors", ""), Map.of(), new byte[0]);
        assertEquals(200, got.status());
        assertEquals(CORS, got.text());
        assertEquals(CORS, xattr(root.resolve("web"), "cors"));
    }

    @Test
    void preflightIsAnsweredFromTheRulesWithoutAuthentication() throws Exception {
        putCors();
        RawS3.Response noOrigin =
                unsigned("OPTIONS", "/web/a.txt", Map.of("access-control-request-method", "PUT"), new byte[0]);
        assertEquals(400, noOrigin.status());
        assertEquals("BadRequest", noOrigin.errorCode());
        RawS3.Response noMethod =
                unsigned("OPTIONS", "/web/a.txt", Map.of("origin", "http://app.example"), new byte[0]);
        assertEquals(400, noMethod.status());
        RawS3.Response disabled = unsigned(
                "OPTIONS",
                "/plain/a.txt",
                Map.of("origin", "http://app.example", "access-control-request-method", "GET"),
                new byte[0]);
        assertEquals(403, disabled.status());
        assertEquals("AccessForbidden", disabled.errorCode());
        assertTrue(disabled.text().contains("CORS is not enabled for this bucket"), disabled.text());
        RawS3.Response other = unsigned(
                "OPTIONS",
                "/web/a.txt",
                Map.of("origin", "http://evil.example", "access-control-request-method", "GET"),
                new byte[0]);
        assertEquals(403, other.status());
        assertEquals("AccessForbidden", other.errorCode());
        assertNull(other.header("access-control-allow-origin"));
        RawS3.Response ok = unsigned(
                "OPTIONS",
                "/web/a.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&uploadId=1&partNumber=2",
                Map.of(
                        "origin", "http://app.example",
                        "access-control-request-method", "PUT",
                        "access-control-request-headers", "Content-Type, X-Amz-Date"),
                new byte[0]);
        assertEquals(200, ok.status(), ok.text());
        assertEquals("http://app.example", ok.header("access-control-allow-origin"));
        assertEquals("GET, PUT, POST", ok.header("access-control-allow-methods"));
        assertEquals("content-type, x-amz-date", ok.header("access-control-allow-headers"));
        assertEquals("ETag", ok.header("access-control-expose-headers"));
        assertEquals("300", ok.header("access-control-max-age"));
        assertEquals("true", ok.header("access-control-allow-credentials"));
        assertTrue(ok.header("vary").contains("Origin"));
    }

    @Test
    void corsHeadersGoOnAnswersAndErrorsButNeverLetAnUnsignedRequestThrough() throws Exception {
        putCors();
        byte[] data = "hello".getBytes(StandardCharsets.UTF_8);
        assertEquals(
                200, raw.send("PUT", "/web/seen.txt", Map.of(), Map.of(), data).status());
        RawS3.Response get =
                raw.send("GET", "/web/seen.txt", Map.of(), Map.of("origin", "http://app.example"), new byte[0]);
        assertEquals(200, get.status());
        assertEquals("http://app.example", get.header("access-control-allow-origin"));
        assertEquals("ETag", get.header("access-control-expose-headers"));
        assertTrue(get.header("vary").contains("Origin"));
        RawS3.Response missing =
                raw.send("GET", "/web/absent.txt", Map.of(), Map.of("origin", "http://app.example"), new byte[0]);
        assertEquals(404, missing.status());
        assertEquals("http://app.example", missing.header("access-control-allow-origin"), "errors carry them too");

        RawS3.Response anonymous =
                unsigned("GET", "/web/seen.txt", Map.of("origin", "http://app.example"), new byte[0]);
        assertEquals(403, anonymous.status(), "a CORS rule is no permission");
        assertEquals("AccessDenied", anonymous.errorCode());
        assertEquals("http://app.example", anonymous.header("access-control-allow-origin"));
        RawS3.Response anonymousPut = unsigned(
                "PUT", "/web/sneaky.txt", Map.of("origin", "http://app.example"), "x".getBytes(StandardCharsets.UTF_8));
        assertEquals(403, anonymousPut.status());
        assertFalse(Files.exists(root.resolve("web/sneaky.txt")));

        RawS3.Response otherOrigin =
                raw.send("GET", "/web/seen.txt", Map.of(), Map.of("origin", "http://evil.example"), new byte[0]);
        assertEquals(200, otherOrigin.status());
        assertNull(otherOrigin.header("access-control-allow-origin"));
    }

    // ---------------------------------------------------------------- POST Object

    /** A form's fields and file, signed with {@code secret} at {@code now}, the policy expiring at {@code expires}. */
    static byte[] form(
            Map<String, String> fields, String conditions, Instant expires, String secret, byte[] file, Instant now) {
        TestSigner signer = new TestSigner(TestGateway.ACCESS, secret, "us-east-1");
        String date = TestSigner.AMZ_DATE.format(now);
        String credential = TestGateway.ACCESS + "/" + date.substring(0, 8) + "/us-east-1/s3/aws4_request";
        String policyJson = "{\"expiration\":\"" + expires.truncatedTo(ChronoUnit.SECONDS) + "\",\"conditions\":["
                + conditions + ",{\"x-amz-algorithm\":\"AWS4-HMAC-SHA256\"},{\"x-amz-credential\":\"" + credential
                + "\"},{\"x-amz-date\":\"" + date + "\"}]}";
        String policy = Base64.getEncoder().encodeToString(policyJson.getBytes(StandardCharsets.UTF_8));
        String signature = TestSigner.hex(TestSigner.hmac(signer.signingKey(date.substring(0, 8)), policy));
        Map<String, String> all = new LinkedHashMap<>(fields);
        all.put("x-amz-algorithm", "AWS4-HMAC-SHA256");
        all.put("x-amz-credential", credential);
        all.put("x-amz-date", date);
        all.put("policy", policy);
        all.put("x-amz-signature", signature);
        return multipart(all, file);
    }

    static byte[] multipart(Map<String, String> fields, byte[] file) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        fields.forEach((k, v) -> out.writeBytes(
                ("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + k + "\"\r\n\r\n" + v + "\r\n")
                        .getBytes(StandardCharsets.UTF_8)));
        out.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"pic.bin\"\r\n"
                        + "Content-Type: application/octet-stream\r\n\r\n")
                .getBytes(StandardCharsets.UTF_8));
        out.writeBytes(file);
        out.writeBytes(("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    static RawS3.Response post(String bucket, byte[] body) throws Exception {
        return unsigned(
                "POST",
                "/" + bucket,
                Map.of("content-type", "multipart/form-data; boundary=" + BOUNDARY, "origin", "http://app.example"),
                body);
    }

    static final String CONDITIONS = "{\"bucket\":\"web\"},[\"starts-with\",\"$key\",\"uploads/\"],"
            + "[\"starts-with\",\"$Content-Type\",\"image/\"],[\"content-length-range\",1,1000],"
            + "[\"starts-with\",\"$x-amz-meta-owner\",\"\"],{\"success_action_status\":\"201\"}";

    static Map<String, String> fields(String key) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("key", key);
        f.put("Content-Type", "image/png");
        f.put("x-amz-meta-owner", "alice");
        f.put("success_action_status", "201");
        return f;
    }

    static Instant later() {
        return Instant.now().plusSeconds(3600);
    }

    @Test
    void aSignedFormUploadIsStoredAsAPut() throws Exception {
        putCors();
        byte[] file = new byte[777];
        new java.util.Random(1).nextBytes(file);
        RawS3.Response r = post(
                "web",
                form(fields("uploads/${filename}"), CONDITIONS, later(), TestGateway.SECRET, file, Instant.now()));
        assertEquals(201, r.status(), r.text());
        assertEquals("uploads/pic.bin", r.element("Key"));
        assertEquals("web", r.element("Bucket"));
        // the request's scheme and host, as S3 answers (plain HTTP here)
        assertTrue(r.element("Location").matches("http://[^/]+/web/uploads/pic\\.bin"), r.text());
        assertEquals(r.element("Location"), r.header("location"));
        assertEquals("http://app.example", r.header("access-control-allow-origin"));
        assertArrayEquals(file, Files.readAllBytes(root.resolve("web/uploads/pic.bin")));
        RawS3.Response head = raw.send("HEAD", "/web/uploads/pic.bin", Map.of(), Map.of(), new byte[0]);
        assertEquals("image/png", head.header("content-type"));
        assertEquals("alice", head.header("x-amz-meta-owner"));
        assertEquals(r.header("etag"), head.header("etag"));

        Map<String, String> redirect = fields("uploads/r.bin");
        redirect.remove("success_action_status");
        redirect.put("success_action_redirect", "http://app.example/done?x=1");
        String conditions = CONDITIONS.replace(
                "{\"success_action_status\":\"201\"}",
                "[\"starts-with\",\"$success_action_redirect\",\"http://app.example/\"]");
        RawS3.Response to = post("web", form(redirect, conditions, later(), TestGateway.SECRET, file, Instant.now()));
        assertEquals(303, to.status(), to.text());
        assertTrue(
                to.header("location").startsWith("http://app.example/done?x=1&bucket=web&key=uploads%2Fr.bin&etag="));
    }

    @Test
    void aFormsAclIsStoredWhereAclsAreEnabledAndRefusedElsewhere() throws Exception {
        byte[] file = "public bytes".getBytes(StandardCharsets.UTF_8);
        assertEquals(
                200,
                raw.send("PUT", "/form-acl", Map.of(), Map.of("x-amz-object-ownership", "ObjectWriter"), new byte[0])
                        .status());
        assertEquals(
                204,
                raw.send("DELETE", "/form-acl", Map.of("publicAccessBlock", ""), Map.of(), new byte[0])
                        .status());
        Map<String, String> f = new LinkedHashMap<>();
        f.put("key", "pub.bin");
        f.put("acl", "public-read");
        RawS3.Response r = post(
                "form-acl",
                form(
                        f,
                        "{\"bucket\":\"form-acl\"},{\"key\":\"pub.bin\"},{\"acl\":\"public-read\"}",
                        later(),
                        TestGateway.SECRET,
                        file,
                        Instant.now()));
        assertEquals(204, r.status(), r.text());
        RawS3.Response anon = unsigned("GET", "/form-acl/pub.bin", Map.of(), new byte[0]);
        assertEquals(200, anon.status(), anon.text());
        assertEquals("public bytes", anon.text());

        assertEquals(
                200,
                raw.send("PUT", "/form-enforced", Map.of(), Map.of(), new byte[0])
                        .status());
        RawS3.Response refused = post(
                "form-enforced",
                form(
                        f,
                        "{\"bucket\":\"form-enforced\"},{\"key\":\"pub.bin\"},{\"acl\":\"public-read\"}",
                        later(),
                        TestGateway.SECRET,
                        file,
                        Instant.now()));
        assertEquals(400, refused.status(), refused.text());
        assertEquals("AccessControlListNotSupported", refused.errorCode());
        assertFalse(Files.exists(root.resolve("form-enforced/pub.bin")), "a refused form stores nothing");
    }

    @Test
    void hostileFormsAreRefusedAndStoreNothing() throws Exception {
        byte[] file = "tiny".getBytes(StandardCharsets.UTF_8);
        Instant now = Instant.now();

        RawS3.Response forged =
                post("web", form(fields("uploads/forged"), CONDITIONS, later(), "not-the-secret", file, now));
        assertEquals(403, forged.status(), forged.text());
        assertEquals("SignatureDoesNotMatch", forged.errorCode());

        RawS3.Response expired = post(
                "web",
                form(fields("uploads/expired"), CONDITIONS, now.minusSeconds(60), TestGateway.SECRET, file, now));
        assertEquals(403, expired.status());
        assertEquals("AccessDenied", expired.errorCode());
        assertTrue(expired.text().contains("Invalid according to Policy: Policy expired."), expired.text());

        RawS3.Response outside =
                post("web", form(fields("elsewhere/x"), CONDITIONS, later(), TestGateway.SECRET, file, now));
        assertEquals(403, outside.status());
        assertTrue(outside.text().contains("Policy Condition failed"), outside.text());

        Map<String, String> extra = fields("uploads/extra");
        extra.put("x-amz-meta-unlisted", "1");
        RawS3.Response unlisted = post("web", form(extra, CONDITIONS, later(), TestGateway.SECRET, file, now));
        assertEquals(403, unlisted.status());
        assertTrue(unlisted.text().contains("Extra input fields: x-amz-meta-unlisted"), unlisted.text());

        RawS3.Response big =
                post("web", form(fields("uploads/big"), CONDITIONS, later(), TestGateway.SECRET, new byte[5000], now));
        assertEquals(400, big.status());
        assertEquals("EntityTooLarge", big.errorCode());

        RawS3.Response empty =
                post("web", form(fields("uploads/empty"), CONDITIONS, later(), TestGateway.SECRET, new byte[0], now));
        assertEquals(400, empty.status());
        assertEquals("EntityTooSmall", empty.errorCode());

        RawS3.Response wrongBucket =
                post("plain", form(fields("uploads/wrong"), CONDITIONS, later(), TestGateway.SECRET, file, now));
        assertEquals(403, wrongBucket.status());

        RawS3.Response anonymous = post("web", multipart(Map.of("key", "uploads/anon"), file));
        assertEquals(403, anonymous.status());
        assertEquals("AccessDenied", anonymous.errorCode());

        RawS3.Response noFile = unsigned(
                "POST",
                "/web",
                Map.of("content-type", "multipart/form-data; boundary=" + BOUNDARY),
                ("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"key\"\r\n\r\nk\r\n--" + BOUNDARY
                                + "--\r\n")
                        .getBytes(StandardCharsets.UTF_8));
        assertEquals(400, noFile.status());
        RawS3.Response notAForm = unsigned("POST", "/web", Map.of("content-type", "text/plain"), file);
        assertEquals(412, notAForm.status());

        for (String k : new String[] {"forged", "expired", "extra", "big", "empty", "anon"}) {
            assertFalse(Files.exists(root.resolve("web/uploads/" + k)), k);
        }
        assertFalse(Files.exists(root.resolve("web/elsewhere")));
        assertFalse(Files.exists(root.resolve("plain/uploads")));
        try (Stream<Path> staged = Files.list(root.resolve("web/.sgwtmp"))) {
            assertEquals(0, staged.filter(Files::isRegularFile).count(), "no temp file left behind");
        }
    }

    static String xattr(Path p, String name) throws Exception {
        UserDefinedFileAttributeView v = Files.getFileAttributeView(p, UserDefinedFileAttributeView.class);
        ByteBuffer b = ByteBuffer.allocate(v.size(name));
        v.read(name, b);
        return new String(b.array(), 0, b.position(), StandardCharsets.UTF_8);
    }
}
