package io.posixgw.core.model;

import java.util.List;

/**
 * CompleteMultipartUpload.
 *
 * @param parts  the parts named by the request, in its order
 * @param checks what the request asserts about the result, verified before publishing
 */
public record CompleteMultipartUploadRequest(
        String bucket, String key, String uploadId, List<CompletedPart> parts, CompleteChecks checks) {
    public CompleteMultipartUploadRequest {
        parts = List.copyOf(parts);
        checks = checks == null ? CompleteChecks.NONE : checks;
    }
}
