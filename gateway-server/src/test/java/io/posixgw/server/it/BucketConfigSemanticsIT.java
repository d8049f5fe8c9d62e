package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bucket configurations posixgw has none of (and a new bucket's policy status and Public Access
 * Block; the policy itself is PolicyIT's), over raw signed HTTP: reads answer what S3 answers for a
 * bucket without one, deletes of an absent one 204, writes 501 naming the API; a missing bucket is NoSuchBucket.
 */
class BucketConfigSemanticsIT extends GatewayPerClass {
    private static final String NS = "xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"";

    @ParameterizedTest
    @CsvSource({
        "policy,NoSuchBucketPolicy",
        "cors,NoSuchCORSConfiguration",
        "lifecycle,NoSuchLifecycleConfiguration",
        "encryption,ServerSideEncryptionConfigurationNotFoundError",
        "website,NoSuchWebsiteConfiguration",
        "replication,ReplicationConfigurationNotFoundError",
        "object-lock,ObjectLockConfigurationNotFoundError"
    })
    void absentConfigurationsAre404(String subresource, String code) throws Exception {
        String bucket = "cfg-" + subresource;
        createBucket(bucket);
        RawS3.Response r = raw.send("GET", "/" + bucket, Map.of(subresource, ""), Map.of(), new byte[0]);
        assertError(r, 404, code);
        assertError(
                raw.send("GET", "/cfg-missing", Map.of(subresource, ""), Map.of(), new byte[0]), 404, "NoSuchBucket");
    }

    @ParameterizedTest
    @CsvSource({"policy", "cors", "lifecycle", "encryption", "website", "replication"})
    void deletingAnAbsentConfigurationIs204(String subresource) throws Exception {
        String bucket = "del-" + subresource;
        createBucket(bucket);
        assertEquals(
                204,
                raw.send("DELETE", "/" + bucket, Map.of(subresource, ""), Map.of(), new byte[0])
                        .status());
        assertEquals(
                200,
                raw.send("HEAD", "/" + bucket, Map.of(), Map.of(), new byte[0]).status(),
                "the bucket stays");
        assertError(
                raw.send("DELETE", "/del-missing", Map.of(subresource, ""), Map.of(), new byte[0]),
                404,
                "NoSuchBucket");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "policyStatus|<PolicyStatus " + NS + "><IsPublic>false</IsPublic></PolicyStatus>",
                "ownershipControls|<OwnershipControls " + NS
                        + "><Rule><ObjectOwnership>BucketOwnerEnforced</ObjectOwnership></Rule>"
                        + "</OwnershipControls>",
                "publicAccessBlock|<PublicAccessBlockConfiguration " + NS + "><BlockPublicAcls>true</BlockPublicAcls>"
                        + "<IgnorePublicAcls>true</IgnorePublicAcls><BlockPublicPolicy>true</BlockPublicPolicy>"
                        + "<RestrictPublicBuckets>true</RestrictPublicBuckets></PublicAccessBlockConfiguration>",
                "logging|<BucketLoggingStatus " + NS + "/>",
                "notification|<NotificationConfiguration " + NS + "/>",
                "accelerate|<AccelerateConfiguration " + NS + "/>",
                "requestPayment|<RequestPaymentConfiguration " + NS
                        + "><Payer>BucketOwner</Payer></RequestPaymentConfiguration>"
            })
    void fixedConfigurationsAreAnswered(String subresource, String document) throws Exception {
        String bucket = "doc-" + subresource.toLowerCase();
        createBucket(bucket);
        RawS3.Response r = raw.send("GET", "/" + bucket, Map.of(subresource, ""), Map.of(), new byte[0]);
        assertOk(r);
        assertEquals("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + document, r.text());
        assertTrue(r.header("content-type").startsWith("application/xml"), r.header("content-type"));
        assertError(
                raw.send("GET", "/doc-missing", Map.of(subresource, ""), Map.of(), new byte[0]), 404, "NoSuchBucket");
    }

    @ParameterizedTest
    @CsvSource({
        "PUT,lifecycle,PutBucketLifecycleConfiguration",
        "PUT,logging,PutBucketLogging",
        "PUT,requestPayment,PutBucketRequestPayment",
        "PUT,accelerate,PutBucketAccelerateConfiguration"
    })
    void writesStayNotImplemented(String method, String subresource, String api) throws Exception {
        createBucket("w-" + subresource.toLowerCase() + "-" + method.toLowerCase());
        RawS3.Response r = raw.send(
                method,
                "/w-" + subresource.toLowerCase() + "-" + method.toLowerCase(),
                Map.of(subresource, ""),
                Map.of(),
                "PUT".equals(method) ? bytes("<x/>") : new byte[0]);
        assertError(r, 501, "NotImplemented");
        assertTrue(r.text().contains(api + " is not implemented"), r.text());
    }
}
