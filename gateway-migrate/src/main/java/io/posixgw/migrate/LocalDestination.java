package io.posixgw.migrate;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.model.DeleteObjectRequest;
import io.posixgw.core.model.GetObjectRequest;
import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ListObjectsResult;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.core.model.PutObjectResult;
import io.posixgw.core.names.BucketNames;
import io.posixgw.core.names.ObjectKeys;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * The local data root, written through the gateway's own backend: the same on-disk
 * format, atomic publication (temp file, attributes, rename) and durability as a PUT
 * to the server, so a copy interrupted at any point leaves either nothing or the whole
 * verified object.
 */
final class LocalDestination implements Destination {
    private final Backend backend;
    private final Path root;
    private final String owner;

    LocalDestination(Backend backend, Path root, String owner) {
        this.backend = backend;
        this.root = root;
        this.owner = owner;
    }

    @Override
    public String describe() {
        return root.toAbsolutePath().toString();
    }

    @Override
    public void checkName(String bucket, String key) {
        if (bucket != null) {
            BucketNames.requireValid(bucket);
        }
        if (key != null) {
            ObjectKeys.requireValid(key);
        }
    }

    @Override
    public boolean bucketExists(String bucket) throws IOException {
        try {
            backend.headBucket(bucket);
            return true;
        } catch (S3Exception e) {
            if (e.error() == S3Error.NO_SUCH_BUCKET) {
                return false;
            }
            throw e;
        }
    }

    @Override
    public void createBucket(String bucket) throws IOException {
        try {
            backend.createBucket(bucket, owner);
        } catch (S3Exception e) {
            if (e.error() != S3Error.BUCKET_ALREADY_OWNED_BY_YOU && e.error() != S3Error.BUCKET_ALREADY_EXISTS) {
                throw e;
            }
        }
    }

    @Override
    public Existing stat(String bucket, String key) throws IOException {
        try {
            ObjectInfo info = backend.headObject(new GetObjectRequest(bucket, key, null, null, false, false, null))
                    .info();
            return new Existing(ContentRules.normalize(info.etag()), info.size(), info.lastModified());
        } catch (S3Exception e) {
            if (e.error() == S3Error.NO_SUCH_KEY || e.error() == S3Error.NO_SUCH_BUCKET) {
                return null;
            }
            throw e;
        }
    }

    @Override
    public Written write(
            String bucket, String key, OpenedObject source, LongConsumer progress, BooleanSupplier cancelled)
            throws IOException {
        StreamBody body = new StreamBody(source.body, source.size, progress, cancelled);
        // With the source's MD5 the backend refuses (BadDigest) to publish bytes that differ from it.
        PutObjectRequest request =
                new PutObjectRequest(bucket, key, source.attributes, ContentRules.md5Bytes(source.etag));
        PutObjectResult result = backend.putObject(request, body);
        return new Written(ContentRules.normalize(result.etag()), body.count(), body.md5Hex());
    }

    @Override
    public Iterator<String> keys(String bucket) {
        return new Iterator<>() {
            private final Deque<String> page = new ArrayDeque<>();
            private String after;
            private boolean more = true;

            @Override
            public boolean hasNext() {
                while (page.isEmpty() && more) {
                    try {
                        ListObjectsResult r =
                                backend.listObjects(new ListObjectsRequest(bucket, "", null, after, 1000));
                        for (ObjectInfo o : r.objects()) {
                            page.add(o.key());
                        }
                        more = r.truncated();
                        after = r.nextAfter();
                    } catch (IOException e) {
                        throw new S3Source.ListingFailure(e);
                    }
                }
                return !page.isEmpty();
            }

            @Override
            public String next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return page.poll();
            }
        };
    }

    @Override
    public void delete(String bucket, String key) throws IOException {
        backend.deleteObject(DeleteObjectRequest.of(bucket, key));
    }

    @Override
    public void discard(String bucket, String key) {
        // Nothing to do: the backend publishes only verified bytes.
    }

    @Override
    public void close() {}
}
