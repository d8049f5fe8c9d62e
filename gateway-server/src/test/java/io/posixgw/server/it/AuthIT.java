package io.posixgw.server.it;

import static io.posixgw.server.it.Checklist.AUTH_ANONYMOUS;
import static io.posixgw.server.it.Checklist.AUTH_CLOCK_SKEW;
import static io.posixgw.server.it.Checklist.AUTH_PAYLOAD_HASH;
import static io.posixgw.server.it.Checklist.AUTH_PRESIGNED_EXPIRED;
import static io.posixgw.server.it.Checklist.AUTH_PRESIGNED_EXPIRES_BOUNDS;
import static io.posixgw.server.it.Checklist.AUTH_SCOPE_DATE;
import static io.posixgw.server.it.Checklist.AUTH_SIGV2;
import static io.posixgw.server.it.Checklist.AUTH_UNKNOWN_ACCESS_KEY;
import static io.posixgw.server.it.Checklist.AUTH_UNSIGNED_PAYLOAD;
import static io.posixgw.server.it.Checklist.AUTH_US_EAST_1_DISCOVERY;
import static io.posixgw.server.it.Checklist.AUTH_WRONG_REGION;
import static io.posixgw.server.it.Checklist.AUTH_WRONG_REGION_PRESIGNED;
import static io.posixgw.server.it.Checklist.AUTH_WRONG_SIGNATURE;
import static io.posixgw.server.it.Checklist.BUCKET_GET_LOCATION;
import static io.posixgw.server.it.Checklist.HTTP_EXPECT_CONTINUE;
import static io.posixgw.server.it.Checklist.KEY_SPECIAL_CHARACTERS;
import static io.posixgw.server.it.Checklist.PUT_ETAG;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SigV4 as S3 enforces it, over raw HTTP: who is refused with which status and code, that a refused
 * write stores nothing (and leaves the previous object and no temp file), presigned URLs, keys that
 * need percent-encoding, and Expect: 100-continue.
 */
class AuthIT {
    static final String BUCKET = "auth";

    @TempDir
    static Path root;

    static TestGateway gw;
    static RawS3 raw;
    static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    @BeforeAll
    static void start() throws Exception {
        gw = TestGateway.start(root);
        raw = gw.raw();
        assertEquals(
                200,
                raw.send("PUT", "/" + BUCKET, Map.of(), Map.of(), new byte[0]).status());
    }

    @AfterAll
    static void stop() {
        gw.close();
    }

