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

    private final Folds folds;

    ObjectWriter(
            PathResolver paths, MetadataStore store, Committer committer, ConditionalPublisher publisher, Folds folds) {
        this.folds = folds;
        this.paths = paths;
        this.store = store;
        this.committer = committer;
        this.publisher = publisher;
    }

    /**
     * A key ending in {@code /} with an empty body is versitygw's directory object; with data it is
     * the file {@code p/.sgwtmp/slash} ({@link Folds}).
     */
    PutObjectResult put(PutObjectRequest req, BodySource body) throws IOException {
        Path bucketDir = paths.bucketDir(req.bucket());
        String key = req.key();
        ObjectAttributes attributes =
                req.attributes() == null ? ObjectAttributes.EMPTY : req.attributes(); // metadata checked by the request
        Preconditions condition = req.condition();
        condition.requireSupportedOnWrite(key);
        if (ObjectKeys.isDirectoryKey(key) && body.length() == 0) {
            requireEmptyBody(body, req.contentMd5());
            Map<String, String> checksums = body.checksums();
            putDirectory(
                    bucketDir,
                    key,
                    attributes.withLock(publisher.newVersionLock(bucketDir, attributes.lock())),
                    checksums);
            return new PutObjectResult(AttrNames.EMPTY_ETAG, checksums);
        }
        return putData(req, body);
    }

    /** The body into a temp file, published over the key (where {@link Folds} wants it). */
    private PutObjectResult putData(PutObjectRequest req, BodySource body) throws IOException {
        Path bucketDir = paths.bucketDir(req.bucket());
        String key = req.key();
        ObjectAttributes attributes = req.attributes() == null ? ObjectAttributes.EMPTY : req.attributes();
        Preconditions condition = req.condition();
        Path target = paths.objectPath(bucketDir, key);
        Path firstMissing = Folds.writableParents(bucketDir, target); // a file in the way is folded
        try (StagedFile staged = StagedFile.create(bucketDir, key, true, false)) {
            staged.writeAll(body);
            byte[] md5 = staged.md5();
            if (req.contentMd5() != null && !MessageDigest.isEqual(md5, req.contentMd5())) {
                throw S3Error.BAD_DIGEST.exception();
            }
            Map<String, String> checksums = body.checksums() == null ? Map.of() : body.checksums();
            if (ObjectKeys.isDirectoryKey(key) && staged.size() == 0) {
                // a body of unknown length that was empty after all: the directory object
                putDirectory(bucketDir, key, attributes, checksums);
                return new PutObjectResult(AttrNames.EMPTY_ETAG, checksums);
            }
            String etag = Etags.fromMd5(md5);
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
        Set<Path> changed = new LinkedHashSet<>();
        for (int round = 0; ; round++) {
            makeDirectory(bucketDir, dir, changed);
            // under p's fold lock, with p a directory: an unfold in between would make p the key
            // p's own file, whose attributes these must not replace
            try (KeyLocks.Held held = folds.lockKey(bucketDir, dir)) {
                BasicFileAttributes a = Fs.lstat(dir);
                if (a != null && a.isDirectory() && !a.isSymbolicLink()) {
                    setDirectoryObject(bucketDir, dir, attributes, checksums);
                    break;
                }
            } catch (java.nio.file.NoSuchFileException pruned) {
                // an empty directory pruned by a delete under it meanwhile: made again
            }
            if (round > 8) {
                throw new S3Exception(S3Error.SERVICE_UNAVAILABLE, "The key's layout kept changing; retry.");
            }
        }
        changed.add(dir); // its own inode (the attributes)
        committer.syncDirs(changed);
    }

    /** The directory {@code dir} made, folding a file in the way (the key without its slash, or above it). */
    private void makeDirectory(Path bucketDir, Path dir, Set<Path> changed) throws IOException {
        for (int attempt = 0; ; attempt++) {
            // a file in the way (the key without its slash, or above it) is folded: S3 holds both
            Path blocker = Folds.firstFileAbove(bucketDir, dir.resolve("x"));
            if (blocker == null) {
                BasicFileAttributes a = Fs.lstat(dir);
                if (a == null) {
                    try {
                        committer.mkdirs(bucketDir, dir, changed);
                        break;
                    } catch (S3Exception e) {
                        if (e.error() != S3Error.OBJECT_PARENT_IS_FILE || attempt > 8) {
                            throw e;
                        }
                        continue; // a file came in the way meanwhile
                    }
                }
                if (a.isDirectory() && !a.isSymbolicLink()) {
                    break;
                }
                blocker = dir;
            }
            if (attempt > 8) {
                throw S3Error.OBJECT_PARENT_IS_FILE.exception();
            }
            folds.fold(bucketDir, blocker);
        }
    }

    /** The directory object's attributes, the etag last, and any data of an earlier PUT with a body removed. */
    private void setDirectoryObject(
            Path bucketDir, Path dir, ObjectAttributes attributes, Map<String, String> checksums) throws IOException {
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
        folds.deleteSlash(dir); // the data of an earlier PUT of the key with a body, replaced
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
