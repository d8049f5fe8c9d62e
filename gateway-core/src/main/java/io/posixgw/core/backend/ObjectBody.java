package io.posixgw.core.backend;

import java.io.IOException;

/**
 * The bytes of a GET, already cut to the range asked for: a region of an open file (which
 * the server sends zero-copy) or a stream (an in-memory object, a remote store). The body
 * owns what it reads from; whoever holds it last closes it.
 */
public sealed interface ObjectBody extends AutoCloseable permits FileRegionBody, StreamBody {
    /** Bytes of the body. */
    long length();

    @Override
    void close() throws IOException;
}
