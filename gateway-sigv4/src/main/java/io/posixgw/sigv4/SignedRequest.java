package io.posixgw.sigv4;

import java.util.List;
import java.util.Objects;

/**
 * A request as received, for verification.
 *
 * @param method  the HTTP method, e.g. {@code PUT}
 * @param path    the request path decoded ONCE from percent-encoding ({@code '+'} stays {@code '+'}), starting with
 *                {@code '/'}, e.g. {@code "/bucket/my key"}. Never normalised: S3 signs the path exactly as sent.
 * @param query   decoded name/value pairs in received order (percent-decoded, {@code '+'} decoded as a space like Go's
 *                {@code url.ParseQuery}; a parameter without {@code '='} has the value {@code ""})
 * @param headers the request headers
 */
public record SignedRequest(String method, String path, List<QueryParam> query, Headers headers) {
    public SignedRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        query = List.copyOf(query);
        Objects.requireNonNull(headers, "headers");
    }

    /** The first value of the query parameter {@code name} (exact, case-sensitive, as S3 matches it), or null. */
    public String queryParam(String name) {
        for (QueryParam p : query) {
            if (p.name().equals(name)) {
                return p.value();
            }
        }
        return null;
    }
}
