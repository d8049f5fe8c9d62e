package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.acl.Acl;
import io.posixgw.core.acl.AclRequests;
import io.posixgw.core.acl.ObjectOwnership;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.BucketConfig;
import io.posixgw.core.model.GetObjectRequest;
import io.posixgw.core.xml.AccessControlPolicy;
import io.posixgw.core.xml.AccessControlPolicyInput;
import io.posixgw.core.xml.Owner;
import io.posixgw.core.xml.S3Xml;
import io.posixgw.server.auth.Authorizer;
import io.posixgw.server.auth.BucketAcls;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * ACLs as S3 has them, by the bucket's Object Ownership ({@link BucketAcls}).
 * <ul>
 *   <li>BucketOwnerEnforced (the default): ACLs are disabled. The owner has full control of the
 *       bucket and of every object in it, and nobody else has any grant; reading an ACL answers
 *       exactly that, and setting one is accepted when it says the same (no ACL, {@code private},
 *       {@code bucket-owner-full-control}, or a policy granting the owner FULL_CONTROL and nothing
 *       else) and changes nothing; any other grant, in an ACL request or in the headers of a
 *       write, is {@code AccessControlListNotSupported}, as S3 answers, rather than ignored.
 *   <li>BucketOwnerPreferred and ObjectWriter: canned ACLs, grant headers and AccessControlPolicy
 *       bodies are stored (the bucket's in versitygw's {@code acl}, an object's in posixgw's
 *       {@code posixgw.acl}), returned by Get*Acl and evaluated by the {@link Authorizer}. A new
 *       object belongs to its writer (ObjectWriter; BucketOwnerPreferred unless the writer gives
 *       it {@code bucket-owner-full-control}) or to the bucket owner. A public ACL (a grant to
 *       AllUsers or AuthenticatedUsers) is refused while the Public Access Block has BlockPublicAcls.
 * </ul>
 */
final class AclHandler {
    /**
     * The canned ACLs a request may name while ACLs are disabled (writes, Put*Acl, CreateBucket): the owner's
     * own full control, which changes nothing. S3 takes {@code bucket-owner-full-control} (or no ACL) and
     * refuses {@code private} too, except at CreateBucket ("All S3 PUT requests must either specify the
     * bucket-owner-full-control canned ACL or not specify an ACL", its Object Ownership troubleshooting page).
     * posixgw takes {@code private} as well, as it did before ACLs existed here and as versitygw and MinIO do:
     * it grants nobody anything; rclone sends it on every upload by default, s3-tests' core
     * {@code test_bucket_create_special_key_names} on PutObjectAcl, and refusing it breaks such clients for no
     * protection.
     */
    private static final Set<String> OWNER_ONLY = Set.of("private", "bucket-owner-full-control");

    private final Backend backend;
    private final Authorizer authorizer;
    private final BucketAcls acls;

    AclHandler(Backend backend, Authorizer authorizer) {
        this.backend = backend;
        this.authorizer = authorizer;
        this.acls = authorizer.acls();
    }

    /**
     * The ACL a write of a new object (PutObject, CopyObject, CreateMultipartUpload) asks to store
     * with it ({@link io.posixgw.core.model.ObjectAttributes#acl}, published with the object), null when
     * the object is simply the bucket owner's (nothing to store). Refusals come first, before anything is stored.
     */
    Acl forNewObject(Exchange x) throws IOException {
        return forNewObject(x.bucket(), x.accessKey(), x::header);
    }

    /**
     * The same for a writer known by other means (a POST Object form's signer, null when anonymous)
     * and an ACL named by {@code header} ({@code x-amz-acl}, {@code x-amz-grant-*}).
     */
    Acl forNewObject(String bucket, String writerKey, UnaryOperator<String> header) throws IOException {
        String recorded = backend.bucketOwner(bucket);
        String bucketOwner = recorded != null ? recorded : writerKey;
        if (namesNoAcl(header) && (writerKey == null || writerKey.equals(bucketOwner))) {
            // the bucket owner's object in every ownership mode: nothing to check, nothing to store, and no read of
            // the bucket's ownership on the platform's every PUT
            return null;
        }
        ObjectOwnership ownership = acls.ownership(bucket);
        if (!ownership.aclsEnabled()) {
            requireOwnerOnly(header, () -> bucketOwner, S3Error.ACCESS_CONTROL_LIST_NOT_SUPPORTED, OWNER_ONLY);
            return null;
        }
        String writer = writerKey == null ? bucketOwner : writerKey; // an anonymous write is the owner's
        String canned = header.apply("x-amz-acl");
        boolean toBucketOwner = ownership == ObjectOwnership.BUCKET_OWNER_PREFERRED
                && canned != null
                && canned.trim().equals("bucket-owner-full-control");
        String objectOwner = toBucketOwner ? bucketOwner : writer;
        List<Acl.Grant> grants =
                AclRequests.fromHeaders(header, objectOwner, bucketOwner, true, authorizer::accountExists);
        Acl acl = grants == null ? Acl.ownerOnly(objectOwner) : new Acl(objectOwner, grants);
        requireNotBlocked(bucket, acl);
        return acl.equals(Acl.ownerOnly(bucketOwner)) ? null : acl;
    }

