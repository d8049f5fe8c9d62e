package io.posixgw.sigv4;

import java.util.Objects;

/** One decoded query parameter; a parameter sent without {@code '='} has the value {@code ""}. */
public record QueryParam(String name, String value) {
    public QueryParam {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }
}
