package io.posixgw.core.backend;

import io.posixgw.core.model.ObjectInfo;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * An object opened for reading. The channel is bound to the exact file version
 * described by {@code info}: a concurrent overwrite (rename over the key) does not
 * change what this reader sees. The caller closes it.
 */
public record ObjectContent(ObjectInfo info, FileChannel channel) implements AutoCloseable {
    @Override
    public void close() throws IOException {
        channel.close();
    }
}
