package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.server.auth.Authenticator;
import io.posixgw.server.auth.Authorizer;
import io.posixgw.server.routing.Endpoint;
import io.posixgw.server.routing.S3Request;
import io.posixgw.server.routing.Versions;
import java.io.IOException;
import java.time.Clock;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/**
 * Runs an endpoint: authorises the caller, then the handler bound to its row. Each implemented
 * {@link Endpoint} has exactly one binding here (checked when this is built, and by a test),
 * with the checks it shares with others ahead of it. Called on a blocking worker thread.
 */
public final class Operations {
    /** An operation's code: one method of a family handler. */
    @FunctionalInterface
    interface Handler {
        S3Response run(Exchange x) throws IOException;
    }

    private final Map<Endpoint, Handler> handlers = new EnumMap<>(Endpoint.class);
    private final AclHandler acls;
    private final Authorizer authorizer;
    private final CorsResponder corsResponder;
    private final Backend backend;

    /** With AWS's defaults for new buckets (since April 2023). */
    public Operations(Backend backend, String region, Authorizer authorizer, Authenticator authenticator) {
        this(backend, region, authorizer, authenticator, false);
    }

    /**
     * @param authenticator verifies the signatures POST Object forms carry
     * @param legacyBucketDefaults new buckets as on S3 before April 2023: ACLs enabled, no Public Access Block
     */
    public Operations(
            Backend backend,
            String region,
            Authorizer authorizer,
            Authenticator authenticator,
            boolean legacyBucketDefaults) {
        this.authorizer = authorizer;
        this.corsResponder = new CorsResponder(backend);
        this.backend = backend;
        BucketHandler buckets = new BucketHandler(backend, region, authorizer, legacyBucketDefaults);
        ObjectGetHandler gets = new ObjectGetHandler(backend);
        ObjectLockGuard locks = new ObjectLockGuard(backend, java.time.Clock.systemUTC());
        ObjectPutHandler puts = new ObjectPutHandler(backend, locks);
        ObjectCopyHandler copies = new ObjectCopyHandler(backend, locks);
        ObjectDeleteHandler deletes = new ObjectDeleteHandler(backend, authorizer);
        ListObjectsHandler lists = new ListObjectsHandler(backend, authorizer.acls());
        MultipartHandler multipart = new MultipartHandler(backend, locks);
        ObjectLockHandler objectLocks = new ObjectLockHandler(backend, locks);
        ObjectTaggingHandler tagging = new ObjectTaggingHandler(backend);
        ObjectAttributesHandler attributes = new ObjectAttributesHandler(backend);
        this.acls = new AclHandler(backend, authorizer);
        BucketConfigHandler configs = new BucketConfigHandler(backend);
        BucketTaggingHandler bucketTags = new BucketTaggingHandler(backend);
        BucketCorsHandler cors = new BucketCorsHandler(backend);
        BucketPolicyHandler policies = new BucketPolicyHandler(backend, authorizer);
        PublicAccessBlockHandler publicAccess = new PublicAccessBlockHandler(backend);
        // an anonymous form upload is allowed where the bucket's policy gives anonymous callers s3:PutObject
        PostObjectHandler posts = new PostObjectHandler(
                backend,
                authenticator,
                authorizer,
                acls,
                (x, key) -> authorizer.anonymousAllowed("s3:PutObject", x.request(), x.client(), x.bucket(), key),
                Clock.systemUTC());

        bind(Endpoint.LIST_BUCKETS, buckets::listBuckets);
        bind(Endpoint.CREATE_BUCKET, buckets::create);
        bind(Endpoint.HEAD_BUCKET, buckets::head);
        bind(Endpoint.DELETE_BUCKET, buckets::delete);
        bind(Endpoint.GET_BUCKET_LOCATION, buckets::location);
        BucketVersioningHandler versioning = new BucketVersioningHandler(backend);
        bind(Endpoint.GET_BUCKET_VERSIONING, versioning::get);
        bind(Endpoint.PUT_BUCKET_VERSIONING, versioning::put);
        bind(Endpoint.LIST_OBJECTS, lists::listV1);
        bind(Endpoint.LIST_OBJECTS_V2, lists::listV2);
        bind(Endpoint.LIST_OBJECT_VERSIONS, lists::listVersions);
        bind(Endpoint.DELETE_OBJECTS, deletes::deleteMany);
        bind(Endpoint.GET_OBJECT, versioned(gets::get));
        bind(Endpoint.HEAD_OBJECT, versioned(gets::head));
        bind(Endpoint.PUT_OBJECT, newObject(puts::put));
        bind(Endpoint.COPY_OBJECT, newObject(copies::copy));
        bind(Endpoint.DELETE_OBJECT, deletes::delete);
        bind(Endpoint.CREATE_MULTIPART_UPLOAD, newObject(multipart::create));
        bind(Endpoint.UPLOAD_PART, multipart::uploadPart);
        bind(Endpoint.UPLOAD_PART_COPY, multipart::uploadPartCopy);
        bind(Endpoint.COMPLETE_MULTIPART_UPLOAD, multipart::complete);
        bind(Endpoint.ABORT_MULTIPART_UPLOAD, multipart::abort);
        bind(Endpoint.LIST_MULTIPART_UPLOADS, multipart::listUploads);
        bind(Endpoint.LIST_PARTS, multipart::listParts);
        bind(Endpoint.GET_OBJECT_TAGGING, versioned(tagging::get));
        bind(Endpoint.PUT_OBJECT_TAGGING, versioned(tagging::put));
        bind(Endpoint.DELETE_OBJECT_TAGGING, versioned(tagging::delete));
        bind(Endpoint.GET_BUCKET_ACL, acls::getBucketAcl);
        bind(Endpoint.PUT_BUCKET_ACL, acls::putBucketAcl);
        bind(Endpoint.GET_OBJECT_ACL, versioned(acls::getObjectAcl));
        bind(Endpoint.PUT_OBJECT_ACL, versioned(acls::putObjectAcl));
        bind(Endpoint.GET_OBJECT_ATTRIBUTES, versioned(attributes::get));
        bind(Endpoint.GET_BUCKET_TAGGING, bucketTags::get);
        bind(Endpoint.PUT_BUCKET_TAGGING, bucketTags::put);
        bind(Endpoint.DELETE_BUCKET_TAGGING, bucketTags::delete);
        bind(Endpoint.GET_BUCKET_POLICY, policies::get);
        bind(Endpoint.PUT_BUCKET_POLICY, policies::put);
        bind(Endpoint.DELETE_BUCKET_POLICY, policies::delete);
        bind(Endpoint.GET_BUCKET_POLICY_STATUS, policies::status);
        bind(Endpoint.GET_BUCKET_CORS, cors::get);
        bind(Endpoint.PUT_BUCKET_CORS, cors::put);
        bind(Endpoint.DELETE_BUCKET_CORS, cors::delete);
        bind(Endpoint.OPTIONS_BUCKET, corsResponder::preflight);
        bind(Endpoint.OPTIONS_OBJECT, corsResponder::preflight);
        bind(Endpoint.POST_OBJECT, posts::post);
        bind(Endpoint.GET_BUCKET_LIFECYCLE_CONFIGURATION, configs.absent(S3Error.NO_SUCH_LIFECYCLE_CONFIGURATION));
        bind(Endpoint.DELETE_BUCKET_LIFECYCLE, configs::deleteAbsent);
        bind(Endpoint.GET_BUCKET_WEBSITE, configs.absent(S3Error.NO_SUCH_WEBSITE_CONFIGURATION));
        bind(Endpoint.DELETE_BUCKET_WEBSITE, configs::deleteAbsent);
        bind(Endpoint.GET_BUCKET_REPLICATION, configs.absent(S3Error.REPLICATION_CONFIGURATION_NOT_FOUND));
        bind(Endpoint.DELETE_BUCKET_REPLICATION, configs::deleteAbsent);
        bind(Endpoint.GET_BUCKET_ENCRYPTION, configs.absent(S3Error.SERVER_SIDE_ENCRYPTION_CONFIGURATION_NOT_FOUND));
        bind(Endpoint.DELETE_BUCKET_ENCRYPTION, configs::deleteAbsent);
        bind(Endpoint.GET_OBJECT_LOCK_CONFIGURATION, objectLocks::getConfiguration);
        bind(Endpoint.PUT_OBJECT_LOCK_CONFIGURATION, objectLocks::putConfiguration);
        bind(Endpoint.GET_OBJECT_RETENTION, versioned(objectLocks::getRetention));
        bind(Endpoint.PUT_OBJECT_RETENTION, versioned(objectLocks::putRetention));
        bind(Endpoint.GET_OBJECT_LEGAL_HOLD, versioned(objectLocks::getLegalHold));
        bind(Endpoint.PUT_OBJECT_LEGAL_HOLD, versioned(objectLocks::putLegalHold));
        OwnershipControlsHandler ownership = new OwnershipControlsHandler(backend, authorizer.acls());
        bind(Endpoint.GET_BUCKET_OWNERSHIP_CONTROLS, ownership::get);
        bind(Endpoint.PUT_BUCKET_OWNERSHIP_CONTROLS, ownership::put);
        bind(Endpoint.DELETE_BUCKET_OWNERSHIP_CONTROLS, ownership::delete);
        bind(Endpoint.GET_PUBLIC_ACCESS_BLOCK, publicAccess::get);
        bind(Endpoint.PUT_PUBLIC_ACCESS_BLOCK, publicAccess::put);
        bind(Endpoint.DELETE_PUBLIC_ACCESS_BLOCK, publicAccess::delete);
        bind(Endpoint.GET_BUCKET_LOGGING, configs.document("BucketLoggingStatus", ""));
        bind(Endpoint.GET_BUCKET_NOTIFICATION_CONFIGURATION, configs.document("NotificationConfiguration", ""));
        bind(Endpoint.GET_BUCKET_ACCELERATE_CONFIGURATION, configs.document("AccelerateConfiguration", ""));
        bind(
                Endpoint.GET_BUCKET_REQUEST_PAYMENT,
                configs.document("RequestPaymentConfiguration", "<Payer>BucketOwner</Payer>"));
        for (Endpoint e : Endpoint.values()) {
            if (e.implemented() != handlers.containsKey(e)) {
                throw new IllegalStateException(e
                        + (e.implemented() ? " is implemented but has no handler" : " is not implemented but has one"));
            }
        }
    }

