package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.BodySource;
import io.posixgw.core.backend.BucketConfig;
import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.backend.ObjectHead;
import io.posixgw.core.lock.LockConfiguration;
import io.posixgw.core.lock.ObjectLock;
import io.posixgw.core.lock.Retention;
import io.posixgw.core.model.AbortMultipartUploadRequest;
import io.posixgw.core.model.BucketInfo;
import io.posixgw.core.model.CompleteMultipartResult;
import io.posixgw.core.model.CompleteMultipartUploadRequest;
import io.posixgw.core.model.CopyObjectRequest;
import io.posixgw.core.model.CopyObjectResult;
import io.posixgw.core.model.CreateMultipartUploadRequest;
import io.posixgw.core.model.DeleteObjectRequest;
import io.posixgw.core.model.DeleteObjectResult;
import io.posixgw.core.model.GetObjectRequest;
import io.posixgw.core.model.ListMultipartUploadsRequest;
import io.posixgw.core.model.ListMultipartUploadsResult;
import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ListObjectsResult;
import io.posixgw.core.model.ListPartsRequest;
import io.posixgw.core.model.ListPartsResult;
import io.posixgw.core.model.ListVersionsRequest;
import io.posixgw.core.model.ObjectVersion;
import io.posixgw.core.model.Part;
import io.posixgw.core.model.Preconditions;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.core.model.PutObjectResult;
import io.posixgw.core.model.UploadPartCopyRequest;
import io.posixgw.core.model.UploadPartRequest;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The POSIX backend: buckets are directories under a root, objects are files, metadata
 * lives in user xattrs (or a sidecar tree), in versitygw's on-disk format so that both
 * gateways can serve one volume. Stateless between calls: several processes may share
 * a root. This class wires the parts and maps file-system errors to S3 errors.
 */
public final class PosixBackend implements Backend {
    private static final Logger LOG = LoggerFactory.getLogger(PosixBackend.class);

    private final PathResolver paths;
    private final MetadataStore store;
    private final Buckets buckets;
    private final ObjectReader reader;
    private final ObjectWriter writer;
    private final ObjectRemover remover;
    private final ObjectCopier copier;
    private final Lister lister;
    private final MultipartStore multipart;
    private final MultipartCompleter completer;
    private final StagingSweeper sweeper;
    private final Committer committer;
    private final ConditionalPublisher publisher;
    private final VersionStore versions;
    private final VersionReads versionReads;
    private final VersionAttributes versionAttributes;
    private final Folds folds;

    public PosixBackend(Path root) throws IOException {
        this(root, PosixOptions.DEFAULT);
    }

    public PosixBackend(Path root, PosixOptions options) throws IOException {
        this(root, options, new DirectorySync(options.fsyncListener()));
    }

