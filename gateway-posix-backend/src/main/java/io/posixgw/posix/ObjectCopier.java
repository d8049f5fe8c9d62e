package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.checksum.ChecksumType;
import io.posixgw.core.checksum.Checksummer;
import io.posixgw.core.model.CopyObjectRequest;
import io.posixgw.core.model.CopyObjectResult;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.ObjectRules;
import io.posixgw.core.names.ObjectKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/**
 * CopyObject. The source is opened like a GET (the channel pins the version that
 * {@code sourceCheck} saw), its bytes go into a temp file in the destination bucket's
 * {@code .sgwtmp} and the result is published like a PUT. A self-copy with REPLACE is
 * done the same way (temp + rename), so readers never see old bytes with new
 * attributes; it costs a data copy, which sendfile keeps inside the kernel.
 *
 * <p>ETag: a single-part source's ETag is its MD5, reused without hashing (zero-copy
 * transfer); a multipart source is hashed while copied, giving S3's single-part ETag
 * of the new object. Checksum: the source's whole-object one, or the one the request
 * names ({@code x-amz-checksum-algorithm}, else the algorithm of a composite source
 * checksum), reused when the source has it for the whole object and otherwise computed
 * in the same pass over the bytes.
 */
final class ObjectCopier {
    private final PathResolver paths;
    private final MetadataStore store;
    private final ObjectReader reader;
    private final ObjectWriter writer;
    private final ConditionalPublisher publisher;
    private final VersionReads versionReads;

    ObjectCopier(
            PathResolver paths,
            MetadataStore store,
            ObjectReader reader,
            ObjectWriter writer,
            ConditionalPublisher publisher,
            VersionReads versionReads) {
        this.versionReads = versionReads;
        this.paths = paths;
        this.store = store;
        this.reader = reader;
        this.writer = writer;
        this.publisher = publisher;
    }

    CopyObjectResult copy(CopyObjectRequest r) throws IOException {
        boolean self =
                r.sourceBucket().equals(r.bucket()) && r.sourceKey().equals(r.key()) && r.sourceVersionId() == null;
        if (self && r.replaceAttributes() == null && r.replaceTags() == null) {
            throw new S3Exception(
                    S3Error.INVALID_REQUEST,
                    "This copy request is illegal because it is trying to copy an object "
                            + "to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.");
        }
        r.condition().requireSupportedOnWrite(r.key());
        Path dstBucket = paths.bucketDir(r.bucket());
        PathResolver.requireBucket(dstBucket);
        publisher.precheck(r.bucket(), r.key(), r.condition()); // before the copy; the publish checks again
        try (ObjectReader.Opened src = r.sourceVersionId() == null
                ? reader.open(r.sourceBucket(), r.sourceKey())
                : versionReads.openForCopy(r.sourceBucket(), r.sourceKey(), r.sourceVersionId())) {
            ObjectInfo si = src.info();
            if (r.sourceCheck() != null) {
                r.sourceCheck().accept(si);
            }
            ObjectAttributes attrs = r.attributesOfCopy(si.attributes());
            if (r.replaceAttributes() == null) {
                ObjectRules.requireUserMetadataWithinLimit(
                        attrs); // the source's (replaced ones were checked by the request)
            }
            boolean plain = isPlainMd5(si.etag());
            // a whole-object checksum stays true of the copy; a composite one describes parts the copy does not have
            Map<String, String> checksums = si.checksumType() == ChecksumType.FULL_OBJECT ? si.checksums() : Map.of();
            ChecksumAlgorithm wanted = r.checksumAlgorithm();
            if (wanted == null
                    && si.checksumType() == ChecksumType.COMPOSITE
                    && si.checksums().size() == 1) {
                // the copy is one part: it gets a whole-object checksum of the same algorithm, as on S3
                wanted = ChecksumAlgorithm.parse(
                                si.checksums().keySet().iterator().next())
                        .orElse(null);
            }
            Checksummer summer = null;
            if (wanted != null) {
                String kept = checksums.get(wanted.name());
                checksums = kept != null ? Map.of(wanted.name(), kept) : Map.of();
                summer = kept != null ? null : wanted.newChecksummer(); // computed while the bytes are copied
            }
            if (ObjectKeys.isDirectoryKey(r.key()) && si.size() == 0) { // with data: published as any copy (Folds)
                if (summer != null) {
                    checksums = Map.of(wanted.name(), summer.base64()); // of no bytes
                }
                writer.putDirectory(
                        dstBucket, r.key(), attrs.withLock(publisher.newVersionLock(dstBucket, r.lock())), checksums);
                Path dir = paths.objectPath(dstBucket, r.key());
                return new CopyObjectResult(
                        AttrNames.EMPTY_ETAG, Files.getLastModifiedTime(dir).toInstant(), checksums);
            }
            Path target = paths.objectPath(dstBucket, r.key());
            Path firstMissing = Folds.writableParents(dstBucket, target); // a file in the way is folded
            try (StagedFile staged = StagedFile.create(dstBucket, r.key(), !plain, false)) {
                if (plain && summer == null) {
                    staged.transferFrom(src.channel(), 0, si.size());
                } else {
                    staged.copyHashing(src.channel(), 0, si.size(), summer);
                }
                String etag = plain ? si.etag() : Etags.fromMd5(staged.md5());
                if (summer != null) {
                    checksums = Map.of(wanted.name(), summer.base64());
                }
                staged.setAttributes(store, ObjectWriter.attrsFor(etag, attrs, checksums));
                Instant mtime = Files.getLastModifiedTime(staged.path, LinkOption.NOFOLLOW_LINKS)
                        .toInstant();
                String versionId = publisher.publish(
                        r.bucket(),
                        r.key(),
                        r.condition(),
                        staged,
                        dstBucket,
                        target,
                        firstMissing,
                        new ConditionalPublisher.LockRequest(r.lock(), r.bypassGovernance()));
                return new CopyObjectResult(etag, mtime, checksums, versionId, si.versionId());
            }
        }
    }

    /** A quoted 32-hex-digit ETag: the MD5 of the bytes. */
    static boolean isPlainMd5(String etag) {
        String s = Etags.unquote(etag);
        if (s.length() != 32) {
            return false;
        }
        for (int i = 0; i < 32; i++) {
            char c = s.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
                return false;
            }
        }
        return true;
    }
}
