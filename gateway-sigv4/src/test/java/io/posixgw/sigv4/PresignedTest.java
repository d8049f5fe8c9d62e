package io.posixgw.sigv4;

import static io.posixgw.sigv4.SigV4VerifierTest.AK;
import static io.posixgw.sigv4.SigV4VerifierTest.NOW;
import static io.posixgw.sigv4.SigV4VerifierTest.refused;
import static io.posixgw.sigv4.SigV4VerifierTest.signer;
import static io.posixgw.sigv4.SigV4VerifierTest.verifierAt;
import static io.posixgw.sigv4.SigV4VerifierTest.withHeader;
import static io.posixgw.sigv4.SigV4VerifierTest.withQuery;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Presigned (query-string) authentication: X-Amz-Expires bounds, expiry, skew and scope errors. */
class PresignedTest {

    static SignedRequest presigned(String region, java.time.Instant signedAt, long expires) {
        return signer(region, signedAt)
                .presign(
                        "GET",
                        "/bucket/a key+plus",
                        List.of(
                                new QueryParam("response-content-type", "text/plain; charset=utf-8"),
                                new QueryParam("X-Amz-Security-Token", "token/with+chars=")),
                        expires);
    }

    @Test
    void aPresignedUrlVerifiesWithinItsLifetime() throws Exception {
        AuthResult result =
                verifierAt(NOW.plusSeconds(3599)).verify(presigned("us-east-1", NOW, 3600), "us-east-1", false);
        assertEquals(AK, result.accessKey());
        assertTrue(result.presigned());
        assertEquals(PayloadMode.UNSIGNED, result.payloadMode());
        assertNull(result.payloadSha256());
    }

    @Test
    void theLongestLifetimeIsAWeek() throws Exception {
        verifierAt(NOW.plus(Duration.ofDays(7))).verify(presigned("us-east-1", NOW, 604800), "us-east-1", false);
    }

    @Test
    void anExpiredUrlIsAccessDenied() {
        SigV4Exception e = refusedAt(NOW.plusSeconds(3601), presigned("us-east-1", NOW, 3600));
        assertEquals(Reason.ACCESS_DENIED, e.reason());
        assertEquals("Request has expired", e.getMessage());
    }

    @Test
    void aUrlFromTheFutureIsNotYetValid() throws Exception {
        // S3's answer (AccessDenied "Request is not yet valid"), beyond the skew header auth also allows
        SigV4Exception e = refusedAt(NOW, presigned("us-east-1", NOW.plus(Duration.ofMinutes(16)), 3600));
        assertEquals(Reason.ACCESS_DENIED, e.reason());
        assertEquals("Request is not yet valid", e.getMessage());
        verifierAt(NOW).verify(presigned("us-east-1", NOW.plus(Duration.ofMinutes(14)), 3600), "us-east-1", false);
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 604801, -1})
    void expiresOutsideOneSecondToAWeekIsRefused(long expires) {
        SigV4Exception e = refused(presigned("us-east-1", NOW, expires));
        assertEquals(Reason.AUTHORIZATION_QUERY_PARAMETERS_ERROR, e.reason());
        assertEquals("AuthorizationQueryParametersError", e.awsCode());
    }

    @Test
    void aNonNumericExpiresIsRefused() {
        SignedRequest request = withQuery(presigned("us-east-1", NOW, 60), "X-Amz-Expires", "60s");
        assertEquals(
                Reason.AUTHORIZATION_QUERY_PARAMETERS_ERROR, refused(request).reason());
    }

    @Test
    void theWrongRegionIsNamedLikeAws() {
        SigV4Exception e = refused(presigned("eu-west-1", NOW, 60));
        assertEquals(Reason.AUTHORIZATION_QUERY_PARAMETERS_ERROR, e.reason());
        assertEquals(
                "Error parsing the X-Amz-Credential parameter; the region 'eu-west-1' is wrong; expecting"
                        + " 'us-east-1'",
                e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"X-Amz-Credential", "X-Amz-Date", "X-Amz-Expires", "X-Amz-SignedHeaders", "X-Amz-Signature"})
    void everyParameterIsRequired(String name) {
        SigV4Exception e = refused(withQuery(presigned("us-east-1", NOW, 60), name, null));
        assertEquals(Reason.AUTHORIZATION_QUERY_PARAMETERS_ERROR, e.reason());
    }

    @Test
    void badAlgorithmDateOrCredentialIsAQueryParametersError() {
        SignedRequest request = presigned("us-east-1", NOW, 60);
        assertEquals(
                Reason.AUTHORIZATION_QUERY_PARAMETERS_ERROR,
                refused(withQuery(request, "X-Amz-Algorithm", "AWS4-HMAC-SHA1")).reason());
        assertEquals(
                Reason.AUTHORIZATION_QUERY_PARAMETERS_ERROR,
                refused(withQuery(request, "X-Amz-Date", "20260301T1000Z")).reason());
        assertEquals(
                Reason.AUTHORIZATION_QUERY_PARAMETERS_ERROR,
                refused(withQuery(request, "X-Amz-Credential", "AKIDPOSIXGW/20260301/us-east-1"))
                        .reason());
        assertEquals(
                Reason.AUTHORIZATION_QUERY_PARAMETERS_ERROR,
                refused(withQuery(request, "X-Amz-Credential", AK + "/20260302/us-east-1/s3/aws4_request"))
                        .reason());
    }

    @Test
    void everySignedParameterIsProtected() {
        SignedRequest request = presigned("us-east-1", NOW, 60);
        assertEquals(
                Reason.SIGNATURE_DOES_NOT_MATCH,
                refused(withQuery(request, "X-Amz-Security-Token", "other")).reason());
        assertEquals(
                Reason.SIGNATURE_DOES_NOT_MATCH,
                refused(withQuery(request, "response-content-type", "text/html"))
                        .reason());
        assertEquals(
                Reason.SIGNATURE_DOES_NOT_MATCH,
                refused(withQuery(request, "X-Amz-Expires", "61")).reason());
        assertEquals(
                Reason.SIGNATURE_DOES_NOT_MATCH,
                refused(withHeader(request, "host", "evil:7070")).reason());
        assertEquals(
                Reason.SIGNATURE_DOES_NOT_MATCH,
                refused(new SignedRequest("PUT", request.path(), request.query(), request.headers()))
                        .reason());
    }

    @Test
    void aPayloadHashInTheQueryIsSignedAndChecked() throws Exception {
        SignedRequest request = signer("us-east-1", NOW)
                .presign("PUT", "/b/k", List.of(new QueryParam("X-Amz-Content-Sha256", Crypto.EMPTY_SHA256)), 60);
        // The test signer signs UNSIGNED-PAYLOAD as the last line, so a claimed hash must break the signature...
        assertEquals(Reason.SIGNATURE_DOES_NOT_MATCH, refused(request).reason());
        // ...and a presigned URL cannot stream aws-chunked.
        SignedRequest streaming = withQuery(request, "X-Amz-Content-Sha256", "STREAMING-AWS4-HMAC-SHA256-PAYLOAD");
        assertEquals(Reason.INVALID_ARGUMENT, refused(streaming).reason());
    }

    private static SigV4Exception refusedAt(java.time.Instant now, SignedRequest request) {
        return org.junit.jupiter.api.Assertions.assertThrows(
                SigV4Exception.class, () -> verifierAt(now).verify(request, "us-east-1", false));
    }
}