    /** @param dirSync the directory fsyncs (tests record them) */
    PosixBackend(Path root, PosixOptions options, DirectorySync dirSync) throws IOException {
        if (!Files.isDirectory(root)) {
            throw new IOException("data root " + root + " is not a directory");
        }
        if (!fileNamesAreUtf8()) {
            LOG.warn(
                    "file names are encoded as {}, not UTF-8: keys outside ASCII will fail. Run with a UTF-8 locale (LANG=C.UTF-8).",
                    System.getProperty("sun.jnu.encoding"));
        }
        this.paths = new PathResolver(root);
        this.store = options.sidecarDir() == null
                ? new XattrMetadataStore()
                : new SidecarMetadataStore(
                        paths.root(),
                        options.sidecarDir(),
                        options.versioningDir(),
                        options.fsync() ? dirSync : null,
                        options.fsyncListener());
        BucketWriters writers = new BucketWriters(paths.root());
        // attributes kept between requests, checked by ctime: xattrs on a local file system only
        boolean cacheAttributes = options.cacheAttributes() && options.sidecarDir() == null;
        BucketAttributes bucketAttributes = new BucketAttributes(store, cacheAttributes);
        KeptAttributes kept = new KeptAttributes(cacheAttributes);
        this.committer = new Committer(store, dirSync, options.fsync(), options.fsyncListener(), writers);
        this.buckets = new Buckets(
                paths,
                store,
                committer,
                new KeyLocks(KeyLocks.Domain.BUCKET_NAMES),
                writers,
                options.bucketSettleFloor(),
                bucketAttributes);
        FoldLocks foldLocks = new FoldLocks();
        this.folds = new Folds(store, committer, foldLocks);
        FoldLookup foldLookup = new FoldLookup(foldLocks);
        this.reader = new ObjectReader(paths, store, options.listHashLimit(), foldLookup, kept);
        KeyLocks keyLocks = new KeyLocks(KeyLocks.Domain.KEYS);
        this.versions = new VersionStore(options.versioningDir(), paths, store, committer, keyLocks, bucketAttributes);
        this.versionReads = new VersionReads(paths, reader, versions);
        this.versionAttributes = new VersionAttributes(reader, versionReads, versions, store, committer, paths);
        this.publisher = new ConditionalPublisher(store, committer, reader, keyLocks, versions, folds);
        this.writer = new ObjectWriter(paths, store, committer, publisher, folds);
        this.remover = new ObjectRemover(paths, store, writer, committer, folds);
        this.copier = new ObjectCopier(paths, store, reader, writer, publisher, versionReads);
        this.lister =
                new Lister(paths, store, reader, versions, folds, foldLookup, new KeptAttributes(cacheAttributes));
        this.multipart = new MultipartStore(paths, store, committer, options.partCrc64());
        this.completer = new MultipartCompleter(
                paths, store, publisher, multipart, options.completeWait(), options.claimStaleAfter(), foldLookup);
        this.sweeper = new StagingSweeper(buckets, paths, completer, folds);
    }

    /** Tests: stop the protocols between their steps (see {@link RaceHooks}). */
    void raceHooks(RaceHooks hooks) {
        committer.hooks(hooks);
        buckets.hooks(hooks);
    }

    /** Tests: stop a fold or unfold between its steps (a kill there). */
    void foldHooks(Folds.Hooks hooks) {
        folds.hooks(hooks);
    }

    /** Writes, tags and removes a small probe file in the root: data and metadata both work. */
    @Override
    public void checkReady() throws IOException {
        Path probe = paths.root().resolve(".posixgw-ready-" + Fs.randomHex());
        try {
            Files.write(probe, new byte[] {'o', 'k'}, java.nio.file.StandardOpenOption.CREATE_NEW);
            store.set(probe, AttrNames.ETAG, AttrCodec.utf8("\"probe\""));
            if (store.get(probe, AttrNames.ETAG) == null) {
                throw new IOException("metadata written to " + probe + " could not be read back");
            }
        } finally {
            Files.deleteIfExists(probe);
            store.deleted(probe);
        }
    }

    /**
     * True when the file system at {@code root} keeps user xattrs; otherwise start with a sidecar directory.
     *
     * @throws IOException when {@code root} is not writable at all
     */
    public static boolean supportsUserXattrs(Path root) throws IOException {
        return XattrMetadataStore.supported(root);
    }

    /** True when the JVM maps file names as UTF-8 (it follows the locale: LANG=C.UTF-8). */
    /** File-system calls this process repeated after ESTALE (a file replaced through another client). */
    public static long staleRetries() {
        return Fs.staleRetries();
    }

    /** GET and HEAD looks that found the object replaced under them, in this process. */
    public static long changedRetries() {
        return ObjectReader.changedRetries();
    }

