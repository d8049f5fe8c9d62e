package io.posixgw.core.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Validation as PutBucketPolicy applies it, hostile inputs, and AWS's "public". */
class PolicyParserTest {
    private static BucketPolicy parse(String json) {
        return PolicyParser.parse(json.getBytes(StandardCharsets.UTF_8), "bkt", k -> k.equals("bob"));
    }

    private static String refused(String json) {
        S3Exception e = assertThrows(S3Exception.class, () -> parse(json));
        assertEquals(S3Error.MALFORMED_POLICY, e.error());
        assertEquals(400, e.error().httpStatus());
        return e.getMessage();
    }

    private static String allowAll(String condition) {
        return "{\"Statement\":{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"*\"},\"Action\":\"s3:GetObject\","
                + "\"Resource\":\"arn:aws:s3:::bkt/*\"" + (condition == null ? "" : ",\"Condition\":" + condition)
                + "}}";
    }

    @Test
    void deeplyNestedAndOversizedInputIsRefusedCheaply() {
        String deep = "{\"a\":".repeat(3000) + "1" + "}".repeat(3000);
        assertEquals("This policy contains invalid Json", refused(deep));
        String arrays = "{\"Statement\":" + "[".repeat(5000) + "]".repeat(5000) + "}";
        assertEquals("This policy contains invalid Json", refused(arrays));
        assertEquals(
                "Policy exceeds the maximum allowed document size.",
                refused("{" + " ".repeat(PolicyParser.MAX_BYTES) + "}"));
        // a wildcard built to backtrack costs length × length, not an exponential search
        String pattern = "arn:aws:s3:::bkt/" + "*a".repeat(200) + "b";
        assertFalse(Wildcards.match(pattern, "arn:aws:s3:::bkt/" + "a".repeat(5000), false));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\",\"Resource\":\"arn:aws:s3:::bkt/*\"},"
                        + "{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\",\"Resource\":\"arn:aws:s3:::bkt/*\",\"Extra\":1}]}"
                        + "|Policy has an invalid field: Extra",
                "{\"Statement\":{\"Effect\":\"Maybe\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\",\"Resource\":\"arn:aws:s3:::bkt/*\"}}"
                        + "|Invalid effect: Maybe",
                "{\"Statement\":{\"Effect\":\"Allow\",\"Action\":\"s3:GetObject\",\"Resource\":\"arn:aws:s3:::bkt/*\"}}"
                        + "|Missing required field Principal",
                "{\"Statement\":{\"Effect\":\"Allow\",\"Principal\":\"bob\",\"Action\":\"s3:GetObject\",\"Resource\":\"arn:aws:s3:::bkt/*\"}}"
                        + "|Invalid principal in policy",
                "{\"Statement\":{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":[\"*\",\"bob\"]},\"Action\":\"s3:GetObject\",\"Resource\":\"arn:aws:s3:::bkt/*\"}}"
                        + "|Invalid principal in policy",
                "{\"Statement\":{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"iam:PassRole\",\"Resource\":\"arn:aws:s3:::bkt/*\"}}"
                        + "|Policy has invalid action",
                "{\"Statement\":{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\",\"Resource\":\"arn:aws:s3:::other/*\"}}"
                        + "|Policy has invalid resource",
                "{\"Statement\":{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"s3:ListBucket\",\"Resource\":\"arn:aws:s3:::bkt/x\"}}"
                        + "|Action does not apply to any resource(s) in statement",
                "{\"Statement\":{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\",\"Resource\":\"arn:aws:s3:::bkt/*\","
                        + "\"Condition\":{\"IpAddress\":{\"aws:SourceIp\":\"300.1.1.1\"}}}}"
                        + "|Invalid Condition value for IpAddress: aws:SourceIp",
                "{\"Statement\":{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\",\"Resource\":\"arn:aws:s3:::bkt/*\","
                        + "\"Condition\":{\"StringEquals\":{\"ec2:Region\":\"x\"}}}}"
                        + "|Policy has an invalid condition key",
                "{\"Statement\":{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\",\"Resource\":\"arn:aws:s3:::bkt/*\","
                        + "\"Condition\":{\"NullIfExists\":{\"s3:prefix\":\"true\"}}}}"
                        + "|Invalid Condition type : NullIfExists",
                "{\"Statement\":[],\"Statement\":[]}|This policy contains invalid Json",
            })
    void refusesWithS3sMessages(String json, String message) {
        assertEquals(message, refused(json));
    }

