package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.model.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.ChecksumMode;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadResponse;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.CopyObjectResponse;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.model.UploadPartResponse;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;
import software.amazon.awssdk.services.s3.presigner.model.PresignedGetObjectRequest;
import software.amazon.awssdk.services.s3.presigner.model.PresignedPutObjectRequest;
import software.amazon.awssdk.transfer.s3.S3TransferManager;
import software.amazon.awssdk.transfer.s3.model.CompletedDirectoryUpload;
import software.amazon.awssdk.transfer.s3.model.CompletedFileUpload;

/**
 * The AWS SDK for Java v2 with its default integrity settings (recent versions send CRC32 checksums
 * in aws-chunked trailers, with signed chunks over plain HTTP), path-style, region us-east-1. The
 * server runs with {@code --fsync off}: durability is not what this class tests, and 2,500 PUTs
 * stay fast.
 */
@CompatClient(Client.AWS_SDK_JAVA)
class AwsSdkIT {
    static final String BUCKET = "sdk";
    static final int KIB = 1024;
    static final int MIB = 1024 * 1024;

    @TempDir
    static Path root;

    static TestGateway gw;
    static S3Client s3;
    static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeAll
    static void start() throws Exception {
        gw = TestGateway.start(root, "--fsync", "off");
        s3 = client(TestGateway.SECRET);
        s3.createBucket(b -> b.bucket(BUCKET));
        assertTrue(Files.isDirectory(root.resolve(BUCKET)));
    }

    @AfterAll
    static void stop() {
        s3.close();
        gw.close();
    }

