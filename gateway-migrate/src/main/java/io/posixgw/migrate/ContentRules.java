package io.posixgw.migrate;

import io.posixgw.core.model.Etags;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.Locale;

/**
 * When two objects hold the same bytes, as far as their listings can tell. A plain
 * ETag is the MD5 of the bytes (single-part uploads, what posixgw writes); a
 * multipart ETag ({@code <hex>-N}) or an opaque one (encrypted objects) says nothing
 * about the bytes, so there the size has to do, together with the destination being
 * at least as recent as the source.
 */
final class ContentRules {
    private ContentRules() {}

    static String normalize(String etag) {
        return etag == null ? "" : Etags.unquote(etag).toLowerCase(Locale.ROOT);
    }

    /** True for the 32 hex digits of an MD5. */
    static boolean isMd5(String etag) {
        String e = normalize(etag);
        if (e.length() != 32) {
            return false;
        }
        for (int i = 0; i < 32; i++) {
            char c = e.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    /** The 16 bytes of a plain ETag, or null for any other ETag. */
    static byte[] md5Bytes(String etag) {
        return isMd5(etag) ? HexFormat.of().parseHex(normalize(etag)) : null;
    }

    /** True when {@code dst} already holds what {@code src} lists: the copy can be skipped. */
    static boolean upToDate(SourceObject src, Existing dst) {
        if (dst == null || dst.size() != src.size()) {
            return false;
        }
        String s = normalize(src.etag());
        String d = normalize(dst.etag());
        if (isMd5(s) && isMd5(d)) {
            return s.equals(d);
        }
        if (!s.isEmpty() && s.equals(d)) {
            return true;
        }
        // A multipart (or opaque) ETag on either side: same size, and the copy is not older than the source
        // (to the second: a HEAD's Last-Modified has no finer precision than that).
        return src.lastModified() != null
                && dst.lastModified() != null
                && !dst.lastModified()
                        .truncatedTo(ChronoUnit.SECONDS)
                        .isBefore(src.lastModified().truncatedTo(ChronoUnit.SECONDS));
    }

    /**
     * Why a written object does not match its source, or null when it does: the MD5 of the
     * bytes for a plain source ETag (and the destination's ETag when it is plain too), the size otherwise.
     */
    static String verify(String sourceEtag, long sourceSize, Written w) {
        if (w.size() != sourceSize) {
            return "size mismatch: source " + sourceSize + " bytes, copied " + w.size();
        }
        String s = normalize(sourceEtag);
        if (isMd5(s)) {
            if (!s.equals(normalize(w.md5Hex()))) {
                return "MD5 mismatch: source ETag " + s + ", bytes read have MD5 " + w.md5Hex();
            }
            if (isMd5(w.etag()) && !s.equals(normalize(w.etag()))) {
                return "ETag mismatch: source " + s + ", destination " + normalize(w.etag());
            }
        }
        return null;
    }
}
