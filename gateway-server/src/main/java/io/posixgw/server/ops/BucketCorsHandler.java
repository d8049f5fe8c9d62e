package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.BucketConfig;
import io.posixgw.core.cors.CorsConfiguration;
import java.io.IOException;

/**
 * GetBucketCors, PutBucketCors, DeleteBucketCors: S3's rule format and validation ({@link CorsConfiguration}),
 * Content-MD5 or a checksum required on PUT as S3 requires, stored as the XML document received in versitygw's
 * {@code cors} bucket attribute, which GET answers as it is (as versitygw does).
 */
final class BucketCorsHandler {
    private final Backend backend;

    BucketCorsHandler(Backend backend) {
        this.backend = backend;
    }

    S3Response get(Exchange x) throws IOException {
        byte[] xml = backend.getBucketConfig(x.bucket(), BucketConfig.CORS);
        if (xml == null) {
            throw S3Error.NO_SUCH_CORS_CONFIGURATION.exception();
        }
        return S3Response.ok().body(xml, "application/xml");
    }

    S3Response put(Exchange x) throws IOException {
        byte[] xml = SmallBodies.read(x);
        ObjectDeleteHandler.requireIntegrity(x);
        CorsConfiguration.parse(xml);
        backend.putBucketConfig(x.bucket(), BucketConfig.CORS, xml);
        return S3Response.ok();
    }

    /** 204 whether or not there was a configuration, as S3 answers. */
    S3Response delete(Exchange x) throws IOException {
        backend.putBucketConfig(x.bucket(), BucketConfig.CORS, null);
        return S3Response.noContent();
    }
}
