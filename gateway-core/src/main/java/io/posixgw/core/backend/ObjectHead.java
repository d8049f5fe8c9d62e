package io.posixgw.core.backend;

import io.posixgw.core.http.ByteRange;
import io.posixgw.core.model.ObjectInfo;

/**
 * A GET or HEAD resolved against one version of the object.
 *
 * @param range the bytes to serve for a Range or partNumber request, or null for the whole object
 * @param parts the part layout, when one was asked for ({@link io.posixgw.core.model.GetObjectRequest#withPartLayout()} or a
 *              part number) and the object has one on record; null otherwise
 */
public record ObjectHead(ObjectInfo info, ByteRange range, PartLayout parts) {
    /** Bytes a GET of this answer sends. */
    public long contentLength() {
        return range == null ? info.size() : range.length();
    }
}
