package io.posixgw.server.auth;

/** The caller of a request: an access key and what it may do; {@link #ANONYMOUS} (no key) for an unsigned request. */
public record Principal(String accessKey, Role role) {
    public static final Principal ANONYMOUS = new Principal(null, Role.ANONYMOUS);

    public boolean anonymous() {
        return role == Role.ANONYMOUS;
    }
}
