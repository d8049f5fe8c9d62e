package io.posixgw.core.model;

import io.posixgw.core.acl.Acl;
import io.posixgw.core.lock.ObjectLock;
import java.util.Map;

/**
 * What a client sets on an object besides its bytes: the stored HTTP headers, the
 * user metadata ({@code x-amz-meta-*}, names lowercased, without the prefix) and
 * the object's tags, and the version's Object Lock state ({@link ObjectLock#NONE} when it has none).
 * Null fields are unset.
 *
 * @param acl the ACL a write stores with the new object (posixgw's {@code posixgw.acl}, written with the other
 *            attributes before the object is published, so object and ACL appear together); null for the bucket
 *            owner's alone. Reads of an object leave it null: {@link io.posixgw.core.backend.Backend#getObjectAcl}
 *            reads it where access is decided.
 */
public record ObjectAttributes(
        String contentType,
        String contentEncoding,
        String contentLanguage,
        String contentDisposition,
        String cacheControl,
        String expires,
        Map<String, String> userMetadata,
        Map<String, String> tags,
        ObjectLock lock,
        Acl acl) {

    /** S3's Content-Type for objects stored without one. */
    public static final String DEFAULT_CONTENT_TYPE = "binary/octet-stream";
    /** S3's limit on the user metadata of one object: names and values in UTF-8 bytes. */
    public static final int MAX_USER_METADATA_BYTES = 2048;

    public static final ObjectAttributes EMPTY =
            new ObjectAttributes(null, null, null, null, null, null, Map.of(), Map.of());

    public ObjectAttributes {
        userMetadata = userMetadata == null ? Map.of() : Map.copyOf(userMetadata);
        tags = tags == null ? Map.of() : Map.copyOf(tags);
        lock = lock == null ? ObjectLock.NONE : lock;
    }

    /** Without an ACL of its own. */
    public ObjectAttributes(
            String contentType,
            String contentEncoding,
            String contentLanguage,
            String contentDisposition,
            String cacheControl,
            String expires,
            Map<String, String> userMetadata,
            Map<String, String> tags,
            ObjectLock lock) {
        this(
                contentType,
                contentEncoding,
                contentLanguage,
                contentDisposition,
                cacheControl,
                expires,
                userMetadata,
                tags,
                lock,
                null);
    }

    /** Without an Object Lock state. */
    public ObjectAttributes(
            String contentType,
            String contentEncoding,
            String contentLanguage,
            String contentDisposition,
            String cacheControl,
            String expires,
            Map<String, String> userMetadata,
            Map<String, String> tags) {
        this(
                contentType,
                contentEncoding,
                contentLanguage,
                contentDisposition,
                cacheControl,
                expires,
                userMetadata,
                tags,
                ObjectLock.NONE);
    }

    /** Without tags. */
    public ObjectAttributes(
            String contentType,
            String contentEncoding,
            String contentLanguage,
            String contentDisposition,
            String cacheControl,
            String expires,
            Map<String, String> userMetadata) {
        this(
                contentType,
                contentEncoding,
                contentLanguage,
                contentDisposition,
                cacheControl,
                expires,
                userMetadata,
                Map.of(),
                ObjectLock.NONE);
    }

    /** The same attributes with other tags. */
    public ObjectAttributes withTags(Map<String, String> newTags) {
        return new ObjectAttributes(
                contentType,
                contentEncoding,
                contentLanguage,
                contentDisposition,
                cacheControl,
                expires,
                userMetadata,
                newTags,
                lock,
                acl);
    }

    /** The same attributes with another Object Lock state (a new version's own, never a copy source's). */
    public ObjectAttributes withLock(ObjectLock newLock) {
        return new ObjectAttributes(
                contentType,
                contentEncoding,
                contentLanguage,
                contentDisposition,
                cacheControl,
                expires,
                userMetadata,
                tags,
                newLock,
                acl);
    }

    /** The same attributes with the new object's own ACL (null: the bucket owner's), never a copy source's. */
    public ObjectAttributes withAcl(Acl newAcl) {
        return new ObjectAttributes(
                contentType,
                contentEncoding,
                contentLanguage,
                contentDisposition,
                cacheControl,
                expires,
                userMetadata,
                tags,
                lock,
                newAcl);
    }

    /** The Content-Type to answer with: the stored one, else S3's default. */
    public String effectiveContentType() {
        return contentType == null || contentType.isEmpty() ? DEFAULT_CONTENT_TYPE : contentType;
    }
}
