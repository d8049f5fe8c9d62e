package io.posixgw.sigv4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** S3's authentication rules and the errors AWS answers with, through requests signed by the test signer. */
class SigV4VerifierTest {
    static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    static final String AK = "AKIDPOSIXGW";
    static final String SECRET = "ryaxABCDEFGHIJKL";
    static final String EMPTY = Crypto.EMPTY_SHA256;

    static SigV4Verifier verifierAt(Instant now) {
        return new SigV4Verifier(ak -> ak.equals(AK) ? SECRET : null, "s3", Clock.fixed(now, ZoneOffset.UTC));
    }

    static TestSigner signer(String region, Instant time) {
        return new TestSigner(AK, SECRET, region, "s3", time);
    }

    static SignedRequest get(TestSigner signer) {
        return signer.sign("GET", "/bucket/key", List.of(new QueryParam("list-type", "2")), Map.of(), EMPTY);
    }

    static SigV4Exception refused(SignedRequest request) {
        return assertThrows(SigV4Exception.class, () -> verifierAt(NOW).verify(request, "us-east-1", false));
    }

    static SignedRequest withHeader(SignedRequest r, String name, String value) {
        Map<String, List<String>> h = new LinkedHashMap<>();
        r.headers().names().forEach(n -> h.put(n, r.headers().values(n)));
        if (value == null) {
            h.remove(name);
        } else {
            h.put(name, List.of(value));
        }
        return new SignedRequest(r.method(), r.path(), r.query(), Headers.of(h));
    }

    static SignedRequest withQuery(SignedRequest r, String name, String value) {
        List<QueryParam> q = new ArrayList<>();
        r.query().stream().filter(p -> !p.name().equals(name)).forEach(q::add);
        if (value != null) {
            q.add(new QueryParam(name, value));
        }
        return new SignedRequest(r.method(), r.path(), q, r.headers());
    }

    @Test
    void aSignedRequestVerifies() throws Exception {
        AuthResult result = verifierAt(NOW).verify(get(signer("us-east-1", NOW)), "us-east-1", false);
        assertEquals(AK, result.accessKey());
        assertEquals(PayloadMode.SIGNED_HASH, result.payloadMode());
        assertEquals(-1, result.decodedContentLength());
        assertFalse(result.presigned());
    }

    /** "Miniö" as a UTF-8 client sends it: the header line's bytes, one char per byte. */
    static final String MINI_O_UTF8_BYTES = "Mini\u00c3\u00b6";

    @Test
    void aNonAsciiHeaderValueIsSignedOverTheBytesReceived() throws Exception {
        TestSigner signer = signer("us-east-1", NOW);
        SignedRequest utf8 = signer.sign(
                "PUT",
                "/b/k",
                List.of(),
                Map.of("x-amz-meta-name", MINI_O_UTF8_BYTES, "content-disposition", "attachment; filename=\"\u00e9\""),
                EMPTY);
        assertEquals(AK, verifierAt(NOW).verify(utf8, "us-east-1", false).accessKey());
        // a signer that hashed the text once more as UTF-8 (each byte from 0x80 up as two) signed other bytes
        String doubled = new String(
                MINI_O_UTF8_BYTES.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                java.nio.charset.StandardCharsets.ISO_8859_1);
        SignedRequest other = signer.sign("PUT", "/b/k", List.of(), Map.of("x-amz-meta-name", doubled), EMPTY);
        assertEquals(
                Reason.SIGNATURE_DOES_NOT_MATCH,
                refused(withHeader(other, "x-amz-meta-name", MINI_O_UTF8_BYTES)).reason());
    }

    @Test
    void theDateHeaderMayStandInForXAmzDate() throws Exception {
        TestSigner signer = signer("us-east-1", NOW);
        signer.dateHeader = true;
        assertEquals(AK, verifierAt(NOW).verify(get(signer), "us-east-1", false).accessKey());
    }

    @Test
    void pathsAreSignedAsSentNeverNormalised() throws Exception {
        String key = "/bucket/a/../b//c/./my key+!@#$%^&*()=;:,?~'[]{}<>|\\`\"é€😀";
        SignedRequest request = signer("us-east-1", NOW).sign("PUT", key, List.of(), Map.of(), EMPTY);
        assertEquals(AK, verifierAt(NOW).verify(request, "us-east-1", false).accessKey());
        SignedRequest normalised =
                new SignedRequest("PUT", CanonicalRequest.normalizePath(key), request.query(), request.headers());
        assertEquals(Reason.SIGNATURE_DOES_NOT_MATCH, refused(normalised).reason());
    }

