package io.posixgw.core.model;

import io.posixgw.core.checksum.ChecksumType;
import java.util.Map;

/**
 * What a CompleteMultipartUpload request asserts about the object it makes, checked
 * before anything is published.
 *
 * @param checksumType {@code x-amz-checksum-type}: must be the upload's; null when absent
 * @param checksums    {@code x-amz-checksum-*} headers: the object's expected checksum
 * @param objectSize   {@code x-amz-mp-object-size}: the expected total size; null when absent
 * @param condition    the write condition ({@code If-None-Match: *}, {@code If-Match}), checked atomically with
 *                     the publication; when it fails, the upload stays as it was
 * @param bypassGovernance {@code x-amz-bypass-governance-retention: true} from a caller allowed to (see
 *                     {@link PutObjectRequest#bypassGovernance})
 */
public record CompleteChecks(
        ChecksumType checksumType,
        Map<String, String> checksums,
        Long objectSize,
        Preconditions condition,
        boolean bypassGovernance) {
    public static final CompleteChecks NONE = new CompleteChecks(null, Map.of(), null, Preconditions.NONE);

    public CompleteChecks {
        checksums = checksums == null ? Map.of() : Map.copyOf(checksums);
        condition = condition == null ? Preconditions.NONE : condition;
    }

    public CompleteChecks(
            ChecksumType checksumType, Map<String, String> checksums, Long objectSize, Preconditions condition) {
        this(checksumType, checksums, objectSize, condition, false);
    }

    /** Unconditional. */
    public CompleteChecks(ChecksumType checksumType, Map<String, String> checksums, Long objectSize) {
        this(checksumType, checksums, objectSize, Preconditions.NONE);
    }
}
