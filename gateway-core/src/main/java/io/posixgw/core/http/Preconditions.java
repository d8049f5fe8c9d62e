package io.posixgw.core.http;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.ObjectInfo;

import java.time.Instant;

/**
 * Conditional request headers, evaluated with S3's precedence: If-Match true
 * overrides If-Unmodified-Since, If-None-Match false overrides If-Modified-Since.
 */
public record Preconditions(String ifMatch, String ifNoneMatch, Instant ifModifiedSince, Instant ifUnmodifiedSince) {

    public static final Preconditions NONE = new Preconditions(null, null, null, null);

    public boolean isEmpty() {
        return ifMatch == null && ifNoneMatch == null && ifModifiedSince == null && ifUnmodifiedSince == null;
    }

    /**
     * For GET and HEAD: 412 {@code PreconditionFailed} or 304 {@code NotModified}.
     */
    public void checkRead(ObjectInfo info) {
        check(info, S3Error.NOT_MODIFIED);
    }

    /** For copy sources: every failure is 412. */
    public void checkCopySource(ObjectInfo info) {
        check(info, S3Error.PRECONDITION_FAILED);
    }

    private void check(ObjectInfo info, S3Error notModified) {
        Instant modified = HttpDates.truncate(info.lastModified());
        if (ifMatch != null) {
            if (!etagMatches(ifMatch, info.etag())) {
                throw S3Error.PRECONDITION_FAILED.exception();
            }
        } else if (ifUnmodifiedSince != null && modified.isAfter(ifUnmodifiedSince)) {
            throw S3Error.PRECONDITION_FAILED.exception();
        }
        if (ifNoneMatch != null) {
            if (etagMatches(ifNoneMatch, info.etag())) {
                throw notModified.exception();
            }
        } else if (ifModifiedSince != null && !modified.isAfter(ifModifiedSince)) {
            throw notModified.exception();
        }
    }

    /** A comma list of ETags (quotes optional, {@code *} matches any) against the object's ETag. */
    static boolean etagMatches(String header, String etag) {
        String have = Etags.unquote(etag);
        for (String candidate : header.split(",")) {
            String c = candidate.trim();
            if (c.startsWith("W/")) {
                c = c.substring(2);
            }
            if (c.equals("*") || Etags.unquote(c).equals(have)) {
                return true;
            }
        }
        return false;
    }

}
