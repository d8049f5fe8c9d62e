package io.posixgw.core.model;

import java.util.function.Consumer;

/**
 * A CopyObject. The source is checked by {@code sourceCheck} (copy-source
 * preconditions) against the exact version that is being copied; it throws an
 * {@link io.posixgw.core.S3Exception} to stop the copy.
 *
 * @param replaceAttributes the new attributes when the metadata directive is REPLACE, null for COPY
 */
public record CopyObjectRequest(
        String sourceBucket,
        String sourceKey,
        String bucket,
        String key,
        ObjectAttributes replaceAttributes,
        Consumer<ObjectInfo> sourceCheck) {
}