    private void bind(Endpoint endpoint, Handler handler) {
        if (handlers.put(endpoint, handler) != null) {
            throw new IllegalStateException(endpoint + " is bound twice");
        }
    }

    /**
     * Operations on one version of an object: the {@code versionId} a store that keeps versions
     * serves; a store that keeps none serves only {@code null} (the current object).
     */
    private Handler versioned(Handler h) {
        return x -> {
            Versions.named(x.query("versionId"), backend.keepsVersions());
            return h.run(x);
        };
    }

    /** A write of a new object, given the ACL it is to carry ({@link AclHandler#forNewObject}, null for none). */
    interface NewObjectHandler {
        S3Response run(Exchange x, io.posixgw.core.acl.Acl acl) throws IOException;
    }

    /**
     * Writes of a new object: what the write asks for and would silently not get is refused before
     * anything is stored; the ACL it asks for (on a bucket with ACLs enabled) goes with the object's
     * other attributes, published with it (a multipart upload's at Complete).
     */
    private Handler newObject(NewObjectHandler h) {
        return x -> {
            io.posixgw.core.acl.Acl acl = acls.forNewObject(x);
            ObjectHeaders.requireSupportedWrite(x.request().headers());
            return h.run(x, acl);
        };
    }

    /** The endpoints that have a handler (for the coverage test). */
    Set<Endpoint> bound() {
        return Collections.unmodifiableSet(handlers.keySet());
    }