    @ParameterizedTest
    @ValueSource(ints = {-16, 16, 60, -600})
    void requestsOutsideFifteenMinutesAreSkewed(int minutes) {
        SigV4Exception e = refused(get(signer("us-east-1", NOW.plus(Duration.ofMinutes(minutes)))));
        assertEquals(Reason.REQUEST_TIME_TOO_SKEWED, e.reason());
        assertEquals(403, e.httpStatus());
    }

    @ParameterizedTest
    @ValueSource(ints = {-14, 14})
    void requestsWithinFifteenMinutesPass(int minutes) throws Exception {
        verifierAt(NOW).verify(get(signer("us-east-1", NOW.plus(Duration.ofMinutes(minutes)))), "us-east-1", false);
    }

    @Test
    void theWrongRegionIsNamedLikeAws() {
        SigV4Exception e = refused(get(signer("eu-west-1", NOW)));
        assertEquals(Reason.AUTHORIZATION_HEADER_MALFORMED, e.reason());
        assertEquals(
                "The authorization header is malformed; the region 'eu-west-1' is wrong; expecting 'us-east-1'",
                e.getMessage());
        assertEquals(400, e.httpStatus());
    }

    @Test
    void usEast1IsAcceptedOnlyWhereAllowed() throws Exception {
        SigV4Verifier verifier = verifierAt(NOW);
        SignedRequest request = get(signer("us-east-1", NOW));
        assertEquals(AK, verifier.verify(request, "eu-central-1", true).accessKey());
        SigV4Exception e = assertThrows(SigV4Exception.class, () -> verifier.verify(request, "eu-central-1", false));
        assertEquals(
                "The authorization header is malformed; the region 'us-east-1' is wrong; expecting" + " 'eu-central-1'",
                e.getMessage());
        assertEquals(
                AK,
                verifier.verify(get(signer("eu-central-1", NOW)), "eu-central-1", true)
                        .accessKey());
    }

    @Test
    void theScopeDateMustBeTheRequestDate() {
        SignedRequest request = get(signer("us-east-1", NOW));
        String authorization = request.headers().first("authorization").replace("/20260301/", "/20260302/");
        SigV4Exception e = refused(withHeader(request, "authorization", authorization));
        assertEquals(Reason.AUTHORIZATION_HEADER_MALFORMED, e.reason());
        assertTrue(e.getMessage().contains("Date is not the same as X-Amz-Date"), e.getMessage());
    }

    @Test
    void theServiceAndTerminatorMustBeS3s() {
        SignedRequest request = get(signer("us-east-1", NOW));
        String authorization = request.headers().first("authorization");
        assertEquals(
                Reason.AUTHORIZATION_HEADER_MALFORMED,
                refused(withHeader(request, "authorization", authorization.replace("/s3/", "/ec2/")))
                        .reason());
        assertEquals(
                Reason.AUTHORIZATION_HEADER_MALFORMED,
                refused(withHeader(request, "authorization", authorization.replace("/aws4_request", "/aws5_request")))
                        .reason());
    }

    @Test
    void anUnknownKeyIsInvalidAccessKeyId() {
        TestSigner stranger = new TestSigner("NOBODY", SECRET, "us-east-1", "s3", NOW);
        SigV4Exception e = refused(get(stranger));
        assertEquals(Reason.INVALID_ACCESS_KEY_ID, e.reason());
        assertEquals("InvalidAccessKeyId", e.awsCode());
    }

    @Test
    void aWrongSecretIsASignatureMismatch() {
        TestSigner wrong = new TestSigner(AK, "not-the-secret", "us-east-1", "s3", NOW);
        assertEquals(Reason.SIGNATURE_DOES_NOT_MATCH, refused(get(wrong)).reason());
    }

    @Test
    void aSignedHeaderMissingFromTheRequestIsASignatureMismatch() {
        SignedRequest request =
                signer("us-east-1", NOW).sign("PUT", "/b/k", List.of(), Map.of("x-amz-meta-a", "1"), EMPTY);
        assertEquals(
                Reason.SIGNATURE_DOES_NOT_MATCH,
                refused(withHeader(request, "x-amz-meta-a", null)).reason());
        assertEquals(
                Reason.SIGNATURE_DOES_NOT_MATCH,
                refused(withHeader(request, "x-amz-meta-a", "2")).reason());
    }

    @Test
    void sigV2IsRefusedWithAPointerToSigV4() {
        SigV4Exception header = refused(new SignedRequest(
                "GET",
                "/b",
                List.of(),
                Headers.of(Map.of("Authorization", List.of("AWS AKIDPOSIXGW:frJIUN8DYpKDtOLCwo//yllqDzg=")))));
        assertEquals(Reason.SIGV2_NOT_SUPPORTED, header.reason());
        assertEquals("InvalidRequest", header.awsCode());
        assertTrue(header.getMessage().contains("Signature Version 2")
                && header.getMessage().contains("AWS4-HMAC"));
        SigV4Exception query = refused(new SignedRequest(
                "GET",
                "/b/k",
                List.of(
                        new QueryParam("AWSAccessKeyId", AK),
                        new QueryParam("Expires", "1700000000"),
                        new QueryParam("Signature", "abc=")),
                Headers.of(Map.of())));
        assertEquals(Reason.SIGV2_NOT_SUPPORTED, query.reason());
    }

