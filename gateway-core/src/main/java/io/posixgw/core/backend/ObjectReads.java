package io.posixgw.core.backend;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.http.ByteRange;
import io.posixgw.core.http.HttpDates;
import io.posixgw.core.model.GetObjectRequest;
import io.posixgw.core.model.ObjectInfo;

/**
 * S3's answer to a GET or HEAD once the version to serve is known, the same for every
 * backend: preconditions first, then the part number or range.
 */
public final class ObjectReads {
    private static final String BAD_PART_NUMBER = "Part number must be an integer between 1 and 10000, inclusive";

    private ObjectReads() {}

    /**
     * @param layout the part layout read with this version, or null when there is none on record
     * @throws S3Exception {@code NotModified} carrying the ETag and Last-Modified headers a 304 names
     *                     (as AWS's does), {@code PreconditionFailed}, or the part number's and range's errors
     */
    public static ObjectHead resolve(GetObjectRequest request, ObjectInfo info, PartLayout layout) {
        if (request.conditions().notModified(info)) {
            throw S3Error.NOT_MODIFIED
                    .exception()
                    .header("ETag", info.etag())
                    .header("Last-Modified", HttpDates.format(info.lastModified()));
        }
        PartLayout matching =
                layout != null && layout.count() == info.partsCount() && layout.size() == info.size() ? layout : null;
        ByteRange range = range(request, info, matching);
        return new ObjectHead(
                info, range, matching, request.partNumber() == null ? 0 : Integer.parseInt(request.partNumber()));
    }

    /** S3's answer to a part number past the object's last part: 416 naming both numbers. */
    private static S3Exception partNumberNotSatisfiable(int actual, int requested) {
        return new S3Exception(S3Error.INVALID_PART_NUMBER, null)
                .detail("ActualPartCount", Integer.toString(actual))
                .detail("PartNumberRequested", Integer.toString(requested));
    }

    private static ByteRange range(GetObjectRequest request, ObjectInfo info, PartLayout layout) {
        String partNumber = request.partNumber();
        if (partNumber == null) {
            return ByteRange.resolve(request.range(), info.size());
        }
        if (request.range() != null) {
            throw new S3Exception(
                    S3Error.INVALID_REQUEST, "Cannot specify both Range header and partNumber query parameter");
        }
        int n;
        try {
            n = Integer.parseInt(partNumber);
        } catch (NumberFormatException e) {
            throw new S3Exception(S3Error.INVALID_ARGUMENT, BAD_PART_NUMBER);
        }
        if (n < 1 || n > 10_000) {
            throw new S3Exception(S3Error.INVALID_ARGUMENT, BAD_PART_NUMBER);
        }
        if (info.partsCount() > 0) {
            if (layout == null) {
                // A multipart ETag without a layout record that matches it (a tree copied in by another
                // tool, without versitygw's mp-metadata): the part boundaries are not known, and never will
                // be, so no retry helps. The version and its layout are read together, so it is no race.
                throw new S3Exception(
                        S3Error.NOT_IMPLEMENTED,
                        "This multipart object has no record of its part boundaries (it was copied in without"
                                + " its mp-metadata attribute): it cannot be read by partNumber. Read it whole"
                                + " or by Range.");
            }
            if (n > layout.count()) {
                throw partNumberNotSatisfiable(layout.count(), n);
            }
            ByteRange part = layout.range(n);
            if (part == null) {
                // an empty part (only the last may be) has no byte to serve
                throw new S3Exception(S3Error.INVALID_RANGE, "The requested range is not satisfiable")
                        .detail("ActualObjectSize", Long.toString(info.size()))
                        .header("Content-Range", "bytes */" + info.size());
            }
            return part;
        }
        if (n != 1) {
            throw partNumberNotSatisfiable(1, n);
        }
        // AWS answers part 1 of a single-part object as a range over all of it: 206 with Content-Range.
        return info.size() > 0 ? new ByteRange(0, info.size() - 1) : null;
    }
}
