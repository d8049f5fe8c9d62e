package io.posixgw.core.backend;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * {@code length} bytes of an open file from {@code position}. The channel is bound to the
 * exact file version the object's info describes: a concurrent overwrite (rename over the
 * key) does not change what it reads.
 */
public record FileRegionBody(FileChannel channel, long position, long length) implements ObjectBody {
    @Override
    public void close() throws IOException {
        channel.close();
    }
}
