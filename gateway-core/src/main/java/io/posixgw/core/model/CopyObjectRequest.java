package io.posixgw.core.model;

import io.posixgw.core.acl.Acl;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.lock.ObjectLock;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A CopyObject. The source is checked by {@code sourceCheck} (copy-source
 * preconditions) against the exact version that is being copied; it throws an
 * {@link io.posixgw.core.S3Exception} to stop the copy.
 *
 * @param replaceAttributes the new attributes when the metadata directive is REPLACE, null for COPY; their user
 *                          metadata within S3's 2 KiB ({@code MetadataTooLarge} here otherwise)
 * @param replaceTags       the new tags when the tagging directive is REPLACE, null to keep the source's
 * @param condition         the write condition on the destination ({@code If-None-Match: *}, {@code If-Match}),
 *                          checked atomically with the publication; {@link Preconditions#NONE} for none
 * @param checksumAlgorithm the checksum the copy must carry ({@code x-amz-checksum-algorithm}), computed
 *                          while copying unless the source has it for the whole object; null to keep the
 *                          source's whole-object checksum, if any
 * @param lock              the copy's own Object Lock state, as its headers ask (the backend adds the destination
 *                          bucket's default retention): a copy never takes the source's lock, as on S3
 * @param acl               the copy's own ACL ({@link ObjectAttributes#acl}), null for the bucket owner's: a copy
 *                          never takes the source's ACL, as on S3
 * @param bypassGovernance  see {@link PutObjectRequest#bypassGovernance}
 */
public record CopyObjectRequest(
        String sourceBucket,
        String sourceKey,
        String bucket,
        String key,
        ObjectAttributes replaceAttributes,
        Consumer<ObjectInfo> sourceCheck,
        Map<String, String> replaceTags,
        Preconditions condition,
        ChecksumAlgorithm checksumAlgorithm,
        String sourceVersionId,
        ObjectLock lock,
        Acl acl,
        boolean bypassGovernance) {
    public CopyObjectRequest {
        condition = condition == null ? Preconditions.NONE : condition;
        lock = lock == null ? ObjectLock.NONE : lock;
        ObjectRules.requireUserMetadataWithinLimit(replaceAttributes);
    }

    public CopyObjectRequest(
            String sourceBucket,
            String sourceKey,
            String bucket,
            String key,
            ObjectAttributes replaceAttributes,
            Consumer<ObjectInfo> sourceCheck,
            Map<String, String> replaceTags,
            Preconditions condition,
            ChecksumAlgorithm checksumAlgorithm,
            String sourceVersionId,
            ObjectLock lock,
            Acl acl) {
        this(
                sourceBucket,
                sourceKey,
                bucket,
                key,
                replaceAttributes,
                sourceCheck,
                replaceTags,
                condition,
                checksumAlgorithm,
                sourceVersionId,
                lock,
                acl,
                false);
    }

    /** A copy without an ACL of its own. */
    public CopyObjectRequest(
            String sourceBucket,
            String sourceKey,
            String bucket,
            String key,
            ObjectAttributes replaceAttributes,
            Consumer<ObjectInfo> sourceCheck,
            Map<String, String> replaceTags,
            Preconditions condition,
            ChecksumAlgorithm checksumAlgorithm,
            String sourceVersionId,
            ObjectLock lock) {
        this(
                sourceBucket,
                sourceKey,
                bucket,
                key,
                replaceAttributes,
                sourceCheck,
                replaceTags,
                condition,
                checksumAlgorithm,
                sourceVersionId,
                lock,
                null);
    }

    /** A copy of the source's current version, without an Object Lock of its own. */
    public CopyObjectRequest(
            String sourceBucket,
            String sourceKey,
            String bucket,
            String key,
            ObjectAttributes replaceAttributes,
            Consumer<ObjectInfo> sourceCheck,
            Map<String, String> replaceTags,
            Preconditions condition,
            ChecksumAlgorithm checksumAlgorithm) {
        this(
                sourceBucket,
                sourceKey,
                bucket,
                key,
                replaceAttributes,
                sourceCheck,
                replaceTags,
                condition,
                checksumAlgorithm,
                null,
                ObjectLock.NONE);
    }

    /** This copy, of version {@code id} of the source (null: its current version). */
    public CopyObjectRequest ofSourceVersion(String id) {
        return new CopyObjectRequest(
                sourceBucket,
                sourceKey,
                bucket,
                key,
                replaceAttributes,
                sourceCheck,
                replaceTags,
                condition,
                checksumAlgorithm,
                id,
                lock,
                acl,
                bypassGovernance);
    }

    /** This copy, with its own Object Lock state {@code l}. */
    public CopyObjectRequest withLock(ObjectLock l) {
        return new CopyObjectRequest(
                sourceBucket,
                sourceKey,
                bucket,
                key,
                replaceAttributes,
                sourceCheck,
                replaceTags,
                condition,
                checksumAlgorithm,
                sourceVersionId,
                l,
                acl,
                bypassGovernance);
    }

    /** This copy, with its own ACL {@code a} (null: the bucket owner's). */
    public CopyObjectRequest withAcl(Acl a) {
        return new CopyObjectRequest(
                sourceBucket,
                sourceKey,
                bucket,
                key,
                replaceAttributes,
                sourceCheck,
                replaceTags,
                condition,
                checksumAlgorithm,
                sourceVersionId,
                lock,
                a,
                bypassGovernance);
    }

    /** This copy, allowed ({@code b}) or not to replace a current version under GOVERNANCE retention in place. */
    public CopyObjectRequest withBypassGovernance(boolean b) {
        return new CopyObjectRequest(
                sourceBucket,
                sourceKey,
                bucket,
                key,
                replaceAttributes,
                sourceCheck,
                replaceTags,
                condition,
                checksumAlgorithm,
                sourceVersionId,
                lock,
                acl,
                b);
    }

    /** A copy that keeps the source's checksum. */
    public CopyObjectRequest(
            String sourceBucket,
            String sourceKey,
            String bucket,
            String key,
            ObjectAttributes replaceAttributes,
            Consumer<ObjectInfo> sourceCheck,
            Map<String, String> replaceTags,
            Preconditions condition) {
        this(sourceBucket, sourceKey, bucket, key, replaceAttributes, sourceCheck, replaceTags, condition, null);
    }

    /** An unconditional copy. */
    public CopyObjectRequest(
            String sourceBucket,
            String sourceKey,
            String bucket,
            String key,
            ObjectAttributes replaceAttributes,
            Consumer<ObjectInfo> sourceCheck,
            Map<String, String> replaceTags) {
        this(sourceBucket, sourceKey, bucket, key, replaceAttributes, sourceCheck, replaceTags, Preconditions.NONE);
    }

    /** An unconditional copy; tags copied from the source. */
    public CopyObjectRequest(
            String sourceBucket,
            String sourceKey,
            String bucket,
            String key,
            ObjectAttributes replaceAttributes,
            Consumer<ObjectInfo> sourceCheck) {
        this(sourceBucket, sourceKey, bucket, key, replaceAttributes, sourceCheck, null);
    }

    /** The attributes of the copy, given the source's. */
    public ObjectAttributes attributesOfCopy(ObjectAttributes source) {
        ObjectAttributes base = replaceAttributes != null ? replaceAttributes : source;
        return base.withTags(replaceTags != null ? replaceTags : source.tags())
                .withLock(lock)
                .withAcl(acl);
    }
}
