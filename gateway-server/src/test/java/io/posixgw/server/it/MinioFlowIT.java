package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.minio.AbortMultipartUploadArgs;
import io.minio.BucketExistsArgs;
import io.minio.CopyObjectArgs;
import io.minio.CreateMultipartUploadArgs;
import io.minio.GetObjectArgs;
import io.minio.GetPresignedObjectUrlArgs;
import io.minio.Http;
import io.minio.ListMultipartUploadsArgs;
import io.minio.ListObjectsArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioAsyncClient;
import io.minio.MinioClient;
import io.minio.ObjectWriteResponse;
import io.minio.PutObjectArgs;
import io.minio.RemoveBucketArgs;
import io.minio.RemoveObjectArgs;
import io.minio.RemoveObjectsArgs;
import io.minio.Result;
import io.minio.SourceObject;
import io.minio.StatObjectArgs;
import io.minio.StatObjectResponse;
import io.minio.UploadPartArgs;
import io.minio.errors.ErrorResponseException;
import io.minio.messages.DeleteRequest;
import io.minio.messages.DeleteResult;
import io.minio.messages.Item;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The platform's client flow, driven by the MinIO Java SDK exactly as minio-py is
 * configured there: plain HTTP, path-style, no region (discovered with
 * GetBucketLocation), user {@code ryax} with a 12-character secret.
 */
@CompatClient(Client.MINIO_JAVA)
class MinioFlowIT {
    static final int MIB = 1024 * 1024;

    @TempDir
    Path root;

    TestGateway gw;
    MinioClient mc;

    @BeforeEach
    void start() throws Exception {
        gw = TestGateway.start(root);
        mc = gw.minio();
    }

    @AfterEach
    void stop() {
        gw.close();
    }

