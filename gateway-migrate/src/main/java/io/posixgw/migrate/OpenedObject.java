package io.posixgw.migrate;

import io.posixgw.core.model.ObjectAttributes;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;

/**
 * A source object opened for reading: its bytes, and what the GET answered about
 * them (ETag, length, stored headers, user metadata, tags).
 */
final class OpenedObject implements Closeable {
    final InputStream body;
    final String etag;
    final long size;
    final ObjectAttributes attributes;

    OpenedObject(InputStream body, String etag, long size, ObjectAttributes attributes) {
        this.body = body;
        this.etag = etag;
        this.size = size;
        this.attributes = attributes;
    }

    @Override
    public void close() throws IOException {
        body.close();
    }
}
