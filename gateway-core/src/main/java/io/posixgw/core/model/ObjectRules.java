package io.posixgw.core.model;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** S3's rules for what one object carries, shared by every backend and checked once, where the request is formed. */
public final class ObjectRules {
    private ObjectRules() {}

    /** The bytes S3 counts against {@link ObjectAttributes#MAX_USER_METADATA_BYTES}: names and values in UTF-8. */
    public static int userMetadataBytes(Map<String, String> userMetadata) {
        int total = 0;
        for (Map.Entry<String, String> e : userMetadata.entrySet()) {
            total += e.getKey().getBytes(StandardCharsets.UTF_8).length;
            total += e.getValue() == null ? 0 : e.getValue().getBytes(StandardCharsets.UTF_8).length;
        }
        return total;
    }

    /**
     * S3's 2 KiB limit on user metadata, for what a write would store (null attributes are
     * none): {@code MetadataTooLarge} beyond it.
     */
    public static ObjectAttributes requireUserMetadataWithinLimit(ObjectAttributes attributes) {
        if (attributes != null) {
            int total = userMetadataBytes(attributes.userMetadata());
            if (total > ObjectAttributes.MAX_USER_METADATA_BYTES) {
                throw new S3Exception(
                        S3Error.METADATA_TOO_LARGE,
                        "Your metadata headers exceed the maximum allowed metadata size: " + total + " bytes, limit "
                                + ObjectAttributes.MAX_USER_METADATA_BYTES);
            }
        }
        return attributes;
    }
}
