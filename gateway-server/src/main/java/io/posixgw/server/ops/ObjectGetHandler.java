package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.http.ByteRange;
import io.posixgw.core.http.HttpDates;
import io.posixgw.core.model.Preconditions;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.server.http.S3Response;

import java.io.IOException;
import java.util.Map;

/** GetObject and HeadObject: preconditions, ranges, response overrides, zero-copy bodies. */
final class ObjectGetHandler {
    private final Backend backend;

    ObjectGetHandler(Backend backend) {
        this.backend = backend;
    }

    S3Response get(Exchange x) throws IOException {
        ObjectContent content = backend.getObject(x.bucket(), x.key(), checksumsWanted(x));
        try {
            ObjectInfo info = content.info();
            S3Response notModified = notModified(x, info);
            if (notModified != null) {
                return notModified;
            }
            ByteRange range = evaluate(x, info, backend);
            S3Response response = answer(x, info, range);
            long position = range == null ? 0 : range.first();
            long length = range == null ? info.size() : range.length();
            response.file(content, position, length);
            content = null;
            return response;
        } finally {
            if (content != null) {
                content.close();
            }
        }
    }

    S3Response head(Exchange x) throws IOException {
        ObjectInfo info = backend.headObject(x.bucket(), x.key(), checksumsWanted(x));
        S3Response notModified = notModified(x, info);
        if (notModified != null) {
            return notModified;
        }
        ByteRange range = evaluate(x, info, backend);
        S3Response response = answer(x, info, range);
        return response.headOnly(range == null ? info.size() : range.length());
    }

    /**
     * Evaluates the conditions: null to go on, a 304 that names the object's ETag and
     * Last-Modified (as AWS's does), or a thrown 412.
     */
    private static S3Response notModified(Exchange x, ObjectInfo info) {
        if (!preconditions(x).notModified(info)) {
            return null;
        }
        return S3Response.status(304).header("ETag", info.etag()).header("Last-Modified", HttpDates.format(info.lastModified()));
    }

    private static ByteRange evaluate(Exchange x, ObjectInfo info, Backend backend) throws IOException {
        String partNumber = x.query("partNumber");
        String rangeHeader = x.header("range");
        if (partNumber != null) {
            if (rangeHeader != null) {
                throw new S3Exception(S3Error.INVALID_REQUEST, "Cannot specify both Range header and partNumber query parameter");
            }
            int n;
            try {
                n = Integer.parseInt(partNumber);
            } catch (NumberFormatException e) {
                throw new S3Exception(S3Error.INVALID_ARGUMENT, "Part number must be an integer between 1 and 10000, inclusive");
            }
            if (n < 1 || n > 10_000) {
                throw new S3Exception(S3Error.INVALID_ARGUMENT, "Part number must be an integer between 1 and 10000, inclusive");
            }
            if (info.partsCount() > 0) {
                return partRange(x, info, n, backend);
            }
            if (n != 1) {
                throw new S3Exception(S3Error.INVALID_RANGE, "The requested partnumber is not satisfiable");
            }
            // AWS answers part 1 of a single-part object as a range over all of it: 206 with Content-Range.
            return info.size() > 0 ? new ByteRange(0, info.size() - 1) : null;
        }
        return ByteRange.resolve(rangeHeader, info.size());
    }

    /** The bytes of part {@code n} of a multipart object, from the part layout recorded at Complete. */
    private static ByteRange partRange(Exchange x, ObjectInfo info, int n, Backend backend) throws IOException {
        long[] ends = backend.partEnds(x.bucket(), x.key());
        if (ends == null || ends.length != info.partsCount() || ends[ends.length - 1] != info.size()) {
            // The object changed between the two reads, or its layout record is missing.
            throw new S3Exception(S3Error.SERVICE_UNAVAILABLE, "The object changed while it was read; please retry");
        }
        if (n > ends.length) {
            throw new S3Exception(S3Error.INVALID_RANGE, "The requested partnumber is not satisfiable");
        }
        long first = n == 1 ? 0 : ends[n - 2];
        long last = ends[n - 1] - 1;
        if (last < first) {
            throw new S3Exception(S3Error.INVALID_RANGE, "The requested partnumber is not satisfiable");
        }
        return new ByteRange(first, last);
    }

    private static S3Response answer(Exchange x, ObjectInfo info, ByteRange range) {
        S3Response response = S3Response.status(range == null ? 200 : 206);
        Map<String, String> overrides = ObjectHeaders.responseOverrides(x); // HEAD honours them too, as on AWS
        ObjectHeaders.writeObjectHeaders(response, info, overrides);
        if (range != null) {
            response.header("Content-Range", range.contentRange(info.size()));
        }
        if (x.query("partNumber") != null && info.partsCount() > 0) {
            // S3 names the part count only when a part was asked for.
            response.header("x-amz-mp-parts-count", Integer.toString(info.partsCount()));
        }
        // A stored checksum describes the whole object: a part of it gets none, as on AWS.
        if (range == null && checksumsWanted(x)) {
            ObjectPutHandler.writeChecksums(response, info.checksums());
            if (info.checksumType() != null) {
                response.header("x-amz-checksum-type", info.checksumType().name());
            }
        }
        return response;
    }

    /** Checksums are answered (and so read) only when asked for. */
    private static boolean checksumsWanted(Exchange x) {
        return "ENABLED".equalsIgnoreCase(x.header("x-amz-checksum-mode"));
    }

    static Preconditions preconditions(Exchange x) {
        return new Preconditions(x.header("if-match"), x.header("if-none-match"),
                HttpDates.parse(x.header("if-modified-since")), HttpDates.parse(x.header("if-unmodified-since")));
    }
}
