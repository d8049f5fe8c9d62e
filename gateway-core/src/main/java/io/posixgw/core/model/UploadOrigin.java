package io.posixgw.core.model;

/**
 * Who started a multipart upload, and whose object it is to become, as the upload recorded them at
 * CreateMultipartUpload: what ListParts and ListMultipartUploads name as {@code Initiator} and
 * {@code Owner}, whoever asks.
 *
 * @param initiator the access key of the account that created the upload; null when the upload does
 *                  not say (created anonymously, by versitygw, or by a posixgw that did not record it)
 * @param aclOwner  the owner the ACL stored with the upload names (the object's owner after Complete);
 *                  null when the upload has no ACL of its own: the object will be the bucket owner's
 */
public record UploadOrigin(String initiator, String aclOwner) {
    /** An upload that recorded neither. */
    public static final UploadOrigin UNRECORDED = new UploadOrigin(null, null);
}
