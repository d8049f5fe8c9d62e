package io.posixgw.testkit.memory;

import io.posixgw.core.listing.KeyOrder;
import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ListObjectsResult;
import io.posixgw.core.model.ObjectInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.function.Consumer;

/** One page of keys and common prefixes in S3's order, as S3 pages them. */
final class MemoryListing {
    private MemoryListing() {}

    static ListObjectsResult list(NavigableMap<String, Stored> objects, ListObjectsRequest r) {
        List<ObjectInfo> keys = new ArrayList<>();
        List<String> prefixes = new ArrayList<>();
        Iterable<String> from = r.after() == null
                ? objects.keySet()
                : objects.tailMap(r.after(), false).keySet();
        String last = page(
                from,
                r.prefix(),
                r.delimiter(),
                r.after(),
                r.maxKeys(),
                k -> keys.add(objects.get(k).info()),
                prefixes);
        return new ListObjectsResult(keys, prefixes, last != null, last);
    }

    /**
     * Walks {@code sortedKeys} after {@code after} under {@code prefix}, rolling keys up at the
     * delimiter, until {@code max} entries are taken.
     *
     * @return the last entry taken when more follow (the next page's marker), else null
     */
    static String page(
            Iterable<String> sortedKeys,
            String prefix,
            String delimiter,
            String after,
            int max,
            Consumer<String> key,
            List<String> prefixes) {
        String p = prefix == null ? "" : prefix;
        int taken = 0;
        String lastTaken = null;
        for (String k : sortedKeys) {
            if (after != null && KeyOrder.compare(k, after) <= 0) {
                continue;
            }
            if (!k.startsWith(p)) {
                if (KeyOrder.compare(k, p) > 0) {
                    break;
                }
                continue;
            }
            String entry = k;
            boolean rolled = false;
            if (delimiter != null && !delimiter.isEmpty()) {
                int at = k.indexOf(delimiter, p.length());
                if (at >= 0) {
                    entry = k.substring(0, at + delimiter.length());
                    rolled = true;
                    if (entry.equals(lastTaken) || after != null && KeyOrder.compare(entry, after) <= 0) {
                        continue; // its prefix was answered already (on this page or an earlier one)
                    }
                }
            }
            if (taken == max) {
                return lastTaken;
            }
            if (rolled) {
                prefixes.add(entry);
            } else {
                key.accept(k);
            }
            lastTaken = entry;
            taken++;
        }
        return null;
    }
}
