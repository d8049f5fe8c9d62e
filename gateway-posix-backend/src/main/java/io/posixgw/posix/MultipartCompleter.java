package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.checksum.MultipartChecksum;
import io.posixgw.core.model.CompleteChecks;
import io.posixgw.core.model.CompleteMultipartResult;
import io.posixgw.core.model.CompletedPart;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.MultipartRules;
import io.posixgw.core.model.Part;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CompleteMultipartUpload, safe against concurrent and repeated Completes across
 * processes. The upload directory is claimed by renaming it to versitygw's
 * {@code <uploadId>.<etag>.inprogress}; only the claimer assembles. Another Complete
 * of the same upload waits until the claim is gone and then answers from the object:
 * its {@code mp-metadata} names the upload id, so the same ETag comes back (or
 * NoSuchUpload when the object came from elsewhere). A failed Complete renames the
 * claim back, so the upload can be completed again. The claimer touches the claim
 * directory while it works; a claim older than {@code claimStaleAfter} belongs to a
 * crashed Complete and is finished (object already published) or rolled back.
 */
final class MultipartCompleter {
    private static final long HEARTBEAT_BYTES = 256L << 20;

    private final PathResolver paths;
    private final MetadataStore store;
    private final ConditionalPublisher publisher;
    private final MultipartStore uploads;
    private final Duration wait;
    private final Duration staleAfter;
    private final FoldLookup lookup;

    MultipartCompleter(
            PathResolver paths,
            MetadataStore store,
            ConditionalPublisher publisher,
            MultipartStore uploads,
            Duration wait,
            Duration staleAfter,
            FoldLookup lookup) {
        this.lookup = lookup;
        this.paths = paths;
        this.store = store;
        this.publisher = publisher;
        this.uploads = uploads;
        this.wait = wait;
        this.staleAfter = staleAfter;
    }

    CompleteMultipartResult complete(
            String bucket, String key, String uploadId, List<CompletedPart> parts, CompleteChecks checks)
            throws IOException {
        UploadIds.require(uploadId);
        Path bucketDir = paths.bucketDir(bucket);
        PathResolver.requireBucket(bucketDir);
        MultipartRules.requirePartsListed(parts);
        checks = checks == null ? CompleteChecks.NONE : checks;
        checks.condition().requireSupportedOnWrite(key);
        Path hashDir = PathResolver.uploadsOfKey(bucketDir, key);
        Path uploadDir = hashDir.resolve(uploadId);
        String etag;
        try {
            etag = expectedEtag(parts);
        } catch (S3Exception badList) {
            // an unknown upload is NoSuchUpload whatever the list says
            if (Fs.lstat(uploadDir) == null
                    && MultipartStore.findClaim(hashDir, uploadId) == null
                    && completedEtag(bucketDir, key, uploadId) == null) {
                throw MultipartStore.noSuchUpload(uploadId);
            }
            throw badList;
        }
        Path claim = hashDir.resolve(uploadId + "." + Etags.unquote(etag) + MultipartStore.IN_PROGRESS);
        long deadline = System.nanoTime() + wait.toNanos();
        long pause = 10;
        while (true) {
            try (KeyLocks.Held across = store.lockPublication(uploadDir)) { // see MultipartStore's part publication
                Files.move(uploadDir, claim, StandardCopyOption.ATOMIC_MOVE);
                store.moved(uploadDir, claim);
                break;
            } catch (NoSuchFileException notThere) {
                Path other = MultipartStore.findClaim(hashDir, uploadId);
                if (other == null && Fs.lstat(uploadDir) != null) {
                    continue; // another Complete gave it back between the two looks: claim it now
                }
                if (other == null) {
                    String done = completedEtag(bucketDir, key, uploadId);
                    if (done != null && Etags.unquote(done).equals(Etags.unquote(etag))) {
                        return repeatedResult(bucketDir, bucket, key, done);
                    }
                    throw MultipartStore.noSuchUpload(uploadId);
                }
                if (isStale(other)) {
                    recover(bucketDir, key, uploadId, uploadDir, other);
                    continue;
                }
                if (System.nanoTime() > deadline) {
                    throw new S3Exception(
                            S3Error.SERVICE_UNAVAILABLE, "A Complete of this upload is still in progress; retry.");
                }
                sleep(pause);
                pause = Math.min(pause * 2, 250);
            }
        }
        return assemble(bucketDir, bucket, key, uploadId, parts, checks, etag, hashDir, uploadDir, claim);
    }