    public static boolean fileNamesAreUtf8() {
        String enc = System.getProperty("sun.jnu.encoding");
        try {
            return enc != null && Charset.forName(enc).equals(StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Startup housekeeping: removes temp files older than {@code maxAge} from every
     * bucket's {@code .sgwtmp}, abandoned abort/delete trash (also the sidecar tree's),
     * and rolls back Complete claims of crashed processes. Pending multipart uploads are kept.
     *
     * @return the number of entries removed
     */
    public int sweepStaleTemps(Duration maxAge) throws IOException {
        int removed = 0;
        IOException failed = null;
        try {
            removed += store.sweep(maxAge);
        } catch (IOException e) {
            failed = e; // the staging sweep runs all the same
        }
        removed += sweeper.sweep(maxAge);
        if (failed != null) {
            throw failed;
        }
        return removed;
    }

    @Override
    public List<BucketInfo> listBuckets() throws IOException {
        return call(buckets::list);
    }

    @Override
    public void createBucket(
            String bucket, String owner, LockConfiguration objectLock, Map<BucketConfig, byte[]> configs)
            throws IOException {
        Map<String, byte[]> attrs = new java.util.HashMap<>();
        if (objectLock != null) {
            attrs.put(AttrNames.BUCKET_LOCK, LockAttrCodec.encodeConfiguration(objectLock));
        }
        configs.forEach((which, document) -> attrs.put(attributeOf(which), document));
        run(() -> buckets.create(bucket, owner, attrs));
    }

    @Override
    public void headBucket(String bucket) throws IOException {
        run(() -> buckets.head(bucket));
    }

    @Override
    public String bucketOwner(String bucket) throws IOException {
        return call(() -> buckets.owner(bucket));
    }

    @Override
    public void deleteBucket(String bucket) throws IOException {
        run(() -> {
            if (versions.hasVersions(bucket)) {
                buckets.head(bucket);
                throw new S3Exception(
                        S3Error.BUCKET_NOT_EMPTY,
                        "The bucket you tried to delete is not empty. You must delete all versions in the bucket.");
            }
            buckets.delete(bucket);
            versions.bucketDeleted(bucket);
        });
    }

    @Override
    public PutObjectResult putObject(PutObjectRequest request, BodySource body) throws IOException {
        return writing(request.bucket(), () -> writer.put(request, body));
    }

    @Override
    public ObjectContent getObject(GetObjectRequest request) throws IOException {
        if (request.versionId() != null) {
            return call(() -> versionReads.open(request));
        }
        return call(() -> reader.open(request));
    }

    @Override
    public ObjectHead headObject(GetObjectRequest request) throws IOException {
        if (request.versionId() != null) {
            return call(() -> versionReads.head(request));
        }
        return call(() -> reader.head(request));
    }

    /**
     * A conditional delete runs under the key's publish lock, like every conditional write. On a
     * versioned bucket every delete runs under the key's lock ({@link VersionStore}), and so does
     * every delete in a bucket with Object Lock, whose check ({@link LockCheck}) is made under it.
     */
    @Override
    public DeleteObjectResult deleteObject(DeleteObjectRequest request) throws IOException {
        String bucket = request.bucket();
        String key = request.key();
        Path bucketDir = paths.bucketDir(bucket);
        VersionStore.WriteState ws = call(() -> versions.writeState(bucketDir));
        VersionStore.Status st = ws.versioning();
        if (st != VersionStore.Status.UNVERSIONED && !io.posixgw.core.names.ObjectKeys.isDirectoryKey(key)) {
            return writing(bucket, () -> versionedDelete(request, ws));
        }
        if (request.versionId() != null && !request.versionId().equals(VersionStore.NULL)) {
            call(() -> {
                if (versions.configured()) {
                    VersionStore.requireValidId(request.versionId());
                }
                buckets.head(bucket);
                return null;
            });
            return new DeleteObjectResult(request.versionId(), false); // no such version: nothing to remove
        }
        if (request.ifMatch() == null && !ws.locking()) {
            writing(bucket, () -> {
                remover.delete(bucket, key);
                return null;
            });
            return DeleteObjectResult.UNVERSIONED;
        }
        if (ws.locking()) {
            VersionStore.RemovalGuard guard = LockCheck.guard(store, ws, request.bypassGovernance());
            writing(bucket, () -> {
                try (KeyLocks.Held held = versions.lock(bucketDir, key)) {
                    Path target = paths.objectPath(bucketDir, key);
                    if (request.ifMatch() != null) {
                        publisher.checkUnderLock(
                                bucket, key, new Preconditions(request.ifMatch(), null, null, null), target);
                    }
                    guard.mayRemove(bucket, key, target, null);
                    remover.delete(bucket, key);
                }
                return null;
            });
            return DeleteObjectResult.UNVERSIONED;
        }
        Preconditions condition = new Preconditions(request.ifMatch(), null, null, null);
        writing(bucket, () -> {
            publisher.runIf(bucket, key, condition, bucketDir, () -> remover.delete(bucket, key));
            return null;
        });
        return DeleteObjectResult.UNVERSIONED;
    }

    private DeleteObjectResult versionedDelete(DeleteObjectRequest request, VersionStore.WriteState ws)
            throws IOException {
        String bucket = request.bucket();
        String key = request.key();
        String id = request.versionId();
        if (id != null) {
            VersionStore.requireValidId(id);
        }
        Path bucketDir = paths.bucketDir(bucket);
        Path target = paths.objectPath(bucketDir, key);
        VersionStore.RemovalGuard guard = LockCheck.guard(store, ws, request.bypassGovernance());
        java.nio.file.attribute.BasicFileAttributes at = Fs.lstat(target);
        if (at != null && at.isDirectory() && Fs.lstat(Folds.self(target)) != null) {
            throw Folds.refusedVersioned(); // a folded key (written before versioning was enabled)
        }
        try (KeyLocks.Held held = versions.lock(bucketDir, key)) {
            if (request.ifMatch() != null) {
                Preconditions condition = new Preconditions(request.ifMatch(), null, null, null);
                publisher.checkUnderLock(bucket, key, condition, target);
            }
            if (id == null) {
                return versions.addDeleteMarker(bucket, key, ws.versioning(), bucketDir, target, guard);
            }
            return versions.deleteVersion(bucket, key, id, bucketDir, target, () -> remover.delete(bucket, key), guard);
        }
    }

    @Override
    public boolean keepsVersions() {
        return versions.configured();
    }

    @Override
    public String getBucketVersioning(String bucket) throws IOException {
        return call(() -> {
            buckets.head(bucket);
            if (!versions.configured()) {
                return null; // versitygw answers 501 VersioningNotConfigured; posixgw the truth: never versioned
            }
            return switch (versions.status(bucket)) {
                case ENABLED -> "Enabled";
                case SUSPENDED -> "Suspended";
                case UNVERSIONED -> null;
            };
        });
    }

    @Override
    public void putBucketVersioning(String bucket, String status) throws IOException {
        run(() -> {
            buckets.head(bucket);
            versions.setStatus(
                    bucket, "Enabled".equals(status) ? VersionStore.Status.ENABLED : VersionStore.Status.SUSPENDED);
        });
    }

    @Override
    public io.posixgw.core.listing.Page<ObjectVersion> listObjectVersions(ListVersionsRequest request)
            throws IOException {
        if (!versions.configured()) {
            return Backend.super.listObjectVersions(request);
        }
        return call(() -> lister.listVersions(request));
    }

    @Override
    public Map<String, String> getObjectTagging(String bucket, String key) throws IOException {
        return getObjectTagging(bucket, key, null);
    }

    @Override
    public Map<String, String> getObjectTagging(String bucket, String key, String versionId) throws IOException {
        return call(() -> versionAttributes
                .version(bucket, key, versionId)
                .info()
                .attributes()
                .tags());
    }

    @Override
    public void putObjectTagging(String bucket, String key, Map<String, String> tags) throws IOException {
        putObjectTagging(bucket, key, null, tags);
    }

    /** In place on the version (see {@link VersionAttributes}); an empty map removes the tags. */
    @Override
    public void putObjectTagging(String bucket, String key, String versionId, Map<String, String> tags)
            throws IOException {
        byte[] value = tags.isEmpty() ? null : AttrCodec.encodeMetadata(tags);
        run(() -> versionAttributes.set(bucket, key, versionId, AttrNames.TAGGING, value));
    }

    @Override
    public CopyObjectResult copyObject(CopyObjectRequest request) throws IOException {
        return writing(request.bucket(), () -> copier.copy(request));
    }

    @Override
    public ListObjectsResult listObjects(ListObjectsRequest request) throws IOException {
        return call(() -> lister.list(request));
    }

    @Override
    public String createMultipartUpload(CreateMultipartUploadRequest r) throws IOException {
        return writing(
                r.bucket(), () -> multipart.create(r.bucket(), r.key(), r.attributes(), r.checksum(), r.initiator()));
    }

    @Override
    public Part uploadPart(UploadPartRequest r, BodySource body) throws IOException {
        return writing(
                r.bucket(),
                () -> multipart.uploadPart(r.bucket(), r.key(), r.uploadId(), r.partNumber(), body, r.contentMd5()));
    }

    @Override
    public Part uploadPartCopy(UploadPartCopyRequest r) throws IOException {
        return writing(
                r.bucket(),
                () -> multipart.uploadPartCopy(
                        r.bucket(),
                        r.key(),
                        r.uploadId(),
                        r.partNumber(),
                        copySource(r.sourceBucket(), r.sourceKey(), r.sourceVersionId()),
                        r.sourceCheck(),
                        r.range()));
    }

    @Override
    public CompleteMultipartResult completeMultipartUpload(CompleteMultipartUploadRequest r) throws IOException {
        return writing(r.bucket(), () -> completer.complete(r.bucket(), r.key(), r.uploadId(), r.parts(), r.checks()));
    }

    /** A copy source: the current version, or the one {@code versionId} names. */
    private ObjectReader.Source copySource(String bucket, String key, String versionId) {
        if (versionId == null) {
            return () -> reader.open(bucket, key);
        }
        return () -> versionReads.openForCopy(bucket, key, versionId);
    }

    @Override
    public void abortMultipartUpload(AbortMultipartUploadRequest r) throws IOException {
        run(() -> multipart.abort(r.bucket(), r.key(), r.uploadId()));
    }

    @Override
    public ListMultipartUploadsResult listMultipartUploads(ListMultipartUploadsRequest request) throws IOException {
        return call(() -> multipart.listUploads(request));
    }

    @Override
    public ListPartsResult listParts(ListPartsRequest r) throws IOException {
        return call(() -> multipart.listParts(r.bucket(), r.key(), r.uploadId(), r.partNumberMarker(), r.maxParts()));
    }

    /** A step of a call, in the parts' terms: file-system failures are IOExceptions. */
    @FunctionalInterface
    private interface Step<T> {
        T get() throws IOException;
    }

    @FunctionalInterface
    private interface VoidStep {
        void run() throws IOException;
    }

    private static <T> T call(Step<T> step) throws IOException {
        try {
            return step.get();
        } catch (IOException e) {
            throw translate(e);
        }
    }

    private static void run(VoidStep step) throws IOException {
        try {
            step.run();
        } catch (IOException e) {
            throw translate(e);
        }
    }

    /** A write into {@code bucket}: a failure because the bucket went away is NoSuchBucket. */
    private <T> T writing(String bucket, Step<T> step) throws IOException {
        try {
            return step.get();
        } catch (IOException e) {
            throw translate(e, bucket);
        }
    }

    /**
     * For writes into {@code bucket}: a write whose bucket was deleted under it fails
     * wherever it was (its temp file went with the bucket's {@code .sgwtmp}, its parent
     * directory with the bucket): that is NoSuchBucket, not an internal error.
     */
    private IOException translate(IOException e, String bucket) {
        boolean bucketGone;
        try {
            bucketGone = !PathResolver.isBucket(paths.bucketDir(bucket));
        } catch (IOException | RuntimeException unknown) {
            bucketGone = false;
        }
        if (bucketGone || (e instanceof NoSuchFileException && inStaging(((NoSuchFileException) e).getFile()))) {
            // a temp file of this write gone: its bucket was deleted, even if one of that name exists again
            throw Buckets.noSuchBucket();
        }
        return translate(e);
    }

    /** A temp file of a write: directly in a bucket's staging directory (not an upload's part, under {@code multipart/}). */
    private boolean inStaging(String file) {
        if (file == null) {
            return false;
        }
        Path parent = Path.of(file).getParent();
        return parent != null
                && parent.getFileName() != null
                && parent.getFileName().toString().equals(PathResolver.STAGING)
                && parent.getParent() != null
                && paths.root().equals(parent.getParent().getParent()); // not a folded key's p/.sgwtmp
    }

    /**
     * File-system conditions with an S3 answer become {@link S3Exception}s (no stack
     * trace); everything else stays an IOException (InternalError, or a client gone).
     */
    private static IOException translate(IOException e) {
        String message = e.getMessage();
        if (message != null
                && (message.contains("No space left on device") || message.contains("Disk quota exceeded"))) {
            // the staged file is removed on the way out, so the space comes back with the failed write
            throw new S3Exception(S3Error.STORAGE_FULL, "The storage is full; nothing was written.", e);
        }
        if (e instanceof AccessDeniedException) {
            throw new S3Exception(S3Error.ACCESS_DENIED, "Access Denied (file permissions)");
        }
        if (e instanceof FileSystemException) {
            String r = ((FileSystemException) e).getReason();
            if (r != null && r.contains("Read-only file system")) {
                throw new S3Exception(S3Error.METHOD_NOT_ALLOWED, "The storage is read-only.");
            }
            if (r != null && r.contains("File name too long")) {
                throw new S3Exception(S3Error.KEY_TOO_LONG, "Your key is too long for the file system.");
            }
        }
        return e;
    }

    // ---- bucket tagging (issue 16 item 8) ----

    /**
     * Where versitygw keeps them: the bucket directory's {@code X-Amz-Tagging} attribute, a JSON
     * object of key to value (xattr {@code user.X-Amz-Tagging}, or the sidecar's
     * {@code <bucket>/meta/X-Amz-Tagging}), as an object's tags are kept.
     */
    @Override
    public Map<String, String> getBucketTagging(String bucket) throws IOException {
        return call(() -> {
            return AttrCodec.decodeMetadata(bucketAttribute(bucket, AttrNames.TAGGING));
        });
    }

    @Override
    public void putBucketTagging(String bucket, Map<String, String> tags) throws IOException {
        run(() -> {
            Path dir = paths.bucketDir(bucket);
            PathResolver.requireBucket(dir);
            if (tags.isEmpty()) {
                store.remove(dir, AttrNames.TAGGING);
            } else {
                store.set(dir, AttrNames.TAGGING, AttrCodec.encodeMetadata(tags));
            }
            committer.syncDir(dir);
        });
    }

    /**
     * Attributes of the bucket directory, as versitygw keeps them: {@code policy} holds the
     * policy's JSON as it was put, {@code cors} the CORS configuration's XML as it was put; the Public Access Block
     * is posixgw's own
     * {@code posixgw.public-access-block} (see {@link AttrNames}).
     */
    @Override
    public byte[] getBucketConfig(String bucket, BucketConfig which) throws IOException {
        return call(() -> {
            return bucketAttribute(bucket, attributeOf(which));
        });
    }

    @Override
    public void putBucketConfig(String bucket, BucketConfig which, byte[] document) throws IOException {
        run(() -> {
            Path dir = paths.bucketDir(bucket);
            PathResolver.requireBucket(dir);
            if (document == null) {
                store.remove(dir, attributeOf(which));
            } else {
                store.set(dir, attributeOf(which), document);
            }
            committer.syncDir(dir);
        });
    }

    private static String attributeOf(BucketConfig which) {
        return switch (which) {
            case POLICY -> AttrNames.POLICY;
            case PUBLIC_ACCESS_BLOCK -> AttrNames.PUBLIC_ACCESS_BLOCK;
            case CORS -> AttrNames.CORS;
            case ACL -> AttrNames.ACL;
            case OWNERSHIP -> AttrNames.OWNERSHIP;
        };
    }

    // ---- Object Lock (versitygw's bucket-lock, object-retention and object-legal-hold attributes) ----

    @Override
    public LockConfiguration getObjectLockConfiguration(String bucket) throws IOException {
        return call(() -> {
            return LockAttrCodec.decodeConfiguration(bucketAttribute(bucket, AttrNames.BUCKET_LOCK));
        });
    }

    @Override
    public void putObjectLockConfiguration(String bucket, LockConfiguration config) throws IOException {
        run(() -> {
            Path dir = paths.bucketDir(bucket);
            PathResolver.requireBucket(dir);
            store.set(dir, AttrNames.BUCKET_LOCK, LockAttrCodec.encodeConfiguration(config));
            committer.syncDir(dir);
        });
    }

    @Override
    public ObjectLock getObjectLock(String bucket, String key) throws IOException {
        return getObjectLock(bucket, key, null);
    }

    @Override
    public ObjectLock getObjectLock(String bucket, String key, String versionId) throws IOException {
        return call(() -> versionAttributes
                .version(bucket, key, versionId)
                .info()
                .attributes()
                .lock());
    }

    @Override
    public void putObjectRetention(String bucket, String key, Retention retention) throws IOException {
        putObjectRetention(bucket, key, null, retention);
    }

    /** In place on the version (see {@link VersionAttributes}); null removes it. */
    @Override
    public void putObjectRetention(String bucket, String key, String versionId, Retention retention)
            throws IOException {
        byte[] value = retention == null ? null : LockAttrCodec.encodeRetention(retention);
        run(() -> versionAttributes.set(bucket, key, versionId, AttrNames.RETENTION, value));
    }

    @Override
    public void putObjectLegalHold(String bucket, String key, boolean on) throws IOException {
        putObjectLegalHold(bucket, key, null, on);
    }

    @Override
    public void putObjectLegalHold(String bucket, String key, String versionId, boolean on) throws IOException {
        run(() ->
                versionAttributes.set(bucket, key, versionId, AttrNames.LEGAL_HOLD, LockAttrCodec.encodeLegalHold(on)));
    }

    @Override
    public byte[] getObjectAcl(String bucket, String key) throws IOException {
        return getObjectAcl(bucket, key, null);
    }

    @Override
    public byte[] getObjectAcl(String bucket, String key, String versionId) throws IOException {
        return call(() -> versionAttributes.get(bucket, key, versionId, AttrNames.OBJECT_ACL));
    }

    @Override
    public void putObjectAcl(String bucket, String key, byte[] acl) throws IOException {
        putObjectAcl(bucket, key, null, acl);
    }

    /** In place on the version, as tags are; a new write of the key starts without one. */
    @Override
    public void putObjectAcl(String bucket, String key, String versionId, byte[] acl) throws IOException {
        run(() -> versionAttributes.set(bucket, key, versionId, AttrNames.OBJECT_ACL, acl));
    }

    /**
     * An attribute of the bucket directory; {@code NoSuchBucket} when the bucket does not exist, also when a
     * DeleteBucket (of any gateway) removes it between the check and the read.
     */
    private byte[] bucketAttribute(String bucket, String name) throws IOException {
        Path dir = paths.bucketDir(bucket);
        PathResolver.requireBucket(dir);
        try {
            return store.get(dir, name);
        } catch (java.nio.file.NoSuchFileException e) {
            throw S3Error.NO_SUCH_BUCKET.exception();
        }
    }
}
