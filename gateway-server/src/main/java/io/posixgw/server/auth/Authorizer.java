package io.posixgw.server.auth;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.BucketConfig;
import io.posixgw.core.model.BucketInfo;
import io.posixgw.core.policy.BucketPolicy;
import io.posixgw.core.policy.PolicyParser;
import io.posixgw.core.policy.PolicyRequest;
import io.posixgw.core.policy.PublicAccessBlock;
import io.posixgw.server.routing.CopySource;
import io.posixgw.server.routing.Endpoint;
import io.posixgw.server.routing.S3Request;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who may do what, in one place, with versitygw's roles and S3's bucket policies:
 * <ul>
 *   <li>root and {@code admin} may do everything, whatever a policy says;
 *   <li>a {@code userplus} may create buckets, a {@code user} and an anonymous caller may not;
 *   <li>the bucket owner (the {@code acl} recorded on the bucket directory at CreateBucket) may
 *       do everything on its bucket unless the bucket policy explicitly denies it, except read an
 *       object another account owns, or that object's ACL (ACLs enabled: then the object's ACL or
 *       the policy decides, as on S3), and keeps
 *       Get/Put/DeleteBucketPolicy even then ({@link PolicyActions#ownerKeeps}), as AWS keeps them
 *       for the owning account, so that it can always undo a policy that locks it out;
 *   <li>anyone else, an unsigned caller included, only what the bucket policy allows
 *       ({@link PolicyActions} names the action; an explicit Deny wins) or, on a bucket with ACLs
 *       enabled (Object Ownership other than BucketOwnerEnforced), what a grant of the bucket's or
 *       the object's ACL gives it ({@link BucketAcls}), and never the policy, Public Access Block
 *       and ownership APIs (405 when the policy would allow them, as S3 answers another account).
 *       While the policy is public and the bucket's Public Access Block has RestrictPublicBuckets,
 *       the policy allows nobody but the owner; with IgnorePublicAcls grants to AllUsers and
 *       AuthenticatedUsers give nothing.
 * </ul>
 * A copy also needs {@code s3:GetObject} on its source; DeleteObjects needs
 * {@code s3:DeleteObject} per key ({@link #requireObject}). Everything is read from the bucket
 * on each request (owner, policy, block), so every gateway sharing the root decides alike.
 * Runs where the operation runs (a worker, or the event loop for GetObject and HeadObject): reading
 * touches the disk (root and admin never do).
 */
public final class Authorizer {
    private static final Logger LOG = LoggerFactory.getLogger(Authorizer.class);

    private final Backend backend;
    private final java.util.function.Predicate<String> accountExists;
    private final BucketAcls acls;

    /** An authorizer for which every access key a policy names is an account (tests). */
    public Authorizer(Backend backend) {
        this(backend, key -> true);
    }

    /** @param accountExists whether an access key is an account of this server (root or {@code users.json}) */
    public Authorizer(Backend backend, java.util.function.Predicate<String> accountExists) {
        this.backend = backend;
        this.accountExists = accountExists;
        this.acls = new BucketAcls(backend);
    }

    /** Whether a principal a policy names is an account here: PutBucketPolicy refuses others, as S3 does. */
    public boolean accountExists(String accessKey) {
        return accountExists.test(accessKey);
    }

    /** Throws {@code AccessDenied} (or {@code NoSuchBucket}, {@code BucketAlreadyExists}) when the caller may not run this. */
    public void authorize(Principal caller, Endpoint endpoint, S3Request request) throws IOException {
        authorize(caller, endpoint, request, Client.UNKNOWN);
    }

    public void authorize(Principal caller, Endpoint endpoint, S3Request request, Client client) throws IOException {
        requireExpectedOwners(caller, endpoint, request);
        if (caller.role().seesAllBuckets()) {
            return;
        }
        if (endpoint.permission() == Endpoint.Permission.NONE) {
            return; // a preflight: the bucket's CORS rules answer it, and it reads or changes nothing else
        }
        if (endpoint.level() == Endpoint.Level.SERVICE) {
            if (caller.anonymous()) {
                throw denied(); // ListBuckets needs an account
            }
            return; // the answer is narrowed by visibleBuckets
        }
        if (endpoint == Endpoint.CREATE_BUCKET) {
            requireCreate(caller, request.bucket());
            return;
        }
        if (endpoint == Endpoint.DELETE_OBJECTS) {
            backend.headBucket(request.bucket()); // each key is authorised as it is deleted
            return;
        }
        check(caller, endpoint, PolicyActions.of(endpoint), request, client, request.bucket(), request.key());
        if (endpoint.copy() == Endpoint.Copy.REQUIRED) {
            CopySource source = CopySource.parse(request.header("x-amz-copy-source"));
            check(caller, Endpoint.GET_OBJECT, "s3:GetObject", request, client, source.bucket(), source.key());
        }
    }

    /**
     * Whether an anonymous caller may do {@code action} on the bucket ({@code key} null) or one
     * of its objects: the check for requests authenticated by other means than a signature
     * (POST Object's form). Throws {@code NoSuchBucket} when the bucket does not exist.
     */
    public boolean anonymousAllowed(String action, S3Request request, Client client, String bucket, String key)
            throws IOException {
        try {
            check(Principal.ANONYMOUS, null, action, request, client, bucket, key);
            return true;
        } catch (S3Exception e) {
            if (e.error() == S3Error.ACCESS_DENIED) {
                return false;
            }
            throw e;
        }
    }

    /** One key of a DeleteObjects (or any per-object action): {@code AccessDenied} unless the caller may. */
    public void requireObject(
            Principal caller, String action, S3Request request, Client client, String bucket, String key)
            throws IOException {
        if (!caller.role().seesAllBuckets()) {
            check(caller, null, action, request, client, bucket, key);
        }
    }

    private void check(
            Principal caller,
            Endpoint endpoint,
            String action,
            S3Request request,
            Client client,
            String bucket,
            String key)
            throws IOException {
        String owner = backend.bucketOwner(bucket);
        boolean isOwner = caller.accessKey() != null && caller.accessKey().equals(owner);
        boolean ownerOnly = endpoint != null && PolicyActions.ownerOnly(endpoint);
        if (isOwner && endpoint != null && PolicyActions.ownerKeeps(endpoint)) {
            return;
        }
        BucketPolicy policy = policyOf(bucket);
        BucketPolicy.Decision decision = BucketPolicy.Decision.NONE;
        if (policy != null) {
            String resource = key == null ? PolicyRequest.bucketArn(bucket) : PolicyRequest.objectArn(bucket, key);
            PolicyRequest asked = new PolicyRequest(
                    caller.accessKey(),
                    action,
                    resource,
                    new RequestConditions(caller, request, client, backend, bucket, key));
            try {
                decision = policy.evaluate(asked);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }
        if (decision == BucketPolicy.Decision.DENY) {
            throw denied();
        }
        if (isOwner && !objectOfAnother(caller, action, bucket, key, request)) {
            return;
        }
        if (decision == BucketPolicy.Decision.ALLOW
                && policy.isPublic()
                && blockOf(bucket).restrictPublicBuckets()) {
            decision = BucketPolicy.Decision.NONE;
        }
        if (ownerOnly) {
            throw decision == BucketPolicy.Decision.ALLOW
                    ? new S3Exception(S3Error.METHOD_NOT_ALLOWED, S3Error.METHOD_NOT_ALLOWED.defaultMessage())
                    : denied();
        }
        if (decision == BucketPolicy.Decision.ALLOW) {
            return;
        }
        // no Deny, no Allow by the policy: an ACL grant may still allow it, as S3 evaluates them together
        String versionId = backend.keepsVersions() && request != null ? request.queryParam("versionId") : null;
        boolean granted;
        try {
            granted = acls.allows(
                    caller.accessKey(),
                    action,
                    bucket,
                    key,
                    versionId,
                    blockOf(bucket).ignorePublicAcls());
        } catch (S3Exception missing) {
            throw hideMissingKey(missing, caller, request, client, bucket);
        }
        if (!granted) {
            throw denied();
        }
    }

    /** The object actions an object's ACL decides (S3's "ACL permission mapping": READ, READ_ACP, WRITE_ACP). */
    private static final java.util.Set<String> OBJECT_ACL_ACTIONS = java.util.Set.of(
            "s3:GetObject",
            "s3:GetObjectVersion",
            "s3:GetObjectAcl",
            "s3:GetObjectVersionAcl",
            "s3:PutObjectAcl",
            "s3:PutObjectVersionAcl");

    /**
     * Whether the bucket owner asks to read an object, or its ACL, that another account owns: with ACLs
     * enabled (an object written under ObjectWriter, or under BucketOwnerPreferred without
     * {@code bucket-owner-full-control}) S3 gives the bucket owner only what the object's ACL grants it,
     * or the policy allows. False for a missing object (the operation answers NoSuchKey).
     */
    private boolean objectOfAnother(Principal caller, String action, String bucket, String key, S3Request request)
            throws IOException {
        if (key == null
                || !OBJECT_ACL_ACTIONS.contains(action)
                || !acls.ownership(bucket).aclsEnabled()) {
            return false;
        }
        String versionId = backend.keepsVersions() && request != null ? request.queryParam("versionId") : null;
        try {
            return !acls.objectAcl(bucket, key, versionId).owner().equals(caller.accessKey());
        } catch (S3Exception missing) {
            return false;
        }
    }

    /**
     * What a caller gets when the key it asked for does not exist: {@code NoSuchKey} (404) if it may
     * list the bucket, else 403 {@code AccessDenied}, so that nobody learns which keys exist without
     * the right to list them (S3's GetObject and HeadObject: "If you don't have the s3:ListBucket
     * permission, Amazon S3 returns an HTTP status code 403"). Any other error is returned as it is.
     */
    public S3Exception hideMissingKey(
            S3Exception error, Principal caller, S3Request request, Client client, String bucket) throws IOException {
        if ((error.error() != S3Error.NO_SUCH_KEY && error.error() != S3Error.NO_SUCH_VERSION)
                || caller.role().seesAllBuckets()) {
            return error;
        }
        try {
            check(caller, null, "s3:ListBucket", request, client, bucket, null);
            return error;
        } catch (S3Exception refused) {
            if (refused.error() == S3Error.ACCESS_DENIED) {
                return denied();
            }
            throw refused;
        }
    }

    /** The bucket's Object Ownership and ACLs. */
    public BucketAcls acls() {
        return acls;
    }

    /** The bucket's policy, null when it has none. One that cannot be read allows nothing and denies nothing. */
    private BucketPolicy policyOf(String bucket) throws IOException {
        byte[] stored = backend.getBucketConfig(bucket, BucketConfig.POLICY);
        if (stored == null) {
            return null;
        }
        try {
            return PolicyParser.read(stored, bucket);
        } catch (S3Exception unreadable) {
            LOG.warn(
                    "bucket {}: its stored policy cannot be read ({}); it is ignored", bucket, unreadable.getMessage());
            return null;
        }
    }

    /** The bucket's Public Access Block; a bucket without one blocks nothing (as S3, and as versitygw's buckets are). */
    public PublicAccessBlock blockOf(String bucket) throws IOException {
        byte[] stored = backend.getBucketConfig(bucket, BucketConfig.PUBLIC_ACCESS_BLOCK);
        return stored == null ? PublicAccessBlock.NONE : PublicAccessBlock.fromJson(stored);
    }

    /**
     * S3's {@code x-amz-expected-bucket-owner} (and, on a copy, {@code x-amz-source-expected-bucket-owner}
     * for the source bucket): 403 {@code AccessDenied} unless it names the bucket's owner as posixgw
     * reports it in ACLs and listings (the owner's access key; a bucket without a recorded owner
     * reports the caller). For every caller, root included: the header guards the client against
     * writing into a bucket it did not mean, not the server against the caller.
     */
    private void requireExpectedOwners(Principal caller, Endpoint endpoint, S3Request request) throws IOException {
        if (endpoint.takes().headers().contains(Endpoint.Takes.EXPECTED_BUCKET_OWNER)) {
            requireExpectedOwner(caller, request.bucket(), request.header(Endpoint.Takes.EXPECTED_BUCKET_OWNER));
        }
        if (endpoint.takes().headers().contains(Endpoint.Takes.SOURCE_EXPECTED_BUCKET_OWNER)) {
            String expected = request.header(Endpoint.Takes.SOURCE_EXPECTED_BUCKET_OWNER);
            if (expected != null) {
                requireExpectedOwner(
                        caller,
                        CopySource.parse(request.header("x-amz-copy-source")).bucket(),
                        expected);
            }
        }
    }

    private void requireExpectedOwner(Principal caller, String bucket, String expected) throws IOException {
        if (expected == null) {
            return;
        }
        String owner = backend.bucketOwner(bucket);
        if (!expected.trim().equals(owner != null ? owner : caller.accessKey())) {
            throw denied();
        }
    }

    /** The buckets ListBuckets shows this caller: all for root and admin, else the ones it owns. */
    public List<BucketInfo> visibleBuckets(Principal caller, List<BucketInfo> all) throws IOException {
        if (caller.role().seesAllBuckets()) {
            return all;
        }
        List<BucketInfo> out = new ArrayList<>();
        for (BucketInfo b : all) {
            try {
                if (caller.accessKey() != null && caller.accessKey().equals(backend.bucketOwner(b.name()))) {
                    out.add(b);
                }
            } catch (S3Exception gone) {
                // deleted meanwhile, or unreadable: not shown
            }
        }
        return out;
    }

    /** A user may not create; a bucket that exists already is someone else's unless the caller owns it. */
    private void requireCreate(Principal caller, String bucket) throws IOException {
        if (!caller.role().createsBuckets()) {
            throw denied();
        }
        String owner;
        try {
            owner = backend.bucketOwner(bucket);
        } catch (S3Exception e) {
            if (e.error() == S3Error.NO_SUCH_BUCKET) {
                return;
            }
            throw e;
        }
        if (!caller.accessKey().equals(owner)) {
            throw S3Error.BUCKET_ALREADY_EXISTS.exception();
        }
    }

    private static S3Exception denied() {
        return new S3Exception(S3Error.ACCESS_DENIED, S3Error.ACCESS_DENIED.defaultMessage());
    }
}
