package io.posixgw.testkit.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.backend.ObjectHead;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.http.ByteRange;
import io.posixgw.core.model.CopyObjectRequest;
import io.posixgw.core.model.CopyObjectResult;
import io.posixgw.core.model.DeleteObjectRequest;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.GetObjectRequest;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.Preconditions;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.core.model.PutObjectResult;
import io.posixgw.testkit.Bodies;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Object behaviour every backend keeps. */
public abstract class ObjectContract extends BackendContract {

    @Test
    void putGetHeadRoundTripWithAttributes() throws Exception {
        byte[] data = random(200_000, 1);
        ObjectAttributes a = new ObjectAttributes(
                "text/plain",
                "gzip",
                "en",
                "attachment; filename=\"x.txt\"",
                "max-age=60",
                "Thu, 01 Dec 2094 16:00:00 GMT",
                Map.of("color", "blue", "size", "XL"));
        PutObjectResult r = backend.putObject(
                new PutObjectRequest(B, "dir/sub/obj.txt", a, null),
                Bodies.of(data, 4096, Map.of("CRC32", "AAAAAA==")));
        String md5 = Etags.fromMd5(Etags.newMd5().digest(data));
        assertEquals(md5, r.etag());
        try (ObjectContent c = backend.getObject(B, "dir/sub/obj.txt")) {
            assertArrayEquals(data, readAll(c));
            assertEquals(data.length, c.info().size());
            assertEquals(md5, c.info().etag());
            assertEquals(a, c.info().attributes());
            assertEquals(Map.of("CRC32", "AAAAAA=="), c.info().checksums());
            assertEquals(0, c.info().partsCount());
        }
        ObjectInfo h = backend.headObject(B, "dir/sub/obj.txt");
        assertEquals(md5, h.etag());
        assertEquals(a, h.attributes());
        assertEquals(data.length, h.size());
        assertEquals(Map.of("CRC32", "AAAAAA=="), h.checksums());
        // without x-amz-checksum-mode the checksums are not read; everything else is
        ObjectInfo lean = backend.headObject(B, "dir/sub/obj.txt", false);
        assertEquals(Map.of(), lean.checksums());
        assertEquals(a, lean.attributes());
        assertEquals(md5, lean.etag());
        try (ObjectContent c = backend.getObject(B, "dir/sub/obj.txt", false)) {
            assertArrayEquals(data, readAll(c));
            assertEquals(Map.of(), c.info().checksums());
            assertEquals(a, c.info().attributes());
        }
    }

    @Test
    void defaultContentTypeAndEmptyObject() throws Exception {
        put("empty", new byte[0]);
        ObjectInfo h = backend.headObject(B, "empty");
        assertEquals(0, h.size());
        assertEquals("\"d41d8cd98f00b204e9800998ecf8427e\"", h.etag());
        assertEquals(ObjectAttributes.DEFAULT_CONTENT_TYPE, h.attributes().effectiveContentType());
        assertArrayEquals(new byte[0], get("empty"));
    }

    @Test
    void overwriteReplacesBytesAndAttributes() throws Exception {
        put("k", bytes("first version"), attrs("text/a", Map.of("old", "1")));
        put("k", bytes("second"), attrs(null, Map.of("new", "2")));
        assertArrayEquals(bytes("second"), get("k"));
        ObjectInfo h = backend.headObject(B, "k");
        assertEquals(Map.of("new", "2"), h.attributes().userMetadata());
        assertNull(h.attributes().contentType());
        assertNoLeftovers();
    }

    @Test
    void readerKeepsTheOldVersionDuringAnOverwrite() throws Exception {
        byte[] v1 = random(3_000_000, 2);
        byte[] v2 = random(1_000, 3);
        put("big", v1, attrs("application/v1", Map.of()));
        try (ObjectContent c = backend.getObject(B, "big")) {
            put("big", v2, attrs("application/v2", Map.of()));
            assertEquals("application/v1", c.info().attributes().contentType());
            assertArrayEquals(v1, readAll(c));
        }
        assertArrayEquals(v2, get("big"));
    }