    static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    static String md5Hex(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(data));
    }

    byte[] get(String bucket, String key) throws Exception {
        try (InputStream in =
                mc.getObject(GetObjectArgs.builder().bucket(bucket).object(key).build())) {
            return in.readAllBytes();
        }
    }

    void makeBucket(String bucket) throws Exception {
        mc.makeBucket(MakeBucketArgs.builder().bucket(bucket).build());
    }

    @Test
    @Covers("wrong secret: SignatureDoesNotMatch")
    void wrongSecretIsSignatureDoesNotMatch() {
        MinioClient bad = gw.minio("WrongSecret!");
        ErrorResponseException e = assertThrows(
                ErrorResponseException.class,
                () -> bad.bucketExists(BucketExistsArgs.builder()
                        .bucket("ryax-filestore")
                        .region("us-east-1")
                        .build()));
        // HEAD has no body: the SDK maps a 403 HEAD to AccessDenied-ish codes; use a GET to see the code.
        ErrorResponseException e2 = assertThrows(ErrorResponseException.class, () -> bad.listBuckets());
        assertEquals("SignatureDoesNotMatch", e2.errorResponse().code());
        assertEquals(403, e.response().code());
    }

    @Test
    @Covers({"region discovery (GetBucketLocation)", "makeBucket", "bucketExists"})
    void regionDiscoveryThenBucketCreation() throws Exception {
        RawS3.Response location = gw.raw().send("GET", "/", Map.of(), Map.of(), new byte[0]);
        assertEquals(200, location.status());
        assertFalse(mc.bucketExists(
                BucketExistsArgs.builder().bucket("ryax-filestore").build()));
        makeBucket("ryax-filestore");
        assertTrue(mc.bucketExists(
                BucketExistsArgs.builder().bucket("ryax-filestore").build()));
        assertTrue(Files.isDirectory(root.resolve("ryax-filestore")));
        RawS3.Response loc = gw.raw().send("GET", "/ryax-filestore", Map.of("location", ""), Map.of(), new byte[0]);
        assertEquals(200, loc.status());
        assertTrue(
                loc.text()
                        .contains(
                                "<LocationConstraint xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"></LocationConstraint>"),
                loc.text());
    }

    @Test
    @Covers("NoSuchKey and NoSuchBucket errors")
    void missingKeyIsNoSuchKey() throws Exception {
        makeBucket("bkt1");
        ErrorResponseException stat = assertThrows(
                ErrorResponseException.class,
                () -> mc.statObject(
                        StatObjectArgs.builder().bucket("bkt1").object("nope").build()));
        assertEquals("NoSuchKey", stat.errorResponse().code());
        ErrorResponseException get = assertThrows(ErrorResponseException.class, () -> get("bkt1", "nope"));
        assertEquals("NoSuchKey", get.errorResponse().code());
        ErrorResponseException noBucket = assertThrows(ErrorResponseException.class, () -> get("nobucket", "k"));
        assertEquals("NoSuchBucket", noBucket.errorResponse().code());
    }

    @Test
    @Covers({"putObject (known size, type, user metadata)", "statObject (ETag, type, size, user metadata)", "getObject"
    })
    void singlePutEtagIsMd5AndAttributesRoundTrip() throws Exception {
        makeBucket("bkt1");
        byte[] data = random(4096, 1);
        ObjectWriteResponse put =
                mc.putObject(PutObjectArgs.builder().bucket("bkt1").object("executions-data/u1/out.bin").stream(
                                new ByteArrayInputStream(data), (long) data.length, null)
                        .contentType("application/x-ryax")
                        .userMetadata(Map.of("Step", "train", "owner-id", "42"))
                        .build());
        assertEquals(md5Hex(data), put.etag().replace("\"", ""));
        StatObjectResponse st = mc.statObject(StatObjectArgs.builder()
                .bucket("bkt1")
                .object("executions-data/u1/out.bin")
                .build());
        assertEquals(md5Hex(data), st.etag().replace("\"", ""));
        assertEquals("application/x-ryax", st.contentType());
        assertEquals(4096, st.size());
        assertEquals("train", st.userMetadata().getFirst("step"));
        assertEquals("42", st.userMetadata().getFirst("owner-id"));
        assertArrayEquals(data, get("bkt1", "executions-data/u1/out.bin"));
    }

    @ParameterizedTest
    @ValueSource(ints = {5, 8})
    @Covers("putObject streamed in 5 and 8 MiB parts")
    void streamedPutOfUnknownLength(int partMiB) throws Exception {
        makeBucket("bkt1");
        byte[] data = random(16 * MIB, partMiB);
        ObjectWriteResponse put = mc.putObject(PutObjectArgs.builder().bucket("bkt1").object("streamed.bin").stream(
                        new ByteArrayInputStream(data), null, (long) partMiB * MIB)
                .build());
        String suffix = partMiB == 5 ? "-4" : "-2";
        assertTrue(put.etag().replace("\"", "").endsWith(suffix), put.etag());
        assertArrayEquals(data, get("bkt1", "streamed.bin"));
        StatObjectResponse st = mc.statObject(
                StatObjectArgs.builder().bucket("bkt1").object("streamed.bin").build());
        assertEquals(put.etag().replace("\"", ""), st.etag().replace("\"", ""));
        assertEquals(16L * MIB, st.size());
    }

    @Test
    @Covers({"failed streamed put leaves no upload", "removeBucket"})
    void failedStreamLeavesNoUploadAndNoObject() throws Exception {
        makeBucket("bkt1");
        InputStream failing = new InputStream() {
            long n;

            @Override
            public int read() throws IOException {
                if (n++ > 7L * MIB) {
                    throw new IOException("source failed");
                }
                return 'x';
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (n > 7L * MIB) {
                    throw new IOException("source failed");
                }
                int k = (int) Math.min(len, 7L * MIB + 1 - n);
                java.util.Arrays.fill(b, off, off + k, (byte) 'x');
                n += k;
                return k;
            }
        };
        assertThrows(
                Exception.class,
                () -> mc.putObject(
                        PutObjectArgs.builder().bucket("bkt1").object("broken.bin").stream(failing, null, 5L * MIB)
                                .build()));
        assertEquals(0, pendingUploads("bkt1").size(), "no pending multipart upload");
        ErrorResponseException e = assertThrows(
                ErrorResponseException.class,
                () -> mc.statObject(StatObjectArgs.builder()
                        .bucket("bkt1")
                        .object("broken.bin")
                        .build()));
        assertEquals("NoSuchKey", e.errorResponse().code());
        mc.removeBucket(RemoveBucketArgs.builder().bucket("bkt1").build());
    }

    List<String> pendingUploads(String bucket) throws Exception {
        MinioAsyncClient async = MinioAsyncClient.builder()
                .endpoint(gw.endpoint())
                .credentials(TestGateway.ACCESS, TestGateway.SECRET)
                .build();
        List<String> ids = new ArrayList<>();
        async.listMultipartUploads(
                        ListMultipartUploadsArgs.builder().bucket(bucket).build())
                .get()
                .result()
                .uploads()
                .forEach(u -> ids.add(u.uploadId()));
        return ids;
    }

    @Test
    @Covers("multipart create/upload/abort/list")
    void uploadPartAfterAbortIsNoSuchUploadAndLeavesNothing() throws Exception {
        makeBucket("bkt1");
        MinioAsyncClient async = MinioAsyncClient.builder()
                .endpoint(gw.endpoint())
                .credentials(TestGateway.ACCESS, TestGateway.SECRET)
                .build();
        String uploadId = async.createMultipartUpload(CreateMultipartUploadArgs.builder()
                        .bucket("bkt1")
                        .object("mp.bin")
                        .build())
                .get()
                .result()
                .uploadId();
        byte[] part = random(MIB, 3);
        async.uploadPart(UploadPartArgs.builder()
                        .bucket("bkt1")
                        .object("mp.bin")
                        .uploadId(uploadId)
                        .partNumber(1)
                        .data(part, part.length)
                        .build())
                .get();
        assertEquals(List.of(uploadId), pendingUploads("bkt1"));
        async.abortMultipartUpload(AbortMultipartUploadArgs.builder()
                        .bucket("bkt1")
                        .object("mp.bin")
                        .uploadId(uploadId)
                        .build())
                .get();
        ExecutionException late = assertThrows(
                ExecutionException.class,
                () -> async.uploadPart(UploadPartArgs.builder()
                                .bucket("bkt1")
                                .object("mp.bin")
                                .uploadId(uploadId)
                                .partNumber(2)
                                .data(part, part.length)
                                .build())
                        .get());
        assertEquals(
                "NoSuchUpload",
                ((ErrorResponseException) rootCause(late)).errorResponse().code());
        assertEquals(0, pendingUploads("bkt1").size());
        mc.removeBucket(RemoveBucketArgs.builder().bucket("bkt1").build());
        assertFalse(Files.exists(root.resolve("bkt1")));
    }

    static Throwable rootCause(Throwable t) {
        while ((t instanceof ExecutionException || t instanceof CompletionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    @Test
    @Covers("copyObject (16 MiB)")
    void copyOf16MiBIsByteExact() throws Exception {
        makeBucket("bkt1");
        byte[] data = random(16 * MIB, 9);
        mc.putObject(PutObjectArgs.builder().bucket("bkt1").object("src/big.bin").stream(
                        new ByteArrayInputStream(data), (long) data.length, null)
                .contentType("application/octet-stream")
                .build());
        ObjectWriteResponse copy = mc.copyObject(CopyObjectArgs.builder()
                .bucket("bkt1")
                .object("dst/big copy.bin")
                .source(SourceObject.builder()
                        .bucket("bkt1")
                        .object("src/big.bin")
                        .build())
                .build());
        assertArrayEquals(data, get("bkt1", "dst/big copy.bin"));
        StatObjectResponse src = mc.statObject(
                StatObjectArgs.builder().bucket("bkt1").object("src/big.bin").build());
        // The SDK uploaded the 16 MiB source in parts; a copy is a new single-part object whose ETag is its MD5.
        assertTrue(src.etag().endsWith("-4"), src.etag());
        assertEquals(md5Hex(data), copy.etag().replace("\"", ""));
    }

    @Test
    @Covers("listObjects recursive across pages")
    void recursivePrefixListingAcrossPages() throws Exception {
        makeBucket("bkt1");
        byte[] tiny = "x".getBytes();
        for (int i = 0; i < 1000; i++) {
            mc.putObject(
                    PutObjectArgs.builder()
                            .bucket("bkt1")
                            .object("resource_usage/site-1/r" + (i % 10) + "/m-" + i + ".json")
                            .stream(new ByteArrayInputStream(tiny), 1L, null)
                            .build());
            mc.putObject(
                    PutObjectArgs.builder().bucket("bkt1").object("executions-data/e" + (i % 7) + "/o-" + i).stream(
                                    new ByteArrayInputStream(tiny), 1L, null)
                            .build());
        }
        List<String> keys = new ArrayList<>();
        for (Result<Item> r : mc.listObjects(ListObjectsArgs.builder()
                .bucket("bkt1")
                .prefix("resource_usage/site-1/")
                .recursive(true)
                .maxKeys(300)
                .build())) {
            keys.add(r.get().objectName());
        }
        assertEquals(1000, keys.size());
        assertEquals(1000, keys.stream().distinct().count());
        assertTrue(keys.stream().allMatch(k -> k.startsWith("resource_usage/site-1/")));
        List<String> sorted = new ArrayList<>(keys);
        sorted.sort(String::compareTo);
        assertEquals(sorted, keys, "keys come in S3 order");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1024, 4096, 65536, MIB, 16 * MIB})
    @Covers({"sizes 0 B to 16 MiB", "removeObject"})
    void sizesRoundTrip(int size) throws Exception {
        makeBucket("bkt1");
        byte[] data = random(size, size);
        mc.putObject(PutObjectArgs.builder().bucket("bkt1").object("sizes/" + size).stream(
                        new ByteArrayInputStream(data), (long) size, null)
                .build());
        assertArrayEquals(data, get("bkt1", "sizes/" + size));
        assertEquals(
                size,
                mc.statObject(StatObjectArgs.builder()
                                .bucket("bkt1")
                                .object("sizes/" + size)
                                .build())
                        .size());
        mc.removeObject(RemoveObjectArgs.builder()
                .bucket("bkt1")
                .object("sizes/" + size)
                .build());
        assertThrows(
                ErrorResponseException.class,
                () -> mc.statObject(StatObjectArgs.builder()
                        .bucket("bkt1")
                        .object("sizes/" + size)
                        .build()));
    }

    List<String> list(String bucket, String prefix, boolean recursive) throws Exception {
        List<String> names = new ArrayList<>();
        for (Result<Item> r : mc.listObjects(ListObjectsArgs.builder()
                .bucket(bucket)
                .prefix(prefix)
                .recursive(recursive)
                .build())) {
            Item item = r.get();
            names.add(item.isDir() ? "DIR " + item.objectName() : item.objectName() + " " + item.size());
        }
        // Each page's objects come before its common prefixes: sort by name to compare.
        names.sort(java.util.Comparator.comparing(n -> n.startsWith("DIR ") ? n.substring(4) : n));
        return names;
    }

    @Test
    @Covers({"listObjects with and without recursion", "removeObjects"})
    void listWithAndWithoutRecursionThenRemoveObjects() throws Exception {
        makeBucket("bkt1");
        List<String> keys = List.of("a/1", "a/2", "a/b/3", "a/b/c/4", "c", "d/5", "d e/6");
        for (String k : keys) {
            mc.putObject(PutObjectArgs.builder().bucket("bkt1").object(k).stream(
                            new ByteArrayInputStream(k.getBytes()), (long) k.length(), null)
                    .build());
        }
        assertEquals(List.of("DIR a/", "c 1", "DIR d e/", "DIR d/"), list("bkt1", "", false));
        assertEquals(List.of("a/1 3", "a/2 3", "DIR a/b/"), list("bkt1", "a/", false));
        assertEquals(
                List.of("a/1 3", "a/2 3", "a/b/3 5", "a/b/c/4 7", "c 1", "d e/6 5", "d/5 3"), list("bkt1", "", true));
        assertEquals(List.of("a/b/3 5", "a/b/c/4 7"), list("bkt1", "a/b/", true));

        List<DeleteRequest.Object> toDelete = new ArrayList<>();
        keys.forEach(k -> toDelete.add(new DeleteRequest.Object(k)));
        toDelete.add(new DeleteRequest.Object("never/existed"));
        List<String> errors = new ArrayList<>();
        // removeObjects is lazy: the DeleteObjects request is sent while its results are iterated.
        for (Result<DeleteResult.Error> r : mc.removeObjects(
                RemoveObjectsArgs.builder().bucket("bkt1").objects(toDelete).build())) {
            errors.add(r.get().code() + " " + r.get().objectName());
        }
        assertEquals(List.of(), errors);
        assertEquals(List.of(), list("bkt1", "", true));
        for (String k : keys) {
            assertFalse(Files.exists(root.resolve("bkt1").resolve(k)), k);
        }
        mc.removeBucket(RemoveBucketArgs.builder().bucket("bkt1").build());
        assertFalse(Files.exists(root.resolve("bkt1")), "no directory left behind");
    }

    @Test
    @Covers("presigned GET and PUT through java.net.http")
    void presignedGetAndPutThroughJavaNetHttp() throws Exception {
        makeBucket("bkt1");
        String key = "presigned/a b+c%d é.bin";
        byte[] data = random(300_000, 77);
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        String putUrl = mc.getPresignedObjectUrl(GetPresignedObjectUrlArgs.builder()
                .method(Http.Method.PUT)
                .bucket("bkt1")
                .object(key)
                .expiry(5, TimeUnit.MINUTES)
                .build());
        HttpResponse<String> put = http.send(
                HttpRequest.newBuilder(URI.create(putUrl))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(data))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, put.statusCode(), put.body());
        assertEquals(
                "\"" + md5Hex(data) + "\"", put.headers().firstValue("ETag").orElse(null));
        assertArrayEquals(data, Files.readAllBytes(root.resolve("bkt1").resolve(key)));

        String getUrl = mc.getPresignedObjectUrl(GetPresignedObjectUrlArgs.builder()
                .method(Http.Method.GET)
                .bucket("bkt1")
                .object(key)
                .expiry(5, TimeUnit.MINUTES)
                .build());
        HttpResponse<byte[]> got = http.send(
                HttpRequest.newBuilder(URI.create(getUrl)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, got.statusCode());
        assertArrayEquals(data, got.body());

        // The signature covers the key: the same query string on another key is refused.
        HttpResponse<String> other = http.send(
                HttpRequest.newBuilder(URI.create(getUrl.replace("presigned/", "presigned2/")))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(403, other.statusCode(), other.body());
        assertTrue(other.body().contains("<Code>SignatureDoesNotMatch</Code>"), other.body());
    }
}
