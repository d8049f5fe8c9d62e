package io.posixgw.server.routing;

import java.util.List;
import java.util.Map;

/**
 * A request as S3 sees it: path-style bucket and key (percent-decoded once),
 * query parameters (decoded), and headers (lower-case names). No Netty types, so
 * operations and tests can build one directly.
 *
 * @param bucket null for service-level requests ({@code GET /})
 * @param key    null for bucket-level requests
 * @param query  decoded parameters in received order
 */
public record S3Request(
        String method,
        String path,
        String bucket,
        String key,
        List<Map.Entry<String, String>> query,
        RequestHeaders headers) {

    /** First value of a query parameter, or null. */
    public String queryParam(String name) {
        for (Map.Entry<String, String> e : query) {
            if (e.getKey().equals(name)) {
                return e.getValue();
            }
        }
        return null;
    }

    public boolean hasQueryParam(String name) {
        for (Map.Entry<String, String> e : query) {
            if (e.getKey().equals(name)) {
                return true;
            }
        }
        return false;
    }

    public String header(String lowerCaseName) {
        return headers.first(lowerCaseName);
    }

    /** The resource named in error bodies: the decoded path. */
    public String resource() {
        return path;
    }
}
