package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.acl.Acl;
import io.posixgw.core.acl.AclRequests;
import io.posixgw.core.acl.ObjectOwnership;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.BucketConfig;
import io.posixgw.core.listing.ContinuationToken;
import io.posixgw.core.lock.LockConfiguration;
import io.posixgw.core.model.BucketInfo;
import io.posixgw.core.policy.PublicAccessBlock;
import io.posixgw.core.xml.CreateBucketConfiguration;
import io.posixgw.core.xml.ListAllMyBucketsResult;
import io.posixgw.core.xml.LocationConstraint;
import io.posixgw.core.xml.Owner;
import io.posixgw.core.xml.S3Xml;
import io.posixgw.server.auth.Authorizer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Bucket-level operations: list, create, head, delete, location. */
final class BucketHandler {
    static final String US_EAST_1 = "us-east-1";
    private static final String AWS_GLOBAL = "aws-global";

    private final Backend backend;
    private final String region;
    private final Authorizer authorizer;
    /** What a bucket gets when CreateBucket names no Object Ownership: S3's default since 2023, or before. */
    private final ObjectOwnership defaultOwnership;
    /** The Public Access Block a new bucket starts with (all on since 2023, all off before). */
    private final PublicAccessBlock newBucketBlock;

    BucketHandler(Backend backend, String region, Authorizer authorizer, boolean legacyDefaults) {
        this.backend = backend;
        this.region = region;
        this.authorizer = authorizer;
        this.defaultOwnership = legacyDefaults ? ObjectOwnership.OBJECT_WRITER : ObjectOwnership.BUCKET_OWNER_ENFORCED;
        this.newBucketBlock = legacyDefaults ? PublicAccessBlock.NONE : PublicAccessBlock.ALL;
    }

    /**
     * The caller's buckets in name order, narrowed by {@code prefix} and {@code bucket-region}
     * (every bucket is in this server's region), paged when {@code max-buckets} is given: the
     * answer's {@code ContinuationToken} then starts the next page. With any of these parameters
     * each bucket carries its {@code BucketRegion}, as S3 answers.
     */
    S3Response listBuckets(Exchange x) throws IOException {
        String prefix = x.query("prefix");
        String bucketRegion = x.query("bucket-region");
        Integer maxBuckets = maxBuckets(x.query("max-buckets"));
        String token = x.query("continuation-token");
        String after = token == null || token.isEmpty() ? null : ContinuationToken.decode(token);
        // S3 names each bucket's region when the request carries any of these parameters
        boolean asked = prefix != null || bucketRegion != null || maxBuckets != null || token != null;

        List<BucketInfo> visible = new ArrayList<>(authorizer.visibleBuckets(x.caller(), backend.listBuckets()));
        visible.sort(java.util.Comparator.comparing(BucketInfo::name));
        List<ListAllMyBucketsResult.Bucket> buckets = new ArrayList<>();
        String next = null;
        for (BucketInfo b : visible) {
            if (prefix != null && !b.name().startsWith(prefix)
                    || after != null && b.name().compareTo(after) <= 0
                    || bucketRegion != null && !bucketRegion.equals(region)) {
                continue;
            }
            if (maxBuckets != null && buckets.size() == maxBuckets) {
                next = ContinuationToken.encode(buckets.get(buckets.size() - 1).name());
                break;
            }
            buckets.add(new ListAllMyBucketsResult.Bucket(
                    b.name(), S3Xml.timestamp(b.creationDate()), asked ? region : null));
        }
        return S3Response.xml(
                new ListAllMyBucketsResult(new Owner(x.accessKey(), x.accessKey()), buckets, next, prefix));
    }

    /** {@code max-buckets}: 1 to 10,000, as S3 allows; null when not given (one page with everything). */
    private static Integer maxBuckets(String value) {
        if (value == null) {
            return null;
        }
        int n;
        try {
            n = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            n = 0;
        }
        if (n < 1 || n > 10_000) {
            throw new S3Exception(
                    S3Error.INVALID_ARGUMENT, "Argument max-buckets must be an integer between 1 and 10000");
        }
        return n;
    }

