package io.posixgw.testkit.memory;

import io.posixgw.core.checksum.MultipartChecksum;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.Part;
import io.posixgw.core.model.UploadOrigin;
import java.time.Instant;
import java.util.TreeMap;

/** A pending multipart upload; guarded by the backend's lock. */
final class Upload {
    final String key;
    final String id;
    final Instant initiated;
    final ObjectAttributes attributes;
    final MultipartChecksum checksum;
    /** Who created it (null: not recorded), and the owner its ACL names (null: none, the bucket owner's). */
    final UploadOrigin origin;

    final TreeMap<Integer, StoredPart> parts = new TreeMap<>();

    Upload(
            String key,
            String id,
            Instant initiated,
            ObjectAttributes attributes,
            MultipartChecksum checksum,
            String initiator) {
        this.key = key;
        this.id = id;
        this.initiated = initiated;
        this.attributes = attributes;
        this.checksum = checksum;
        this.origin = new UploadOrigin(
                initiator, attributes.acl() == null ? null : attributes.acl().owner());
    }

    record StoredPart(Part part, byte[] data) {}
}
