package io.posixgw.testkit.memory;

import io.posixgw.core.checksum.MultipartChecksum;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.Part;
import java.time.Instant;
import java.util.TreeMap;

/** A pending multipart upload; guarded by the backend's lock. */
final class Upload {
    final String key;
    final String id;
    final Instant initiated;
    final ObjectAttributes attributes;
    final MultipartChecksum checksum;
    final TreeMap<Integer, StoredPart> parts = new TreeMap<>();

    Upload(String key, String id, Instant initiated, ObjectAttributes attributes, MultipartChecksum checksum) {
        this.key = key;
        this.id = id;
        this.initiated = initiated;
        this.attributes = attributes;
        this.checksum = checksum;
    }

    record StoredPart(Part part, byte[] data) {}
}
