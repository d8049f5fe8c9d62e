package io.posixgw.server.auth;

import io.posixgw.core.acl.Acl;
import io.posixgw.core.acl.ObjectOwnership;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.BucketConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A bucket's Object Ownership and the ACLs of the bucket and its objects, read from the backend
 * on each call (every gateway on the volume decides alike). A bucket without {@code ownership}
 * (DeleteBucketOwnershipControls, or a directory made by other means) has ACLs enabled with
 * ObjectWriter, as an S3 bucket without ownership controls; an unreadable value disables them
 * (the safe reading). A bucket or object without a readable ACL is its owner's alone.
 */
public final class BucketAcls {
    private final Backend backend;

    public BucketAcls(Backend backend) {
        this.backend = backend;
    }

    /** The stored Object Ownership, null when the bucket has none. */
    public ObjectOwnership stored(String bucket) throws IOException {
        byte[] raw = backend.getBucketConfig(bucket, BucketConfig.OWNERSHIP);
        if (raw == null) {
            return null;
        }
        ObjectOwnership o = ObjectOwnership.parse(new String(raw, StandardCharsets.UTF_8).trim());
        return o == null ? ObjectOwnership.BUCKET_OWNER_ENFORCED : o;
    }

    /** The Object Ownership in effect. */
    public ObjectOwnership ownership(String bucket) throws IOException {
        ObjectOwnership o = stored(bucket);
        return o == null ? ObjectOwnership.OBJECT_WRITER : o;
    }

    /** The bucket's ACL; its owner's full control alone when none is stored. */
    public Acl bucketAcl(String bucket) throws IOException {
        Acl acl = Acl.fromJson(backend.getBucketConfig(bucket, BucketConfig.ACL));
        if (acl != null) {
            return acl;
        }
        String owner = backend.bucketOwner(bucket);
        return Acl.ownerOnly(owner == null ? "" : owner);
    }

    /**
     * The ACL of the object's version {@code versionId} (null: the current one), the bucket owner's full
     * control alone when none is stored; {@code NoSuchKey}, {@code NoSuchVersion}.
     */
    public Acl objectAcl(String bucket, String key, String versionId) throws IOException {
        Acl acl = Acl.fromJson(backend.getObjectAcl(bucket, key, versionId));
        if (acl != null) {
            return acl;
        }
        String owner = backend.bucketOwner(bucket);
        return Acl.ownerOnly(owner == null ? "" : owner);
    }

    /**
     * Whether the bucket's ACL or, for an object action, the object's gives {@code caller}
     * ({@code null}: anonymous) the permission S3 maps {@code action} to (the "ACL permission
     * mapping" table of S3's documentation); false for actions no ACL permission covers, and
     * while ACLs are disabled. With {@code ignorePublic} grants to the groups count for nothing.
     */
    public boolean allows(
            String caller, String action, String bucket, String key, String versionId, boolean ignorePublic)
            throws IOException {
        if (!ownership(bucket).aclsEnabled()) {
            return false;
        }
        Acl.Permission bucketPermission = switch (action) {
            case "s3:ListBucket", "s3:ListBucketVersions", "s3:ListBucketMultipartUploads" -> Acl.Permission.READ;
            case "s3:PutObject",
                    "s3:DeleteObject",
                    "s3:DeleteObjectVersion",
                    "s3:AbortMultipartUpload",
                    "s3:ListMultipartUploadParts" -> Acl.Permission.WRITE;
            case "s3:GetBucketAcl" -> Acl.Permission.READ_ACP;
            case "s3:PutBucketAcl" -> Acl.Permission.WRITE_ACP;
            default -> null;
        };
        if (bucketPermission != null) {
            return bucketAcl(bucket).allows(caller, bucketPermission, ignorePublic);
        }
        Acl.Permission objectPermission = switch (action) {
            case "s3:GetObject", "s3:GetObjectVersion" -> Acl.Permission.READ;
            case "s3:GetObjectAcl", "s3:GetObjectVersionAcl" -> Acl.Permission.READ_ACP;
            case "s3:PutObjectAcl", "s3:PutObjectVersionAcl" -> Acl.Permission.WRITE_ACP;
            default -> null;
        };
        if (objectPermission == null || key == null) {
            return false;
        }
        // NoSuchKey or NoSuchVersion when the object is missing: the Authorizer tells it only to a caller who may
        // list the bucket
        return objectAcl(bucket, key, versionId).allows(caller, objectPermission, ignorePublic);
    }
}