    static S3Client client(String secret) {
        return S3Client.builder()
                .endpointOverride(URI.create(gw.endpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(
                        StaticCredentialsProvider.create(AwsBasicCredentials.create(TestGateway.ACCESS, secret)))
                .forcePathStyle(true)
                .httpClient(UrlConnectionHttpClient.create())
                .build();
    }

    static byte[] getBytes(String key) {
        ResponseBytes<GetObjectResponse> got =
                s3.getObjectAsBytes(g -> g.bucket(BUCKET).key(key).checksumMode(ChecksumMode.ENABLED));
        return got.asByteArray();
    }

    static String crc32(byte[] data) {
        return AwsChunkedEncoder.Algorithm.CRC32.base64(data);
    }

    // ---------------------------------------------------------------- PutObject, GetObject, HeadObject

    @ParameterizedTest
    @ValueSource(ints = {KIB, 6 * MIB})
    @Covers({"putObject from bytes (CRC32 aws-chunked trailer)", "getObject with checksum validation"})
    void putFromBytesThenGetWithChecksumValidation(int size) throws Exception {
        String key = "bytes/" + size + ".bin";
        byte[] data = ObjectFiles.random(size, size);
        PutObjectResponse put = s3.putObject(p -> p.bucket(BUCKET).key(key), RequestBody.fromBytes(data));
        assertEquals(ObjectFiles.etag(data), put.eTag());
        assertEquals(crc32(data), put.checksumCRC32(), "the SDK's default CRC32, verified and echoed");

        ResponseBytes<GetObjectResponse> got =
                s3.getObjectAsBytes(g -> g.bucket(BUCKET).key(key).checksumMode(ChecksumMode.ENABLED));
        assertArrayEquals(data, got.asByteArray());
        assertEquals(crc32(data), got.response().checksumCRC32(), "stored checksum returned in checksum mode");
        assertEquals(ObjectFiles.etag(data), got.response().eTag());
        ObjectFiles.assertStored(root, BUCKET, key, data);
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
    }

    @ParameterizedTest
    @EnumSource(
            value = ChecksumAlgorithm.class,
            names = {"CRC32_C", "SHA1", "SHA256"})
    @Covers("CRC32C, SHA-1, SHA-256 checksums")
    void putWithAChosenChecksumAlgorithm(ChecksumAlgorithm algorithm) {
        String key = "algo/" + algorithm;
        byte[] data = ObjectFiles.random(100 * KIB + 1, algorithm.ordinal());
        PutObjectResponse put =
                s3.putObject(p -> p.bucket(BUCKET).key(key).checksumAlgorithm(algorithm), RequestBody.fromBytes(data));
        assertEquals(ObjectFiles.etag(data), put.eTag());
        ResponseBytes<GetObjectResponse> got =
                s3.getObjectAsBytes(g -> g.bucket(BUCKET).key(key).checksumMode(ChecksumMode.ENABLED));
        assertArrayEquals(data, got.asByteArray());
        String returned = switch (algorithm) {
            case CRC32_C -> got.response().checksumCRC32C();
            case SHA1 -> got.response().checksumSHA1();
            default -> got.response().checksumSHA256();
        };
        assertNotNull(returned, "the stored " + algorithm + " is returned (and was validated by the SDK)");
    }

    @Test
    @Covers("ranged getObject")
    void rangedGetWithChecksumModeEnabled() {
        byte[] data = ObjectFiles.random(3000, 35);
        s3.putObject(p -> p.bucket(BUCKET).key("range/checksummed"), RequestBody.fromBytes(data));
        ResponseBytes<GetObjectResponse> got = s3.getObjectAsBytes(g ->
                g.bucket(BUCKET).key("range/checksummed").range("bytes=0-9").checksumMode(ChecksumMode.ENABLED));
        assertArrayEquals(Arrays.copyOf(data, 10), got.asByteArray());
        assertEquals("bytes 0-9/3000", got.response().contentRange());
        assertNull(got.response().checksumCRC32(), "no whole-object checksum on a partial body");
    }

    @Test
    @Covers("putObject from a file")
    void putFromFile(@TempDir Path dir) throws Exception {
        byte[] data = ObjectFiles.random(300 * KIB + 3, 31);
        Path file = dir.resolve("upload.bin");
        Files.write(file, data);
        PutObjectResponse put = s3.putObject(p -> p.bucket(BUCKET).key("file/upload.bin"), RequestBody.fromFile(file));
        assertEquals(ObjectFiles.etag(data), put.eTag());
        assertArrayEquals(data, getBytes("file/upload.bin"));
        ObjectFiles.assertStored(root, BUCKET, "file/upload.bin", data);
    }

    @Test
    @Covers("putObject from a stream")
    void putFromInputStreamWithKnownLength() throws Exception {
        byte[] data = ObjectFiles.random(2 * MIB + 5, 32);
        PutObjectResponse put = s3.putObject(
                p -> p.bucket(BUCKET).key("stream/in.bin"),
                RequestBody.fromInputStream(new ByteArrayInputStream(data), data.length));
        assertEquals(ObjectFiles.etag(data), put.eTag());
        assertArrayEquals(data, getBytes("stream/in.bin"));
        ObjectFiles.assertStored(root, BUCKET, "stream/in.bin", data);
    }

    @Test
    @Covers("headObject")
    void headObjectGivesTypeMetadataAndLength() {
        byte[] data = ObjectFiles.random(4321, 33);
        s3.putObject(
                p -> p.bucket(BUCKET)
                        .key("head/meta.txt")
                        .contentType("text/x-test; charset=utf-8")
                        .metadata(Map.of("color", "blue", "Mixed-Case", "Value With Spaces")),
                RequestBody.fromBytes(data));
        HeadObjectResponse head = s3.headObject(h -> h.bucket(BUCKET).key("head/meta.txt"));
        assertEquals("text/x-test; charset=utf-8", head.contentType());
        assertEquals(Map.of("color", "blue", "mixed-case", "Value With Spaces"), head.metadata());
        assertEquals(4321L, head.contentLength());
        assertEquals(ObjectFiles.etag(data), head.eTag());
        assertNotNull(head.lastModified());
    }

    @Test
    @Covers("typed errors (NoSuchKey, SignatureDoesNotMatch)")
    void errorsAreTypedExceptions() {
        NoSuchKeyException missing = assertThrows(NoSuchKeyException.class, () -> getBytes("no/such/key"));
        assertEquals(404, missing.statusCode());
        assertEquals("NoSuchKey", missing.awsErrorDetails().errorCode());
        S3Exception head = assertThrows(
                S3Exception.class, () -> s3.headObject(h -> h.bucket(BUCKET).key("no/such/key")));
        assertEquals(404, head.statusCode());
        try (S3Client wrong = client("not-the-secret")) {
            S3Exception e = assertThrows(
                    S3Exception.class,
                    () -> wrong.putObject(p -> p.bucket(BUCKET).key("denied"), RequestBody.fromBytes(new byte[100])));
            assertEquals(403, e.statusCode());
            assertEquals("SignatureDoesNotMatch", e.awsErrorDetails().errorCode());
        }
        ObjectFiles.assertAbsent(root, BUCKET, "denied");
    }

    // ---------------------------------------------------------------- CopyObject

    @Test
    @Covers("copyObject")
    void copyObjectKeepsBytesEtagAndMetadata() {
        byte[] data = ObjectFiles.random(70 * KIB, 34);
        s3.putObject(
                p -> p.bucket(BUCKET)
                        .key("copy/src")
                        .contentType("application/x-src")
                        .metadata(Map.of("k", "v")),
                RequestBody.fromBytes(data));
        CopyObjectResponse copy = s3.copyObject(c -> c.sourceBucket(BUCKET)
                .sourceKey("copy/src")
                .destinationBucket(BUCKET)
                .destinationKey("copy/dst with space"));
        assertEquals(ObjectFiles.etag(data), copy.copyObjectResult().eTag());
        assertArrayEquals(data, getBytes("copy/dst with space"));
        HeadObjectResponse head = s3.headObject(h -> h.bucket(BUCKET).key("copy/dst with space"));
        assertEquals("application/x-src", head.contentType());
        assertEquals(Map.of("k", "v"), head.metadata());
    }

    // ---------------------------------------------------------------- listing and DeleteObjects

    /** 2,500 keys over 50 directories, plus names that sort around a directory's '/' ('-' and '.' before, '~' after). */
    static List<String> listingKeys() {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 2490; i++) {
            keys.add(String.format("d%02d/o%04d", i % 50, i));
        }
        keys.addAll(List.of("d00-x", "d00.txt", "d0", "d00~", "d01 a", "d49/~", "d49/o0000-", "a", "z", "d25.d/x"));
        return keys;
    }

    @Test
    @Covers("listObjectsV2 paginator")
    void listObjectsV2PaginatorSeesEveryKeyOnceInOrder() throws Exception {
        String bucket = "sdk-list";
        s3.createBucket(b -> b.bucket(bucket));
        List<String> keys = listingKeys();
        assertEquals(2500, keys.size());
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> puts = new ArrayList<>();
            for (String k : keys) {
                puts.add(pool.submit(() -> s3.putObject(p -> p.bucket(bucket).key(k), RequestBody.fromString(k))));
            }
            for (Future<?> f : puts) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        List<String> listed = new ArrayList<>();
        List<Integer> pageSizes = new ArrayList<>();
        for (ListObjectsV2Response page :
                s3.listObjectsV2Paginator(l -> l.bucket(bucket).maxKeys(1000))) {
            pageSizes.add(page.contents().size());
            assertEquals(page.contents().size(), page.keyCount());
            for (S3Object o : page.contents()) {
                listed.add(o.key());
                assertEquals((long) o.key().length(), o.size());
            }
        }
        assertEquals(List.of(1000, 1000, 500), pageSizes);
        List<String> expected = new ArrayList<>(keys);
        expected.sort(null); // ASCII keys: String order is UTF-8 byte order
        assertEquals(expected, listed);
    }

    @Test
    @Covers("deleteObjects")
    void deleteObjectsRemovesTenFiles() {
        List<ObjectIdentifier> ids = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String key = "del/k" + i;
            s3.putObject(p -> p.bucket(BUCKET).key(key), RequestBody.fromString("delete me " + key));
            assertTrue(Files.exists(ObjectFiles.file(root, BUCKET, key)));
            ids.add(ObjectIdentifier.builder().key(key).build());
        }
        DeleteObjectsResponse r = s3.deleteObjects(d -> d.bucket(BUCKET).delete(x -> x.objects(ids)));
        assertEquals(10, r.deleted().size());
        assertEquals(List.of(), r.errors());
        for (ObjectIdentifier id : ids) {
            ObjectFiles.assertAbsent(root, BUCKET, id.key());
        }
        assertEquals(0, s3.listObjectsV2(l -> l.bucket(BUCKET).prefix("del/")).keyCount());
    }

