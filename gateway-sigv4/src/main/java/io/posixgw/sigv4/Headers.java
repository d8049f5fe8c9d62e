package io.posixgw.sigv4;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The request headers, as received: each value holds the bytes of the header line, one char per byte (ISO-8859-1, as
 * HTTP/1.1 decoders hand them over), so a UTF-8 value arrives as its UTF-8 bytes and is signed over them. Kept an interface so the server can adapt its HTTP library's header object without
 * copying, and so this module never sees a Netty type.
 */
public interface Headers {
    /** All values of the header, in received order; an empty list if absent. */
    List<String> values(String lowerCaseName);

    /** The header names present, lower-case. */
    Set<String> names();

    /** The first value of the header, or null if absent. */
    default String first(String lowerCaseName) {
        List<String> v = values(lowerCaseName);
        return v.isEmpty() ? null : v.get(0);
    }

    /** Headers backed by a copy of {@code map}; names are lower-cased and same-named entries merged in order. */
    static Headers of(Map<String, ? extends List<String>> map) {
        return MapHeaders.copyOf(map);
    }
}
