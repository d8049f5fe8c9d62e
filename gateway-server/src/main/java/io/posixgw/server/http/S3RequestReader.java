package io.posixgw.server.http;

import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.names.BucketNames;
import io.posixgw.core.names.ObjectKeys;
import io.posixgw.server.routing.PresignedParameters;
import io.posixgw.server.routing.RequestTarget;
import io.posixgw.server.routing.S3Request;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A decoded HTTP request as an S3 request, and what can be wrong with it before routing:
 * the target, the names in it, and the framing the HTTP decoder let through or refused.
 */
final class S3RequestReader {
    private S3RequestReader() {}

    /**
     * The bucket, key and query of the request target; a presigned URL's {@code x-amz-*}
     * parameters become headers (see {@link PresignedParameters}).
     */
    static S3Request read(HttpRequest http) {
        String rawPath = RequestTarget.rawPath(http.uri());
        if (!rawPath.startsWith("/")) {
            throw new S3Exception(S3Error.INVALID_URI, "Couldn't parse the specified URI.");
        }
        String path = RequestTarget.decodePath(rawPath);
        String bucket = null;
        String key = null;
        String rest = path.substring(1);
        if (!rest.isEmpty()) {
            int slash = rest.indexOf('/');
            if (slash < 0) {
                bucket = rest;
            } else {
                bucket = rest.substring(0, slash);
                String k = rest.substring(slash + 1);
                key = k.isEmpty() ? null : k;
            }
        }
        List<Map.Entry<String, String>> query = RequestTarget.decodeQuery(RequestTarget.rawQuery(http.uri()));
        if (PresignedParameters.presigned(query)) {
            for (Map.Entry<String, String> h : PresignedParameters.hoistedHeaders(query)) {
                if (http.headers().contains(h.getKey())) {
                    throw new S3Exception(
                            S3Error.INVALID_ARGUMENT, h.getKey() + " is both a header and a query parameter");
                }
                try {
                    // as the header's bytes, one char per byte, like every header the decoder read
                    http.headers()
                            .add(
                                    h.getKey(),
                                    new String(
                                            h.getValue().getBytes(StandardCharsets.UTF_8),
                                            StandardCharsets.ISO_8859_1));
                } catch (IllegalArgumentException notAHeader) {
                    throw new S3Exception(
                            S3Error.INVALID_ARGUMENT, "The query parameter " + h.getKey() + " is no valid header");
                }
            }
        }
        return new S3Request(http.method().name(), path, bucket, key, query, new NettyRequestHeaders(http.headers()));
    }

    static void validateNames(S3Request request) {
        if (request.bucket() != null) {
            BucketNames.requireValid(request.bucket());
        }
        if (request.key() != null) {
            ObjectKeys.requireValid(request.key());
        }
    }

    /**
     * What the decoder lets through but HTTP/1.1 forbids or posixgw cannot take: more than one
     * Host line (RFC 9112 §3.2: 400), and transfer codings other than chunked alone (RFC 9112
     * §6.1: 501; the decoder would read the chunks and ignore the coding around them).
     */
    static S3Exception framingError(HttpRequest http) {
        if (http.headers().getAll(HttpHeaderNames.HOST).size() > 1) {
            return new S3Exception(S3Error.INVALID_REQUEST, "The request has more than one Host header.");
        }
        String te = http.headers().get(HttpHeaderNames.TRANSFER_ENCODING);
        if (te != null && !te.trim().equalsIgnoreCase("chunked")) {
            return new S3Exception(
                            S3Error.NOT_IMPLEMENTED,
                            "A header you provided implies functionality that is not implemented: "
                                    + "Transfer-Encoding " + te.trim())
                    .detail("Header", "Transfer-Encoding");
        }
        return null;
    }

    /** The answer to a request the HTTP decoder could not read. */
    static S3Exception decodeError(Throwable cause) {
        if (cause instanceof TooLongHttpHeaderException) {
            return new S3Exception(
                    S3Error.REQUEST_HEADER_SECTION_TOO_LARGE,
                    S3Error.REQUEST_HEADER_SECTION_TOO_LARGE.defaultMessage());
        }
        if (cause instanceof TooLongHttpLineException || cause instanceof TooLongFrameException) {
            return new S3Exception(S3Error.INVALID_URI, "The request line is too long.");
        }
        return new S3Exception(S3Error.INVALID_REQUEST, "Malformed HTTP request");
    }
}