    static RawS3 rawAs(String access, String secret, String region) {
        return new RawS3("127.0.0.1", gw.port, new TestSigner(access, secret, region));
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static void assertError(RawS3.Response r, int status, String code) {
        assertEquals(status, r.status(), r.text());
        assertEquals(code, r.errorCode(), r.text());
    }

    // ---------------------------------------------------------------- who is refused

    @Test
    @Conformance(AUTH_UNKNOWN_ACCESS_KEY)
    void unknownAccessKeyIsInvalidAccessKeyId() throws Exception {
        assertError(
                rawAs("nobody", TestGateway.SECRET, "us-east-1").send("GET", "/", Map.of(), Map.of(), new byte[0]),
                403,
                "InvalidAccessKeyId");
        assertError(
                rawAs("nobody", TestGateway.SECRET, "us-east-1")
                        .send("PUT", "/" + BUCKET + "/ak", Map.of(), Map.of(), bytes("x")),
                403,
                "InvalidAccessKeyId");
        ObjectFiles.assertAbsent(root, BUCKET, "ak");
    }

    @Test
    @Conformance(AUTH_WRONG_SIGNATURE)
    void wrongSecretIsSignatureDoesNotMatch() throws Exception {
        RawS3 wrong = rawAs(TestGateway.ACCESS, "Sup3rS3cr3t?", "us-east-1");
        assertError(wrong.send("GET", "/", Map.of(), Map.of(), new byte[0]), 403, "SignatureDoesNotMatch");
        assertError(
                wrong.send("PUT", "/" + BUCKET + "/ws", Map.of(), Map.of(), bytes("x")), 403, "SignatureDoesNotMatch");
        ObjectFiles.assertAbsent(root, BUCKET, "ws");
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
    }

    @Test
    @Conformance(AUTH_ANONYMOUS)
    void noAuthIsAccessDenied() throws Exception {
        Map<String, String> headers = Map.of("host", "127.0.0.1:" + gw.port);
        assertError(raw.exchange("GET", "/" + BUCKET + "/k", headers, new byte[0]), 403, "AccessDenied");
        assertError(raw.exchange("PUT", "/" + BUCKET + "/anon", headers, bytes("x")), 403, "AccessDenied");
        ObjectFiles.assertAbsent(root, BUCKET, "anon");
    }

    @ParameterizedTest
    @ValueSource(longs = {-20, 20})
    @Conformance(AUTH_CLOCK_SKEW)
    void dateTwentyMinutesOffIsRequestTimeTooSkewed(long minutes) throws Exception {
        Instant when = Instant.now().plus(Duration.ofMinutes(minutes));
        assertError(raw.sendAt("GET", "/", Map.of(), Map.of(), new byte[0], when), 403, "RequestTimeTooSkewed");
        assertError(
                raw.sendAt("PUT", "/" + BUCKET + "/skew", Map.of(), Map.of(), bytes("x"), when),
                403,
                "RequestTimeTooSkewed");
        ObjectFiles.assertAbsent(root, BUCKET, "skew");
    }

    @Test
    @Conformance(AUTH_CLOCK_SKEW)
    void dateTenMinutesOffIsAccepted() throws Exception {
        assertEquals(
                200,
                raw.sendAt(
                                "GET",
                                "/",
                                Map.of(),
                                Map.of(),
                                new byte[0],
                                Instant.now().minus(Duration.ofMinutes(10)))
                        .status());
        assertEquals(
                200,
                raw.sendAt(
                                "GET",
                                "/",
                                Map.of(),
                                Map.of(),
                                new byte[0],
                                Instant.now().plus(Duration.ofMinutes(10)))
                        .status());
    }

    @Test
    @Conformance(AUTH_SCOPE_DATE)
    void scopeDateOtherThanXAmzDateIsAuthorizationHeaderMalformed() throws Exception {
        Instant now = Instant.now();
        Map<String, String> headers =
                new LinkedHashMap<>(raw.signedHeaders("GET", "/", Map.of(), Map.of(), TestSigner.EMPTY_SHA256, now));
        String today = TestSigner.AMZ_DATE.format(now).substring(0, 8);
        String yesterday =
                TestSigner.AMZ_DATE.format(now.minus(Duration.ofDays(1))).substring(0, 8);
        headers.put("Authorization", headers.get("Authorization").replace("/" + today + "/", "/" + yesterday + "/"));
        RawS3.Response r = raw.exchange("GET", "/", headers, new byte[0]);
        assertError(r, 400, "AuthorizationHeaderMalformed");
        assertTrue(r.text().contains("Date is not the same as X-Amz-Date"), r.text());
    }

    /** AWS: header auth without x-amz-content-sha256 is 400 InvalidRequest "Missing required header ...". */
    @Test
    void missingContentSha256IsInvalidRequest() throws Exception {
        Map<String, String> headers = new LinkedHashMap<>(raw.signedHeaders(
                "PUT",
                "/" + BUCKET + "/nosha",
                Map.of(),
                Map.of(),
                TestSigner.hex(TestSigner.sha256(bytes("x"))),
                Instant.now()));
        headers.remove("x-amz-content-sha256");
        RawS3.Response r = raw.exchange("PUT", "/" + BUCKET + "/nosha", headers, bytes("x"));
        assertError(r, 400, "InvalidRequest");
        assertTrue(r.text().contains("x-amz-content-sha256"), r.text());
        ObjectFiles.assertAbsent(root, BUCKET, "nosha");
    }

    @Test
    @Conformance(AUTH_WRONG_REGION)
    void wrongScopeRegionIsAuthorizationHeaderMalformed() throws Exception {
        raw.send("PUT", "/" + BUCKET + "/region", Map.of(), Map.of(), bytes("r"));
        RawS3.Response r = rawAs(TestGateway.ACCESS, TestGateway.SECRET, "eu-west-1")
                .send("GET", "/" + BUCKET + "/region", Map.of(), Map.of(), new byte[0]);
        assertError(r, 400, "AuthorizationHeaderMalformed");
        assertTrue(r.text().contains("the region 'eu-west-1' is wrong; expecting 'us-east-1'"), r.text());
    }

    @Test
    @Conformance({AUTH_US_EAST_1_DISCOVERY, AUTH_WRONG_REGION, BUCKET_GET_LOCATION})
    void serverInAnotherRegionAcceptsUsEast1OnlyForDiscoveryCalls(@TempDir Path other) throws Exception {
        try (TestGateway eu = TestGateway.start(other, "--region", "eu-central-1")) {
            RawS3 usEast = eu.raw();
            RawS3 central = new RawS3(
                    "127.0.0.1", eu.port, new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "eu-central-1"));
            byte[] config = bytes(
                    "<CreateBucketConfiguration><LocationConstraint>eu-central-1</LocationConstraint></CreateBucketConfiguration>");
            RawS3.Response create = usEast.send("PUT", "/eu-bucket", Map.of(), Map.of(), config);
            assertEquals(200, create.status(), create.text());
            RawS3.Response location = usEast.send("GET", "/eu-bucket", Map.of("location", ""), Map.of(), new byte[0]);
            assertEquals(200, location.status(), location.text());
            assertTrue(
                    location.text().matches("(?s).*<LocationConstraint[^>]*>eu-central-1</LocationConstraint>.*"),
                    location.text());
            RawS3.Response list = usEast.send("GET", "/", Map.of(), Map.of(), new byte[0]);
            assertEquals(200, list.status(), list.text());
            assertTrue(list.text().contains("<Name>eu-bucket</Name>"), list.text());

            assertEquals(
                    200,
                    central.send("PUT", "/eu-bucket/k", Map.of(), Map.of(), bytes("v"))
                            .status());
            RawS3.Response get = usEast.send("GET", "/eu-bucket/k", Map.of(), Map.of(), new byte[0]);
            assertError(get, 400, "AuthorizationHeaderMalformed");
            assertTrue(get.text().contains("the region 'us-east-1' is wrong; expecting 'eu-central-1'"), get.text());
            // where SDKs read the region to re-sign with (botocore's redirector): the body's Region, a HEAD's header
            assertTrue(get.text().contains("<Region>eu-central-1</Region>"), get.text());
            RawS3.Response head = usEast.send("HEAD", "/eu-bucket", Map.of(), Map.of(), new byte[0]);
            assertEquals(400, head.status());
            assertEquals("eu-central-1", head.header("x-amz-bucket-region"));
            assertEquals(
                    "v",
                    central.send("GET", "/eu-bucket/k", Map.of(), Map.of(), new byte[0])
                            .text());
        }
    }

