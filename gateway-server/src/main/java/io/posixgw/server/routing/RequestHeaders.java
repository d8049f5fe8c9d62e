package io.posixgw.server.routing;

import java.util.List;
import java.util.Set;

/** Read access to request headers by lower-case name. */
public interface RequestHeaders {
    /** All values, empty when absent. */
    List<String> all(String lowerCaseName);

    /** Lower-case names present. */
    Set<String> names();

    default String first(String lowerCaseName) {
        List<String> v = all(lowerCaseName);
        return v.isEmpty() ? null : v.get(0);
    }
}
