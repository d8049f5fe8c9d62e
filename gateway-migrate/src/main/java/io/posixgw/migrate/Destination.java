package io.posixgw.migrate;

import java.io.Closeable;
import java.io.IOException;
import java.util.Iterator;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/** Where migrate writes: the local data root through the POSIX backend, or another S3 endpoint. */
interface Destination extends Closeable {
    /** For messages: the directory or the endpoint. */
    String describe();

    /** Throws when the destination cannot hold this bucket name or key (before any copy). */
    void checkName(String bucket, String key);

    boolean bucketExists(String bucket) throws IOException;

    void createBucket(String bucket) throws IOException;

    /** What is stored under the key, or null when nothing is. */
    Existing stat(String bucket, String key) throws IOException;

    /**
     * Writes one object from the opened source, streaming. Never leaves a partial object
     * visible where the destination can avoid it (the local one never does): the length is
     * checked, and a plain source ETag is checked as the MD5 of the bytes before the object
     * is published locally.
     *
     * @param progress  told of every run of bytes read from the source
     * @param cancelled polled between reads; when true, the write is abandoned
     */
    Written write(String bucket, String key, OpenedObject source, LongConsumer progress, BooleanSupplier cancelled)
            throws IOException;

    /** Every key of the bucket, in UTF-8 binary order. */
    Iterator<String> keys(String bucket) throws IOException;

    void delete(String bucket, String key) throws IOException;

    /** Removes an object whose copy failed verification (only where a write can be visible before it is checked). */
    default void discard(String bucket, String key) throws IOException {
        delete(bucket, key);
    }
}
