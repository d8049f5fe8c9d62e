package io.posixgw.sigv4;

import java.util.Objects;

/**
 * A verification failure. {@link #getMessage()} is the client-facing message (worded like AWS's); it never contains a
 * secret. No stack trace is captured: these are routine client errors, thrown per request, never logged with traces.
 */
public final class SigV4Exception extends Exception {
    private final Reason reason;
    private final String awsCode;
    private String expectedRegion;

    public SigV4Exception(Reason reason, String message) {
        this(reason, message, reason.awsCode());
    }

    SigV4Exception(Reason reason, String message, String awsCode) {
        super(message, null, false, false);
        this.reason = Objects.requireNonNull(reason, "reason");
        this.awsCode = Objects.requireNonNull(awsCode, "awsCode");
    }

    public Reason reason() {
        return reason;
    }

    /** The S3 error code to answer with: the reason's, or a more precise one AWS uses in this case. */
    public String awsCode() {
        return awsCode;
    }

    /**
     * The region the request should have been signed for, when it was signed for another: S3 names it in
     * the error ({@code <Region>}), and SDKs (botocore's region redirector) re-sign with it.
     */
    public String expectedRegion() {
        return expectedRegion;
    }

    SigV4Exception expectingRegion(String region) {
        this.expectedRegion = region;
        return this;
    }

    /** The HTTP status to answer with. */
    public int httpStatus() {
        return reason.httpStatus();
    }

    @Override
    public String toString() {
        return "SigV4Exception[" + reason + "/" + awsCode + "]: " + getMessage();
    }
}
