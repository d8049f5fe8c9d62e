package io.posixgw.server.auth;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.model.BucketInfo;
import io.posixgw.server.routing.CopySource;
import io.posixgw.server.routing.Endpoint;
import io.posixgw.server.routing.S3Request;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Who may do what, in one place, from the permission each {@link Endpoint} declares and
 * versitygw's rules: root and admin may do everything; a {@code userplus} may create
 * buckets and a {@code user} may not; both may use (READ, WRITE and OWNER alike) only the
 * buckets they own, the owner being the {@code acl} recorded on the bucket directory at
 * CreateBucket, so every gateway sharing the root decides alike. A copy needs the source
 * bucket as well. ACL grants to others and bucket policies are not consulted: a user is
 * refused where versitygw might allow it through them, never the other way round.
 * Runs on a worker: reading an owner touches the disk (root and admin never do).
 */
public final class Authorizer {
    private final Backend backend;

    public Authorizer(Backend backend) {
        this.backend = backend;
    }

    /** Throws {@code AccessDenied} (or {@code NoSuchBucket}, {@code BucketAlreadyExists}) when the caller may not run this. */
    public void authorize(Principal caller, Endpoint endpoint, S3Request request) throws IOException {
        requireExpectedOwners(caller, endpoint, request);
        if (caller.role().seesAllBuckets() || endpoint.level() == Endpoint.Level.SERVICE) {
            return; // ListBuckets: the answer is narrowed by visibleBuckets
        }
        switch (endpoint.permission()) {
            case OWNER:
                if (endpoint == Endpoint.CREATE_BUCKET) {
                    requireCreate(caller, request.bucket());
                } else {
                    requireOwner(caller, request.bucket());
                }
                break;
            case READ:
            case WRITE:
                requireOwner(caller, request.bucket());
                break;
            case NONE:
                return; // a preflight: the bucket's CORS rules answer it, and it reads or changes nothing else
            default:
                throw denied();
        }
        if (endpoint.copy() == Endpoint.Copy.REQUIRED) {
            // reading the source: the caller must own its bucket too
            requireOwner(
                    caller,
                    CopySource.parse(request.header("x-amz-copy-source")).bucket());
        }
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
                if (caller.accessKey().equals(backend.bucketOwner(b.name()))) {
                    out.add(b);
                }
            } catch (S3Exception gone) {
                // deleted meanwhile, or unreadable: not shown
            }
        }
        return out;
    }

    private void requireOwner(Principal caller, String bucket) throws IOException {
        if (!caller.accessKey().equals(backend.bucketOwner(bucket))) {
            throw denied();
        }
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
