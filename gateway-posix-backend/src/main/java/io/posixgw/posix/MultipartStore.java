package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.BodySource;
import io.posixgw.core.checksum.Checksummer;
import io.posixgw.core.checksum.MultipartChecksum;
import io.posixgw.core.http.ByteRange;
import io.posixgw.core.listing.KeyOrder;
import io.posixgw.core.listing.Page;
import io.posixgw.core.listing.Pager;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.ListMultipartUploadsRequest;
import io.posixgw.core.model.ListMultipartUploadsResult;
import io.posixgw.core.model.ListPartsResult;
import io.posixgw.core.model.MultipartRules;
import io.posixgw.core.model.MultipartUpload;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.ObjectRules;
import io.posixgw.core.model.Part;
import io.posixgw.core.model.UploadOrigin;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Multipart uploads in versitygw's staging layout:
 * {@code <bucket>/.sgwtmp/multipart/<sha256hex(key)>/<uploadId>/<partNumber>}, the key in
 * the {@code objname} attribute of the hash directory, the object's future attributes
 * on the upload directory, each part's {@code etag} (and {@code part-crc64nvme}) on the
 * part file. Complete lives in {@link MultipartCompleter}.
 */
final class MultipartStore {
    /** Suffix of a directory claimed by a Complete in progress (versitygw's name). */
    static final String IN_PROGRESS = ".inprogress";

    private final PathResolver paths;
    private final MetadataStore store;
    private final Committer committer;
    private final boolean partCrc64;

    MultipartStore(PathResolver paths, MetadataStore store, Committer committer, boolean partCrc64) {
        this.paths = paths;
        this.store = store;
        this.committer = committer;
        this.partCrc64 = partCrc64;
    }

    /** @param initiator the creating caller's access key, recorded as {@code posixgw.initiator}; null: none recorded */
    String create(String bucket, String key, ObjectAttributes attributes, MultipartChecksum checksum, String initiator)
            throws IOException {
        ObjectRules.requireUserMetadataWithinLimit(attributes); // first, as when the server checked it while parsing
        Path bucketDir = paths.bucketDir(bucket);
        PathResolver.requireBucket(bucketDir);
        paths.objectPath(bucketDir, key); // key sanity (a key ending in '/' completes to p/.sgwtmp/slash: Folds)
        ObjectAttributes a = attributes == null ? ObjectAttributes.EMPTY : attributes;
        String id = UploadIds.next();
        Path hashDir = PathResolver.uploadsOfKey(bucketDir, key);
        Path uploadDir = hashDir.resolve(id);
        // never while a DeleteBucket removes the bucket (its .sgwtmp with it): see Committer.writing
        try (KeyLocks.Held writing = committer.writing(bucketDir)) {
            Fs.createDirectoriesBelow(bucketDir, uploadDir);
        }
        try {
            store.set(hashDir, AttrNames.OBJNAME, AttrCodec.utf8(key));
            Map<String, byte[]> attrs = new LinkedHashMap<>(AttrCodec.objectAttrs(a));
            if (checksum != null) {
                attrs.put(AttrNames.CHECKSUMS, AttrCodec.encodeChecksumSpec(checksum));
            }
            if (initiator != null) {
                attrs.put(AttrNames.INITIATOR, AttrCodec.utf8(initiator));
            }
            store.setAll(uploadDir, attrs);
        } catch (IOException | RuntimeException e) {
            Fs.deleteTree(uploadDir);
            store.deleted(uploadDir);
            Fs.removeIfEmpty(hashDir);
            throw e;
        }
        return id;
    }

