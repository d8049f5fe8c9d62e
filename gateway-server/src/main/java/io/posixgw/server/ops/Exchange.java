package io.posixgw.server.ops;

import io.posixgw.core.backend.BodySource;
import io.posixgw.server.auth.Client;
import io.posixgw.server.auth.Principal;
import io.posixgw.server.routing.Endpoint;
import io.posixgw.server.routing.S3Request;

/**
 * One authenticated request on its way through an operation.
 *
 * @param caller the authenticated caller
 * @param body   the request body, or null for endpoints that take none
 * @param client where it came from
 */
public record Exchange(
        S3Request request, Endpoint endpoint, Principal caller, BodySource body, String requestId, Client client) {
    /** A request from an unknown address over plain HTTP (tests). */
    public Exchange(S3Request request, Endpoint endpoint, Principal caller, BodySource body, String requestId) {
        this(request, endpoint, caller, body, requestId, Client.UNKNOWN);
    }

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

    /**
     * The first value of query parameter {@code name}, which the endpoint's row must declare
     * (its selector or one of {@link Endpoint#takes()}): the row is the allowlist the router
     * enforces, so a handler reading anything else reads what a client cannot send or what
     * README does not document. Checked under {@code -ea} (every test run), free otherwise.
     */
    public String query(String name) {
        assert endpoint.takesParameter(name) : endpoint + " reads ?" + name + ", which its row does not declare";
        return request.queryParam(name);
    }
}
