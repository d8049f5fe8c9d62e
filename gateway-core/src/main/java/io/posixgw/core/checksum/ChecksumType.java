package io.posixgw.core.checksum;

import java.util.Locale;
import java.util.Optional;

/**
 * How an object's checksum was formed ({@code x-amz-checksum-type}): over the whole
 * object, or, for a multipart upload, as the checksum of its parts' checksums
 * (written {@code <base64>-<parts>}).
 */
public enum ChecksumType {
    COMPOSITE,
    FULL_OBJECT;

    public static Optional<ChecksumType> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String v = value.trim().toUpperCase(Locale.ROOT);
        for (ChecksumType t : values()) {
            if (t.name().equals(v)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