    Part uploadPart(String bucket, String key, String uploadId, int partNumber, BodySource body, byte[] contentMd5)
            throws IOException {
        UploadIds.require(uploadId);
        MultipartRules.requireValidPartNumber(partNumber);
        Path bucketDir = paths.bucketDir(bucket);
        Path uploadDir = PathResolver.uploadsOfKey(bucketDir, key).resolve(uploadId);
        requireUpload(bucketDir, uploadDir, uploadId);
        MultipartChecksum checksum = checksumOf(uploadDir, uploadId);
        try (StagedFile staged = StagedFile.create(bucketDir, key, true, partCrc64)) {
            Checksummer computed = MultipartRules.computesPartChecksum(checksum)
                    ? checksum.algorithm().newChecksummer()
                    : null;
            staged.writeAll(body, computed);
            byte[] md5 = staged.md5();
            if (contentMd5 != null && !MessageDigest.isEqual(md5, contentMd5)) {
                throw S3Error.BAD_DIGEST.exception();
            }
            Map<String, String> partChecksum = MultipartRules.partChecksum(
                    checksum, body.checksums(), computed == null ? null : computed.base64());
            return publishPart(staged, bucketDir, uploadDir, uploadId, partNumber, partChecksum);
        }
    }

    /**
     * UploadPartCopy: bytes {@code [first, last]} of an existing object become part
     * {@code partNumber}. The source is opened first (so the copy reads one version),
     * checked against the copy-source preconditions, then streamed and hashed.
     *
     * @param range the inclusive byte range, or null for the whole source
     */
    Part uploadPartCopy(
            String bucket,
            String key,
            String uploadId,
            int partNumber,
            ObjectReader.Source source,
            Consumer<ObjectInfo> sourceCheck,
            ByteRange range)
            throws IOException {
        UploadIds.require(uploadId);
        MultipartRules.requireValidPartNumber(partNumber);
        Path bucketDir = paths.bucketDir(bucket);
        Path uploadDir = PathResolver.uploadsOfKey(bucketDir, key).resolve(uploadId);
        requireUpload(bucketDir, uploadDir, uploadId);
        MultipartChecksum checksum = checksumOf(uploadDir, uploadId);
        try (ObjectReader.Opened src = source.open()) {
            ObjectInfo info = src.info();
            if (sourceCheck != null) {
                sourceCheck.accept(info);
            }
            long first = 0;
            long length = info.size();
            if (range != null) {
                if (range.last() >= info.size()) {
                    // AWS: 400, not the 416 of a GET
                    throw new S3Exception(
                            S3Error.INVALID_ARGUMENT,
                            "Range specified is not valid for source object of size: " + info.size());
                }
                first = range.first();
                length = range.length();
            }
            MultipartRules.requireCopiedPartSize(length);
            try (StagedFile staged = StagedFile.create(bucketDir, key, true, partCrc64)) {
                Checksummer sum = checksum == null ? null : checksum.algorithm().newChecksummer();
                staged.copyHashing(src.channel(), first, length, sum);
                Map<String, String> partChecksum =
                        sum == null ? Map.of() : Map.of(checksum.algorithm().name(), sum.base64());
                return publishPart(staged, bucketDir, uploadDir, uploadId, partNumber, partChecksum);
            }
        }
    }

    /** The checksum the upload was created with, or null. */
    MultipartChecksum checksumOf(Path uploadDir, String uploadId) throws IOException {
        long deadline = System.nanoTime() + CLAIM_WAIT_NANOS;
        while (true) {
            try {
                return AttrCodec.decodeChecksumSpec(store.get(uploadDir, AttrNames.CHECKSUMS));
            } catch (NoSuchFileException e) {
                if (!claimedNow(uploadDir, uploadId, deadline)) {
                    throw noSuchUpload(uploadId);
                }
            }
        }
    }

