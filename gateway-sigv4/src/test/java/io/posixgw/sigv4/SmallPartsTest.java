package io.posixgw.sigv4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The small pieces: encoding, region-set wildcards, the key cache bound, dates, headers, error codes. */
class SmallPartsTest {

    @Test
    void uriEncodingIsS3s() {
        StringBuilder path = new StringBuilder();
        CanonicalRequest.uriEncode("/b/a b+c~d*é/%2F", false, path);
        assertEquals("/b/a%20b%2Bc~d%2A%C3%A9/%252F", path.toString());
        StringBuilder query = new StringBuilder();
        CanonicalRequest.uriEncode("a/b=c&d", true, query);
        assertEquals("a%2Fb%3Dc%26d", query.toString());
        StringBuilder astral = new StringBuilder();
        CanonicalRequest.uriEncode("😀", true, astral);
        assertEquals("%F0%9F%98%80", astral.toString());
    }

    @Test
    void normalisationIsOnlyForNonS3Services() {
        assertEquals("/example/", CanonicalRequest.normalizePath("//example//"));
        assertEquals("/", CanonicalRequest.normalizePath("/example1/example2/../.."));
        assertEquals("/example", CanonicalRequest.normalizePath("/./example"));
        assertEquals("/", CanonicalRequest.normalizePath(""));
    }

    @Test
    void regionSetsMatchWithWildcards() {
        assertTrue(RegionSet.matches("us-east-1", "us-east-1"));
        assertTrue(RegionSet.matches("eu-west-1, us-east-1", "us-east-1"));
        assertTrue(RegionSet.matches("*", "eu-central-1"));
        assertTrue(RegionSet.matches("us-*", "us-west-2"));
        assertTrue(RegionSet.matches("*-1", "us-west-1"));
        assertTrue(RegionSet.matches("u*e*1", "us-east-1"));
        assertFalse(RegionSet.matches("us-*", "eu-west-1"));
        assertFalse(RegionSet.matches("us-east-2", "us-east-1"));
        assertFalse(RegionSet.matches("", "us-east-1"));
        assertFalse(RegionSet.glob("*a*a*a*a*a*a*a*a*b", "a".repeat(2000)));
    }

    @Test
    void theSigningKeyCacheIsBounded() {
        SigningKeyCache cache = new SigningKeyCache();
        byte[] first = cache.signingKey("secret", "20260301", "us-east-1", "s3");
        assertTrue(first == cache.signingKey("secret", "20260301", "us-east-1", "s3"), "a hit is the cached key");
        for (int i = 0; i < 3 * SigningKeyCache.MAX_ENTRIES; i++) {
            cache.signingKey("secret" + i, "20260301", "us-east-1", "s3");
            assertTrue(cache.size() <= SigningKeyCache.MAX_ENTRIES);
        }
        // AWS's documented signing key example (sigv4 "derive signing key" page, iam example credentials).
        assertEquals(
                "c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9",
                Crypto.hex(SigningKeyCache.derive(
                        "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "20150830", "us-east-1", "iam")));
    }

    @Test
    void datesParseStrictly() {
        assertEquals(Instant.parse("2013-05-24T00:00:00Z"), AmzDates.parseBasic("20130524T000000Z"));
        assertNull(AmzDates.parseBasic("20130524T000000"));
        assertNull(AmzDates.parseBasic("20131324T000000Z"));
        assertNull(AmzDates.parseBasic("2013052４T000000Z"));
        assertEquals(Instant.parse("2013-05-24T00:00:00Z"), AmzDates.parseHttpDate("Fri, 24 May 2013 00:00:00 GMT"));
        assertNull(AmzDates.parseHttpDate("yesterday"));
        assertEquals("20130524T000000Z", AmzDates.formatBasic(Instant.parse("2013-05-24T00:00:00Z")));
    }

    @Test
    void credentialsSplitFromTheRight() {
        CredentialScope scope = CredentialScope.parse("AK/with/slash/20260301/us-east-1/s3/aws4_request", true);
        assertEquals("AK/with/slash", scope.accessKey());
        assertEquals("20260301/us-east-1/s3/aws4_request", scope.scope());
        assertEquals(
                "20260301/s3/aws4_request",
                CredentialScope.parse("AK/20260301/s3/aws4_request", false).scope());
        assertNull(CredentialScope.parse("20260301/us-east-1/s3/aws4_request", true));
        assertNull(CredentialScope.parse("", false));
    }

    @Test
    void headersAreCaseInsensitiveAndKeepOrder() {
        Headers h = Headers.of(Map.of("X-Amz-Meta-A", List.of("1", "2")));
        assertEquals(List.of("1", "2"), h.values("x-amz-meta-a"));
        assertEquals("1", h.first("x-amz-meta-a"));
        assertEquals(List.of(), h.values("absent"));
        assertNull(h.first("absent"));
    }

    @Test
    void everyReasonCarriesAnAwsCodeAndStatus() {
        for (Reason r : Reason.values()) {
            assertFalse(r.awsCode().isEmpty());
            assertTrue(r.httpStatus() == 400 || r.httpStatus() == 403 || r.httpStatus() == 411, r.name());
        }
        SigV4Exception e = new SigV4Exception(Reason.ACCESS_DENIED, "Access Denied");
        assertEquals("AccessDenied", e.awsCode());
        assertEquals(0, e.getStackTrace().length, "no stack trace is captured for client errors");
    }

    @Test
    void hexHelpersRejectNonAscii() {
        assertNull(Crypto.unhex("0"));
        assertNull(Crypto.unhex("zz"));
        assertNull(Crypto.unhex("٠١")); // Arabic-Indic digits are digits to Character.digit, not hex to SigV4
        assertEquals("0aff", Crypto.hex(Crypto.unhex("0AfF")));
        assertFalse(Crypto.isHex("0".repeat(63), 64));
        assertEquals(-1, AwsChunkedDecoder.parseSize("٠"));
        assertEquals(0xABCL, AwsChunkedDecoder.parseSize("aBc \t"));
        assertEquals(Long.MAX_VALUE, AwsChunkedDecoder.parseSize("7fffffffffffffff"));
    }
}
