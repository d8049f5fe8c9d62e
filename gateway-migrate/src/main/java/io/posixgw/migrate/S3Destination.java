package io.posixgw.migrate;

import io.minio.BucketExistsArgs;
import io.minio.ListObjectsArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioClient;
import io.minio.ObjectWriteResponse;
import io.minio.PutObjectArgs;
import io.minio.RemoveObjectArgs;
import io.minio.Result;
import io.minio.StatObjectArgs;
import io.minio.StatObjectResponse;
import io.minio.errors.MinioException;
import io.minio.messages.Item;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.ObjectAttributes;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * Another S3 endpoint as the destination (the reverse sync of a rollback), written with
 * the MinIO SDK. Objects up to {@link #PART_SIZE} go in one PUT, so that their ETag stays
 * the MD5 of their bytes; larger ones in parts of that size (the SDK holds one part in
 * memory per upload).
 */
final class S3Destination implements Destination {
    static final long PART_SIZE = 16L << 20;

    private final MinioClient client;
    private final String endpoint;

    S3Destination(String endpoint, MinioClient client) {
        this.endpoint = endpoint;
        this.client = client;
    }

    @Override
    public String describe() {
        return endpoint;
    }

    @Override
    public void checkName(String bucket, String key) {
        // the endpoint answers for itself
    }

    @Override
    public boolean bucketExists(String bucket) throws IOException {
        try {
            return client.bucketExists(BucketExistsArgs.builder().bucket(bucket).build());
        } catch (MinioException e) {
            throw S3Failure.of("HeadBucket " + bucket + " on " + endpoint, e);
        }
    }

    @Override
    public void createBucket(String bucket) throws IOException {
        try {
            client.makeBucket(MakeBucketArgs.builder().bucket(bucket).build());
        } catch (MinioException e) {
            S3Failure f = S3Failure.of("CreateBucket " + bucket + " on " + endpoint, e);
            if (!"BucketAlreadyOwnedByYou".equals(f.code()) && !"BucketAlreadyExists".equals(f.code())) {
                throw f;
            }
        }
    }

    @Override
    public Existing stat(String bucket, String key) throws IOException {
        try {
            StatObjectResponse s = client.statObject(
                    StatObjectArgs.builder().bucket(bucket).object(key).build());
            return new Existing(
                    ContentRules.normalize(s.etag()),
                    s.size(),
                    s.lastModified() == null ? null : s.lastModified().toInstant());
        } catch (MinioException e) {
            S3Failure f = S3Failure.of("HEAD " + bucket + "/" + key + " on " + endpoint, e);
            if ("NoSuchKey".equals(f.code()) || "NoSuchBucket".equals(f.code()) || "NoSuchObject".equals(f.code())) {
                return null;
            }
            throw f;
        }
    }

    @Override
    public Written write(
            String bucket, String key, OpenedObject source, LongConsumer progress, BooleanSupplier cancelled)
            throws IOException {
        Md5Stream in = new Md5Stream(source.body, progress, cancelled);
        ObjectAttributes a = source.attributes;
        Map<String, String> headers = new LinkedHashMap<>();
        putIfSet(headers, "Content-Encoding", a.contentEncoding());
        putIfSet(headers, "Content-Language", a.contentLanguage());
        putIfSet(headers, "Content-Disposition", a.contentDisposition());
        putIfSet(headers, "Cache-Control", a.cacheControl());
        putIfSet(headers, "Expires", a.expires());
        PutObjectArgs.Builder put = PutObjectArgs.builder().bucket(bucket).object(key).stream(
                        in, source.size, PART_SIZE)
                .headers(headers)
                .userMetadata(a.userMetadata())
                .parallelUploads(1);
        if (a.contentType() != null && !a.contentType().isEmpty()) {
            put.contentType(a.contentType());
        }
        if (!a.tags().isEmpty()) {
            put.tags(a.tags());
        }
        ObjectWriteResponse r;
        try {
            r = client.putObject(put.build());
        } catch (MinioException e) {
            if (cancelled.getAsBoolean()) {
                throw new InterruptedIOException("migration interrupted");
            }
            throw S3Failure.of("PUT " + bucket + "/" + key + " on " + endpoint, e);
        }
        return new Written(ContentRules.normalize(r.etag()), in.count, in.md5Hex());
    }

    private static void putIfSet(Map<String, String> headers, String name, String value) {
        if (value != null && !value.isEmpty()) {
            headers.put(name, value);
        }
    }

    @Override
    public Iterator<String> keys(String bucket) {
        Iterator<Result<Item>> items = client.listObjects(
                        ListObjectsArgs.builder().bucket(bucket).recursive(true).build())
                .iterator();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return items.hasNext();
            }

            @Override
            public String next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                try {
                    return items.next().get().objectName();
                } catch (MinioException e) {
                    throw new S3Source.ListingFailure(S3Failure.of("listing " + bucket + " on " + endpoint, e));
                }
            }
        };
    }

    @Override
    public void delete(String bucket, String key) throws IOException {
        try {
            client.removeObject(
                    RemoveObjectArgs.builder().bucket(bucket).object(key).build());
        } catch (MinioException e) {
            throw S3Failure.of("DELETE " + bucket + "/" + key + " on " + endpoint, e);
        }
    }

    @Override
    public void close() {}

    /** Counts and hashes what the SDK reads; stops the upload when the migration is cancelled. */
    private static final class Md5Stream extends FilterInputStream {
        private final MessageDigest md5 = Etags.newMd5();
        private final LongConsumer progress;
        private final BooleanSupplier cancelled;
        long count;

        Md5Stream(InputStream in, LongConsumer progress, BooleanSupplier cancelled) {
            super(in);
            this.progress = progress;
            this.cancelled = cancelled;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (cancelled.getAsBoolean()) {
                throw new InterruptedIOException("migration interrupted");
            }
            int n = super.read(b, off, len);
            if (n > 0) {
                md5.update(b, off, n);
                count += n;
                progress.accept(n);
            }
            return n;
        }

        @Override
        public long skip(long n) {
            return 0;
        }

        @Override
        public boolean markSupported() {
            return false;
        }

        String md5Hex() {
            return HexFormat.of().formatHex(md5.digest());
        }
    }
}