    @Test
    @Conformance(AUTH_SIGV2)
    void sigV2IsRefusedWithAClearMessage() throws Exception {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("host", "127.0.0.1:" + gw.port);
        headers.put("date", "Mon, 30 Nov 2026 10:00:00 GMT");
        headers.put("authorization", "AWS ryax:abc=");
        RawS3.Response r = raw.exchange("GET", "/" + BUCKET + "/k", headers, new byte[0]);
        assertSigV2Refusal(r);
        RawS3.Response query = raw.exchange(
                "GET",
                "/" + BUCKET + "/k?AWSAccessKeyId=ryax&Expires=4102444800&Signature=abc%3D",
                Map.of("host", "127.0.0.1:" + gw.port),
                new byte[0]);
        assertSigV2Refusal(query);
        RawS3.Response put = raw.exchange("PUT", "/" + BUCKET + "/v2", headers, bytes("x"));
        assertSigV2Refusal(put);
        ObjectFiles.assertAbsent(root, BUCKET, "v2");
    }

    static void assertSigV2Refusal(RawS3.Response r) {
        assertError(r, 400, "InvalidRequest");
        assertTrue(
                r.text().contains("(AWS Signature Version 2) is not supported")
                        && r.text().contains("Signature Version 4"),
                r.text());
    }