    /** {@code response} with the CORS headers the request's bucket gives its {@code Origin} ({@link CorsResponder}). */
    public S3Response withCors(S3Request request, S3Response response) {
        return corsResponder.decorate(request, response);
    }

    public S3Response run(Exchange x) throws IOException {
        boolean authorized = x.endpoint().signedByRequest();
        if (authorized) {
            // a preflight needs no caller; a POST Object's is known once its form is read (PostObjectHandler)
            authorizer.authorize(x.caller(), x.endpoint(), x.request(), x.client());
        }
        Handler h = handlers.get(x.endpoint());
        if (h == null) {
            // the connection refuses these before authenticating; here for any other caller
            throw new S3Exception(S3Error.NOT_IMPLEMENTED, x.endpoint().apiName() + " is not implemented by posixgw");
        }
        try {
            return h.run(x);
        } catch (S3Exception e) {
            // a missing key is told only to those who may list the bucket (others get 403, as on S3); a
            // copy's NoSuchKey is its source's, which the caller may read (its GetObject was authorised)
            boolean ofThisKey = x.request().key() != null && x.endpoint().copy() != Endpoint.Copy.REQUIRED;
            throw authorized && ofThisKey
                    ? authorizer.hideMissingKey(e, x.caller(), x.request(), x.client(), x.bucket())
                    : e;
        }
    }
}
