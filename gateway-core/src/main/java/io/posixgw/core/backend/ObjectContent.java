package io.posixgw.core.backend;

import io.posixgw.core.http.ByteRange;
import io.posixgw.core.model.ObjectInfo;
import java.io.IOException;

/**
 * An object opened for reading: what HeadObject would answer for the same request, and the
 * body, both of one version of the object. The caller closes it (or hands the body on).
 */
public record ObjectContent(ObjectHead head, ObjectBody body) implements AutoCloseable {
    public ObjectInfo info() {
        return head.info();
    }

    /** The range served, or null for the whole object. */
    public ByteRange range() {
        return head.range();
    }

    @Override
    public void close() throws IOException {
        body.close();
    }
}