    /** Whether a write names no ACL at all: no {@code x-amz-acl}, no {@code x-amz-grant-*}. */
    private static boolean namesNoAcl(UnaryOperator<String> header) {
        if (header.apply("x-amz-acl") != null) {
            return false;
        }
        for (String h : AclRequests.GRANT_HEADERS.keySet()) {
            if (header.apply(h) != null) {
                return false;
            }
        }
        return true;
    }

    /** The same for CreateBucket with ACLs disabled, whose owner is the caller; S3 answers it with its own code. */
    static void requireOwnerOnlyAtCreate(Exchange x) throws IOException {
        requireOwnerOnly(x::header, x::accessKey, S3Error.INVALID_BUCKET_ACL_WITH_OBJECT_OWNERSHIP, OWNER_ONLY);
    }

    /** The owner, looked up only when a grant header names grantees. */
    interface OwnerLookup {
        String owner() throws IOException;
    }

    private static void requireOwnerOnly(
            UnaryOperator<String> header, OwnerLookup owner, S3Error refusal, Set<String> ownerOnly)
            throws IOException {
        String canned = header.apply("x-amz-acl");
        if (canned != null && !ownerOnly.contains(canned.trim())) {
            throw refused(refusal, "the canned ACL '" + canned.trim() + "' is not one of " + ownerOnly);
        }
        for (String h : AclRequests.GRANT_HEADERS.keySet()) {
            String grantees = header.apply(h);
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
        if (!acls.ownership(x.bucket()).aclsEnabled()) {
            return S3Response.xml(AccessControlPolicy.ownerFullControl(owner(x)));
        }
        return S3Response.xml(asXml(acls.bucketAcl(x.bucket())));
    }

    S3Response getObjectAcl(Exchange x) throws IOException {
        String owner = owner(x);
        requireVersion(x); // NoSuchKey, NoSuchVersion
        if (!acls.ownership(x.bucket()).aclsEnabled()) {
            return S3Response.xml(AccessControlPolicy.ownerFullControl(owner));
        }
        return S3Response.xml(asXml(acls.objectAcl(x.bucket(), x.key(), versionId(x))));
    }

    /** The version a request names where versions are kept (null: the current one). */
    private String versionId(Exchange x) {
        return backend.keepsVersions() ? x.query("versionId") : null;
    }

    /** The object, or the version {@code versionId} names where versions are kept, exists (every version has the owner's ACL). */
    private void requireVersion(Exchange x) throws IOException {
        backend.headObject(new GetObjectRequest(x.bucket(), x.key(), null, null, false, false, null, versionId(x)));
    }

    S3Response putBucketAcl(Exchange x) throws IOException {
        String owner = owner(x);
        if (!acls.ownership(x.bucket()).aclsEnabled()) {
            requireOwnerOnly(x, owner);
            return S3Response.ok();
        }
        Acl acl = requested(x, owner, owner, false);
        requireNotBlocked(x.bucket(), acl);
        backend.putBucketConfig(x.bucket(), BucketConfig.ACL, acl.toJson());
        return S3Response.ok();
    }

    S3Response putObjectAcl(Exchange x) throws IOException {
        String owner = owner(x);
        if (!acls.ownership(x.bucket()).aclsEnabled()) {
            requireOwnerOnly(x, owner);
            requireVersion(x); // NoSuchKey, NoSuchVersion
            return S3Response.ok();
        }
        Acl current = acls.objectAcl(x.bucket(), x.key(), versionId(x)); // NoSuchKey, NoSuchVersion
        Acl acl = requested(x, current.owner(), owner, true);
        requireNotBlocked(x.bucket(), acl);
        backend.putObjectAcl(x.bucket(), x.key(), versionId(x), acl.toJson());
        return S3Response.ok();
    }

    /**
     * The ACL a Put*Acl asks for, owned by {@code aclOwner}: a body, or headers (canned or grants), never
     * both (400 UnexpectedContent), never neither (400 MissingSecurityHeader), as S3 answers.
     */
    private Acl requested(Exchange x, String aclOwner, String bucketOwner, boolean objectLevel) throws IOException {
        byte[] body = SmallBodies.read(x);
        boolean inHeaders = AclRequests.inHeaders(x::header);
        if (body.length > 0) {
            if (inHeaders) {
                throw S3Error.UNEXPECTED_CONTENT.exception();
            }
            return AclRequests.fromBody(body, aclOwner, authorizer::accountExists);
        }
        List<Acl.Grant> grants =
                AclRequests.fromHeaders(x::header, aclOwner, bucketOwner, objectLevel, authorizer::accountExists);
        if (grants == null) {
            throw S3Error.MISSING_SECURITY_HEADER.exception();
        }
        return new Acl(aclOwner, grants);
    }

    /** BlockPublicAcls: a PUT of a public ACL is 403 AccessDenied, as S3 answers. */
    private void requireNotBlocked(String bucket, Acl acl) throws IOException {
        if (acl.isPublic() && authorizer.blockOf(bucket).blockPublicAcls()) {
            throw new S3Exception(
                    S3Error.ACCESS_DENIED,
                    S3Error.ACCESS_DENIED.defaultMessage() + ": the bucket's Public Access Block blocks public ACLs");
        }
    }

    /** The stored ACL as GetBucketAcl and GetObjectAcl answer it. */
    static AccessControlPolicy asXml(Acl acl) {
        List<AccessControlPolicy.Grant> grants = new ArrayList<>();
        for (Acl.Grant g : acl.grantees()) {
            AccessControlPolicy.Grantee grantee;
            if (g.isGroup()) {
                String uri = AclRequests.uriOf(g);
                if (uri == null) {
                    continue; // a group posixgw does not know grants nothing
                }
                grantee = AccessControlPolicy.Grantee.group(uri);
            } else {
                grantee = AccessControlPolicy.Grantee.user(g.access());
            }
            grants.add(new AccessControlPolicy.Grant(grantee, g.permission()));
        }
        return new AccessControlPolicy(
                new Owner(acl.owner(), acl.owner()), new AccessControlPolicy.AccessControlList(grants));
    }

    /** The headers and the body of a Put*Acl with ACLs disabled: both may only restate the owner's full control. */
    private static void requireOwnerOnly(Exchange x, String owner) throws IOException {
        requireOwnerOnly(x::header, () -> owner, S3Error.ACCESS_CONTROL_LIST_NOT_SUPPORTED, OWNER_ONLY);
        byte[] body = SmallBodies.read(x);
        if (body.length == 0) {
            return;
        }
        List<AccessControlPolicyInput.Grant> grants =
                S3Xml.read(body, AccessControlPolicyInput.class).grants();
        if (grants.isEmpty()) {
            // no grant at all takes the owner's full control away: not the one ACL S3 still accepts
            throw refused(S3Error.ACCESS_CONTROL_LIST_NOT_SUPPORTED, "the policy grants nothing to the owner");
        }
        for (AccessControlPolicyInput.Grant g : grants) {
            boolean toOwner = g.grantee != null
                    && owner.equals(g.grantee.id)
                    && g.grantee.uri == null
                    && g.grantee.emailAddress == null;
            if (!toOwner || !"FULL_CONTROL".equals(g.permission)) {
                throw refused(
                        S3Error.ACCESS_CONTROL_LIST_NOT_SUPPORTED,
                        "the policy grants " + g.permission
                                + " to someone other than the owner, or less than full control");
            }
        }
    }

    /** The bucket's owner; a bucket made by other means (no owner recorded) is the root user's, who is the only one reading it. */
    private String owner(Exchange x) throws IOException {
        String owner = backend.bucketOwner(x.bucket());
        return owner != null ? owner : x.accessKey();
    }

    private static S3Exception refused(S3Error error, String why) {
        return new S3Exception(
                error, error.defaultMessage() + ": the bucket's Object Ownership is BucketOwnerEnforced (" + why + ")");
    }
}
