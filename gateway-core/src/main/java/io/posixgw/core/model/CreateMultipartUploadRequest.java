package io.posixgw.core.model;

import io.posixgw.core.checksum.MultipartChecksum;

/**
 * CreateMultipartUpload.
 *
 * @param attributes the attributes the completed object will carry
 * @param checksum   the algorithm and type every part must carry and the object's checksum is made
 *                   with, or null for none
 */
public record CreateMultipartUploadRequest(
        String bucket, String key, ObjectAttributes attributes, MultipartChecksum checksum) {
    public CreateMultipartUploadRequest {
        attributes = attributes == null ? ObjectAttributes.EMPTY : attributes;
    }
}