    // ---------------------------------------------------------------- multipart by hand

    @Test
    @Covers("multipart by hand")
    void multipartByHand() throws Exception {
        String key = "mp/by-hand.bin";
        String id = s3.createMultipartUpload(c -> c.bucket(BUCKET).key(key).contentType("application/x-mp"))
                .uploadId();
        byte[][] parts = {ObjectFiles.random(5 * MIB, 41), ObjectFiles.random(5 * MIB, 42), ObjectFiles.random(KIB, 43)
        };
        List<CompletedPart> completed = new ArrayList<>();
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        ByteArrayOutputStream md5s = new ByteArrayOutputStream();
        for (int i = 0; i < parts.length; i++) {
            int n = i + 1;
            byte[] part = parts[i];
            UploadPartResponse r = s3.uploadPart(
                    u -> u.bucket(BUCKET).key(key).uploadId(id).partNumber(n), RequestBody.fromBytes(part));
            assertEquals(ObjectFiles.etag(part), r.eTag());
            completed.add(CompletedPart.builder().partNumber(n).eTag(r.eTag()).build());
            whole.writeBytes(part);
            md5s.writeBytes(ObjectFiles.md5(part));
        }
        CompleteMultipartUploadResponse done = s3.completeMultipartUpload(
                c -> c.bucket(BUCKET).key(key).uploadId(id).multipartUpload(m -> m.parts(completed)));
        String etag = "\"" + HexFormat.of().formatHex(ObjectFiles.md5(md5s.toByteArray())) + "-3\"";
        assertEquals(etag, done.eTag());
        assertTrue(done.eTag().endsWith("-3\""));

        ResponseBytes<GetObjectResponse> got =
                s3.getObjectAsBytes(g -> g.bucket(BUCKET).key(key).checksumMode(ChecksumMode.ENABLED));
        assertArrayEquals(whole.toByteArray(), got.asByteArray());
        assertEquals(etag, got.response().eTag());
        assertEquals("application/x-mp", got.response().contentType());
        ObjectFiles.assertStored(root, BUCKET, key, whole.toByteArray());
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
    }

