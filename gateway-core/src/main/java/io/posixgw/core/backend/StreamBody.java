package io.posixgw.core.backend;

import java.io.IOException;
import java.io.InputStream;

/** A body read from a stream that yields exactly {@code length} bytes. */
public record StreamBody(InputStream stream, long length) implements ObjectBody {
    @Override
    public void close() throws IOException {
        stream.close();
    }
}
