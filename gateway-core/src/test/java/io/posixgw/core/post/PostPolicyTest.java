package io.posixgw.core.post;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PostPolicyTest {
    private static final Instant NOW = Instant.parse("2026-12-02T03:00:00Z");

    private static PostPolicy policy(String json) {
        return PostPolicy.parse(Base64.getEncoder().encodeToString(json.getBytes(StandardCharsets.UTF_8)));
    }

    private static final String GOOD = "{\"expiration\":\"2026-12-02T04:00:00.000Z\",\"conditions\":["
            + "{\"bucket\":\"b\"},[\"starts-with\",\"$key\",\"uploads/\"],{\"acl\":\"private\"},"
            + "[\"starts-with\",\"$Content-Type\",\"image/\"],[\"content-length-range\",1,1024],"
            + "[\"eq\",\"$x-amz-meta-who\",\"me\"],{\"x-amz-algorithm\":\"AWS4-HMAC-SHA256\"},"
            + "[\"starts-with\",\"$x-amz-credential\",\"\"],[\"starts-with\",\"$x-amz-date\",\"\"],"
            + "{\"success_action_status\":\"201\"}]}";

    private static Map<String, String> form() {
        Map<String, String> f = new HashMap<>();
        f.put("bucket", "b");
        f.put("key", "uploads/cat.png");
        f.put("acl", "private");
        f.put("content-type", "image/png");
        f.put("x-amz-meta-who", "me");
        f.put("x-amz-algorithm", "AWS4-HMAC-SHA256");
        f.put("x-amz-credential", "AK/20261202/us-east-1/s3/aws4_request");
        f.put("x-amz-date", "20261202T030000Z");
        f.put("x-amz-signature", "00");
        f.put("policy", "...");
        f.put("success_action_status", "201");
        f.put("x-ignore-tracking", "anything");
        f.put("x-amz-checksum-crc32", "AAAAAA==");
        return f;
    }

    private static S3Exception denied(Map<String, String> form) {
        return assertThrows(S3Exception.class, () -> policy(GOOD).check(form, NOW));
    }

    @Test
    void aFormWithinItsPolicyPasses() {
        PostPolicy p = policy(GOOD);
        assertDoesNotThrow(() -> p.check(form(), NOW));
        assertEquals(1, p.minLength());
        assertEquals(1024, p.maxLength());
    }

    @Test
    void eachViolationIsAccessDeniedNamingIt() {
        Map<String, String> f = form();
        f.put("key", "elsewhere/cat.png");
        S3Exception e = denied(f);
        assertEquals(S3Error.ACCESS_DENIED, e.error());
        assertEquals(
                "Invalid according to Policy: Policy Condition failed: [\"starts-with\",\"$key\",\"uploads/\"]",
                e.getMessage());

        f = form();
        f.put("bucket", "other");
        assertEquals(S3Error.ACCESS_DENIED, denied(f).error());

        f = form();
        f.remove("x-amz-meta-who");
        assertEquals(S3Error.ACCESS_DENIED, denied(f).error(), "a field the policy names is missing");

        f = form();
        f.put("x-amz-meta-who", "ME");
        assertEquals(S3Error.ACCESS_DENIED, denied(f).error(), "values compare case-sensitively");

        f = form();
        f.put("x-amz-meta-extra", "1");
        f.put("cache-control", "no-cache");
        assertEquals(
                "Invalid according to Policy: Extra input fields: cache-control, x-amz-meta-extra",
                denied(f).getMessage());

        S3Exception expired = assertThrows(
                S3Exception.class, () -> policy(GOOD).check(form(), Instant.parse("2026-12-02T04:00:00Z")));
        assertEquals("Invalid according to Policy: Policy expired.", expired.getMessage());
    }

    @Test
    void conditionFieldNamesAreCaseInsensitive() {
        PostPolicy p =
                policy("{\"expiration\":\"2026-12-02T04:00:00Z\",\"conditions\":[[\"STARTS-WITH\",\"$KeY\",\"u\"],"
                        + "{\"BuCkEt\":\"b\"}]}");
        assertDoesNotThrow(() -> p.check(Map.of("key", "u1", "bucket", "b"), NOW));
    }

    private static S3Exception invalid(String json) {
        return assertThrows(S3Exception.class, () -> policy(json));
    }

    @Test
    void malformedDocumentsAreInvalidPolicyDocument() {
        assertEquals("Invalid Policy: Invalid JSON.", invalid("{not json").getMessage());
        assertEquals(
                "Invalid Policy: Policy missing expiration.",
                invalid("{\"conditions\":[]}").getMessage());
        assertEquals(
                "Invalid Policy: Policy missing expiration.",
                invalid("{\"EXPIRATION\":\"2026-12-02T04:00:00Z\",\"conditions\":[]}")
                        .getMessage(),
                "top-level names are case-sensitive");
        assertEquals(
                "Invalid Policy: Policy missing conditions.",
                invalid("{\"expiration\":\"2026-12-02T04:00:00Z\"}").getMessage());
        for (String bad : new String[] {
            "[\"content-length-range\",0]",
            "[\"content-length-range\",-1,0]",
            "[\"content-length-range\",5,1]",
            "[\"matches\",\"$key\",\"x\"]",
            "[\"eq\",\"key\",\"x\"]",
            "{}",
            "{\"a\":\"1\",\"b\":\"2\"}",
            "42"
        }) {
            S3Exception e = invalid("{\"expiration\":\"2026-12-02T04:00:00Z\",\"conditions\":[" + bad + "]}");
            assertEquals(S3Error.INVALID_POLICY_DOCUMENT, e.error(), bad);
        }
        assertEquals(
                S3Error.INVALID_POLICY_DOCUMENT,
                assertThrows(S3Exception.class, () -> PostPolicy.parse("%%%")).error());
        assertEquals(
                S3Error.INVALID_POLICY_DOCUMENT,
                invalid(
                                "{\"expiration\":\"2026-12-02T04:00:00Z\",\"expiration\":\"2027-01-01T00:00:00Z\",\"conditions\":[]}")
                        .error(),
                "a duplicate member");
        StringBuilder deep = new StringBuilder();
        deep.append("[".repeat(5000)).append("]".repeat(5000));
        assertEquals(
                S3Error.INVALID_POLICY_DOCUMENT,
                invalid("{\"expiration\":\"2026-12-02T04:00:00Z\",\"conditions\":" + deep + "}")
                        .error(),
                "deeply nested");
    }
}