    @Test
    @Covers("abortMultipartUpload")
    void abortMultipartUploadRemovesItsStaging() {
        String key = "mp/aborted.bin";
        String id = s3.createMultipartUpload(c -> c.bucket(BUCKET).key(key)).uploadId();
        s3.uploadPart(
                u -> u.bucket(BUCKET).key(key).uploadId(id).partNumber(1),
                RequestBody.fromBytes(ObjectFiles.random(100 * KIB, 44)));
        assertTrue(s3.listMultipartUploads(l -> l.bucket(BUCKET)).uploads().stream()
                .anyMatch(u -> u.uploadId().equals(id)));
        s3.abortMultipartUpload(a -> a.bucket(BUCKET).key(key).uploadId(id));
        assertFalse(s3.listMultipartUploads(l -> l.bucket(BUCKET)).uploads().stream()
                .anyMatch(u -> u.uploadId().equals(id)));
        S3Exception e = assertThrows(
                S3Exception.class,
                () -> s3.uploadPart(
                        u -> u.bucket(BUCKET).key(key).uploadId(id).partNumber(2),
                        RequestBody.fromBytes(new byte[10])));
        assertEquals(404, e.statusCode());
        assertEquals("NoSuchUpload", e.awsErrorDetails().errorCode());
        ObjectFiles.assertAbsent(root, BUCKET, key);
        Path staged = root.resolve(BUCKET)
                .resolve(".sgwtmp/multipart")
                .resolve(TestSigner.hex(TestSigner.sha256(key.getBytes(StandardCharsets.UTF_8))));
        assertFalse(Files.exists(staged.resolve(id)), "the upload's staging directory is gone");
    }

    // ---------------------------------------------------------------- multipart client and transfer manager

