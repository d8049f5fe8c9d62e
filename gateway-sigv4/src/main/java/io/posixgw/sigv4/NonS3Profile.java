package io.posixgw.sigv4;

/**
 * Test-only: how generic (non-S3) AWS services sign, which the AWS signing test suite's "service" cases need and S3
 * never does. Package-private so the server cannot reach it.
 *
 * @param normalizePath         remove dot segments and collapse repeated slashes before encoding the path
 * @param payloadHashWhenAbsent the hex SHA-256 of the body, used when no x-amz-content-sha256 is sent (S3 instead
 *                              requires the header on header auth and defaults presigned URLs to UNSIGNED-PAYLOAD)
 */
record NonS3Profile(boolean normalizePath, String payloadHashWhenAbsent) {
    /** S3's own behaviour. */
    static final NonS3Profile S3 = new NonS3Profile(false, null);
}
