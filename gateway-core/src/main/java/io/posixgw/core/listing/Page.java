package io.posixgw.core.listing;

import java.util.List;

/**
 * One page of a listing, as {@link Pager} built it.
 *
 * @param entries        what listed as itself (objects, uploads, versions), in the order fed
 * @param commonPrefixes rolled-up prefixes, each ending with the delimiter, in key order
 * @param truncated      more entries exist after {@code nextKey}
 * @param nextKey        the last key or common prefix of this page (the next page's marker), null when not truncated
 * @param nextId         the id of the last entry when the page ended on one that has an id (an upload, a version);
 *                       null when not truncated or when the page ended on a common prefix
 */
public record Page<T>(List<T> entries, List<String> commonPrefixes, boolean truncated, String nextKey, String nextId) {}
