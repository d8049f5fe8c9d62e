package io.posixgw.migrate;

import io.minio.BucketExistsArgs;
import io.minio.GetObjectArgs;
import io.minio.GetObjectResponse;
import io.minio.GetObjectTagsArgs;
import io.minio.ListObjectsArgs;
import io.minio.MinioClient;
import io.minio.Result;
import io.minio.errors.MinioException;
import io.minio.messages.Item;
import io.minio.messages.ListAllMyBucketsResult;
import io.posixgw.core.model.ObjectAttributes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;
import okhttp3.Headers;

/** The endpoint migrate reads from, through the MinIO Java SDK: bucket list, recursive listings, GETs. */
final class S3Source {
    private static final String META_PREFIX = "x-amz-meta-";

    private final MinioClient client;
    final String endpoint;

    S3Source(String endpoint, MinioClient client) {
        this.endpoint = endpoint;
        this.client = client;
    }

    List<String> buckets() throws IOException {
        try {
            List<String> names = new ArrayList<>();
            for (ListAllMyBucketsResult.Bucket b : client.listBuckets()) {
                names.add(b.name());
            }
            return names;
        } catch (MinioException e) {
            throw S3Failure.of("ListBuckets on " + endpoint, e);
        }
    }

    boolean bucketExists(String bucket) throws IOException {
        try {
            return client.bucketExists(BucketExistsArgs.builder().bucket(bucket).build());
        } catch (MinioException e) {
            throw S3Failure.of("HeadBucket " + bucket + " on " + endpoint, e);
        }
    }

    /** Every object of the bucket, in the source's (UTF-8 binary) order; the iterator throws {@link ListingFailure}. */
    Iterator<SourceObject> list(String bucket) {
        Iterator<Result<Item>> items = client.listObjects(
                        ListObjectsArgs.builder().bucket(bucket).recursive(true).build())
                .iterator();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return items.hasNext();
            }

            @Override
            public SourceObject next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Item item;
                try {
                    item = items.next().get();
                } catch (MinioException e) {
                    throw new ListingFailure(S3Failure.of("listing " + bucket + " on " + endpoint, e));
                }
                return new SourceObject(
                        bucket,
                        item.objectName(),
                        item.size(),
                        ContentRules.normalize(item.etag()),
                        item.lastModified() == null ? null : item.lastModified().toInstant());
            }
        };
    }

    /** GETs the object: its bytes, and from the response headers its ETag, length and attributes. */
    OpenedObject open(SourceObject o) throws IOException {
        GetObjectResponse r;
        try {
            r = client.getObject(
                    GetObjectArgs.builder().bucket(o.bucket()).object(o.key()).build());
        } catch (MinioException e) {
            throw S3Failure.of("GET " + o.bucket() + "/" + o.key(), e);
        }
        boolean ok = false;
        try {
            Headers h = r.headers();
            String length = h.get("Content-Length");
            long size = length == null ? o.size() : Long.parseLong(length.trim());
            String etag = h.get("ETag") == null ? o.etag() : ContentRules.normalize(h.get("ETag"));
            Map<String, String> meta = new TreeMap<>();
            for (String name : h.names()) {
                String lower = name.toLowerCase(Locale.ROOT);
                if (lower.startsWith(META_PREFIX) && lower.length() > META_PREFIX.length()) {
                    meta.put(lower.substring(META_PREFIX.length()), String.join(",", h.values(name)));
                }
            }
            Map<String, String> tags = Map.of();
            String tagCount = h.get("x-amz-tagging-count");
            if (tagCount != null && !tagCount.trim().equals("0")) {
                tags = tags(o);
            }
            ObjectAttributes attributes = new ObjectAttributes(
                    h.get("Content-Type"),
                    h.get("Content-Encoding"),
                    h.get("Content-Language"),
                    h.get("Content-Disposition"),
                    h.get("Cache-Control"),
                    h.get("Expires"),
                    meta,
                    tags);
            OpenedObject opened = new OpenedObject(r, etag, size, attributes);
            ok = true;
            return opened;
        } catch (NumberFormatException e) {
            throw new IOException("GET " + o.bucket() + "/" + o.key() + ": bad Content-Length", e);
        } finally {
            if (!ok) {
                r.close();
            }
        }
    }

    private Map<String, String> tags(SourceObject o) throws IOException {
        try {
            return new TreeMap<>(client.getObjectTags(GetObjectTagsArgs.builder()
                            .bucket(o.bucket())
                            .object(o.key())
                            .build())
                    .get());
        } catch (MinioException e) {
            throw S3Failure.of("GetObjectTagging " + o.bucket() + "/" + o.key(), e);
        }
    }

    /** A listing page that could not be fetched: unchecked so that it can leave an iterator. */
    static final class ListingFailure extends RuntimeException {
        ListingFailure(IOException cause) {
            super(cause.getMessage(), cause);
        }

        IOException io() {
            return (IOException) getCause();
        }
    }
}
