package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.server.auth.Authorizer;
import io.posixgw.server.routing.Versions;

import java.io.IOException;

/**
 * Runs an endpoint: authorises the caller, then the one switch from the routing table to
 * the handler of each operation family. Called on a blocking worker thread.
 */
public final class Operations {
    private final BucketHandler buckets;
    private final ObjectGetHandler gets;
    private final ObjectPutHandler puts;
    private final ObjectCopyHandler copies;
    private final ObjectDeleteHandler deletes;
    private final ListObjectsHandler lists;
    private final MultipartHandler multipart;
    private final ObjectTaggingHandler tagging;
    private final AclHandler acls;
    private final ObjectAttributesHandler attributes;
    private final Authorizer authorizer;

    public Operations(Backend backend, String region, Authorizer authorizer) {
        this.authorizer = authorizer;
        this.buckets = new BucketHandler(backend, region, authorizer);
        this.gets = new ObjectGetHandler(backend);
        this.puts = new ObjectPutHandler(backend);
        this.copies = new ObjectCopyHandler(backend);
        this.deletes = new ObjectDeleteHandler(backend);
        this.lists = new ListObjectsHandler(backend);
        this.multipart = new MultipartHandler(backend);
        this.tagging = new ObjectTaggingHandler(backend);
        this.acls = new AclHandler(backend);
        this.attributes = new ObjectAttributesHandler(backend);
    }

    public S3Response run(Exchange x) throws IOException {
        authorizer.authorize(x.caller(), x.endpoint(), x.request());
        switch (x.endpoint()) {
            case GET_OBJECT, HEAD_OBJECT, GET_OBJECT_TAGGING, PUT_OBJECT_TAGGING, DELETE_OBJECT_TAGGING, GET_OBJECT_ACL, PUT_OBJECT_ACL,
                    GET_OBJECT_ATTRIBUTES:
                Versions.requireCurrent(x.query("versionId"));
                break;
            case PUT_OBJECT, COPY_OBJECT, CREATE_MULTIPART_UPLOAD:
                // what the write asks for and would silently not get: refused before anything is stored
                acls.requireOwnerOnly(x);
                ObjectHeaders.requireSupportedWrite(x.request().headers());
                break;
            default:
                break;
        }
        switch (x.endpoint()) {
            case LIST_BUCKETS:
                return buckets.listBuckets(x);
            case CREATE_BUCKET:
                return buckets.create(x);
            case HEAD_BUCKET:
                return buckets.head(x);
            case DELETE_BUCKET:
                return buckets.delete(x);
            case GET_BUCKET_LOCATION:
                return buckets.location(x);
            case GET_BUCKET_VERSIONING:
                return buckets.versioning(x);
            case LIST_OBJECTS:
                return lists.listV1(x);
            case LIST_OBJECTS_V2:
                return lists.listV2(x);
            case LIST_OBJECT_VERSIONS:
                return lists.listVersions(x);
            case DELETE_OBJECTS:
                return deletes.deleteMany(x);
            case GET_OBJECT:
                return gets.get(x);
            case HEAD_OBJECT:
                return gets.head(x);
            case PUT_OBJECT:
                return puts.put(x);
            case COPY_OBJECT:
                return copies.copy(x);
            case DELETE_OBJECT:
                return deletes.delete(x);
            case CREATE_MULTIPART_UPLOAD:
                return multipart.create(x);
            case UPLOAD_PART:
                return multipart.uploadPart(x);
            case UPLOAD_PART_COPY:
                return multipart.uploadPartCopy(x);
            case COMPLETE_MULTIPART_UPLOAD:
                return multipart.complete(x);
            case ABORT_MULTIPART_UPLOAD:
                return multipart.abort(x);
            case LIST_MULTIPART_UPLOADS:
                return multipart.listUploads(x);
            case LIST_PARTS:
                return multipart.listParts(x);
            case GET_OBJECT_TAGGING:
                return tagging.get(x);
            case PUT_OBJECT_TAGGING:
                return tagging.put(x);
            case DELETE_OBJECT_TAGGING:
                return tagging.delete(x);
            case GET_BUCKET_ACL:
                return acls.getBucketAcl(x);
            case PUT_BUCKET_ACL:
                return acls.putBucketAcl(x);
            case GET_OBJECT_ACL:
                return acls.getObjectAcl(x);
            case PUT_OBJECT_ACL:
                return acls.putObjectAcl(x);
            case GET_OBJECT_ATTRIBUTES:
                return attributes.get(x);
            default:
                throw new S3Exception(S3Error.NOT_IMPLEMENTED, x.endpoint().apiName() + " is not implemented by posixgw");
        }
    }

    /** Endpoints whose request body the operation reads (everything else gets no body source). */
    public static boolean takesBody(io.posixgw.server.routing.Endpoint e) {
        switch (e) {
            case PUT_OBJECT:
            case UPLOAD_PART:
            case COMPLETE_MULTIPART_UPLOAD:
            case DELETE_OBJECTS:
            case CREATE_BUCKET:
            case PUT_OBJECT_TAGGING:
            case PUT_BUCKET_ACL:
            case PUT_OBJECT_ACL:
                return true;
            default:
                return false;
        }
    }

    /** Endpoints whose body is object data: Content-Length is required and checksums apply. */
    public static boolean takesObjectData(io.posixgw.server.routing.Endpoint e) {
        return e == io.posixgw.server.routing.Endpoint.PUT_OBJECT || e == io.posixgw.server.routing.Endpoint.UPLOAD_PART;
    }
}
