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
 */
public record CompleteChecks(ChecksumType checksumType, Map<String, String> checksums, Long objectSize) {
    public static final CompleteChecks NONE = new CompleteChecks(null, Map.of(), null);

    public CompleteChecks {
        checksums = checksums == null ? Map.of() : Map.copyOf(checksums);
    }
}