    S3Response create(Exchange x) throws IOException {
        byte[] body = SmallBodies.read(x);
        String constraint = null;
        if (body.length > 0) {
            constraint = S3Xml.read(body, CreateBucketConfiguration.class).locationConstraint;
        }
        checkLocation(constraint);
        if (ownedInUsEast1(x)) {
            return recreated(x);
        }
        java.util.Map<BucketConfig, byte[]> configs = aclAtCreate(x);
        // versitygw and S3: "true" in any case enables Object Lock; any other value does not
        LockConfiguration lock = "true".equalsIgnoreCase(trimmed(x.header("x-amz-bucket-object-lock-enabled")))
                ? LockConfiguration.enabledAt(java.time.Instant.now())
                : null;
        try {
            backend.createBucket(x.bucket(), x.accessKey(), lock, configs);
        } catch (S3Exception e) {
            if (e.error() != S3Error.BUCKET_ALREADY_OWNED_BY_YOU || !ownedInUsEast1(x)) {
                throw e;
            }
            return recreated(x); // made by the caller since the look above
        }
        if (lock != null && backend.keepsVersions()) {
            // S3 and versitygw: a bucket created with Object Lock is versioned from the start
            backend.putBucketVersioning(x.bucket(), "Enabled");
        }
        return S3Response.ok().header("Location", "/" + x.bucket());
    }

