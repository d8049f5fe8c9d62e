package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.BodySource;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.Preconditions;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.core.model.PutObjectResult;
import io.posixgw.core.names.ObjectKeys;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * PutObject: stream the body into a temp file (MD5 on the way), set the attributes on
 * the temp file, publish with one rename. Directory objects ({@code a/}, empty body)
 * are directories carrying an {@code etag}; their attributes are set in place.
 */
final class ObjectWriter {
    private static final byte[] EMPTY_MD5 = Etags.newMd5().digest();

    private final PathResolver paths;
    private final MetadataStore store;
    private final Committer committer;
    private final ConditionalPublisher publisher;

    ObjectWriter(PathResolver paths, MetadataStore store, Committer committer, ConditionalPublisher publisher) {
        this.paths = paths;
        this.store = store;
        this.committer = committer;
        this.publisher = publisher;
    }

    PutObjectResult put(PutObjectRequest req, BodySource body) throws IOException {
        Path bucketDir = paths.bucketDir(req.bucket());
        String key = req.key();
        ObjectAttributes attributes =
                req.attributes() == null ? ObjectAttributes.EMPTY : req.attributes(); // metadata checked by the request
        Preconditions condition = req.condition();
        condition.requireSupportedOnWrite(key);
        if (ObjectKeys.isDirectoryKey(key)) {
            requireEmptyBody(body, req.contentMd5());
            Map<String, String> checksums = body.checksums();
            putDirectory(
                    bucketDir,
                    key,
                    attributes.withLock(publisher.newVersionLock(bucketDir, attributes.lock())),
                    checksums);
            return new PutObjectResult(AttrNames.EMPTY_ETAG, checksums);
        }
        Path target = paths.objectPath(bucketDir, key);
        Path firstMissing = PathResolver.requireWritableParents(bucketDir, target);
        try (StagedFile staged = StagedFile.create(bucketDir, key, true, false)) {
            staged.writeAll(body);
            byte[] md5 = staged.md5();
            if (req.contentMd5() != null && !MessageDigest.isEqual(md5, req.contentMd5())) {
                throw S3Error.BAD_DIGEST.exception();
            }
            String etag = Etags.fromMd5(md5);
            Map<String, String> checksums = body.checksums() == null ? Map.of() : body.checksums();
            staged.setAttributes(store, attrsFor(etag, attributes, checksums));
            String versionId = publisher.publish(
                    req.bucket(),
                    key,
                    condition,
                    staged,
                    bucketDir,
                    target,
                    firstMissing,
                    new ConditionalPublisher.LockRequest(attributes.lock(), req.bypassGovernance()));
            return new PutObjectResult(etag, checksums, versionId);
        }
    }

    /** The attributes of a new object, in versitygw's order (checksums, etag, headers, metadata). */
    static Map<String, byte[]> attrsFor(String etag, ObjectAttributes a, Map<String, String> checksums) {
        Map<String, byte[]> attrs = new LinkedHashMap<>();
        if (checksums != null && !checksums.isEmpty()) {
            attrs.put(AttrNames.CHECKSUMS, AttrCodec.encodeChecksums(checksums));
        }
        attrs.put(AttrNames.ETAG, AttrCodec.utf8(etag));
        attrs.putAll(AttrCodec.objectAttrs(a));
        return attrs;
    }

    /**
     * Creates or replaces the directory object {@code key} (ending in '/'): the
     * directory chain is created, the previous object attributes are cleared and the
     * new ones set, the {@code etag} last (it is what makes the directory an object).
     */
    void putDirectory(Path bucketDir, String key, ObjectAttributes attributes, Map<String, String> checksums)
            throws IOException {
        Path dir = paths.objectPath(bucketDir, key);
        PathResolver.requireWritableParents(bucketDir, dir);
        Set<Path> changed = new LinkedHashSet<>();
        BasicFileAttributes a = Fs.lstat(dir);
        if (a == null) {
            committer.mkdirs(bucketDir, dir, changed);
        } else if (!a.isDirectory() || a.isSymbolicLink()) {
            throw new S3Exception(
                    S3Error.OBJECT_PARENT_IS_FILE,
                    "An object with the same name without the trailing slash exists as a file.");
        }
        clearDirectoryObject(dir, false);
        Map<String, byte[]> attrs = new LinkedHashMap<>();
        if (checksums != null && !checksums.isEmpty()) {
            attrs.put(AttrNames.CHECKSUMS, AttrCodec.encodeChecksums(checksums));
        }
        attrs.putAll(AttrCodec.objectAttrs(attributes));
        attrs.putIfAbsent(AttrNames.CONTENT_TYPE, AttrCodec.utf8(AttrNames.DIRECTORY_CONTENT_TYPE));
        attrs.put(AttrNames.ETAG, AttrCodec.utf8(AttrNames.EMPTY_ETAG));
        try (KeyLocks.Held writing = committer.writing(bucketDir)) { // the etag makes it an object (see Committer)
            store.setAll(dir, attrs);
        }
        changed.add(dir); // its own inode (the attributes)
        committer.syncDirs(changed);
    }

    /** Removes a directory object's attributes (optionally its etag too) and legacy metadata xattrs. */
    void clearDirectoryObject(Path dir, boolean etagToo) throws IOException {
        List<String> present = store.list(dir);
        for (String name : present) {
            boolean objectAttr =
                    AttrNames.DIR_OBJECT_ATTRS.contains(name) || name.startsWith(AttrNames.LEGACY_META_PREFIX);
            if (objectAttr && (etagToo || !name.equals(AttrNames.ETAG))) {
                store.remove(dir, name);
            }
        }
    }

    private static void requireEmptyBody(BodySource body, byte[] contentMd5) throws IOException {
        if (body.length() > 0) {
            throw S3Error.DIRECTORY_OBJECT_CONTAINS_DATA.exception();
        }
        for (ByteBuffer b = body.next(); b != null; b = body.next()) {
            if (b.hasRemaining()) {
                throw S3Error.DIRECTORY_OBJECT_CONTAINS_DATA.exception();
            }
        }
        if (contentMd5 != null && !MessageDigest.isEqual(contentMd5, EMPTY_MD5)) {
            throw S3Error.BAD_DIGEST.exception();
        }
    }
}
