package io.posixgw.sigv4;

/**
 * Why verification failed. Each reason carries the S3 error code and HTTP status AWS answers with, so the server can
 * render the error without a second table; {@link SigV4Exception#awsCode()} may refine the code for one occurrence.
 */
public enum Reason {
    /** Missing authentication, an unparsable date, or an expired presigned URL. */
    ACCESS_DENIED("AccessDenied", 403),
    INVALID_ACCESS_KEY_ID("InvalidAccessKeyId", 403),
    SIGNATURE_DOES_NOT_MATCH("SignatureDoesNotMatch", 403),
    REQUEST_TIME_TOO_SKEWED("RequestTimeTooSkewed", 403),
    AUTHORIZATION_HEADER_MALFORMED("AuthorizationHeaderMalformed", 400),
    AUTHORIZATION_QUERY_PARAMETERS_ERROR("AuthorizationQueryParametersError", 400),
    X_AMZ_CONTENT_SHA256_MISMATCH("XAmzContentSHA256Mismatch", 400),
    /** Signature Version 2 (header or query): AWS answers 400 InvalidRequest and asks for SigV4. */
    SIGV2_NOT_SUPPORTED("InvalidRequest", 400),
    /** The body stream is shorter than declared, or ended in the middle of a chunk. */
    INCOMPLETE_BODY("IncompleteBody", 400),
    /**
     * Bad aws-chunked framing. AWS answers malformed aws-chunked encoding with 400 IncompleteBody, and a malformed
     * trailer section with 400 MalformedTrailerError (then {@link SigV4Exception#awsCode()} says so).
     */
    MALFORMED_CHUNK("IncompleteBody", 400),
    /** E.g. a bad {@code x-amz-content-sha256} value. */
    INVALID_ARGUMENT("InvalidArgument", 400),
    /**
     * An aws-chunked body without the lengths S3 requires: {@code x-amz-decoded-content-length} missing or not a
     * number (411, as S3 and versitygw answer).
     */
    MISSING_CONTENT_LENGTH("MissingContentLength", 411),
    /**
     * A request S3 refuses as a whole: an {@code x-amz-trailer} naming no checksum S3 takes, a streaming
     * {@code x-amz-content-sha256} on a request that has no object body.
     */
    INVALID_REQUEST("InvalidRequest", 400),
    /**
     * A header S3 requires is missing. For {@code x-amz-content-sha256} on header auth AWS answers 400 InvalidRequest
     * "Missing required header for this request: x-amz-content-sha256", which the exception's awsCode carries.
     */
    MISSING_SECURITY_HEADER("MissingSecurityHeader", 400);

    private final String awsCode;
    private final int httpStatus;

    Reason(String awsCode, int httpStatus) {
        this.awsCode = awsCode;
        this.httpStatus = httpStatus;
    }

    /** The S3 error code AWS uses for this reason by default. */
    public String awsCode() {
        return awsCode;
    }

    /** The HTTP status AWS answers with. */
    public int httpStatus() {
        return httpStatus;
    }
}