    /** Sets the part's attributes, makes it durable and renames it into the upload (replacing an earlier upload of it). */
    private Part publishPart(
            StagedFile staged,
            Path bucketDir,
            Path uploadDir,
            String uploadId,
            int partNumber,
            Map<String, String> checksum)
            throws IOException {
        String etag = Etags.fromMd5(staged.md5());
        Map<String, byte[]> attrs = new LinkedHashMap<>();
        attrs.put(AttrNames.ETAG, AttrCodec.utf8(etag));
        if (!checksum.isEmpty()) {
            attrs.put(AttrNames.CHECKSUMS, AttrCodec.encodeChecksums(checksum, null));
        }
        if (partCrc64) {
            attrs.put(AttrNames.PART_CRC64NVME, AttrCodec.utf8(staged.crc64Base64()));
        }
        staged.setAttributes(store, attrs);
        Instant mtime = Files.getLastModifiedTime(staged.path, LinkOption.NOFOLLOW_LINKS)
                .toInstant();
        committer.forceFile(staged);
        Path target = uploadDir.resolve(Integer.toString(partNumber));
        // the upload's lock (sidecar): a part's two renames never straddle a Complete's claim or an Abort
        // of the upload in another gateway, nor another upload of the same part number; and the
        // bucket's writers lock: never while a DeleteBucket removes the bucket (see Committer.writing)
        long deadline = System.nanoTime() + CLAIM_WAIT_NANOS;
        while (true) {
            try (KeyLocks.Held writing = committer.writing(bucketDir);
                    KeyLocks.Held across = store.lockPublication(uploadDir)) {
                // fails when the upload was aborted or completed meanwhile, or a Complete holds it claimed
                Files.move(staged.path, target, StandardCopyOption.ATOMIC_MOVE);
                staged.markPublished();
                store.moved(staged.path, target);
                break;
            } catch (NoSuchFileException e) {
                if (!claimedNow(uploadDir, uploadId, deadline)) {
                    throw noSuchUpload(uploadId);
                }
            }
        }
        committer.syncDir(uploadDir);
        return new Part(partNumber, etag, staged.size(), mtime, checksum);
    }

    /** How long an UploadPart waits for a Complete that holds the upload claimed (one that fails gives it back). */
    private static final long CLAIM_WAIT_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(5);