    /**
     * The SDK's Java-based multipart client (no aws-crt native library), on the Netty async HTTP
     * client: objects from 8 MiB up go in 5 MiB parts, each with the default CRC32 checksum.
     */
    static S3AsyncClient multipartClient() {
        return S3AsyncClient.builder()
                .endpointOverride(URI.create(gw.endpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(TestGateway.ACCESS, TestGateway.SECRET)))
                .forcePathStyle(true)
                .multipartEnabled(true)
                .multipartConfiguration(m -> m.thresholdInBytes(8L * MIB).minimumPartSizeInBytes(5L * MIB))
                .build();
    }

    @Test
    @Covers({
        "S3AsyncClient multipartEnabled: putObject from a file (5 MiB parts, CRC32)",
        "S3TransferManager uploadFile, downloadFile, uploadDirectory"
    })
    void multipartClientAndTransferManager(@TempDir Path dir) throws Exception {
        byte[] data = ObjectFiles.random(21 * MIB + 3, 61);
        Path file = dir.resolve("upload.bin");
        Files.write(file, data);
        String etag = ObjectFiles.multipartEtag(data, 5 * MIB);
        try (S3AsyncClient async = multipartClient();
                S3TransferManager tm =
                        S3TransferManager.builder().s3Client(async).build()) {
            PutObjectResponse put = async.putObject(
                            p -> p.bucket(BUCKET).key("mpc/async put.bin").contentType("application/x-mpc"),
                            AsyncRequestBody.fromFile(file))
                    .join();
            assertEquals(etag, put.eTag());
            ObjectFiles.assertStored(root, BUCKET, "mpc/async put.bin", data);
            assertEquals(
                    "application/x-mpc",
                    s3.headObject(h -> h.bucket(BUCKET).key("mpc/async put.bin"))
                            .contentType());

            CompletedFileUpload up = tm.uploadFile(u -> u.source(file)
                            .putObjectRequest(p -> p.bucket(BUCKET).key("tm/upload.bin")))
                    .completionFuture()
                    .join();
            assertEquals(etag, up.response().eTag());
            ObjectFiles.assertStored(root, BUCKET, "tm/upload.bin", data);

            Path down = dir.resolve("down.bin");
            tm.downloadFile(d -> d.destination(down)
                            .getObjectRequest(g -> g.bucket(BUCKET).key("tm/upload.bin")))
                    .completionFuture()
                    .join();
            assertArrayEquals(data, Files.readAllBytes(down));

            Path tree = dir.resolve("tree");
            Map<String, byte[]> files = LocalTrees.write(tree, 30, 62);
            CompletedDirectoryUpload dirUp = tm.uploadDirectory(
                            u -> u.source(tree).bucket(BUCKET).s3Prefix("tm/tree"))
                    .completionFuture()
                    .join();
            assertEquals(List.of(), dirUp.failedTransfers());
            LocalTrees.assertSame(files, LocalTrees.stored(root, BUCKET, "tm/tree"), "uploadDirectory");
        }
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
        assertTrue(s3.listMultipartUploads(l -> l.bucket(BUCKET)).uploads().isEmpty(), "no upload left behind");
    }

    // ---------------------------------------------------------------- S3Presigner

    static S3Presigner presigner() {
        return S3Presigner.builder()
                .endpointOverride(URI.create(gw.endpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(TestGateway.ACCESS, TestGateway.SECRET)))
                .serviceConfiguration(
                        S3Configuration.builder().pathStyleAccessEnabled(true).build())
                .build();
    }