    @Test
    void failingBodyLeavesNoObjectNoTempAndTheOldObjectIntact() throws Exception {
        assertThrowsIo(() -> backend.putObject(
                new PutObjectRequest(B, "new/key", ObjectAttributes.EMPTY, null),
                Bodies.failingAfter(random(50_000, 4), 20_000)));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "new/key"));
        put("kept", bytes("old bytes"));
        assertThrowsIo(() -> backend.putObject(
                new PutObjectRequest(B, "kept", ObjectAttributes.EMPTY, null),
                Bodies.failingAfter(random(50_000, 5), 30_000)));
        assertArrayEquals(bytes("old bytes"), get("kept"));
        assertNoLeftovers();
    }

    private static void assertThrowsIo(org.junit.jupiter.api.function.Executable e) {
        org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, e);
    }

    @Test
    void contentMd5IsChecked() throws Exception {
        byte[] data = bytes("hello");
        byte[] good = Etags.newMd5().digest(data);
        byte[] bad = good.clone();
        bad[0] ^= 1;
        assertS3(
                S3Error.BAD_DIGEST,
                () -> backend.putObject(new PutObjectRequest(B, "m", ObjectAttributes.EMPTY, bad), Bodies.of(data)));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "m"));
        assertNoLeftovers();
        backend.putObject(new PutObjectRequest(B, "m", ObjectAttributes.EMPTY, good), Bodies.of(data));
        assertArrayEquals(data, get("m"));
    }

    private void put2(String bucket, String key) throws Exception {
        backend.putObject(new PutObjectRequest(bucket, key, ObjectAttributes.EMPTY, null), Bodies.of(bytes("x")));
    }

    @Test
    void missingBucketAndKey() throws Exception {
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.getObject("nosuch", "k"));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> put2("nosuch", "k"));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.getObject(B, "k"));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "a/b/c"));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.bucketOwner("nosuch"));
    }

    @Test
    void bucketConfigsAreKeptAsGivenAndANewBucketBlocksPublicAccess() throws Exception {
        io.posixgw.core.backend.BucketConfig policy = io.posixgw.core.backend.BucketConfig.POLICY;
        io.posixgw.core.backend.BucketConfig pab = io.posixgw.core.backend.BucketConfig.PUBLIC_ACCESS_BLOCK;
        backend.createBucket("cfg-bucket", "o");
        assertEquals(
                io.posixgw.core.policy.PublicAccessBlock.ALL,
                io.posixgw.core.policy.PublicAccessBlock.fromJson(backend.getBucketConfig("cfg-bucket", pab)));
        assertNull(backend.getBucketConfig("cfg-bucket", policy));
        byte[] doc = bytes("{\"Statement\":[]}");
        backend.putBucketConfig("cfg-bucket", policy, doc);
        assertArrayEquals(doc, backend.getBucketConfig("cfg-bucket", policy));
        backend.putBucketConfig("cfg-bucket", policy, null);
        assertNull(backend.getBucketConfig("cfg-bucket", policy));
        backend.putBucketConfig("cfg-bucket", pab, null);
        assertNull(backend.getBucketConfig("cfg-bucket", pab));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.getBucketConfig("nosuch", policy));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.putBucketConfig("nosuch", policy, doc));
    }

    @Test
    void aclsAreKeptAsGivenAndANewWriteStartsWithoutTheObjectsOne() throws Exception {
        io.posixgw.core.backend.BucketConfig acl = io.posixgw.core.backend.BucketConfig.ACL;
        io.posixgw.core.backend.BucketConfig ownership = io.posixgw.core.backend.BucketConfig.OWNERSHIP;
        backend.createBucket("acl-default", "o");
        assertEquals(
                "BucketOwnerEnforced",
                new String(backend.getBucketConfig("acl-default", ownership), java.nio.charset.StandardCharsets.UTF_8));
        byte[] bucketAcl = bytes("{\"Owner\":\"o\",\"Grantees\":[]}");
        backend.createBucket("acl-given", "o", null, Map.of(acl, bucketAcl, ownership, bytes("ObjectWriter")));
        assertArrayEquals(bucketAcl, backend.getBucketConfig("acl-given", acl));
        assertEquals("o", backend.bucketOwner("acl-given"));
        assertEquals(
                "ObjectWriter",
                new String(backend.getBucketConfig("acl-given", ownership), java.nio.charset.StandardCharsets.UTF_8));

        backend.putObject(new PutObjectRequest("acl-given", "k", ObjectAttributes.EMPTY, null), Bodies.of(bytes("x")));
        assertNull(backend.getObjectAcl("acl-given", "k"));
        byte[] objectAcl = bytes("{\"Owner\":\"w\",\"Grantees\":[]}");
        backend.putObjectAcl("acl-given", "k", objectAcl);
        assertArrayEquals(objectAcl, backend.getObjectAcl("acl-given", "k"));
        backend.putObject(new PutObjectRequest("acl-given", "k", ObjectAttributes.EMPTY, null), Bodies.of(bytes("y")));
        assertNull(backend.getObjectAcl("acl-given", "k"), "a new write starts without the old object's ACL");
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.getObjectAcl("acl-given", "none"));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.putObjectAcl("acl-given", "none", objectAcl));
    }

    @Test
    void anAclInTheAttributesIsPublishedWithTheObjectAndNeverCopied() throws Exception {
        backend.createBucket("acl-with", "o");
        io.posixgw.core.acl.Acl writers = new io.posixgw.core.acl.Acl(
                "w", List.of(io.posixgw.core.acl.Acl.Grant.user("w", io.posixgw.core.acl.Acl.Permission.FULL_CONTROL)));
        backend.putObject(
                new PutObjectRequest("acl-with", "k", ObjectAttributes.EMPTY.withAcl(writers), null),
                Bodies.of(bytes("x")));
        assertEquals(writers, io.posixgw.core.acl.Acl.fromJson(backend.getObjectAcl("acl-with", "k")));

        // a copy takes the request's ACL (here none), never the source's
        backend.copyObject(new CopyObjectRequest("acl-with", "k", "acl-with", "copy", null, i -> {}));
        assertNull(backend.getObjectAcl("acl-with", "copy"));
        io.posixgw.core.acl.Acl readers = new io.posixgw.core.acl.Acl(
                "o", List.of(io.posixgw.core.acl.Acl.Grant.user("r", io.posixgw.core.acl.Acl.Permission.READ)));
        backend.copyObject(new CopyObjectRequest("acl-with", "k", "acl-with", "copy", null, i -> {}).withAcl(readers));
        assertEquals(readers, io.posixgw.core.acl.Acl.fromJson(backend.getObjectAcl("acl-with", "copy")));

        // the next write leaves exactly its own
        backend.putObject(
                new PutObjectRequest("acl-with", "k", ObjectAttributes.EMPTY.withAcl(readers), null),
                Bodies.of(bytes("y")));
        assertEquals(readers, io.posixgw.core.acl.Acl.fromJson(backend.getObjectAcl("acl-with", "k")));
        backend.putObject(new PutObjectRequest("acl-with", "k", ObjectAttributes.EMPTY, null), Bodies.of(bytes("z")));
        assertNull(backend.getObjectAcl("acl-with", "k"));
    }

    @Test
    void aCopyComputesTheChecksumItIsAskedForOrKeepsTheSourcesOne() throws Exception {
        byte[] data = random(300_000, 31);
        backend.putObject(
                new PutObjectRequest(B, "summed", ObjectAttributes.EMPTY, null),
                Bodies.of(data, 7000, Map.of("SHA256", crc(ChecksumAlgorithm.SHA256, data))));
        put("plain", data);
        String crc32 = crc(ChecksumAlgorithm.CRC32, data);
        String sha256 = crc(ChecksumAlgorithm.SHA256, data);

        // asked for, on a source without one: computed while copying
        CopyObjectResult a = backend.copyObject(
                new CopyObjectRequest(B, "plain", B, "a", null, null, null, null, ChecksumAlgorithm.CRC32));
        assertEquals(Map.of("CRC32", crc32), a.checksums());
        assertEquals(Map.of("CRC32", crc32), backend.headObject(B, "a").checksums());
        assertEquals(backend.headObject(B, "plain").etag(), a.etag());
        // asked for the one the source has: kept
        CopyObjectResult b = backend.copyObject(
                new CopyObjectRequest(B, "summed", B, "b", null, null, null, null, ChecksumAlgorithm.SHA256));
        assertEquals(Map.of("SHA256", sha256), b.checksums());
        // asked for another: the copy carries that one only
        CopyObjectResult c = backend.copyObject(
                new CopyObjectRequest(B, "summed", B, "c", null, null, null, null, ChecksumAlgorithm.CRC32));
        assertEquals(Map.of("CRC32", crc32), c.checksums());
        assertEquals(Map.of("CRC32", crc32), backend.headObject(B, "c").checksums());
        // not asked: the source's is kept
        assertEquals(
                Map.of("SHA256", sha256),
                backend.copyObject(new CopyObjectRequest(B, "summed", B, "d", null, null))
                        .checksums());
        assertEquals(
                Map.of(),
                backend.copyObject(new CopyObjectRequest(B, "plain", B, "e", null, null))
                        .checksums());
        assertArrayEquals(data, get("c"));
    }

    @Test
    void aPutWhoseBucketIsDeletedAndMadeAgainMidBodyIsNoSuchBucket() throws Exception {
        byte[] data = random(50_000, 41);
        io.posixgw.core.backend.BodySource inner = Bodies.of(data, 10_000);
        io.posixgw.core.backend.BodySource racing = new io.posixgw.core.backend.BodySource() {
            private int calls;

            @Override
            public long length() {
                return inner.length();
            }

            @Override
            public java.nio.ByteBuffer next() throws java.io.IOException {
                if (++calls == 3) {
                    // another gateway's DeleteBucket and CreateBucket of the name, mid-body
                    backend.deleteBucket(B);
                    backend.createBucket(B, "owner");
                }
                return inner.next();
            }

            @Override
            public Map<String, String> checksums() {
                return inner.checksums();
            }
        };
        assertS3(
                S3Error.NO_SUCH_BUCKET,
                () -> backend.putObject(new PutObjectRequest(B, "raced/k", ObjectAttributes.EMPTY, null), racing));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "raced/k"));
        assertTrue(allKeys("", 1000).isEmpty());
    }

    @Test
    void concurrentWritersOfOneKeyLeaveExactlyOneWritersBytesAndMetadata() throws Exception {
        int writers = 12;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int id = w;
                fs.add(pool.submit(() -> {
                    for (int round = 0; round < 5; round++) {
                        byte[] data = random(100_000 + id * 1000, id);
                        put("contended", data, attrs("w/" + id, Map.of("writer", Integer.toString(id))));
                    }
                    return null;
                }));
            }
            for (Future<?> f : fs) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        try (ObjectContent c = backend.getObject(B, "contended")) {
            int id = Integer.parseInt(c.info().attributes().userMetadata().get("writer"));
            assertEquals("w/" + id, c.info().attributes().contentType());
            byte[] expected = random(100_000 + id * 1000, id);
            assertArrayEquals(expected, readAll(c));
            assertEquals(
                    Etags.fromMd5(Etags.newMd5().digest(expected)), c.info().etag());
        }
        assertNoLeftovers();
    }

    @Test
    void copyWithCopyAndReplaceDirectives() throws Exception {
        byte[] data = random(70_000, 7);
        PutObjectResult src = put("src/a", data, attrs("text/src", Map.of("m", "1")));
        AtomicReference<ObjectInfo> seen = new AtomicReference<>();
        CopyObjectResult r = backend.copyObject(new CopyObjectRequest(B, "src/a", B, "dst/b", null, seen::set));
        assertEquals(src.etag(), r.etag());
        assertEquals(src.etag(), seen.get().etag());
        assertArrayEquals(data, get("dst/b"));
        ObjectInfo h = backend.headObject(B, "dst/b");
        assertEquals("text/src", h.attributes().contentType());
        assertEquals(Map.of("m", "1"), h.attributes().userMetadata());
        backend.copyObject(new CopyObjectRequest(B, "src/a", B, "dst/c", attrs("text/new", Map.of("n", "2")), null));
        ObjectInfo c = backend.headObject(B, "dst/c");
        assertEquals("text/new", c.attributes().contentType());
        assertEquals(Map.of("n", "2"), c.attributes().userMetadata());
        assertEquals(src.etag(), c.etag());
        // self copy: COPY is rejected, REPLACE rewrites the attributes
        assertS3(
                S3Error.INVALID_REQUEST,
                () -> backend.copyObject(new CopyObjectRequest(B, "src/a", B, "src/a", null, null)));
        backend.copyObject(new CopyObjectRequest(B, "src/a", B, "src/a", attrs("text/self", Map.of()), null));
        assertEquals("text/self", backend.headObject(B, "src/a").attributes().contentType());
        assertArrayEquals(data, get("src/a"));
        // a failing source check stops the copy
        assertS3(
                S3Error.PRECONDITION_FAILED,
                () -> backend.copyObject(new CopyObjectRequest(B, "src/a", B, "dst/d", null, i -> {
                    throw S3Error.PRECONDITION_FAILED.exception();
                })));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "dst/d"));
        assertS3(
                S3Error.NO_SUCH_KEY, () -> backend.copyObject(new CopyObjectRequest(B, "missing", B, "x", null, null)));
        assertNoLeftovers();
    }

    @Test
    void userMetadataOverTwoKilobytesIsRejected() {
        Map<String, String> big = Map.of("k", "v".repeat(2100));
        assertS3(S3Error.METADATA_TOO_LARGE, () -> put("m", bytes("x"), attrs(null, big)));
    }

    @Test
    void unicodeKeysRoundTrip() throws Exception {
        String key = "dir/\uD83D\uDE00 ü ?#%&=+;,:@ [brackets] {x}.txt";
        put(key, bytes("u"));
        assertArrayEquals(bytes("u"), get(key));
        assertEquals(List.of(key), allKeys("", 1000));
    }

    @Test
    void s3ExceptionsCarryNoStackTrace() {
        S3Exception e =
                org.junit.jupiter.api.Assertions.assertThrows(S3Exception.class, () -> backend.getObject(B, "nope"));
        assertEquals(0, e.getStackTrace().length);
    }

    @Test
    void getAndHeadResolveRangePartNumberAndConditionsOnTheVersionRead() throws Exception {
        String etag = put("r", bytes("0123456789")).etag();
        try (ObjectContent c = backend.getObject(read("r", "bytes=2-5", null, Preconditions.NONE))) {
            assertEquals(new ByteRange(2, 5), c.range());
            assertEquals(10, c.info().size());
            assertArrayEquals(bytes("2345"), readAll(c));
        }
        ObjectHead h = backend.headObject(read("r", "bytes=-3", null, Preconditions.NONE));
        assertEquals(new ByteRange(7, 9), h.range());
        assertEquals(3, h.contentLength());
        assertEquals(
                10,
                backend.headObject(read("r", "bytes=5-2", null, Preconditions.NONE))
                        .contentLength(),
                "ignored as S3 does");
        assertS3(S3Error.INVALID_RANGE, () -> backend.headObject(read("r", "bytes=20-", null, Preconditions.NONE)));
        // part 1 of a single-part object is all of it, as a range
        assertEquals(
                new ByteRange(0, 9),
                backend.headObject(read("r", null, "1", Preconditions.NONE)).range());
        assertS3(S3Error.INVALID_PART_NUMBER, () -> backend.headObject(read("r", null, "2", Preconditions.NONE)));
        assertS3(S3Error.INVALID_ARGUMENT, () -> backend.getObject(read("r", null, "x", Preconditions.NONE)));
        assertS3(S3Error.INVALID_ARGUMENT, () -> backend.getObject(read("r", null, "10001", Preconditions.NONE)));
        assertS3(S3Error.INVALID_REQUEST, () -> backend.getObject(read("r", "bytes=0-1", "1", Preconditions.NONE)));
        // the key is looked up first, then the conditions, then the part number
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.getObject(read("absent", null, "x", Preconditions.NONE)));
        S3Exception notModified = assertThrows(
                S3Exception.class,
                () -> backend.getObject(read("r", null, "x", new Preconditions(null, etag, null, null))));
        assertEquals(S3Error.NOT_MODIFIED, notModified.error());
        assertEquals(etag, notModified.headers().get("ETag"));
        assertTrue(notModified.headers().containsKey("Last-Modified"));
        assertS3(
                S3Error.PRECONDITION_FAILED,
                () -> backend.headObject(read("r", null, null, new Preconditions("\"0\"", null, null, null))));
        try (ObjectContent c = backend.getObject(read("r", null, null, new Preconditions(etag, null, null, null)))) {
            assertEquals(null, c.range());
            assertArrayEquals(bytes("0123456789"), readAll(c));
        }
    }

    private static GetObjectRequest read(String key, String range, String partNumber, Preconditions conditions) {
        return new GetObjectRequest(B, key, range, partNumber, true, false, conditions);
    }

    @Test
    void bucketsAreListedInNameOrderAndDeletedOnlyWhenEmpty() throws Exception {
        assertS3(S3Error.BUCKET_ALREADY_OWNED_BY_YOU, () -> backend.createBucket(B, "owner-key"));
        backend.createBucket("aaa-first", "o");
        assertEquals(
                List.of("aaa-first", B),
                backend.listBuckets().stream().map(b -> b.name()).toList());
        assertEquals("o", backend.bucketOwner("aaa-first"));
        assertEquals("owner-key", backend.bucketOwner(B));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.headBucket("nosuch"));
        backend.headBucket(B);
        put("obj", bytes("1"));
        assertS3(S3Error.BUCKET_NOT_EMPTY, () -> backend.deleteBucket(B));
        backend.deleteObject(B, "obj");
        backend.createMultipartUpload(B, "pending", ObjectAttributes.EMPTY); // pending uploads do not count
        backend.deleteBucket(B);
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.headBucket(B));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.deleteBucket(B));
    }

    @Test
    void aConditionalDeleteRemovesOnlyTheVersionItNames() throws Exception {
        String etag = put("del", bytes("v1")).etag();
        assertS3(
                S3Error.PRECONDITION_FAILED, () -> backend.deleteObject(new DeleteObjectRequest(B, "del", "\"0123\"")));
        assertArrayEquals(bytes("v1"), get("del"));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.deleteObject(new DeleteObjectRequest(B, "absent", "*")));
        assertS3(
                S3Error.NO_SUCH_BUCKET,
                () -> backend.deleteObject(new DeleteObjectRequest("no-such-bucket", "k", "*")));
        backend.deleteObject(new DeleteObjectRequest(B, "del", etag));
        assertS3(S3Error.NO_SUCH_KEY, () -> get("del"));
        backend.deleteObject(B, "never/existed"); // unconditional: no error
    }
}
