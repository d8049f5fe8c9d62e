package io.posixgw.core.backend;

import io.posixgw.core.checksum.ChecksumType;
import io.posixgw.core.checksum.MultipartChecksum;
import io.posixgw.core.http.ByteRange;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where the parts of a multipart object lie, as recorded at CompleteMultipartUpload.
 * Part numbers here are positions 1..count (S3 renumbers the completed object's parts).
 * With the upload's checksum, each part's stored checksum too, so that a GET of one part and
 * GetObjectAttributes can name it after the part files are gone.
 */
public final class PartLayout {
    private final long[] ends;
    private final MultipartChecksum checksum;
    private final String[] partChecksums;

    /** @param ends cumulative end offsets (exclusive) of parts 1..n */
    public PartLayout(long[] ends) {
        this(ends, null, List.of());
    }

    /**
     * @param checksum      the upload's algorithm and type, or null
     * @param partChecksums each part's checksum of that algorithm (base64), in order; empty when not on record
     *                      (an object versitygw completed), and ignored unless there is one per part
     */
    public PartLayout(long[] ends, MultipartChecksum checksum, List<String> partChecksums) {
        this.ends = ends.clone();
        boolean complete = checksum != null && partChecksums.size() == ends.length;
        this.checksum = complete ? checksum : null;
        this.partChecksums = complete ? partChecksums.toArray(new String[0]) : new String[0];
    }

    /** The upload's algorithm and type when every part's checksum is on record, else null. */
    public MultipartChecksum checksum() {
        return checksum;
    }

    /** The checksum type of the parts' checksums, or null. */
    public ChecksumType checksumType() {
        return checksum == null ? null : checksum.type();
    }

    /** Part {@code n}'s stored checksum (algorithm name to base64), empty when not on record. */
    public Map<String, String> partChecksums(int n) {
        return checksum == null ? Map.of() : Map.of(checksum.algorithm().name(), partChecksums[n - 1]);
    }

    /** Each part's checksum in order, empty when not on record. */
    public List<String> partChecksumList() {
        return List.of(partChecksums);
    }

    public int count() {
        return ends.length;
    }

    /** Bytes of the whole object by this layout. */
    public long size() {
        return ends.length == 0 ? 0 : ends[ends.length - 1];
    }

    /** First byte of part {@code n} (1-based). */
    public long start(int n) {
        return n == 1 ? 0 : ends[n - 2];
    }

    /** Bytes in part {@code n} (1-based). */
    public long partSize(int n) {
        return ends[n - 1] - start(n);
    }

    /** The inclusive range of part {@code n}, or null for an empty part. */
    public ByteRange range(int n) {
        long first = start(n);
        long last = ends[n - 1] - 1;
        return last < first ? null : new ByteRange(first, last);
    }

    /** The cumulative end offsets, a copy. */
    public long[] ends() {
        return ends.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PartLayout p
                && Arrays.equals(ends, p.ends)
                && Objects.equals(checksum, p.checksum)
                && Arrays.equals(partChecksums, p.partChecksums);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(ends) * 31 + Arrays.hashCode(partChecksums);
    }

    @Override
    public String toString() {
        return "PartLayout" + Arrays.toString(ends)
                + (checksum == null ? "" : checksum + Arrays.toString(partChecksums));
    }
}