    private CompleteMultipartResult assemble(
            Path bucketDir,
            String bucket,
            String key,
            String uploadId,
            List<CompletedPart> parts,
            CompleteChecks checks,
            String etag,
            Path hashDir,
            Path uploadDir,
            Path claim)
            throws IOException {
        boolean published = false;
        String versionId = null;
        Map<String, String> objectChecksum = Map.of();
        MultipartChecksum checksum;
        try {
            // fail before assembling (the publish checks again, atomically); the upload is then restored
            publisher.precheck(bucket, key, checks.condition());
            checksum = uploads.checksumOf(claim, uploadId);
            if (checks.checksumType() != null && (checksum == null || checks.checksumType() != checksum.type())) {
                throw new S3Exception(
                        S3Error.INVALID_REQUEST,
                        "The upload was created using the "
                                + (checksum == null ? "null" : checksum.type().name())
                                + " checksum mode. The complete request must use the same checksum mode.");
            }
            Map<Integer, Part> stored = new HashMap<>();
            for (CompletedPart p : parts) {
                if (p.partNumber() >= MultipartRules.MIN_PART_NUMBER
                        && p.partNumber() <= MultipartRules.MAX_PART_NUMBER) {
                    Part s = uploads.readPart(claim, p.partNumber(), checksum != null);
                    if (s != null) {
                        stored.put(p.partNumber(), s);
                    }
                }
            }
            MultipartRules.validateComplete(parts, stored);
            long total = 0;
            for (CompletedPart p : parts) {
                total += stored.get(p.partNumber()).size();
            }
            if (checks.objectSize() != null && checks.objectSize() != total) {
                throw new S3Exception(
                        S3Error.INVALID_REQUEST,
                        "The provided 'x-amz-mp-object-size' header value " + checks.objectSize()
                                + " does not match what was computed: " + total);
            }
            if (checksum != null) {
                objectChecksum = MultipartRules.completedChecksum(checksum, parts, stored, checks);
            }
            Path target = paths.objectPath(bucketDir, key);
            Path firstMissing = Folds.writableParents(bucketDir, target); // a file in the way is folded
            Map<String, byte[]> attrs = new LinkedHashMap<>(store.read(claim, AttrNames::copiedFromUpload));
            try (StagedFile staged = StagedFile.create(bucketDir, key, false, false)) {
                long[] ends = new long[parts.size()];
                long sinceBeat = 0;
                for (int i = 0; i < parts.size(); i++) {
                    Path part = claim.resolve(Integer.toString(parts.get(i).partNumber()));
                    try (FileChannel src = FileChannel.open(part, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                        long size = src.size();
                        for (long pos = 0; pos < size; pos += HEARTBEAT_BYTES) {
                            long n = Math.min(HEARTBEAT_BYTES, size - pos);
                            staged.transferFrom(src, pos, n);
                            sinceBeat += n;
                            if (sinceBeat >= HEARTBEAT_BYTES) {
                                heartbeat(claim);
                                sinceBeat = 0;
                            }
                        }
                    }
                    ends[i] = staged.size();
                }
                attrs.put(AttrNames.ETAG, AttrCodec.utf8(etag));
                attrs.put(
                        AttrNames.MP_METADATA,
                        AttrCodec.encodeMpMetadata(
                                uploadId,
                                ends,
                                checksum,
                                MultipartRules.completedPartChecksums(checksum, parts, stored)));
                if (checksum != null) {
                    attrs.put(AttrNames.CHECKSUMS, AttrCodec.encodeChecksums(objectChecksum, checksum.type()));
                }
                staged.setAttributes(store, attrs);
                heartbeat(claim); // the fsync of a large object may take a while
                versionId = publisher.publish(
                        bucket,
                        key,
                        checks.condition(),
                        staged,
                        bucketDir,
                        target,
                        firstMissing,
                        ConditionalPublisher.LockRequest.carried(checks.bypassGovernance()));
                published = true;
            }
        } finally {
            if (!published) {
                rollback(claim, uploadDir);
            }
        }
        Fs.deleteTree(claim);
        store.deleted(claim);
        if (Fs.removeIfEmpty(hashDir)) {
            store.prunedDirectory(hashDir);
        }
        return new CompleteMultipartResult(
                bucket, key, etag, objectChecksum, checksum == null ? null : checksum.type(), versionId);
    }

    /**
     * The object's checksum from the stored part checksums. Each listed part must name its
     * checksum, equal to the stored one; a checksum the request asserts for the object
     * (with or without the {@code -N} of a composite) must equal the result.
     */

    /** The answer to a Complete of an upload that is already the object at {@code key}. */
    private CompleteMultipartResult repeatedResult(Path bucketDir, String bucket, String key, String etag)
            throws IOException {
        Path target = completedFile(bucketDir, key);
        if (target == null) {
            return new CompleteMultipartResult(bucket, key, etag);
        }
        try {
            byte[] raw = store.get(target, AttrNames.CHECKSUMS);
            Map<String, String> checksums = AttrCodec.decodeChecksums(raw);
            return new CompleteMultipartResult(
                    bucket, key, etag, checksums, checksums.isEmpty() ? null : AttrCodec.decodeChecksumType(raw));
        } catch (NoSuchFileException gone) {
            return new CompleteMultipartResult(bucket, key, etag);
        }
    }

    /** The multipart ETag of the requested part list; non-hex part ETags cannot match any stored part. */
    private static String expectedEtag(List<CompletedPart> parts) {
        List<String> etags = new ArrayList<>(parts.size());
        for (CompletedPart p : parts) {
            if (p.etag() == null) {
                throw new S3Exception(S3Error.INVALID_PART, S3Error.INVALID_PART.defaultMessage());
            }
            etags.add(p.etag());
        }
        try {
            return Etags.multipart(etags);
        } catch (IllegalArgumentException e) {
            throw new S3Exception(S3Error.INVALID_PART, S3Error.INVALID_PART.defaultMessage());
        }
    }

    /** The ETag of the object at {@code key} when a Complete of {@code uploadId} produced it, else null. */
    private String completedEtag(Path bucketDir, String key, String uploadId) throws IOException {
        Path target = completedFile(bucketDir, key);
        if (target == null) {
            return null;
        }
        try {
            AttrCodec.MpMetadata mp = AttrCodec.decodeMpMetadata(store.get(target, AttrNames.MP_METADATA));
            if (mp == null || !uploadId.equals(mp.uploadId())) {
                return null;
            }
            return AttrCodec.etag(store.get(target, AttrNames.ETAG));
        } catch (NoSuchFileException gone) {
            return null;
        }
    }

    /**
     * The file of the key's current object, where {@link Folds} keeps it when the plain layout
     * cannot hold it ({@code p/.sgwtmp/self}, {@code p/.sgwtmp/slash}, or in transit); null when
     * there is none, or only a directory object.
     */
    private Path completedFile(Path bucketDir, String key) throws IOException {
        Path target = paths.objectPath(bucketDir, key);
        BasicFileAttributes a = Fs.lstat(target);
        if (a != null && a.isRegularFile() && !io.posixgw.core.names.ObjectKeys.isDirectoryKey(key)) {
            return target; // the plain layout: one lstat, as before
        }
        if (PathResolver.parents(bucketDir, target) != PathResolver.Parents.PRESENT) {
            return null;
        }
        try {
            FoldLookup.Located at = lookup.locate(bucketDir, key, target);
            return at.directoryObject() ? null : at.path();
        } catch (S3Exception none) {
            return null;
        }
    }

    private boolean isStale(Path claim) throws IOException {
        BasicFileAttributes a = Fs.lstat(claim);
        return a != null && a.lastModifiedTime().toMillis() < System.currentTimeMillis() - staleAfter.toMillis();
    }

    /** A crashed Complete: cleaned up when its object was published, else given back to the upload. */
    private void recover(Path bucketDir, String key, String uploadId, Path uploadDir, Path claim) throws IOException {
        if (completedEtag(bucketDir, key, uploadId) != null) {
            Fs.deleteTree(claim);
            store.deleted(claim);
        } else {
            rollback(claim, uploadDir);
        }
    }

    private void rollback(Path claim, Path uploadDir) {
        try (KeyLocks.Held across = store.lockPublication(uploadDir)) {
            Files.move(claim, uploadDir, StandardCopyOption.ATOMIC_MOVE);
            store.moved(claim, uploadDir);
        } catch (IOException lost) {
            // recovered by someone else, or the upload directory exists again: nothing to give back
        }
    }

    private static void heartbeat(Path claim) {
        try {
            Files.setLastModifiedTime(claim, FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException ignored) {
            // a missed beat only risks an early recovery attempt by a waiter
        }
    }

    private static void sleep(long ms) throws IOException {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for a concurrent Complete");
        }
    }

    /** Rolls back or cleans claims older than {@code maxAge} under one bucket (startup sweep). */
    void sweepClaims(Path bucketDir, Duration maxAge) throws IOException {
        try (DirectoryStream<Path> hashes = Files.newDirectoryStream(PathResolver.multipartRoot(bucketDir))) {
            for (Path h : hashes) {
                String key = AttrCodec.str(store.get(h, AttrNames.OBJNAME));
                try (DirectoryStream<Path> ds = Files.newDirectoryStream(h, "*" + MultipartStore.IN_PROGRESS)) {
                    for (Path c : ds) {
                        BasicFileAttributes a = Fs.lstat(c);
                        String name = c.getFileName().toString();
                        int dot = name.indexOf('.');
                        if (a == null
                                || key == null
                                || dot < 0
                                || a.lastModifiedTime().toMillis() > System.currentTimeMillis() - maxAge.toMillis()) {
                            continue;
                        }
                        String id = name.substring(0, dot);
                        if (UploadIds.isValid(id)) {
                            recover(bucketDir, key, id, h.resolve(id), c);
                        }
                    }
                } catch (FileSystemException skip) {
                    // not a directory or gone
                }
            }
        } catch (NoSuchFileException none) {
            // no uploads
        }
    }
}
