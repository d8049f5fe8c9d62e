package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.BucketConfig;
import io.posixgw.core.cors.CorsConfiguration;
import io.posixgw.server.routing.S3Request;
import java.io.IOException;
import java.util.List;

/**
 * CORS from a bucket's rules: the preflight ({@code OPTIONS}, unauthenticated, as S3 answers it) and the
 * {@code Access-Control-*} headers on the actual responses, errors included. Only headers: whether a request is
 * allowed is decided by authentication and authorisation alone, so no CORS rule makes a refused request succeed.
 * The rules are read from the bucket on each request that carries {@code Origin} (one attribute read; requests
 * without {@code Origin} pay nothing), so every gateway on the volume answers alike.
 */
public final class CorsResponder {
    /** What a response to a CORS request varies by, as S3 sends it. */
    static final String VARY = "Origin, Access-Control-Request-Headers, Access-Control-Request-Method";

    private final Backend backend;

    CorsResponder(Backend backend) {
        this.backend = backend;
    }

    /**
     * A preflight: 400 {@code BadRequest} without {@code Origin} or a valid {@code Access-Control-Request-Method},
     * 403 {@code AccessForbidden} when the bucket has no rules or none allows the request, else 200 with what the
     * first matching rule allows.
     */
    S3Response preflight(Exchange x) throws IOException {
        String origin = x.header("origin");
        if (origin == null) {
            throw new S3Exception(S3Error.BAD_REQUEST, "Insufficient information. Origin request header needed.");
        }
        String method = x.header("access-control-request-method");
        if (method == null || !CorsConfiguration.corsMethod(method.trim())) {
            throw new S3Exception(S3Error.BAD_REQUEST, "Invalid Access-Control-Request-Method: " + method);
        }
        List<String> headers = CorsConfiguration.requestHeaders(x.header("access-control-request-headers"));
        byte[] xml = backend.getBucketConfig(x.bucket(), BucketConfig.CORS);
        CorsConfiguration rules = xml == null ? null : CorsConfiguration.stored(xml);
        if (rules == null) {
            throw new S3Exception(S3Error.ACCESS_FORBIDDEN, "CORSResponse: CORS is not enabled for this bucket.");
        }
        CorsConfiguration.Allowance allowed = rules.match(origin, method.trim(), headers);
        if (allowed == null) {
            throw S3Error.ACCESS_FORBIDDEN.exception();
        }
        S3Response response = S3Response.ok();
        apply(response, allowed, true);
        return response;
    }

    /**
     * {@code response} with the CORS headers the bucket's rules give the request's {@code Origin} and method (its
     * {@code Access-Control-Request-Method} when it names one, as S3 reads it); unchanged for a request without
     * {@code Origin} or bucket, for a preflight (which answered for itself) and when the rules cannot be read.
     * Never fails: an answer is never lost to its CORS headers.
     */
    public S3Response decorate(S3Request request, S3Response response) {
        String origin = request.header("origin");
        if (origin == null || request.bucket() == null || request.method().equals("OPTIONS")) {
            return response;
        }
        try {
            byte[] xml = backend.getBucketConfig(request.bucket(), BucketConfig.CORS);
            CorsConfiguration rules = xml == null ? null : CorsConfiguration.stored(xml);
            if (rules == null) {
                return response;
            }
            response.header("Vary", VARY);
            String asked = request.header("access-control-request-method");
            String method = asked != null ? asked.trim() : request.method();
            List<String> headers;
            try {
                headers = CorsConfiguration.requestHeaders(request.header("access-control-request-headers"));
            } catch (S3Exception bad) {
                return response;
            }
            CorsConfiguration.Allowance allowed = rules.match(origin, method, headers);
            if (allowed != null) {
                apply(response, allowed, false);
            }
        } catch (IOException | RuntimeException e) {
            // no bucket, or unreadable rules: the answer goes without CORS headers, as for a bucket without rules
        }
        return response;
    }

    private static void apply(S3Response r, CorsConfiguration.Allowance a, boolean preflight) {
        r.header("Access-Control-Allow-Origin", a.allowOrigin());
        r.header("Access-Control-Allow-Methods", a.allowMethods());
        if (a.allowCredentials()) {
            r.header("Access-Control-Allow-Credentials", "true");
        }
        if (preflight && !a.allowHeaders().isEmpty()) {
            r.header("Access-Control-Allow-Headers", a.allowHeaders());
        }
        if (!a.exposeHeaders().isEmpty()) {
            r.header("Access-Control-Expose-Headers", a.exposeHeaders());
        }
        if (a.maxAgeSeconds() != null) {
            r.header("Access-Control-Max-Age", Integer.toString(a.maxAgeSeconds()));
        }
        if (preflight) {
            r.header("Vary", VARY);
        }
    }
}
