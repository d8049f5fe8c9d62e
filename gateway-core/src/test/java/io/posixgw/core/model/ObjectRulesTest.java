package io.posixgw.core.model;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ObjectRulesTest {
    static ObjectAttributes meta(Map<String, String> m) {
        return new ObjectAttributes(null, null, null, null, null, null, m);
    }

    @Test
    void userMetadataCountsNamesAndValuesInUtf8UpTo2KiB() {
        assertEquals(1 + 2 + 3, ObjectRules.userMetadataBytes(Map.of("k\u00e9", "vvv")), "é is two bytes");
        assertDoesNotThrow(() -> ObjectRules.requireUserMetadataWithinLimit(meta(Map.of("k", "v".repeat(2047)))));
        assertDoesNotThrow(() -> ObjectRules.requireUserMetadataWithinLimit(null));
        S3Exception e = assertThrows(
                S3Exception.class,
                () -> ObjectRules.requireUserMetadataWithinLimit(meta(Map.of("k", "v".repeat(2048)))));
        assertEquals(S3Error.METADATA_TOO_LARGE, e.error());
        assertEquals(
                "Your metadata headers exceed the maximum allowed metadata size: 2049 bytes, limit 2048",
                e.getMessage());
        S3Exception wide = assertThrows(
                S3Exception.class,
                () -> ObjectRules.requireUserMetadataWithinLimit(meta(Map.of("k", "\u00e9".repeat(1024)))));
        assertEquals(
                "Your metadata headers exceed the maximum allowed metadata size: 2049 bytes, limit 2048",
                wide.getMessage());
    }

    @Test
    void writeRequestsCarryOnlyMetadataWithinTheLimit() {
        ObjectAttributes big = meta(Map.of("k", "v".repeat(2100)));
        assertEquals(
                S3Error.METADATA_TOO_LARGE,
                assertThrows(S3Exception.class, () -> new PutObjectRequest("b", "k", big, null))
                        .error());
        assertEquals(
                S3Error.METADATA_TOO_LARGE,
                assertThrows(S3Exception.class, () -> new CopyObjectRequest("b", "s", "b", "k", big, null))
                        .error());
        assertDoesNotThrow(() -> new PutObjectRequest("b", "k", null, null));
        assertDoesNotThrow(
                () -> new CopyObjectRequest("b", "s", "b", "k", null, null),
                "COPY: the source's, checked by the backend");
    }
}
