package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.backend.ObjectHead;
import io.posixgw.core.http.ByteRange;
import io.posixgw.core.http.HttpDates;
import io.posixgw.core.model.GetObjectRequest;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.Preconditions;
import java.io.IOException;
import java.util.Map;

/** GetObject and HeadObject: preconditions, ranges, response overrides, zero-copy bodies. */
final class ObjectGetHandler {
    private final Backend backend;

    ObjectGetHandler(Backend backend) {
        this.backend = backend;
    }

    S3Response get(Exchange x) throws IOException {
        ObjectContent content;
        try {
            content = backend.getObject(request(x, backend));
        } catch (S3Exception e) {
            return notModified(e);
        }
        try {
            S3Response response = answer(x, content.head());
            response.object(content.body());
            content = null;
            return response;
        } finally {
            if (content != null) {
                content.close();
            }
        }
    }

    S3Response head(Exchange x) throws IOException {
        ObjectHead head;
        try {
            head = backend.headObject(request(x, backend));
        } catch (S3Exception e) {
            return notModified(e);
        }
        return answer(x, head).headOnly(head.contentLength());
    }

    /** The request as the backend resolves it: preconditions, then part number or range, on one version. */
    private static GetObjectRequest request(Exchange x, Backend backend) {
        return new GetObjectRequest(
                x.bucket(),
                x.key(),
                x.header("range"),
                x.query("partNumber"),
                checksumsWanted(x),
                false,
                preconditions(x),
                io.posixgw.server.routing.Versions.named(x.query("versionId"), backend.keepsVersions()));
    }

    /** A 304 that names the object's ETag and Last-Modified (as AWS's does); every other error goes on. */
    private static S3Response notModified(S3Exception e) {
        if (e.error() != S3Error.NOT_MODIFIED) {
            throw e;
        }
        S3Response response = S3Response.status(304);
        e.headers().forEach(response::header);
        return response;
    }

    private static S3Response answer(Exchange x, ObjectHead head) {
        ObjectInfo info = head.info();
        ByteRange range = head.range();
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
        // The checksum of what is served: the object's, or the part's asked for; a Range gets none, as on AWS.
        if (checksumsWanted(x)) {
            ObjectPutHandler.writeChecksums(response, head.servedChecksums());
            if (head.servedChecksumType() != null) {
                response.header("x-amz-checksum-type", head.servedChecksumType().name());
            }
        }
        return response;
    }

    /** Checksums are answered (and so read) only when asked for. */
    private static boolean checksumsWanted(Exchange x) {
        return "ENABLED".equalsIgnoreCase(x.header("x-amz-checksum-mode"));
    }

    static Preconditions preconditions(Exchange x) {
        return new Preconditions(
                x.header("if-match"),
                x.header("if-none-match"),
                HttpDates.parse(x.header("if-modified-since")),
                HttpDates.parse(x.header("if-unmodified-since")));
    }
}