    /**
     * After a part found no upload directory: true (after a short pause) while a Complete of the upload
     * holds it claimed, or when it is back; false when it is gone (completed or aborted) or the wait is over.
     */
    private static boolean claimedNow(Path uploadDir, String uploadId, long deadline) throws IOException {
        if (Fs.lstat(uploadDir) != null) {
            return true; // given back by a Complete that failed
        }
        if (findClaim(uploadDir.getParent(), uploadId) == null) {
            // no claim now: gone, unless it was given back between the two looks
            return Fs.lstat(uploadDir) != null;
        }
        if (System.nanoTime() > deadline) {
            return false;
        }
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while waiting for a Complete of upload " + uploadId);
        }
        return true;
    }

    /** The claim of a Complete of this upload in progress, if any (the exact name or another ETag's). */
    static Path findClaim(Path hashDir, String uploadId) throws IOException {
        try (java.nio.file.DirectoryStream<Path> ds =
                Files.newDirectoryStream(hashDir, uploadId + ".*" + IN_PROGRESS)) {
            for (Path p : ds) {
                return p;
            }
        } catch (NoSuchFileException none) {
            return null;
        }
        return null;
    }

    void abort(String bucket, String key, String uploadId) throws IOException {
        UploadIds.require(uploadId);
        Path bucketDir = paths.bucketDir(bucket);
        Path hashDir = PathResolver.uploadsOfKey(bucketDir, key);
        Path uploadDir = hashDir.resolve(uploadId);
        requireUpload(bucketDir, uploadDir, uploadId);
        // take it out of sight atomically first, so a part landing now fails instead of leaking
        Path trash = PathResolver.staging(bucketDir)
                .resolve("abort-" + uploadId + "-" + Fs.randomHex() + StagingSweeper.TRASH);
        try (KeyLocks.Held across = store.lockPublication(uploadDir)) {
            try {
                Files.move(uploadDir, trash, StandardCopyOption.ATOMIC_MOVE);
            } catch (NoSuchFileException e) {
                throw noSuchUpload(uploadId);
            }
            store.moved(uploadDir, trash);
        }
        Fs.deleteTree(trash);
        store.deleted(trash);
        if (Fs.removeIfEmpty(hashDir)) {
            store.prunedDirectory(hashDir);
        }
    }

    ListPartsResult listParts(String bucket, String key, String uploadId, int marker, int maxParts) throws IOException {
        UploadIds.require(uploadId);
        Path bucketDir = paths.bucketDir(bucket);
        Path uploadDir = PathResolver.uploadsOfKey(bucketDir, key).resolve(uploadId);
        BasicFileAttributes ua = requireUpload(bucketDir, uploadDir, uploadId);
        MultipartChecksum checksum = checksumOf(uploadDir, uploadId);
        UploadOrigin origin;
        try {
            origin = originOf(store.read(uploadDir, ORIGIN_ATTRS::contains));
        } catch (NoSuchFileException e) {
            throw noSuchUpload(uploadId);
        }
        List<Integer> numbers = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(uploadDir)) {
            for (Path p : ds) {
                int n = partNumber(p.getFileName().toString());
                if (n > marker) {
                    numbers.add(n);
                }
            }
        } catch (NoSuchFileException e) {
            throw noSuchUpload(uploadId);
        }
        numbers.sort(Comparator.naturalOrder());
        int limit = Math.max(1, maxParts);
        List<Part> parts = new ArrayList<>();
        boolean truncated = false;
        for (int n : numbers) {
            if (parts.size() == limit) {
                truncated = true;
                break;
            }
            Part p = readPart(uploadDir, n, checksum != null);
            if (p != null) {
                parts.add(p);
            }
        }
        int next = truncated && !parts.isEmpty() ? parts.get(parts.size() - 1).partNumber() : 0;
        return new ListPartsResult(key, uploadId, initiated(uploadId, ua), parts, truncated, next, checksum, origin);
    }

    /** A stored part, with its checksum when asked for, or null when it is not there. */
    Part readPart(Path uploadDir, int n, boolean withChecksum) throws IOException {
        Path p = uploadDir.resolve(Integer.toString(n));
        BasicFileAttributes a = Fs.lstat(p);
        if (a == null || !a.isRegularFile()) {
            return null;
        }
        String etag;
        Map<String, String> checksum = Map.of();
        try {
            etag = AttrCodec.etag(store.get(p, AttrNames.ETAG));
            if (withChecksum) {
                checksum = AttrCodec.decodeChecksums(store.get(p, AttrNames.CHECKSUMS));
            }
        } catch (NoSuchFileException gone) {
            return null;
        }
        return new Part(
                n, etag == null ? "\"\"" : etag, a.size(), a.lastModifiedTime().toInstant(), checksum);
    }

    /** S3's order of uploads: by key, then by initiation (then by id, for uploads of one instant). */
    private static final Comparator<MultipartUpload> UPLOAD_ORDER = Comparator.comparing(
                    MultipartUpload::key, KeyOrder.COMPARATOR)
            .thenComparing(MultipartUpload::initiated)
            .thenComparing(MultipartUpload::uploadId);

    /** The uploads of the keys a page can list (the hash directories have no order), sorted, then paged by the {@link Pager}. */
    ListMultipartUploadsResult listUploads(ListMultipartUploadsRequest req) throws IOException {
        Path bucketDir = paths.bucketDir(req.bucket());
        PathResolver.requireBucket(bucketDir);
        Pager<MultipartUpload> pager = Pager.afterEntry(
                req.prefix(), req.delimiter(), req.keyMarker(), req.uploadIdMarker(), Math.max(1, req.maxUploads()));
        List<MultipartUpload> all = new ArrayList<>();
        try (DirectoryStream<Path> hashes = Files.newDirectoryStream(PathResolver.multipartRoot(bucketDir))) {
            for (Path h : hashes) {
                String key;
                try {
                    key = AttrCodec.str(store.get(h, AttrNames.OBJNAME));
                } catch (NoSuchFileException gone) {
                    continue;
                }
                if (key == null || !pager.inScope(key) || pager.passed(key)) {
                    continue;
                }
                collectUploads(h, key, all);
            }
        } catch (NoSuchFileException noUploads) {
            // no multipart directory yet
        }
        all.sort(UPLOAD_ORDER);
        pager.offerSorted(all, MultipartUpload::key, MultipartUpload::uploadId);
        Page<MultipartUpload> page = pager.page();
        return new ListMultipartUploadsResult(
                page.entries(), page.commonPrefixes(), page.truncated(), page.nextKey(), page.nextId());
    }

    private void collectUploads(Path hashDir, String key, List<MultipartUpload> out) throws IOException {
        try (DirectoryStream<Path> ids = Files.newDirectoryStream(hashDir)) {
            for (Path u : ids) {
                String id = u.getFileName().toString();
                if (!UploadIds.isValid(id)) {
                    continue; // claims in progress, temp files
                }
                BasicFileAttributes a = Fs.lstat(u);
                if (a != null && a.isDirectory()) {
                    Map<String, byte[]> attrs;
                    try {
                        attrs = store.read(u, LISTED_ATTRS::contains);
                    } catch (NoSuchFileException gone) {
                        continue;
                    }
                    MultipartChecksum checksum = AttrCodec.decodeChecksumSpec(attrs.get(AttrNames.CHECKSUMS));
                    out.add(new MultipartUpload(key, id, initiated(id, a), checksum, originOf(attrs)));
                }
            }
        } catch (NoSuchFileException gone) {
            // removed meanwhile
        }
    }

    /** The upload-directory attributes that say who created the upload and whose object it will be. */
    private static final Set<String> ORIGIN_ATTRS = Set.of(AttrNames.INITIATOR, AttrNames.OBJECT_ACL);
    /** What a listing of uploads reads of each: its checksum and its origin, in one read. */
    private static final Set<String> LISTED_ATTRS =
            Set.of(AttrNames.CHECKSUMS, AttrNames.INITIATOR, AttrNames.OBJECT_ACL);

    private static UploadOrigin originOf(Map<String, byte[]> attrs) {
        byte[] initiator = attrs.get(AttrNames.INITIATOR);
        String key = initiator == null || initiator.length == 0 ? null : AttrCodec.str(initiator);
        return new UploadOrigin(key, AttrCodec.decodeAclOwner(attrs.get(AttrNames.OBJECT_ACL)));
    }

    private static Instant initiated(String id, BasicFileAttributes a) {
        Instant t = UploadIds.initiated(id);
        // a version 4 id (made by versitygw): the directory's birth time where the JDK reads it
        // (statx), else its mtime, which versitygw reports but which moves as parts land
        return t != null ? t : a.creationTime().toInstant();
    }

    private static int partNumber(String name) {
        if (name.isEmpty() || name.length() > 5) {
            return -1;
        }
        int n = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n >= MultipartRules.MIN_PART_NUMBER && n <= MultipartRules.MAX_PART_NUMBER ? n : -1;
    }

    /** The upload directory's lstat; NoSuchBucket / NoSuchUpload when absent. */
    /**
     * The upload's directory, waiting (up to {@link #CLAIM_WAIT_NANOS}) while a Complete in any
     * gateway holds it claimed: one that fails gives it back, and the upload was never gone.
     */
    private static BasicFileAttributes requireUpload(Path bucketDir, Path uploadDir, String uploadId)
            throws IOException {
        long deadline = System.nanoTime() + CLAIM_WAIT_NANOS;
        while (true) {
            BasicFileAttributes a = Fs.lstat(uploadDir);
            if (a != null && a.isDirectory()) {
                return a;
            }
            if (a != null || !claimedNow(uploadDir, uploadId, deadline)) {
                PathResolver.requireBucket(bucketDir);
                throw noSuchUpload(uploadId);
            }
        }
    }

    static S3Exception noSuchUpload(String uploadId) {
        return new S3Exception(S3Error.NO_SUCH_UPLOAD, S3Error.NO_SUCH_UPLOAD.defaultMessage());
    }
}