    @Test
    void noAuthenticationIsAccessDenied() {
        SigV4Exception e = refused(new SignedRequest("GET", "/b/k", List.of(), Headers.of(Map.of())));
        assertEquals(Reason.ACCESS_DENIED, e.reason());
    }

    @Test
    void headerAndQueryAuthTogetherAreRefused() {
        SignedRequest request = withQuery(get(signer("us-east-1", NOW)), "X-Amz-Algorithm", "AWS4-HMAC-SHA256");
        assertEquals(Reason.INVALID_ARGUMENT, refused(request).reason());
    }

    @Test
    void aMissingOrBadDateIsAccessDenied() {
        SignedRequest request = get(signer("us-east-1", NOW));
        assertEquals(
                Reason.ACCESS_DENIED,
                refused(withHeader(request, "x-amz-date", null)).reason());
        assertEquals(
                Reason.ACCESS_DENIED,
                refused(withHeader(request, "x-amz-date", "2026-03-01T10:00:00Z"))
                        .reason());
        assertEquals(
                Reason.ACCESS_DENIED,
                refused(withHeader(request, "x-amz-date", "20261301T100000Z")).reason());
    }

    @Test
    void xAmzContentSha256IsRequiredOnHeaderAuth() {
        SignedRequest request = signer("us-east-1", NOW).sign("GET", "/b/k", List.of(), Map.of(), null);
        SigV4Exception e = refused(withHeader(request, "x-amz-content-sha256", null));
        assertEquals(Reason.MISSING_SECURITY_HEADER, e.reason());
        assertEquals("InvalidRequest", e.awsCode()); // what AWS answers, see Reason.MISSING_SECURITY_HEADER
        assertEquals("Missing required header for this request: x-amz-content-sha256", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "abc",
                "UNSIGNED",
                "unsigned-payload",
                "STREAMING-AWS4-HMAC-SHA256-PAYLOADX",
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b85g",
                ""
            })
    void aBadXAmzContentSha256IsAnInvalidArgument(String value) {
        SignedRequest request = signer("us-east-1", NOW).sign("PUT", "/b/k", List.of(), Map.of(), value);
        assertEquals(Reason.INVALID_ARGUMENT, refused(request).reason());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "STREAMING-AWS4-HMAC-SHA256-PAYLOAD",
                "STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER",
                "STREAMING-UNSIGNED-PAYLOAD-TRAILER"
            })
    void streamingNeedsADecodedLength(String mode) throws Exception {
        TestSigner signer = signer("us-east-1", NOW);
        // 411 MissingContentLength, as S3 and versitygw answer
        assertEquals(
                Reason.MISSING_CONTENT_LENGTH,
                refused(signer.sign("PUT", "/b/k", List.of(), Map.of(), mode)).reason());
        assertEquals(
                Reason.MISSING_CONTENT_LENGTH,
                refused(signer.sign("PUT", "/b/k", List.of(), Map.of("x-amz-decoded-content-length", "-1"), mode))
                        .reason());
        assertEquals(411, Reason.MISSING_CONTENT_LENGTH.httpStatus());
        AuthResult ok = verifierAt(NOW)
                .verify(
                        signer.sign("PUT", "/b/k", List.of(), Map.of("x-amz-decoded-content-length", "42"), mode),
                        "us-east-1",
                        false);
        assertEquals(42, ok.decodedContentLength());
        assertTrue(ok.payloadMode().isStreaming());
    }

    @ParameterizedTest
    @ValueSource(strings = {"x-amz-checksum-md5", "content-md5", "x-amz-checksum-crc32,x-amz-meta-a", "garbage"})
    void anXAmzTrailerNamingNoChecksumIsAnInvalidRequest(String trailer) {
        SignedRequest request = signer("us-east-1", NOW)
                .sign(
                        "PUT",
                        "/b/k",
                        List.of(),
                        Map.of("x-amz-decoded-content-length", "5", "x-amz-trailer", trailer),
                        "STREAMING-UNSIGNED-PAYLOAD-TRAILER");
        SigV4Exception e = refused(request);
        assertEquals(Reason.INVALID_REQUEST, e.reason());
        assertEquals("InvalidRequest", e.awsCode());
        assertTrue(e.getMessage().startsWith("The value specified in the x-amz-trailer header is not supported"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "AWS4-HMAC-SHA256",
                "AWS4-HMAC-SHA256 ",
                "AWS4-HMAC-SHA256 Credential=AKIDPOSIXGW/20260301/us-east-1/s3/aws4_request",
                "AWS4-HMAC-SHA256 Credential=AKIDPOSIXGW/20260301/us-east-1/s3/aws4_request, SignedHeaders=host",
                "AWS4-HMAC-SHA256 Credential=AKIDPOSIXGW/20260301/us-east-1/s3, SignedHeaders=host, Signature=00",
                "AWS4-HMAC-SHA256 Credential=/20260301/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=00",
                "AWS4-HMAC-SHA256 Credential=AKIDPOSIXGW/20260301/us-east-1/s3/aws4_request, SignedHeaders=x-amz-date,"
                        + " Signature=00",
                "AWS4-HMAC-SHA256 Credential=AKIDPOSIXGW/20260301/us-east-1/s3/aws4_request, SignedHeaders=host;;a,"
                        + " Signature=00",
                "AWS4-HMAC-SHA256 Credential=a, Credential=b, SignedHeaders=host, Signature=00",
                "AWS4-HMAC-SHA256 Credential=a, SignedHeaders=host, Signature=00, Extra=1",
                "AWS4-HMAC-SHA256 Credential, SignedHeaders, Signature",
                "AWS4-HMAC-SHA256 =,=,=",
                "Bearer abc.def.ghi",
                "garbage",
                "",
                "AWS4-ECDSA-P256-SHA256 Credential=AKIDPOSIXGW/20260301/s3/aws4_request, SignedHeaders=host;x-amz-date,"
                        + " Signature=00",
            })
    void malformedAuthorizationHeadersAreAuthorizationHeaderMalformed(String authorization) {
        SignedRequest request = withHeader(get(signer("us-east-1", NOW)), "authorization", authorization);
        SigV4Exception e = refused(request);
        assertEquals(Reason.AUTHORIZATION_HEADER_MALFORMED, e.reason(), e.toString());
        assertTrue(e.getMessage().startsWith("The authorization header is malformed; "), e.getMessage());
    }

    @Test
    void anAuthorizationWithoutSpacesAfterCommasVerifies() throws Exception {
        SignedRequest request = get(signer("us-east-1", NOW));
        String compact = request.headers().first("authorization").replace(", ", ",");
        verifierAt(NOW).verify(withHeader(request, "authorization", compact), "us-east-1", false);
    }

    @Test
    void anXAmzHeaderTheSignatureDoesNotCoverIsAccessDenied() throws Exception {
        TestSigner signer = signer("us-east-1", NOW);
        SignedRequest put = signer.sign("PUT", "/bucket/empty", List.of(), Map.of(), EMPTY);
        // a captured request replayed with a copy source added: never a copy
        SigV4Exception e = refused(withHeader(put, "x-amz-copy-source", "/bucket/secret"));
        assertEquals(Reason.ACCESS_DENIED, e.reason());
        assertTrue(e.getMessage().contains("not signed: x-amz-copy-source"), e.getMessage());
        assertEquals(
                Reason.ACCESS_DENIED,
                refused(withHeader(put, "x-amz-meta-injected", "yes")).reason());
        // signed, the same header is fine; other unsigned headers are S3's business, not the signature's
        SignedRequest copy =
                signer.sign("PUT", "/bucket/empty", List.of(), Map.of("x-amz-copy-source", "/bucket/secret"), EMPTY);
        verifierAt(NOW).verify(copy, "us-east-1", false);
        verifierAt(NOW).verify(withHeader(put, "user-agent", "curl"), "us-east-1", false);
        verifierAt(NOW).verify(withHeader(put, "x-amz-security-token", "ignored"), "us-east-1", false);
        verifierAt(NOW).verify(withHeader(put, "x-amz-cf-id", "added-by-cloudfront"), "us-east-1", false);
    }

    @Test
    void aPresignedUrlTakesOnlyHeadersItSignsOrCarriesAsParameters() throws Exception {
        TestSigner signer = signer("us-east-1", NOW);
        SignedRequest url = signer.presign("PUT", "/bucket/k", List.of(new QueryParam("x-amz-meta-a", "1")), 600);
        verifierAt(NOW).verify(url, "us-east-1", false);
        // the server adds a hoisted parameter as a header: covered by the signature as a parameter
        verifierAt(NOW).verify(withHeader(url, "x-amz-meta-a", "1"), "us-east-1", false);
        verifierAt(NOW).verify(withHeader(url, "x-amz-content-sha256", "UNSIGNED-PAYLOAD"), "us-east-1", false);
        assertEquals(
                Reason.ACCESS_DENIED,
                refused(withHeader(url, "x-amz-meta-b", "2")).reason());
        assertEquals(
                Reason.ACCESS_DENIED,
                refused(withHeader(url, "x-amz-copy-source", "/bucket/secret")).reason());
    }
}
