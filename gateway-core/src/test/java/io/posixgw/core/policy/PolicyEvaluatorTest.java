package io.posixgw.core.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The evaluator as a table: principal × action × resource × condition keys against one policy,
 * with Deny precedence, NotPrincipal/NotAction/NotResource, wildcards and each condition family.
 */
class PolicyEvaluatorTest {
    private static final String B = "bkt";

    /** Statements chosen so each row isolates one rule. */
    private static final BucketPolicy POLICY = PolicyParser.parse(
            ("{\"Version\":\"2012-10-17\",\"Statement\":["
                            // everyone may read public/*
                            + "{\"Sid\":\"pub\",\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\","
                            + "\"Resource\":\"arn:aws:s3:::bkt/public/*\"},"
                            // bob may do any Get* anywhere in the bucket
                            + "{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":[\"bob\"]},\"Action\":\"s3:Get*\","
                            + "\"Resource\":[\"arn:aws:s3:::bkt\",\"arn:aws:s3:::bkt/*\"]},"
                            // ... but nobody reads public/secret-?.txt
                            + "{\"Effect\":\"Deny\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\","
                            + "\"Resource\":\"arn:aws:s3:::bkt/public/secret-?.txt\"},"
                            // carol may list only under home/carol/
                            + "{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"carol\"},\"Action\":\"s3:ListBucket\","
                            + "\"Resource\":\"arn:aws:s3:::bkt\",\"Condition\":{\"StringLike\":{\"s3:prefix\":\"home/carol/*\"}}},"
                            // carol may put anything but ACL changes, from 10.0.0.0/8 only
                            + "{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"carol\"},\"NotAction\":[\"s3:PutObjectAcl\",\"s3:Delete*\"],"
                            + "\"Resource\":\"arn:aws:s3:::bkt/*\",\"Condition\":{\"IpAddress\":{\"aws:SourceIp\":[\"10.0.0.0/8\",\"2001:db8::/32\"]}}},"
                            // nobody but dave deletes outside tmp/
                            + "{\"Effect\":\"Deny\",\"NotPrincipal\":{\"AWS\":\"dave\"},\"Action\":\"s3:DeleteObject\","
                            + "\"NotResource\":\"arn:aws:s3:::bkt/tmp/*\"},"
                            + "{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"s3:DeleteObject\",\"Resource\":\"arn:aws:s3:::bkt/*\","
                            + "\"Condition\":{\"Bool\":{\"aws:SecureTransport\":\"true\"},\"NumericLessThanEquals\":{\"s3:max-keys\":\"10\"}}},"
                            // erin until 2030, only objects tagged team=a, never with a public ACL
                            + "{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"erin\"},\"Action\":\"s3:*Object\",\"Resource\":\"arn:aws:s3:::bkt/*\","
                            + "\"Condition\":{\"DateLessThan\":{\"aws:CurrentTime\":\"2030-01-01T00:00:00Z\"},"
                            + "\"StringEquals\":{\"s3:ExistingObjectTag/team\":\"a\"},"
                            + "\"StringNotEqualsIfExists\":{\"s3:x-amz-acl\":[\"public-read\",\"public-read-write\"]}}},"
                            // frank's uploads must carry only tag keys from a list, and some tag
                            + "{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"frank\"},\"Action\":\"s3:PutObject\",\"Resource\":\"arn:aws:s3:::bkt/*\","
                            + "\"Condition\":{\"ForAllValues:StringEquals\":{\"s3:RequestObjectTagKeys\":[\"team\",\"env\"]},"
                            + "\"Null\":{\"s3:RequestObjectTagKeys\":\"false\"}}}"
                            + "]}")
                    .getBytes(StandardCharsets.UTF_8),
            B,
            key -> true);

    static Stream<Arguments> table() {
        return Stream.of(
                // principal, action, key (null: the bucket), condition keys, expected
                row(null, "s3:GetObject", "public/a.txt", Map.of(), "ALLOW"),
                row("zed", "s3:GetObject", "public/a.txt", Map.of(), "ALLOW"),
                row(null, "s3:GetObject", "private/a.txt", Map.of(), "NONE"),
                row(null, "s3:PutObject", "public/a.txt", Map.of(), "NONE"),
                row(null, "s3:GetObject", "public/secret-1.txt", Map.of(), "DENY"),
                row("bob", "s3:GetObject", "public/secret-1.txt", Map.of(), "DENY"),
                row(null, "s3:GetObject", "public/secret-10.txt", Map.of(), "ALLOW"), // ? is one character
                row("bob", "s3:GetObject", "private/a.txt", Map.of(), "ALLOW"),
                row("bob", "s3:getobjecttagging", "private/a.txt", Map.of(), "ALLOW"), // actions ignore case
                row("bob", "s3:GetBucketLocation", null, Map.of(), "ALLOW"),
                row("bob", "s3:ListBucket", null, Map.of(), "NONE"),
                row("BOB", "s3:GetObject", "private/a.txt", Map.of(), "NONE"), // principals do not
                row("carol", "s3:ListBucket", null, Map.of("s3:prefix", List.of("home/carol/docs/")), "ALLOW"),
                row("carol", "s3:ListBucket", null, Map.of("s3:prefix", List.of("home/bob/")), "NONE"),
                row("carol", "s3:ListBucket", null, Map.of(), "NONE"), // a missing key fails a positive operator
                row("carol", "s3:PutObject", "x", Map.of("aws:SourceIp", List.of("10.1.2.3")), "ALLOW"),
                row("carol", "s3:PutObject", "x", Map.of("aws:SourceIp", List.of("2001:db8::7")), "ALLOW"),
                row("carol", "s3:PutObject", "x", Map.of("aws:SourceIp", List.of("11.1.2.3")), "NONE"),
                row("carol", "s3:PutObjectAcl", "x", Map.of("aws:SourceIp", List.of("10.1.2.3")), "NONE"), // NotAction
                row("carol", "s3:PutObject", "x", Map.of("aws:sourceip", List.of("10.1.2.3")), "ALLOW"),
                row("zed", "s3:DeleteObject", "data/x", Map.of("aws:SecureTransport", List.of("true")), "DENY"),
                row("dave", "s3:DeleteObject", "data/x", secureList("5"), "ALLOW"), // NotPrincipal
                row("zed", "s3:DeleteObject", "tmp/x", secureList("5"), "ALLOW"), // NotResource
                row("zed", "s3:DeleteObject", "tmp/x", secureList("11"), "NONE"),
                row("zed", "s3:DeleteObject", "tmp/x", Map.of("aws:SecureTransport", List.of("false")), "NONE"),
                row("erin", "s3:GetObject", "t", erin("2029-12-31T23:59:59Z", "a", null), "ALLOW"),
                row("erin", "s3:GetObject", "t", erin("2030-01-01T00:00:00Z", "a", null), "NONE"),
                row("erin", "s3:PutObject", "t", erin("2029-01-01T00:00:00Z", "a", "private"), "ALLOW"),
                row("erin", "s3:PutObject", "t", erin("2029-01-01T00:00:00Z", "a", "public-read"), "NONE"),
                row("erin", "s3:GetObject", "t", erin("2029-01-01T00:00:00Z", "b", null), "NONE"),
                row("erin", "s3:GetObjectAcl", "t", erin("2029-01-01T00:00:00Z", "a", null), "NONE"), // *Object
                row("frank", "s3:PutObject", "t", Map.of("s3:RequestObjectTagKeys", List.of("team", "env")), "ALLOW"),
                row("frank", "s3:PutObject", "t", Map.of("s3:RequestObjectTagKeys", List.of("team", "x")), "NONE"),
                row("frank", "s3:PutObject", "t", Map.of(), "NONE")); // Null:false needs the key
    }

    private static Map<String, List<String>> secureList(String maxKeys) {
        return Map.of("aws:SecureTransport", List.of("true"), "s3:max-keys", List.of(maxKeys));
    }

    private static Map<String, List<String>> erin(String now, String team, String acl) {
        Map<String, List<String>> m = new HashMap<>();
        m.put("aws:CurrentTime", List.of(now));
        m.put("s3:ExistingObjectTag/team", List.of(team));
        if (acl != null) {
            m.put("s3:x-amz-acl", List.of(acl));
        }
        return m;
    }

    private static Arguments row(
            String principal, String action, String key, Map<String, List<String>> keys, String expected) {
        return Arguments.of(principal, action, key, keys, expected);
    }

    @ParameterizedTest(name = "{0} {1} {2} {3} -> {4}")
    @MethodSource("table")
    void decides(String principal, String action, String key, Map<String, List<String>> keys, String expected) {
        Map<String, List<String>> lower = new HashMap<>();
        keys.forEach((k, v) -> lower.put(normal(k), v));
        ConditionKeys ctx = k -> lower.get(normal(k));
        String resource = key == null ? PolicyRequest.bucketArn(B) : PolicyRequest.objectArn(B, key);
        assertEquals(
                BucketPolicy.Decision.valueOf(expected),
                POLICY.evaluate(new PolicyRequest(principal, action, resource, ctx)));
    }

    /** Key names are case-insensitive before the {@code /}, tag keys after it are not. */
    private static String normal(String k) {
        int slash = k.indexOf('/');
        return slash < 0
                ? k.toLowerCase(java.util.Locale.ROOT)
                : k.substring(0, slash).toLowerCase(java.util.Locale.ROOT) + k.substring(slash);
    }
}
