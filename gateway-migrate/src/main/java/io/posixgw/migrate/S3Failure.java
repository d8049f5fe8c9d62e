package io.posixgw.migrate;

import io.minio.errors.ErrorResponseException;
import io.minio.errors.MinioException;
import java.io.IOException;

/** A failed S3 call, with whether trying again may help (network trouble, 5xx, throttling). */
final class S3Failure extends IOException {
    private final boolean retryable;
    private final String code;

    private S3Failure(String message, Throwable cause, boolean retryable, String code) {
        super(message, cause);
        this.retryable = retryable;
        this.code = code;
    }

    boolean retryable() {
        return retryable;
    }

    /** The S3 error code, or null when the call got no S3 answer. */
    String code() {
        return code;
    }

    static S3Failure of(String what, Exception e) {
        if (e instanceof S3Failure f) {
            return f;
        }
        if (e instanceof ErrorResponseException r) {
            String code = r.errorResponse() == null ? null : r.errorResponse().code();
            int status = r.response() == null ? 0 : r.response().code();
            boolean retry = status >= 500
                    || status == 408
                    || status == 429
                    || "SlowDown".equals(code)
                    || "BadDigest".equals(code)
                    || "IncompleteBody".equals(code);
            String message = r.errorResponse() == null
                    ? r.getMessage()
                    : r.errorResponse().message();
            return new S3Failure(what + ": " + code + " (" + status + ") " + message, e, retry, code);
        }
        Throwable cause = e;
        if (e instanceof MinioException && e.getCause() != null) {
            cause = e.getCause();
        }
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return new S3Failure(what + ": " + message, e, true, null);
    }
}
