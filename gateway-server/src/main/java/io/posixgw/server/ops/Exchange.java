package io.posixgw.server.ops;

import io.posixgw.core.backend.BodySource;
import io.posixgw.server.auth.Principal;
import io.posixgw.server.routing.Endpoint;
import io.posixgw.server.routing.S3Request;

/**
 * One authenticated request on its way through an operation.
 *
 * @param caller the authenticated caller
 * @param body   the request body, or null for endpoints that take none
 */
public record Exchange(S3Request request, Endpoint endpoint, Principal caller, BodySource body, String requestId) {
    public String accessKey() {
        return caller.accessKey();
    }

    public String bucket() {
        return request.bucket();
    }

    public String key() {
        return request.key();
    }

    public String header(String lowerCaseName) {
        return request.header(lowerCaseName);
    }

    public String query(String name) {
        return request.queryParam(name);
    }
}
