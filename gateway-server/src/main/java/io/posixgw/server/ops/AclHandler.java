package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.model.GetObjectRequest;
import io.posixgw.core.xml.AccessControlPolicy;
import io.posixgw.core.xml.AccessControlPolicyInput;
import io.posixgw.core.xml.S3Xml;
import java.io.IOException;
import java.util.List;
import java.util.Set;

/**
 * ACLs as S3 has them on a bucket with ACLs disabled (Object Ownership "bucket owner
 * enforced", S3's default), which is what every posixgw bucket is: its owner has full
 * control of it and of every object in it, and nobody else has any grant. Reading an ACL
 * answers exactly that. Setting one is accepted when it says the same (no ACL,
 * {@code private}, {@code bucket-owner-full-control}, or a policy granting the owner
 * FULL_CONTROL and nothing else) and changes nothing; any other grant, whether in an ACL
 * request or in the headers of a write, is {@code AccessControlListNotSupported}, as S3
 * answers, rather than ignored.
 */
final class AclHandler {
    /** Canned ACLs that grant nothing beyond the owner's full control. */
    private static final Set<String> OWNER_ONLY = Set.of("private", "bucket-owner-full-control");

    private static final List<String> GRANT_HEADERS = List.of(
            "x-amz-grant-full-control",
            "x-amz-grant-read",
            "x-amz-grant-read-acp",
            "x-amz-grant-write",
            "x-amz-grant-write-acp");

    private final Backend backend;

    AclHandler(Backend backend) {
        this.backend = backend;
    }

    /** Refuses the grants a write's headers ask for (PutObject, CopyObject, CreateMultipartUpload, the ACL PUTs). */
    void requireOwnerOnly(Exchange x) throws IOException {
        requireOwnerOnly(x, () -> owner(x), S3Error.ACCESS_CONTROL_LIST_NOT_SUPPORTED);
    }

    /** The same for CreateBucket, whose owner is the caller; S3 answers it with its own code. */
    static void requireOwnerOnlyAtCreate(Exchange x) throws IOException {
        requireOwnerOnly(x, x::accessKey, S3Error.INVALID_BUCKET_ACL_WITH_OBJECT_OWNERSHIP);
    }

    /** The owner, looked up only when a grant header names grantees. */
    interface OwnerLookup {
        String owner() throws IOException;
    }

    private static void requireOwnerOnly(Exchange x, OwnerLookup owner, S3Error refusal) throws IOException {
        String canned = x.header("x-amz-acl");
        if (canned != null && !OWNER_ONLY.contains(canned.trim())) {
            throw refused(refusal, "the canned ACL '" + canned.trim() + "' grants access to others");
        }
        for (String h : GRANT_HEADERS) {
            String grantees = x.header(h);
            if (grantees == null) {
                continue;
            }
            // x-amz-grant-full-control: id="<owner>" restates the owner's grant; any other grantee or permission does
            // not
            if (!h.equals("x-amz-grant-full-control") || !namesOnly(grantees, owner.owner())) {
                throw refused(refusal, h + ": " + grantees.trim() + " grants access to others");
            }
        }
    }

    /** Whether a grant header's list ({@code id="a", uri="..."}) names this canonical user and nobody else. */
    static boolean namesOnly(String grantees, String owner) {
        for (String g : grantees.split(",")) {
            String t = g.trim();
            int eq = t.indexOf('=');
            if (eq < 0 || !t.substring(0, eq).trim().equalsIgnoreCase("id")) {
                return false;
            }
            String id = t.substring(eq + 1).trim();
            if (id.length() >= 2 && id.startsWith("\"") && id.endsWith("\"")) {
                id = id.substring(1, id.length() - 1);
            }
            if (!id.equals(owner)) {
                return false;
            }
        }
        return true;
    }

    S3Response getBucketAcl(Exchange x) throws IOException {
        return S3Response.xml(AccessControlPolicy.ownerFullControl(owner(x)));
    }

    S3Response getObjectAcl(Exchange x) throws IOException {
        String owner = owner(x);
        requireVersion(x); // NoSuchKey, NoSuchVersion
        return S3Response.xml(AccessControlPolicy.ownerFullControl(owner));
    }

    /** The object, or the version {@code versionId} names where versions are kept, exists (every version has the owner's ACL). */
    private void requireVersion(Exchange x) throws IOException {
        String versionId = backend.keepsVersions() ? x.query("versionId") : null;
        backend.headObject(new GetObjectRequest(x.bucket(), x.key(), null, null, false, false, null, versionId));
    }

    S3Response putBucketAcl(Exchange x) throws IOException {
        requireOwnerOnly(x, owner(x));
        return S3Response.ok();
    }

    S3Response putObjectAcl(Exchange x) throws IOException {
        String owner = owner(x);
        requireOwnerOnly(x, owner);
        requireVersion(x);
        return S3Response.ok();
    }

    /** The headers and the body of a Put*Acl: both may only restate the owner's full control. */
    private static void requireOwnerOnly(Exchange x, String owner) throws IOException {
        requireOwnerOnly(x, () -> owner, S3Error.ACCESS_CONTROL_LIST_NOT_SUPPORTED);
        byte[] body = SmallBodies.read(x);
        if (body.length == 0) {
            return;
        }
        for (AccessControlPolicyInput.Grant g :
                S3Xml.read(body, AccessControlPolicyInput.class).grants()) {
            boolean toOwner = g.grantee != null
                    && owner.equals(g.grantee.id)
                    && g.grantee.uri == null
                    && g.grantee.emailAddress == null;
            if (!toOwner || !"FULL_CONTROL".equals(g.permission)) {
                throw notSupported("the policy grants " + g.permission
                        + " to someone other than the owner, or less than full control");
            }
        }
    }

    /** The bucket's owner; a bucket made by other means (no owner recorded) is the root user's, who is the only one reading it. */
    private String owner(Exchange x) throws IOException {
        String owner = backend.bucketOwner(x.bucket());
        return owner != null ? owner : x.accessKey();
    }

    private static S3Exception notSupported(String why) {
        return refused(S3Error.ACCESS_CONTROL_LIST_NOT_SUPPORTED, why);
    }

    private static S3Exception refused(S3Error error, String why) {
        return new S3Exception(
                error, error.defaultMessage() + ": posixgw buckets belong to their owner alone (" + why + ")");
    }
}
