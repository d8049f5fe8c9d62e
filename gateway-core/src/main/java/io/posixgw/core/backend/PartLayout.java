package io.posixgw.core.backend;

import io.posixgw.core.http.ByteRange;
import java.util.Arrays;

/**
 * Where the parts of a multipart object lie, as recorded at CompleteMultipartUpload.
 * Part numbers here are positions 1..count (S3 renumbers the completed object's parts).
 */
public final class PartLayout {
    private final long[] ends;

    /** @param ends cumulative end offsets (exclusive) of parts 1..n */
    public PartLayout(long[] ends) {
        this.ends = ends.clone();
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
        return o instanceof PartLayout p && Arrays.equals(ends, p.ends);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(ends);
    }

    @Override
    public String toString() {
        return "PartLayout" + Arrays.toString(ends);
    }
}
