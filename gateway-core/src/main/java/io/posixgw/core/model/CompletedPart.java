package io.posixgw.core.model;

/** A part as named in a CompleteMultipartUpload body. @param etag as the client sent it (quotes optional) */
public record CompletedPart(int partNumber, String etag) {
}
