package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.BucketConfig;
import io.posixgw.core.policy.BucketPolicy;
import io.posixgw.core.policy.PolicyParser;
import io.posixgw.server.auth.Authorizer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Predicate;

/**
 * Put/Get/DeleteBucketPolicy and GetBucketPolicyStatus. The policy is validated as S3
 * validates it ({@link PolicyParser}: 400 MalformedPolicy) and stored as it was sent, in
 * versitygw's {@code policy} attribute, so either gateway reads the other's. A public policy
 * ({@link BucketPolicy#isPublic}) is refused with 403 AccessDenied while the bucket's Public
 * Access Block has BlockPublicPolicy, as S3 refuses it. Who may call these is the Authorizer's.
 */
final class BucketPolicyHandler {
    private final Backend backend;
    private final Authorizer authorizer;
    private final Predicate<String> accountExists;

    BucketPolicyHandler(Backend backend, Authorizer authorizer) {
        this.backend = backend;
        this.authorizer = authorizer;
        this.accountExists = authorizer::accountExists;
    }

    S3Response get(Exchange x) throws IOException {
        byte[] policy = backend.getBucketConfig(x.bucket(), BucketConfig.POLICY);
        if (policy == null) {
            throw S3Error.NO_SUCH_BUCKET_POLICY.exception();
        }
        return S3Response.ok().body(policy, "application/json");
    }

    S3Response put(Exchange x) throws IOException {
        byte[] body = SmallBodies.read(x);
        BucketPolicy policy = PolicyParser.parse(body, x.bucket(), accountExists);
        if (policy.isPublic() && authorizer.blockOf(x.bucket()).blockPublicPolicy()) {
            throw new S3Exception(
                    S3Error.ACCESS_DENIED,
                    "Access Denied: the bucket's Public Access Block (BlockPublicPolicy) refuses a public policy");
        }
        backend.putBucketConfig(x.bucket(), BucketConfig.POLICY, body);
        return S3Response.noContent();
    }

    S3Response delete(Exchange x) throws IOException {
        backend.putBucketConfig(x.bucket(), BucketConfig.POLICY, null);
        return S3Response.noContent();
    }

    /** IsPublic as AWS defines it; a bucket without a policy is not public. */
    S3Response status(Exchange x) throws IOException {
        byte[] stored = backend.getBucketConfig(x.bucket(), BucketConfig.POLICY);
        boolean isPublic = false;
        if (stored != null) {
            try {
                isPublic = PolicyParser.read(stored, x.bucket()).isPublic();
            } catch (S3Exception unreadable) {
                isPublic = false; // an unreadable policy grants nothing (see Authorizer)
            }
        }
        String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<PolicyStatus xmlns=\""
                + io.posixgw.core.xml.S3Xml.NAMESPACE + "\"><IsPublic>" + isPublic + "</IsPublic></PolicyStatus>";
        return S3Response.ok().body(xml.getBytes(StandardCharsets.UTF_8), "application/xml");
    }
}
