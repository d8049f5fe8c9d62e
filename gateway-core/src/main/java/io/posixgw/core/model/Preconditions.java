package io.posixgw.core.model;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.http.HttpDates;
import io.posixgw.core.names.ObjectKeys;
import java.time.Instant;

/**
 * Conditional request headers and S3's rules for them, one set for reads and writes,
 * evaluated with S3's precedence: If-Match true overrides If-Unmodified-Since,
 * If-None-Match false overrides If-Modified-Since.
 *
 * <ul>
 * <li>GET and HEAD: {@link #notModified} (304, or 412 thrown);</li>
 * <li>copy sources, conditional writes and deletes: {@link #checkOr412} (every failure 412),
 * after {@link #requireSupportedOnWrite} or {@link #requireSupportedOnDelete}; for a key without an object,
 * {@link #holdWithoutObject}.</li>
 * </ul>
 */
public record Preconditions(String ifMatch, String ifNoneMatch, Instant ifModifiedSince, Instant ifUnmodifiedSince) {

    public static final Preconditions NONE = new Preconditions(null, null, null, null);

    public boolean isEmpty() {
        return ifMatch == null && ifNoneMatch == null && ifModifiedSince == null && ifUnmodifiedSince == null;
    }

    /**
     * For GET and HEAD: true when the answer is 304 Not Modified; 412
     * {@code PreconditionFailed} is thrown.
     */
    public boolean notModified(ObjectInfo info) {
        Verdict v = evaluate(info);
        if (v == Verdict.FAILED) {
            throw S3Error.PRECONDITION_FAILED.exception();
        }
        return v == Verdict.NOT_MODIFIED;
    }

    /** For copy sources and for the current object of a conditional write or delete: every failure is 412. */
    public void checkOr412(ObjectInfo info) {
        if (evaluate(info) != Verdict.PROCEED) {
            throw S3Error.PRECONDITION_FAILED.exception();
        }
    }

    /**
     * The write conditions posixgw honours, refused before any work is done: If-None-Match
     * takes only {@code *}, and directory objects take none.
     */
    public void requireSupportedOnWrite(String key) {
        if (ifNoneMatch != null && !ifNoneMatch.trim().equals("*")) {
            throw new S3Exception(S3Error.NOT_IMPLEMENTED, "If-None-Match on a write takes only '*'");
        }
        if (!isEmpty() && ObjectKeys.isDirectoryKey(key)) {
            throw new S3Exception(
                    S3Error.NOT_IMPLEMENTED, "Conditional writes of directory objects are not implemented by posixgw");
        }
    }

    /** The delete conditions posixgw honours: If-Match only. */
    public void requireSupportedOnDelete() {
        if (ifNoneMatch != null || ifModifiedSince != null || ifUnmodifiedSince != null) {
            throw new S3Exception(S3Error.NOT_IMPLEMENTED, "A delete takes If-Match only");
        }
    }

    /**
     * True when a write's condition holds for a key without an object ({@code If-None-Match: *}
     * does, or none); false for If-Match, which answers the key's 404.
     */
    public boolean holdWithoutObject() {
        return ifMatch == null;
    }

    /** What the conditions say of an object; a failed If-Match or If-Unmodified-Since comes first. */
    private enum Verdict {
        PROCEED,
        FAILED,
        NOT_MODIFIED
    }

    private Verdict evaluate(ObjectInfo info) {
        Instant modified = HttpDates.truncate(info.lastModified());
        if (ifMatch != null) {
            if (!etagMatches(ifMatch, info.etag())) {
                return Verdict.FAILED;
            }
        } else if (ifUnmodifiedSince != null && modified.isAfter(ifUnmodifiedSince)) {
            return Verdict.FAILED;
        }
        if (ifNoneMatch != null) {
            if (etagMatches(ifNoneMatch, info.etag())) {
                return Verdict.NOT_MODIFIED;
            }
        } else if (ifModifiedSince != null && !modified.isAfter(ifModifiedSince)) {
            return Verdict.NOT_MODIFIED;
        }
        return Verdict.PROCEED;
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
