package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.acl.Acl;
import io.posixgw.core.acl.ObjectOwnership;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.BucketConfig;
import io.posixgw.core.xml.OwnershipControls;
import io.posixgw.core.xml.S3Xml;
import io.posixgw.server.auth.BucketAcls;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Get/Put/DeleteBucketOwnershipControls over versitygw's {@code ownership} bucket attribute (the
 * value's name as text). A bucket without it answers 404 OwnershipControlsNotFoundError, as S3
 * and versitygw do (its ACLs are then enabled, ObjectWriter: {@link BucketAcls}). Moving a bucket
 * to BucketOwnerEnforced while its ACL grants anyone but the owner is refused as S3 refuses it:
 * the grants would silently stop working.
 */
final class OwnershipControlsHandler {
    private final Backend backend;
    private final BucketAcls acls;

    OwnershipControlsHandler(Backend backend, BucketAcls acls) {
        this.backend = backend;
        this.acls = acls;
    }

    S3Response get(Exchange x) throws IOException {
        ObjectOwnership o = acls.stored(x.bucket());
        if (o == null) {
            throw S3Error.OWNERSHIP_CONTROLS_NOT_FOUND.exception();
        }
        return S3Response.xml(OwnershipControls.of(o.wire()));
    }

    /** Exactly one rule with a known value; anything else is MalformedXML, as S3 answers. */
    S3Response put(Exchange x) throws IOException {
        OwnershipControls body = S3Xml.read(SmallBodies.read(x), OwnershipControls.class);
        if (body.rules == null || body.rules.size() != 1 || body.rules.get(0) == null) {
            throw S3Error.MALFORMED_XML.exception();
        }
        String value = body.rules.get(0).objectOwnership;
        ObjectOwnership o = ObjectOwnership.parse(value == null ? null : value.trim());
        if (o == null) {
            throw S3Error.MALFORMED_XML.exception();
        }
        if (!o.aclsEnabled()) {
            Acl bucketAcl = acls.bucketAcl(x.bucket());
            if (!bucketAcl.equals(Acl.ownerOnly(bucketAcl.owner()))) {
                throw new S3Exception(
                        S3Error.INVALID_BUCKET_ACL_WITH_OBJECT_OWNERSHIP,
                        S3Error.INVALID_BUCKET_ACL_WITH_OBJECT_OWNERSHIP.defaultMessage()
                                + ": the bucket's ACL grants access to others; set it to private first");
            }
        }
        backend.putBucketConfig(x.bucket(), BucketConfig.OWNERSHIP, o.wire().getBytes(StandardCharsets.UTF_8));
        return S3Response.ok();
    }

    S3Response delete(Exchange x) throws IOException {
        backend.putBucketConfig(x.bucket(), BucketConfig.OWNERSHIP, null);
        return S3Response.noContent();
    }
}
