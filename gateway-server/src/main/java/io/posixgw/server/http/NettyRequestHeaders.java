package io.posixgw.server.http;

import io.netty.handler.codec.http.HttpHeaders;
import io.posixgw.server.routing.RequestHeaders;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/** {@link RequestHeaders} over Netty's headers (case-insensitive already). */
final class NettyRequestHeaders implements RequestHeaders {
    private final HttpHeaders headers;
    private Set<String> names;

    NettyRequestHeaders(HttpHeaders headers) {
        this.headers = headers;
    }

    @Override
    public List<String> all(String lowerCaseName) {
        return headers.getAll(lowerCaseName);
    }

    @Override
    public String first(String lowerCaseName) {
        return headers.get(lowerCaseName);
    }

    @Override
    public Set<String> names() {
        if (names == null) {
            Set<String> n = new TreeSet<>();
            for (String name : headers.names()) {
                n.add(name.toLowerCase(Locale.ROOT));
            }
            names = n;
        }
        return names;
    }
}
