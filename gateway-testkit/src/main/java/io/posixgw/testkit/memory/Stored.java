package io.posixgw.testkit.memory;

import io.posixgw.core.backend.PartLayout;
import io.posixgw.core.model.ObjectInfo;

/**
 * One version of an object: immutable, so a reader that holds it keeps its bytes whatever
 * writers do after.
 *
 * @param layout   the part layout of a completed multipart upload, else null
 * @param uploadId the upload this version completed, else null
 */
record Stored(byte[] data, ObjectInfo info, PartLayout layout, String uploadId) {
    /** The description without checksums (not asked for) or with them. */
    ObjectInfo info(boolean withChecksums) {
        if (withChecksums) {
            return info;
        }
        return new ObjectInfo(
                info.key(),
                info.size(),
                info.etag(),
                info.lastModified(),
                info.attributes(),
                info.partsCount(),
                null,
                null);
    }
}
