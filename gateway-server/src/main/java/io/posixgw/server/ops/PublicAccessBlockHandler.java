package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.BucketConfig;
import io.posixgw.core.policy.PublicAccessBlock;
import io.posixgw.core.xml.PublicAccessBlockConfiguration;
import io.posixgw.core.xml.S3Xml;
import java.io.IOException;

/**
 * Put/Get/DeletePublicAccessBlock of a bucket. New buckets start with all four switches on
 * (the backend writes them at CreateBucket); a bucket without the attribute (deleted, or made
 * by versitygw or another tool) has no configuration: GetPublicAccessBlock is 404
 * NoSuchPublicAccessBlockConfiguration and nothing is blocked, as on S3. The switches are
 * enforced by the Authorizer (RestrictPublicBuckets, IgnorePublicAcls), {@link BucketPolicyHandler}
 * (BlockPublicPolicy) and {@link AclHandler} (BlockPublicAcls).
 */
final class PublicAccessBlockHandler {
    private final Backend backend;

    PublicAccessBlockHandler(Backend backend) {
        this.backend = backend;
    }

    S3Response get(Exchange x) throws IOException {
        byte[] stored = backend.getBucketConfig(x.bucket(), BucketConfig.PUBLIC_ACCESS_BLOCK);
        if (stored == null) {
            throw S3Error.NO_SUCH_PUBLIC_ACCESS_BLOCK_CONFIGURATION.exception();
        }
        PublicAccessBlock b = PublicAccessBlock.fromJson(stored);
        PublicAccessBlockConfiguration body = new PublicAccessBlockConfiguration();
        body.blockPublicAcls = b.blockPublicAcls();
        body.ignorePublicAcls = b.ignorePublicAcls();
        body.blockPublicPolicy = b.blockPublicPolicy();
        body.restrictPublicBuckets = b.restrictPublicBuckets();
        return S3Response.xml(body);
    }

    /** An absent switch is false, as on S3. */
    S3Response put(Exchange x) throws IOException {
        PublicAccessBlockConfiguration body = S3Xml.read(SmallBodies.read(x), PublicAccessBlockConfiguration.class);
        PublicAccessBlock b = new PublicAccessBlock(
                Boolean.TRUE.equals(body.blockPublicAcls),
                Boolean.TRUE.equals(body.ignorePublicAcls),
                Boolean.TRUE.equals(body.blockPublicPolicy),
                Boolean.TRUE.equals(body.restrictPublicBuckets));
        backend.putBucketConfig(x.bucket(), BucketConfig.PUBLIC_ACCESS_BLOCK, b.toJson());
        return S3Response.ok();
    }

    S3Response delete(Exchange x) throws IOException {
        backend.putBucketConfig(x.bucket(), BucketConfig.PUBLIC_ACCESS_BLOCK, null);
        return S3Response.noContent();
    }
}