    // ---------------------------------------------------------------- payload hash

    @Test
    @Conformance(AUTH_PAYLOAD_HASH)
    void payloadHashMismatchStoresNothingAndKeepsThePreviousObject() throws Exception {
        byte[] old = bytes("the previous object");
        assertEquals(
                200,
                raw.send("PUT", "/" + BUCKET + "/sha", Map.of(), Map.of(), old).status());
        byte[] body = ObjectFiles.random(100_000, 1);
        String otherHash = TestSigner.hex(TestSigner.sha256(bytes("something else")));
        Map<String, String> headers =
                raw.signedHeaders("PUT", "/" + BUCKET + "/sha", Map.of(), Map.of(), otherHash, Instant.now());
        RawS3.Response r = raw.exchange("PUT", "/" + BUCKET + "/sha", headers, body);
        assertError(r, 400, "XAmzContentSHA256Mismatch");
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
        ObjectFiles.assertStored(root, BUCKET, "sha", old);
        assertArrayEquals(
                old,
                raw.send("GET", "/" + BUCKET + "/sha", Map.of(), Map.of(), new byte[0])
                        .body());
    }

    @Test
    void anXAmzHeaderOutsideTheSignatureIsAccessDenied() throws Exception {
        raw.send("PUT", "/" + BUCKET + "/secret-src", Map.of(), Map.of(), bytes("secret"));
        // a captured signed empty PUT, replayed with a copy source and metadata added
        Map<String, String> headers = new LinkedHashMap<>(raw.signedHeaders(
                "PUT", "/" + BUCKET + "/replayed", Map.of(), Map.of(), "UNSIGNED-PAYLOAD", Instant.now()));
        headers.put("x-amz-copy-source", "/" + BUCKET + "/secret-src");
        headers.put("x-amz-meta-injected", "yes");
        RawS3.Response r = raw.exchange("PUT", "/" + BUCKET + "/replayed", headers, new byte[0]);
        assertError(r, 403, "AccessDenied");
        assertTrue(r.text().contains("not signed"), r.text());
        assertEquals(
                404,
                raw.send("HEAD", "/" + BUCKET + "/replayed", Map.of(), Map.of(), new byte[0])
                        .status());
    }

    @Test
    @Conformance({AUTH_UNSIGNED_PAYLOAD, PUT_ETAG})
    void unsignedPayloadPutWorks() throws Exception {
        byte[] body = ObjectFiles.random(70_000, 2);
        Map<String, String> headers = raw.signedHeaders(
                "PUT", "/" + BUCKET + "/unsigned", Map.of(), Map.of(), "UNSIGNED-PAYLOAD", Instant.now());
        RawS3.Response r = raw.exchange("PUT", "/" + BUCKET + "/unsigned", headers, body);
        assertEquals(200, r.status(), r.text());
        assertEquals(ObjectFiles.etag(body), r.header("etag"));
        assertArrayEquals(
                body,
                raw.send("GET", "/" + BUCKET + "/unsigned", Map.of(), Map.of(), new byte[0])
                        .body());
        ObjectFiles.assertStored(root, BUCKET, "unsigned", body);
    }

    // ---------------------------------------------------------------- presigned URLs

    static String presignedUrl(TestSigner signer, String method, String encodedPath, long expires, Instant now) {
        return gw.endpoint() + encodedPath + "?"
                + signer.presign(method, encodedPath, "127.0.0.1:" + gw.port, Map.of(), expires, now);
    }

