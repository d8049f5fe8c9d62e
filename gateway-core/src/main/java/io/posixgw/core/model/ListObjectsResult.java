package io.posixgw.core.model;

import java.util.List;

/**
 * @param objects        keys in UTF-8 binary order
 * @param commonPrefixes rolled-up prefixes, each ending with the delimiter
 * @param truncated      more entries exist after {@code nextAfter}
 * @param nextAfter      the last key or common prefix of this page (the next page's {@code after}), null when not truncated
 */
public record ListObjectsResult(
        List<ObjectInfo> objects, List<String> commonPrefixes, boolean truncated, String nextAfter) {}
