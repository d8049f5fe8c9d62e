package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.xml.S3Xml;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The bucket configurations posixgw has none of (CORS, lifecycle, website, replication,
 * encryption, Object Lock, logging, notifications, acceleration, requester pays) and the fixed one
 * (ownership controls), answered as S3 answers them for a bucket without such
 * a configuration, so that clients and clean-up code that read before they delete see the truth:
 * the 404 error S3 names for an absent configuration, or the empty or default document. Deleting
 * an absent configuration is 204, as on S3. The bucket must exist; the caller was authorised by
 * the row's permission. Writes stay {@code NotImplemented} (their rows have no handler).
 */
final class BucketConfigHandler {
    private static final String DECLARATION = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

    private final Backend backend;

    BucketConfigHandler(Backend backend) {
        this.backend = backend;
    }

    /** An operation answering {@code error} (S3's "no such configuration") once the bucket is known to exist. */
    Operations.Handler absent(S3Error error) {
        return x -> {
            backend.headBucket(x.bucket());
            throw new S3Exception(error, error.defaultMessage());
        };
    }

    /** Deleting a configuration the bucket does not have: 204 and nothing changed. */
    S3Response deleteAbsent(Exchange x) throws IOException {
        backend.headBucket(x.bucket());
        return S3Response.noContent();
    }

    /** An operation answering the XML document {@code root} with {@code content} inside it. */
    Operations.Handler document(String root, String content) {
        byte[] body = (DECLARATION + "<" + root + " xmlns=\"" + S3Xml.NAMESPACE + "\""
                        + (content.isEmpty() ? "/>" : ">" + content + "</" + root + ">"))
                .getBytes(StandardCharsets.UTF_8);
        return x -> {
            backend.headBucket(x.bucket());
            return S3Response.ok().body(body.clone(), "application/xml");
        };
    }
}