    static String presignedUrl(String method, String encodedPath, long expires) {
        return presignedUrl(raw.signer, method, encodedPath, expires, Instant.now());
    }

    static HttpResponse<byte[]> get(String url) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static String errorCode(HttpResponse<byte[]> r) {
        return new RawS3.Response(r.statusCode(), Map.of(), r.body()).errorCode();
    }

    @Test
    @Conformance(AUTH_PRESIGNED_EXPIRES_BOUNDS)
    void presignedGetReturnsTheBytes() throws Exception {
        byte[] body = ObjectFiles.random(50_000, 3);
        raw.send("PUT", "/" + BUCKET + "/pre-get", Map.of(), Map.of(), body);
        HttpResponse<byte[]> r = get(presignedUrl("GET", "/" + BUCKET + "/pre-get", 300));
        assertEquals(200, r.statusCode(), new String(r.body(), StandardCharsets.UTF_8));
        assertArrayEquals(body, r.body());
        assertEquals(
                200,
                get(presignedUrl("GET", "/" + BUCKET + "/pre-get", 604_800)).statusCode(),
                "seven days is allowed");
    }

    @Test
    void presignedPutStoresTheBytes() throws Exception {
        byte[] body = ObjectFiles.random(40_000, 4);
        HttpResponse<byte[]> r = HTTP.send(
                HttpRequest.newBuilder(URI.create(presignedUrl("PUT", "/" + BUCKET + "/pre-put", 300)))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, r.statusCode(), new String(r.body(), StandardCharsets.UTF_8));
        assertEquals(ObjectFiles.etag(body), r.headers().firstValue("etag").orElse(null));
        ObjectFiles.assertStored(root, BUCKET, "pre-put", body);
    }

    @Test
    void headersHoistedIntoAPresignedUrlAreHonouredAsHeaders() throws Exception {
        // as the AWS SDKs for JavaScript v3, Go v2 and Java v2 presign: metadata, tagging, ACL... in the query
        String path = "/" + BUCKET + "/pre-hoisted";
        String url = gw.endpoint() + path + "?"
                + raw.signer.presign(
                        "PUT",
                        path,
                        "127.0.0.1:" + gw.port,
                        Map.of("x-amz-meta-color", "blue", "x-amz-tagging", "a=1"),
                        300,
                        Instant.now());
        HttpResponse<byte[]> put = HTTP.send(
                HttpRequest.newBuilder(URI.create(url))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(bytes("h")))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, put.statusCode(), new String(put.body(), StandardCharsets.UTF_8));
        RawS3.Response head = raw.send("HEAD", path, Map.of(), Map.of(), new byte[0]);
        assertEquals("blue", head.header("x-amz-meta-color"));
        assertEquals("1", head.header("x-amz-tagging-count"));

        String publicUrl = gw.endpoint() + path + "?"
                + raw.signer.presign(
                        "PUT", path, "127.0.0.1:" + gw.port, Map.of("x-amz-acl", "public-read"), 300, Instant.now());
        HttpResponse<byte[]> refused = HTTP.send(
                HttpRequest.newBuilder(URI.create(publicUrl))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(bytes("p")))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(400, refused.statusCode());
        assertEquals(
                "AccessControlListNotSupported", errorCode(refused), "a grant hoisted into the query is refused too");
        ObjectFiles.assertStored(root, BUCKET, "pre-hoisted", bytes("h"));

        // without a signature in the query, an x-amz-* parameter is no header: a plain PUT does not take it
        assertEquals(
                "NotImplemented",
                raw.send("PUT", path, Map.of("x-amz-meta-color", "red"), Map.of(), bytes("r"))
                        .errorCode());

