package io.posixgw.testkit.memory;

import io.posixgw.core.listing.KeyOrder;
import io.posixgw.core.listing.Page;
import io.posixgw.core.listing.Pager;
import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ListObjectsResult;
import io.posixgw.core.model.ObjectInfo;
import java.util.Map;
import java.util.NavigableMap;

/** One page of keys and common prefixes, paged by the {@link Pager} as every backend's listings are. */
final class MemoryListing {
    private MemoryListing() {}

    static ListObjectsResult list(NavigableMap<String, Stored> objects, ListObjectsRequest r) {
        Pager<ObjectInfo> pager = Pager.afterKey(r.prefix(), r.delimiter(), r.after(), r.maxKeys());
        if (!pager.listsNothing()) {
            // the map is in KeyOrder, in which the keys of a prefix follow it, together
            String prefix = pager.prefix();
            NavigableMap<String, Stored> from = pager.hasMarker() && KeyOrder.compare(r.after(), prefix) > 0
                    ? objects.tailMap(r.after(), false)
                    : objects.tailMap(prefix, true);
            for (Map.Entry<String, Stored> e : from.entrySet()) {
                if (!pager.inScope(e.getKey())
                        || !pager.offer(e.getKey(), null, e.getValue().info())) {
                    break;
                }
            }
        }
        Page<ObjectInfo> page = pager.page();
        return new ListObjectsResult(page.entries(), page.commonPrefixes(), page.truncated(), page.nextKey());
    }
}
