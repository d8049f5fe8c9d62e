package io.posixgw.core;

/**
 * An S3 error on its way to the client. Carries no stack trace: these are
 * expected outcomes of bad requests, not bugs, and are thrown often.
 */
public final class S3Exception extends RuntimeException {
    private final S3Error error;

    public S3Exception(S3Error error, String message) {
        super(message == null ? error.defaultMessage() : message, null, false, false);
        this.error = error;
    }

    public S3Exception(S3Error error, String message, Throwable cause) {
        super(message == null ? error.defaultMessage() : message, cause, false, false);
        this.error = error;
    }

    public S3Error error() {
        return error;
    }
}
