package io.posixgw.core.model;

import io.posixgw.core.checksum.MultipartChecksum;

/**
 * CreateMultipartUpload.
 *
 * @param attributes the attributes the completed object will carry
 * @param checksum   the algorithm and type every part must carry and the object's checksum is made
 *                   with, or null for none
 * @param initiator  the access key of the caller, recorded with the upload (ListParts and
 *                   ListMultipartUploads name it as {@code Initiator}); null for an anonymous caller
 */
public record CreateMultipartUploadRequest(
        String bucket, String key, ObjectAttributes attributes, MultipartChecksum checksum, String initiator) {
    public CreateMultipartUploadRequest {
        attributes = attributes == null ? ObjectAttributes.EMPTY : attributes;
    }

    /** Without a recorded initiator. */
    public CreateMultipartUploadRequest(
            String bucket, String key, ObjectAttributes attributes, MultipartChecksum checksum) {
        this(bucket, key, attributes, checksum, null);
    }
}
