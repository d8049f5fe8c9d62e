package io.posixgw.posix;

import java.util.List;
import java.util.Set;

/**
 * Attribute names, exactly as versitygw's POSIX backend writes them (backend/posix/posix.go,
 * constants block): stored as xattr {@code user.<name>} or sidecar file {@code meta/<name>}.
 */
final class AttrNames {
    static final String ETAG = "etag";
    /**
     * posixgw's own: the ETag it computed for a file another tool wrote, with the size and
     * mtime the file had then ({@link AttrCodec#encodeComputedEtag}). Not {@code etag}: a
     * rewrite in place (same inode, e.g. {@code cp} over it) must be noticed and hashed again.
     */
    static final String COMPUTED_ETAG = "posixgw.computed-etag";

    static final String CONTENT_TYPE = "content-type";
    static final String CONTENT_ENCODING = "content-encoding";
    static final String CONTENT_LANGUAGE = "content-language";
    static final String CONTENT_DISPOSITION = "content-disposition";
    static final String CACHE_CONTROL = "cache-control";
    static final String EXPIRES = "expires";
    static final String WEBSITE_REDIRECT = "website-redirect-location";
    /** User metadata as one JSON object (newer versitygw); older releases wrote one {@link #LEGACY_META_PREFIX} xattr per key. */
    static final String METADATA = "metadata";

    static final String LEGACY_META_PREFIX = "X-Amz-Meta.";
    static final String CHECKSUMS = "checksums";
    static final String TAGGING = "X-Amz-Tagging";
    static final String MP_METADATA = "mp-metadata";
    static final String PART_CRC64NVME = "part-crc64nvme";
    static final String LEGAL_HOLD = "object-legal-hold";
    static final String RETENTION = "object-retention";
    static final String MP_OBJECT_LOCK = "mp-object-lock";
    static final String OBJNAME = "objname";
    static final String ACL = "acl";
    static final String OWNERSHIP = "ownership";
    /**
     * posixgw's own: an object's ACL, versitygw's {@code auth.ACL} JSON as the bucket's {@code acl}
     * (versitygw keeps no object ACLs). Absent: the bucket owner's, full control to it alone.
     */
    static final String OBJECT_ACL = "posixgw.acl";
    /**
     * posixgw's own, on an upload directory: the access key that created the upload (UTF-8), which
     * ListParts and ListMultipartUploads name as its {@code Initiator}; versitygw records none.
     */
    static final String INITIATOR = "posixgw.initiator";

    static final String POLICY = "policy";
    /** The bucket's CORS configuration: the PutBucketCors body as received (XML), as versitygw stores it. */
    static final String CORS = "cors";
    /**
     * posixgw's own: the bucket's Public Access Block as JSON ({@code PublicAccessBlock}); versitygw
     * has no Public Access Block and neither reads nor lists it.
     */
    static final String PUBLIC_ACCESS_BLOCK = "posixgw.public-access-block";
    /** The bucket's Object Lock configuration ({@link LockAttrCodec}). */
    static final String BUCKET_LOCK = LockAttrCodec.BUCKET_LOCK;

    /** Content type versitygw stores on directory objects. */
    static final String DIRECTORY_CONTENT_TYPE = "application/x-directory";
    /** ETag of a directory object: MD5 of nothing, quoted. */
    static final String EMPTY_ETAG = "\"d41d8cd98f00b204e9800998ecf8427e\"";

    /** Attributes that make up a directory object's state (cleared when it is replaced or deleted). */
    static final List<String> DIR_OBJECT_ATTRS = List.of(
            ETAG,
            CHECKSUMS,
            CONTENT_TYPE,
            CONTENT_ENCODING,
            CONTENT_LANGUAGE,
            CONTENT_DISPOSITION,
            CACHE_CONTROL,
            EXPIRES,
            WEBSITE_REDIRECT,
            METADATA,
            TAGGING,
            LEGAL_HOLD,
            RETENTION,
            OBJECT_ACL);

    /**
     * What GET/HEAD read: the object's own attributes, tags and Object Lock state (not mp-metadata).
     * The lock attributes cost nothing on objects without them: one listing names what is present.
     */
    private static final Set<String> OBJECT_READ = Set.of(
            ETAG,
            COMPUTED_ETAG,
            CONTENT_TYPE,
            CONTENT_ENCODING,
            CONTENT_LANGUAGE,
            CONTENT_DISPOSITION,
            CACHE_CONTROL,
            EXPIRES,
            METADATA,
            CHECKSUMS,
            TAGGING,
            VersionStore.VERSION_ID,
            VersionStore.DELETE_MARKER,
            LEGAL_HOLD,
            RETENTION);

    /** Upload-directory attributes not copied onto the completed object. */
    private static final Set<String> UPLOAD_ONLY =
            Set.of(CHECKSUMS, MP_OBJECT_LOCK, ETAG, MP_METADATA, PART_CRC64NVME, OBJNAME, INITIATOR);

    private AttrNames() {}

    static boolean objectRead(String name) {
        return OBJECT_READ.contains(name) || name.startsWith(LEGACY_META_PREFIX);
    }

    /** What GET/HEAD read when the client did not ask for checksums (x-amz-checksum-mode). */
    static boolean objectReadWithoutChecksums(String name) {
        return !name.equals(CHECKSUMS) && objectRead(name);
    }

    static boolean copiedFromUpload(String name) {
        return !UPLOAD_ONLY.contains(name);
    }
}
