package io.posixgw.core.backend;

import io.posixgw.core.checksum.ChecksumType;
import io.posixgw.core.http.ByteRange;
import io.posixgw.core.model.ObjectInfo;
import java.util.Map;

/**
 * A GET or HEAD resolved against one version of the object.
 *
 * @param range      the bytes to serve for a Range or partNumber request, or null for the whole object
 * @param parts      the part layout, when one was asked for ({@link io.posixgw.core.model.GetObjectRequest#withPartLayout()} or a
 *                   part number) and the object has one on record; null otherwise
 * @param partNumber the part asked for, 0 for none
 */
public record ObjectHead(ObjectInfo info, ByteRange range, PartLayout parts, int partNumber) {
    /** Bytes a GET of this answer sends. */
    public long contentLength() {
        return range == null ? info.size() : range.length();
    }

    /**
     * The stored checksums of exactly the bytes this answer serves, as S3 names them: the whole
     * object's; for a part of a multipart object that part's, as recorded at Complete; for part 1 of
     * a single-part object (all of it) the object's; none for a Range, which no stored checksum
     * describes. Empty when the object's checksums were not read ({@code x-amz-checksum-mode}).
     */
    public Map<String, String> servedChecksums() {
        if (partNumber == 0) {
            return range == null ? info.checksums() : Map.of();
        }
        if (info.partsCount() == 0) {
            return info.checksums();
        }
        // the part's checksum is told only when the object's own is read (checksum mode), as for the whole object
        return parts == null || info.checksums().isEmpty() ? Map.of() : parts.partChecksums(partNumber);
    }

    /** The type of {@link #servedChecksums()}: the object's (a part's is the upload's, which is the object's), or null. */
    public ChecksumType servedChecksumType() {
        return servedChecksums().isEmpty() ? null : info.checksumType();
    }
}