    /**
     * The Object Ownership ({@code x-amz-object-ownership}, BucketOwnerEnforced by default as on S3),
     * Public Access Block and ACL a new bucket is born with, written with it (the backend's own
     * defaults are overridden, so both kinds of default are decided here). With ACLs disabled only the
     * owner's own full control may be asked for (else 400 InvalidBucketAclWithObjectOwnership); with
     * them enabled the caller's canned ACL or grants, but nothing public while the new bucket's Public
     * Access Block blocks public ACLs (400 InvalidBucketAclWithBlockPublicAccessError, as S3 answers
     * since 2023).
     */
    private java.util.Map<BucketConfig, byte[]> aclAtCreate(Exchange x) throws IOException {
        ObjectOwnership requested = requestedOwnership(x);
        ObjectOwnership ownership = requested == null ? defaultOwnership : requested;
        java.util.Map<BucketConfig, byte[]> configs = new java.util.EnumMap<>(BucketConfig.class);
        configs.put(BucketConfig.OWNERSHIP, ownership.wire().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        configs.put(BucketConfig.PUBLIC_ACCESS_BLOCK, newBucketBlock.toJson());
        if (!ownership.aclsEnabled()) {
            AclHandler.requireOwnerOnlyAtCreate(x);
            return configs;
        }
        List<Acl.Grant> grants =
                AclRequests.fromHeaders(x::header, x.accessKey(), x.accessKey(), false, authorizer::accountExists);
        if (grants != null) {
            Acl acl = new Acl(x.accessKey(), grants);
            if (acl.isPublic() && newBucketBlock.blockPublicAcls()) {
                throw S3Error.INVALID_BUCKET_ACL_WITH_BLOCK_PUBLIC_ACCESS.exception();
            }
            configs.put(BucketConfig.ACL, acl.toJson());
        }
        return configs;
    }

    /**
     * Whether the bucket exists and is the caller's, on a us-east-1 server: AWS answers a CreateBucket of
     * it 200 there and 409 {@code BucketAlreadyOwnedByYou} in every other region. Only the recorded owner
     * gets the 200; root or an admin creating someone else's bucket keeps the 409.
     */
    private boolean ownedInUsEast1(Exchange x) throws IOException {
        if (!region.equals(US_EAST_1) || x.accessKey() == null) {
            return false;
        }
        try {
            return x.accessKey().equals(backend.bucketOwner(x.bucket()));
        } catch (S3Exception gone) {
            return false;
        }
    }

    /**
     * AWS's legacy answer to a CreateBucket of your own bucket in us-east-1: 200, and it "resets the bucket
     * access control lists (ACLs)" (CreateBucket's {@code BucketAlreadyOwnedByYou}). The bucket's ACL becomes
     * the one this request names (a canned ACL or grants; none: {@code private}, the owner's full control),
     * judged by the bucket's own Object Ownership and Public Access Block, as at CreateBucket, and as a
     * PutBucketAcl it needs {@code s3:PutBucketAcl} (a policy's explicit Deny of it refuses the request). With
     * ACLs disabled only the owner's full control may be named and the ACL stays as it is. Nothing else
     * (ownership, Object Lock, the block, the objects) changes: AWS documents only the ACL's reset.
     */
    private S3Response recreated(Exchange x) throws IOException {
        requestedOwnership(x); // an invalid header is refused as at any CreateBucket; it does not change the bucket
        if (!authorizer.acls().ownership(x.bucket()).aclsEnabled()) {
            AclHandler.requireOwnerOnlyAtCreate(x);
            return S3Response.ok().header("Location", "/" + x.bucket());
        }
        // the bucket-level check of s3:PutBucketAcl (requireObject with no key): an explicit Deny refuses it
        authorizer.requireObject(x.caller(), "s3:PutBucketAcl", x.request(), x.client(), x.bucket(), null);
        List<Acl.Grant> grants =
                AclRequests.fromHeaders(x::header, x.accessKey(), x.accessKey(), false, authorizer::accountExists);
        Acl acl = grants == null ? Acl.ownerOnly(x.accessKey()) : new Acl(x.accessKey(), grants);
        if (acl.isPublic() && authorizer.blockOf(x.bucket()).blockPublicAcls()) {
            throw S3Error.INVALID_BUCKET_ACL_WITH_BLOCK_PUBLIC_ACCESS.exception();
        }
        backend.putBucketConfig(x.bucket(), BucketConfig.ACL, acl.toJson());
        return S3Response.ok().header("Location", "/" + x.bucket());
    }

    /** {@code x-amz-object-ownership}, or null when the request names none; an unknown value is InvalidArgument. */
    private static ObjectOwnership requestedOwnership(Exchange x) {
        String header = trimmed(x.header("x-amz-object-ownership"));
        if (header == null) {
            return null;
        }
        ObjectOwnership ownership = ObjectOwnership.parse(header);
        if (ownership == null) {
            throw new S3Exception(S3Error.INVALID_ARGUMENT, "Invalid x-amz-object-ownership header: " + header);
        }
        return ownership;
    }

    private static String trimmed(String s) {
        return s == null ? null : s.trim();
    }

    /**
     * No constraint means us-east-1; otherwise the constraint must name the configured
     * region. AWS itself refuses an explicit {@code us-east-1}, but the MinIO Java SDK
     * sends exactly that on every makeBucket, so it is accepted when it is the region; so is
     * {@code aws-global}, which awscli sends for {@code aws s3 mb} when no region is configured
     * (botocore's name for us-east-1's global endpoint).
     */
    private void checkLocation(String given) {
        String constraint = AWS_GLOBAL.equals(given) ? US_EAST_1 : given;
        boolean empty = constraint == null || constraint.isEmpty();
        if (empty) {
            if (!region.equals(US_EAST_1)) {
                throw new S3Exception(
                        S3Error.INVALID_LOCATION_CONSTRAINT,
                        "The unspecified location constraint is incompatible for the region specific endpoint this request was sent to.");
            }
            return;
        }
        if (!constraint.equals(region)) {
            throw new S3Exception(
                    S3Error.INVALID_LOCATION_CONSTRAINT,
                    "The specified location-constraint is not valid: '" + constraint + "' (this server's region is "
                            + region + ")");
        }
    }

    S3Response head(Exchange x) throws IOException {
        backend.headBucket(x.bucket());
        return S3Response.ok().header("x-amz-bucket-region", region);
    }

    S3Response delete(Exchange x) throws IOException {
        backend.deleteBucket(x.bucket());
        return S3Response.noContent();
    }

    S3Response location(Exchange x) throws IOException {
        backend.headBucket(x.bucket());
        return S3Response.xml(new LocationConstraint(region.equals(US_EAST_1) ? "" : region));
    }
}