        // whoever holds a presigned URL cannot add x-amz-* headers the signature does not cover (as on S3)
        raw.send("PUT", "/" + BUCKET + "/secret", Map.of(), Map.of(), bytes("TOP SECRET"));
        String plainPut = gw.endpoint() + "/" + BUCKET + "/stolen?"
                + raw.signer.presign(
                        "PUT", "/" + BUCKET + "/stolen", "127.0.0.1:" + gw.port, Map.of(), 300, Instant.now());
        for (Map.Entry<String, String> added : List.of(
                Map.entry("x-amz-copy-source", "/" + BUCKET + "/secret"),
                Map.entry("x-amz-meta-color", "red"),
                Map.entry("x-amz-checksum-sha256", "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="))) {
            HttpResponse<byte[]> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create(plainPut))
                            .header(added.getKey(), added.getValue())
                            .PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[0]))
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(403, r.statusCode(), added.getKey());
            assertEquals("AccessDenied", errorCode(r), added.getKey());
        }
        ObjectFiles.assertAbsent(root, BUCKET, "stolen");
        // a hoisted value that is no header value
        String badUrl = gw.endpoint() + path + "?"
                + raw.signer.presign(
                        "PUT", path, "127.0.0.1:" + gw.port, Map.of("x-amz-meta-a", "x\ry"), 300, Instant.now());
        HttpResponse<byte[]> bad = HTTP.send(
                HttpRequest.newBuilder(URI.create(badUrl))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(bytes("b")))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(400, bad.statusCode());
        ObjectFiles.assertStored(root, BUCKET, "pre-hoisted", bytes("h"));
    }

    @Test
    @Conformance(AUTH_PRESIGNED_EXPIRED)
    void expiredPresignedUrlIsAccessDenied() throws Exception {
        raw.send("PUT", "/" + BUCKET + "/pre-exp", Map.of(), Map.of(), bytes("x"));
        String url = presignedUrl("GET", "/" + BUCKET + "/pre-exp", 1);
        Thread.sleep(2_000);
        HttpResponse<byte[]> r = get(url);
        assertEquals(403, r.statusCode());
        assertEquals("AccessDenied", errorCode(r));
        HttpResponse<byte[]> old = get(presignedUrl(
                raw.signer,
                "GET",
                "/" + BUCKET + "/pre-exp",
                3600,
                Instant.now().minus(Duration.ofHours(2))));
        assertEquals(403, old.statusCode(), "signed two hours ago for one hour");
        assertEquals("AccessDenied", errorCode(old));
        HttpResponse<byte[]> recent = get(presignedUrl(
                raw.signer,
                "GET",
                "/" + BUCKET + "/pre-exp",
                3600,
                Instant.now().minus(Duration.ofMinutes(50))));
        assertEquals(
                200, recent.statusCode(), "signed 50 minutes ago for one hour (no clock-skew rule for presigned URLs)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "604801", "seven", "1.5", ""})
    @Conformance(AUTH_PRESIGNED_EXPIRES_BOUNDS)
    void presignedExpiryOutside1To604800IsAuthorizationQueryParametersError(String expires) throws Exception {
        raw.send("PUT", "/" + BUCKET + "/pre-bounds", Map.of(), Map.of(), bytes("x"));
        String path = "/" + BUCKET + "/pre-bounds";
        HttpResponse<byte[]> r = get(gw.endpoint() + path + "?"
                + raw.signer.presign("GET", path, "127.0.0.1:" + gw.port, Map.of(), expires, Instant.now()));
        assertEquals(400, r.statusCode(), new String(r.body(), StandardCharsets.UTF_8));
        assertEquals("AuthorizationQueryParametersError", errorCode(r));
        assertTrue(
                new String(r.body(), StandardCharsets.UTF_8).contains("X-Amz-Expires"),
                new String(r.body(), StandardCharsets.UTF_8));
        HttpResponse<byte[]> put = HTTP.send(
                HttpRequest.newBuilder(URI.create(gw.endpoint() + "/" + BUCKET + "/pre-bounds-put?"
                                + raw.signer.presign(
                                        "PUT",
                                        "/" + BUCKET + "/pre-bounds-put",
                                        "127.0.0.1:" + gw.port,
                                        Map.of(),
                                        expires,
                                        Instant.now())))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(bytes("y")))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(400, put.statusCode());
        ObjectFiles.assertAbsent(root, BUCKET, "pre-bounds-put");
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 604_800})
    @Conformance(AUTH_PRESIGNED_EXPIRES_BOUNDS)
    void presignedExpiryFrom1To604800IsAccepted(long expires) throws Exception {
        raw.send("PUT", "/" + BUCKET + "/pre-in-bounds", Map.of(), Map.of(), bytes("in bounds"));
        HttpResponse<byte[]> r = get(presignedUrl("GET", "/" + BUCKET + "/pre-in-bounds", expires));
        assertEquals(200, r.statusCode(), new String(r.body(), StandardCharsets.UTF_8));
        assertArrayEquals(bytes("in bounds"), r.body());
    }

    @Test
    void presignedWithTamperedSignatureIsSignatureDoesNotMatch() throws Exception {
        raw.send("PUT", "/" + BUCKET + "/pre-tamper", Map.of(), Map.of(), bytes("x"));
        String url = presignedUrl("GET", "/" + BUCKET + "/pre-tamper", 300);
        char last = url.charAt(url.length() - 1);
        HttpResponse<byte[]> r = get(url.substring(0, url.length() - 1) + (last == '0' ? '1' : '0'));
        assertEquals(403, r.statusCode());
        assertEquals("SignatureDoesNotMatch", errorCode(r));
        HttpResponse<byte[]> put = HTTP.send(
                HttpRequest.newBuilder(URI.create(presignedUrl("GET", "/" + BUCKET + "/pre-tamper", 300)))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(bytes("y")))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(403, put.statusCode(), "a GET URL used for a PUT");
        assertEquals("SignatureDoesNotMatch", errorCode(put));
        ObjectFiles.assertStored(root, BUCKET, "pre-tamper", bytes("x"));
    }

    @Test
    @Conformance(AUTH_WRONG_REGION_PRESIGNED)
    void presignedWithWrongRegionIsAuthorizationQueryParametersError() throws Exception {
        HttpResponse<byte[]> r = get(presignedUrl(
                new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "eu-west-1"),
                "GET",
                "/" + BUCKET + "/pre-get",
                300,
                Instant.now()));
        assertEquals(400, r.statusCode());
        assertEquals("AuthorizationQueryParametersError", errorCode(r));
        assertTrue(new String(r.body(), StandardCharsets.UTF_8)
                .contains("the region 'eu-west-1' is wrong; expecting 'us-east-1'"));
    }

    // ---------------------------------------------------------------- keys that need encoding

    @ParameterizedTest
    @ValueSource(
            strings = {
                "with space/and  two spaces.txt",
                "plus+sign+key",
                "100%.txt",
                "%2e%2e/literal",
                "a%2Fb",
                "ünïcødé/日本語/😀.bin",
                "bang!quote'paren()star*.txt",
                "amp&eq=semi;colon:at@comma,dollar$"
            })
    @Conformance(KEY_SPECIAL_CHARACTERS)
    void keysNeedingEncodingRoundTrip(String key) throws Exception {
        byte[] body = ObjectFiles.random(1000, key.hashCode());
        String path = "/" + BUCKET + "/" + TestSigner.encode(key, false);
        RawS3.Response put = raw.send("PUT", path, Map.of(), Map.of(), body);
        assertEquals(200, put.status(), put.text());
        RawS3.Response get = raw.send("GET", path, Map.of(), Map.of(), new byte[0]);
        assertEquals(200, get.status(), get.text());
        assertArrayEquals(body, get.body());
        ObjectFiles.assertStored(root, BUCKET, key, body);
    }

    /** Clients that leave the sub-delimiters {@code !'()*} raw in the request line but encode them in the canonical URI. */
    @Test
    void subDelimitersSentRawAreSignedEncoded() throws Exception {
        String key = "raw!'()*.txt";
        byte[] body = bytes("raw sub-delimiters");
        String canonical = "/" + BUCKET + "/" + TestSigner.encode(key, false);
        String target = "/" + BUCKET + "/" + key;
        Map<String, String> put = raw.signedHeaders(
                "PUT", canonical, Map.of(), Map.of(), TestSigner.hex(TestSigner.sha256(body)), Instant.now());
        assertEquals(200, raw.exchange("PUT", target, put, body).status());
        Map<String, String> get =
                raw.signedHeaders("GET", canonical, Map.of(), Map.of(), TestSigner.EMPTY_SHA256, Instant.now());
        assertArrayEquals(body, raw.exchange("GET", target, get, new byte[0]).body());
        ObjectFiles.assertStored(root, BUCKET, key, body);
    }

    // ---------------------------------------------------------------- Expect: 100-continue

    /** Reads one response head (status line and headers) and returns its status line. */
    static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            b.write(c);
            if (b.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                break;
            }
        }
        String head = b.toString(StandardCharsets.ISO_8859_1);
        return head.isEmpty() ? null : head.substring(0, head.indexOf("\r\n"));
    }

    @Test
    @Conformance(HTTP_EXPECT_CONTINUE)
    void expectContinueWithBadSignatureIsAnsweredWithoutTheBody() throws Exception {
        RawS3 wrong = rawAs(TestGateway.ACCESS, "not-the-secret", "us-east-1");
        byte[] body = ObjectFiles.random(200_000, 5);
        String path = "/" + BUCKET + "/continue-bad";
        Map<String, String> headers = new LinkedHashMap<>(wrong.signedHeaders(
                "PUT",
                path,
                Map.of(),
                Map.of("expect", "100-continue"),
                TestSigner.hex(TestSigner.sha256(body)),
                Instant.now()));
        headers.put("content-length", Integer.toString(body.length));
        try (Socket s = new Socket("127.0.0.1", gw.port)) {
            s.setSoTimeout(10_000);
            long start = System.nanoTime();
            RawS3.writeHead(s.getOutputStream(), "PUT", path, headers);
            s.getOutputStream().flush();
            InputStream in = new BufferedInputStream(s.getInputStream());
            in.mark(1 << 16);
            String status = readHead(in);
            in.reset();
            assertEquals("HTTP/1.1 403 Forbidden", status, "no 100 Continue before the refusal");
            RawS3.Response r = RawS3.read(in, false);
            assertError(r, 403, "SignatureDoesNotMatch");
            assertEquals(-1, in.read(), "the server closed the connection rather than wait for the body");
            assertTrue(System.nanoTime() - start < 5_000_000_000L, "answered at once, not after a body timeout");
        }
        ObjectFiles.assertAbsent(root, BUCKET, "continue-bad");
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
    }

    @Test
    @Conformance(HTTP_EXPECT_CONTINUE)
    void expectContinueWithGoodSignatureGets100ThenStores() throws Exception {
        byte[] body = ObjectFiles.random(200_000, 6);
        String path = "/" + BUCKET + "/continue-good";
        Map<String, String> headers = new LinkedHashMap<>(raw.signedHeaders(
                "PUT",
                path,
                Map.of(),
                Map.of("expect", "100-continue"),
                TestSigner.hex(TestSigner.sha256(body)),
                Instant.now()));
        headers.put("content-length", Integer.toString(body.length));
        try (Socket s = new Socket("127.0.0.1", gw.port)) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            RawS3.writeHead(out, "PUT", path, headers);
            out.flush();
            InputStream in = new BufferedInputStream(s.getInputStream());
            assertEquals("HTTP/1.1 100 Continue", readHead(in));
            out.write(body);
            out.flush();
            RawS3.Response r = RawS3.read(in, false);
            assertEquals(200, r.status(), r.text());
            assertEquals(ObjectFiles.etag(body), r.header("etag"));
        }
        ObjectFiles.assertStored(root, BUCKET, "continue-good", body);
    }
}