    @Test
    void acceptsTheFormsAwsDocuments() {
        BucketPolicy p = parse("{\"Id\":\"x\",\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":"
                + "[\"bob\",\"arn:aws:iam::bob:root\",\"arn:aws:iam::123:user/bob\"]},\"Action\":[\"s3:Get*\",\"s3:List*\"],"
                + "\"Resource\":[\"arn:aws:s3:::bkt\",\"arn:aws:s3:::bkt/*\"]},"
                + "{\"Effect\":\"Deny\",\"Principal\":{\"Service\":\"logging.s3.amazonaws.com\"},\"NotAction\":\"s3:*\","
                + "\"NotResource\":\"arn:aws:s3:::bkt/*\"}]}");
        assertEquals(2, p.statements().size());
        assertEquals(java.util.Set.of("bob"), p.statements().get(0).principals());
        assertEquals("2008-10-17", p.version());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "|true",
                "{\"IpAddress\":{\"aws:SourceIp\":\"192.0.2.0/24\"}}|false",
                "{\"IpAddress\":{\"aws:SourceIp\":\"10.0.0.0/7\"}}|true",
                "{\"NotIpAddress\":{\"aws:SourceIp\":\"192.0.2.0/24\"}}|true",
                "{\"StringEquals\":{\"aws:SourceAccount\":\"123456789012\"}}|false",
                "{\"StringLike\":{\"aws:SourceArn\":\"arn:aws:*\"}}|true",
                "{\"StringEqualsIfExists\":{\"aws:SourceAccount\":\"123456789012\"}}|true",
                "{\"StringEquals\":{\"s3:prefix\":\"a\"}}|true",
            })
    void isPublicAsAwsDefinesIt(String condition, boolean expected) {
        assertEquals(
                expected,
                parse(allowAll(condition == null || condition.isEmpty() ? null : condition))
                        .isPublic());
    }

    @Test
    void aDenyOrANamedAccountIsNotPublic() {
        assertFalse(parse("{\"Statement\":{\"Effect\":\"Deny\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\","
                        + "\"Resource\":\"arn:aws:s3:::bkt/*\"}}")
                .isPublic());
        assertFalse(parse("{\"Statement\":{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"bob\"},\"Action\":\"s3:*\","
                        + "\"Resource\":\"arn:aws:s3:::bkt/*\"}}")
                .isPublic());
        assertTrue(PolicyParser.read(
                        bytes("{\"Statement\":{\"Effect\":\"Allow\",\"NotPrincipal\":{\"AWS\":\"bob\"},"
                                + "\"Action\":\"s3:*\",\"Resource\":\"arn:aws:s3:::bkt/*\"}}"),
                        "bkt")
                .isPublic());
    }

    @Test
    void notPrincipalIsRefusedWithAllowAsIamDefinesIt() {
        assertEquals(
                "Invalid principal in policy: NotPrincipal is supported only with Effect Deny",
                refused("{\"Statement\":{\"Effect\":\"Allow\",\"NotPrincipal\":{\"AWS\":\"bob\"},"
                        + "\"Action\":\"s3:ListBucket\",\"Resource\":\"arn:aws:s3:::bkt\"}}"));
        // with Deny it is what it is for: everyone but the named account
        assertFalse(parse("{\"Statement\":{\"Effect\":\"Deny\",\"NotPrincipal\":{\"AWS\":\"bob\"},"
                        + "\"Action\":\"s3:ListBucket\",\"Resource\":\"arn:aws:s3:::bkt\"}}")
                .isPublic());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
