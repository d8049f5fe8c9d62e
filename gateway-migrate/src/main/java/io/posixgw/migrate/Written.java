package io.posixgw.migrate;

/**
 * What a destination reports after writing one object.
 *
 * @param etag   unquoted ETag the destination answered
 * @param size   bytes read from the source and written
 * @param md5Hex MD5 of those bytes
 */
record Written(String etag, long size, String md5Hex) {}
