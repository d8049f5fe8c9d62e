package io.posixgw.core.model;

/**
 * One page of a listing, for V1 and V2 alike.
 *
 * @param prefix    only keys starting with it ("" for all)
 * @param delimiter roll keys up into common prefixes at its first occurrence after the prefix; null for none
 * @param after     exclusive lower bound (start-after, marker, or the decoded continuation token); null for none
 * @param maxKeys   keys plus common prefixes in the page, 1..1000 (0 is answered by the caller without a backend call)
 */
public record ListObjectsRequest(String bucket, String prefix, String delimiter, String after, int maxKeys) {}
