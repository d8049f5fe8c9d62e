package io.posixgw.server.auth;

/** The authenticated caller of a request: an access key and what it may do. */
public record Principal(String accessKey, Role role) {}
