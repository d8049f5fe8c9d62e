package io.posixgw.core.http;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;

/**
 * A resolved {@code Range: bytes=} request, as S3 answers it: malformed or
 * multi-range specs are ignored (whole object, 200), satisfiable ones are clamped
 * to the object, unsatisfiable ones are {@code InvalidRange} (416).
 *
 * @param first first byte, inclusive
 * @param last  last byte, inclusive
 */
public record ByteRange(long first, long last) {

    public long length() {
        return last - first + 1;
    }

    /** {@code bytes first-last/size}, for Content-Range. */
    public String contentRange(long size) {
        return "bytes " + first + "-" + last + "/" + size;
    }

    /**
     * @return the range to serve, or null to serve the whole object (no header, or a spec S3 ignores)
     * @throws S3Exception {@code InvalidRange} when the range cannot be satisfied
     */
    public static ByteRange resolve(String header, long size) {
        if (header == null) {
            return null;
        }
        String h = header.trim();
        if (!h.startsWith("bytes=")) {
            return null;
        }
        String spec = h.substring("bytes=".length()).trim();
        if (spec.indexOf(',') >= 0) {
            return null;
        }
        int dash = spec.indexOf('-');
        if (dash < 0) {
            return null;
        }
        String a = spec.substring(0, dash).trim();
        String b = spec.substring(dash + 1).trim();
        if (a.isEmpty()) {
            // Suffix range: the last N bytes.
            Long n = parseDigits(b);
            if (n == null) {
                return null;
            }
            if (n == 0 || size == 0) {
                throw unsatisfiable(header, size);
            }
            return new ByteRange(Math.max(0, size - n), size - 1);
        }
        Long first = parseDigits(a);
        if (first == null) {
            return null;
        }
        Long last;
        if (b.isEmpty()) {
            last = Long.MAX_VALUE;
        } else {
            last = parseDigits(b);
            if (last == null || last < first) {
                return null;
            }
        }
        if (first >= size) {
            throw unsatisfiable(header, size);
        }
        return new ByteRange(first, Math.min(last, size - 1));
    }

    /** As S3 answers: the range asked and the object's size in the XML, and RFC 9110's {@code Content-Range: bytes *}{@code /size}. */
    private static S3Exception unsatisfiable(String header, long size) {
        return new S3Exception(S3Error.INVALID_RANGE, "The requested range is not satisfiable")
                .detail("RangeRequested", header.trim())
                .detail("ActualObjectSize", Long.toString(size))
                .header("Content-Range", "bytes */" + size);
    }

    private static Long parseDigits(String s) {
        if (s.isEmpty() || s.length() > 18) {
            return s.length() > 18 && s.chars().allMatch(Character::isDigit) ? Long.MAX_VALUE : null;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return null;
            }
        }
        return Long.parseLong(s);
    }
}
