package io.posixgw.server.http;

import io.posixgw.server.ops.Operations;
import io.posixgw.server.ops.S3Response;
import io.posixgw.server.routing.S3Request;

/**
 * An error decided on the event loop (a failed signature, a refused route) for a request that carries {@code Origin}:
 * the bucket's CORS rules are read on a worker, never on the event loop, and their headers added, so the page that
 * sent it can read why it failed. The error itself is unchanged.
 */
record CorsAnswer(Operations operations, S3Request request, S3Response error) implements Start.Work {
    @Override
    public Start.Answer run() {
        return Start.Answer.keepOpen(operations.withCors(request, error));
    }

    @Override
    public S3Response refused() {
        return error;
    }
}
