package io.posixgw.sigv4;

/**
 * A verified request.
 *
 * @param accessKey            who signed it
 * @param payloadMode          how the body is protected
 * @param decodedContentLength x-amz-decoded-content-length for streaming modes, else -1
 * @param presigned            true for query-string (presigned URL) authentication
 * @param payloadSha256        lower-case hex the body must hash to in {@link PayloadMode#SIGNED_HASH}, else null
 * @param streaming            chunk-signing state for the streaming modes, else null
 */
public record AuthResult(
        String accessKey,
        PayloadMode payloadMode,
        long decodedContentLength,
        boolean presigned,
        String payloadSha256,
        StreamingContext streaming) {

    /** A fresh decoder for this request's body. */
    public BodyDecoder newBodyDecoder() {
        return switch (payloadMode) {
            case SIGNED_HASH -> new PayloadHashDecoder(payloadSha256);
            case UNSIGNED -> new PassThroughDecoder();
            case STREAMING_SIGNED, STREAMING_SIGNED_TRAILER, STREAMING_UNSIGNED_TRAILER ->
                new AwsChunkedDecoder(payloadMode, decodedContentLength, streaming);
        };
    }
}
