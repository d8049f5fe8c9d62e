package io.posixgw.core.model;

import java.util.List;

/** Uploads ordered by key, then by initiation time. */
public record ListMultipartUploadsResult(
        List<MultipartUpload> uploads,
        List<String> commonPrefixes,
        boolean truncated,
        String nextKeyMarker,
        String nextUploadIdMarker) {}