    @Test
    @Covers("S3Presigner GET and PUT")
    void presignedGetAndPutThroughJavaNetHttp() throws Exception {
        String key = "presigned/with space+plus.txt";
        byte[] data = ObjectFiles.random(10 * KIB, 51);
        try (S3Presigner presigner = presigner()) {
            PresignedPutObjectRequest put = presigner.presignPutObject(r -> r.signatureDuration(Duration.ofMinutes(5))
                    .putObjectRequest(p -> p.bucket(BUCKET).key(key)));
            HttpRequest.Builder putRequest =
                    HttpRequest.newBuilder(put.url().toURI()).PUT(HttpRequest.BodyPublishers.ofByteArray(data));
            put.signedHeaders().forEach((name, values) -> {
                if (!name.equalsIgnoreCase("host")) {
                    values.forEach(v -> putRequest.header(name, v));
                }
            });
            HttpResponse<String> putAnswer = HTTP.send(putRequest.build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, putAnswer.statusCode(), putAnswer.body());
            assertEquals(
                    ObjectFiles.etag(data),
                    putAnswer.headers().firstValue("etag").orElse(null));
            ObjectFiles.assertStored(root, BUCKET, key, data);

            PresignedGetObjectRequest get = presigner.presignGetObject(r -> r.signatureDuration(Duration.ofMinutes(5))
                    .getObjectRequest(g -> g.bucket(BUCKET).key(key)));
            assertTrue(get.isBrowserExecutable());
            HttpResponse<byte[]> got = HTTP.send(
                    HttpRequest.newBuilder(get.url().toURI()).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, got.statusCode());
            assertArrayEquals(data, got.body());
        }
    }
    /** Keys a plain file tree cannot hold, as S3 holds them (issue 16 item 20), through the SDK. */
    @Test
    @Covers("a key beside keys under it and a key ending in / with data (listObjectsV2 paged, delimiter, url encoding;"
            + " listObjects marker; copy; delete)")
    void keysThatAreAlsoPrefixesAndSlashKeysWithData() {
        String[] keys = {"fold/bar", "fold/bar/xyzzy", "fold/b ar/q+r", "fold/b ar", "fold/slash/"};
        for (String k : keys) {
            s3.putObject(p -> p.bucket(BUCKET).key(k), RequestBody.fromString("v:" + k));
        }
        for (String k : keys) {
            assertEquals("v:" + k, new String(getBytes(k), StandardCharsets.UTF_8), k);
        }
        List<String> all = new ArrayList<>();
        String token = null;
        do {
            String t = token;
            ListObjectsV2Response r = s3.listObjectsV2(
                    l -> l.bucket(BUCKET).prefix("fold/").maxKeys(2).continuationToken(t));
            r.contents().forEach(o -> all.add(o.key()));
            token = r.nextContinuationToken();
        } while (token != null);
        assertEquals(List.of("fold/b ar", "fold/b ar/q+r", "fold/bar", "fold/bar/xyzzy", "fold/slash/"), all);
        ListObjectsV2Response delimited = s3.listObjectsV2(
                l -> l.bucket(BUCKET).prefix("fold/").delimiter("/").encodingType("url"));
        assertEquals(
                List.of("fold/b ar", "fold/bar"),
                delimited.contents().stream().map(S3Object::key).toList());
        assertEquals(
                List.of("fold/b ar/", "fold/bar/", "fold/slash/"),
                delimited.commonPrefixes().stream()
                        .map(software.amazon.awssdk.services.s3.model.CommonPrefix::prefix)
                        .toList());
        var v1 = s3.listObjects(l -> l.bucket(BUCKET).prefix("fold/bar").marker("fold/bar"));
        assertEquals(
                List.of("fold/bar/xyzzy"),
                v1.contents().stream().map(S3Object::key).toList());
        s3.copyObject(c -> c.sourceBucket(BUCKET)
                .sourceKey("fold/bar")
                .destinationBucket(BUCKET)
                .destinationKey("fold/slash/x"));
        assertEquals("v:fold/bar", new String(getBytes("fold/slash/x"), StandardCharsets.UTF_8));
        assertEquals("v:fold/slash/", new String(getBytes("fold/slash/"), StandardCharsets.UTF_8));
        s3.deleteObject(d -> d.bucket(BUCKET).key("fold/bar/xyzzy"));
        assertTrue(Files.isRegularFile(root.resolve(BUCKET).resolve("fold/bar")), "a plain file again");
        assertEquals("v:fold/bar", new String(getBytes("fold/bar"), StandardCharsets.UTF_8));
        s3.deleteObject(d -> d.bucket(BUCKET).key("fold/b ar"));
        assertThrows(
                NoSuchKeyException.class,
                () -> s3.headObject(h -> h.bucket(BUCKET).key("fold/b ar")));
        assertEquals("v:fold/b ar/q+r", new String(getBytes("fold/b ar/q+r"), StandardCharsets.UTF_8));
    }
}
