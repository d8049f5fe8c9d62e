package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.xml.S3Xml;
import io.posixgw.core.xml.VersioningConfiguration;
import io.posixgw.core.xml.VersioningConfigurationInput;
import java.io.IOException;

/**
 * GetBucketVersioning and PutBucketVersioning. Without a versioning directory the store keeps no
 * versions: PutBucketVersioning is 501 {@code VersioningNotConfigured}, as versitygw answers,
 * and GetBucketVersioning the truth (never versioned).
 */
final class BucketVersioningHandler {
    private final Backend backend;

    BucketVersioningHandler(Backend backend) {
        this.backend = backend;
    }

    S3Response get(Exchange x) throws IOException {
        return S3Response.xml(new VersioningConfiguration(backend.getBucketVersioning(x.bucket())));
    }

    S3Response put(Exchange x) throws IOException {
        byte[] xml = SmallBodies.read(x);
        ObjectDeleteHandler.requireIntegrity(x);
        VersioningConfigurationInput body = S3Xml.read(xml, VersioningConfigurationInput.class);
        String status = body.status;
        if (status != null && !status.equals("Enabled") && !status.equals("Suspended")) {
            throw new S3Exception(
                    S3Error.MALFORMED_XML,
                    "The XML you provided was not well-formed or did not validate against our published schema");
        }
        String mfa = body.mfaDelete;
        if (mfa != null && !mfa.equals("Enabled") && !mfa.equals("Disabled")) {
            throw new S3Exception(
                    S3Error.MALFORMED_XML,
                    "The XML you provided was not well-formed or did not validate against our published schema");
        }
        if ("Enabled".equals(mfa)) {
            if (x.header("x-amz-mfa") == null) {
                // S3 refuses to turn MFA Delete on without an MFA device's code
                throw new S3Exception(S3Error.ACCESS_DENIED, "Mfa Authentication must be used for this request");
            }
            throw new S3Exception(S3Error.NOT_IMPLEMENTED, "MFA Delete is not implemented by posixgw");
        }
        if (status == null) {
            // no state named: nothing changes (S3 accepts an empty configuration)
            backend.getBucketVersioning(x.bucket());
            return S3Response.ok();
        }
        io.posixgw.core.lock.ObjectLockRules.requireVersioningChange(
                backend.getObjectLockConfiguration(x.bucket()), status.equals("Suspended"));
        backend.putBucketVersioning(x.bucket(), status);
        return S3Response.ok();
    }
}
