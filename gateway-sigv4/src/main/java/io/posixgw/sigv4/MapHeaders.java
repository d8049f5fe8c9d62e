package io.posixgw.sigv4;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The simple {@link Headers} behind {@link Headers#of}: an insertion-ordered map of lower-case name to values. */
final class MapHeaders implements Headers {
    private final Map<String, List<String>> map;

    private MapHeaders(Map<String, List<String>> map) {
        this.map = map;
    }

    static MapHeaders copyOf(Map<String, ? extends List<String>> source) {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        source.forEach((name, values) -> copy.computeIfAbsent(name.toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                .addAll(values));
        copy.replaceAll((k, v) -> List.copyOf(v));
        return new MapHeaders(copy);
    }

    @Override
    public List<String> values(String lowerCaseName) {
        return map.getOrDefault(lowerCaseName, List.of());
    }

    @Override
    public Set<String> names() {
        return Collections.unmodifiableSet(map.keySet());
    }

    @Override
    public String toString() {
        return map.toString();
    }
}
