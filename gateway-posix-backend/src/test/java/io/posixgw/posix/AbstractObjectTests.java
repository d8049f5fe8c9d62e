package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.model.CopyObjectRequest;
import io.posixgw.core.model.CopyObjectResult;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.core.model.PutObjectResult;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Object behaviour, run over both metadata stores. */
abstract class AbstractObjectTests extends BackendTestBase {

    @Test
    void putGetHeadRoundTripWithAttributes() throws Exception {
        byte[] data = random(200_000, 1);
        ObjectAttributes a = new ObjectAttributes("text/plain", "gzip", "en", "attachment; filename=\"x.txt\"",
                "max-age=60", "Thu, 01 Dec 2094 16:00:00 GMT", Map.of("color", "blue", "size", "XL"));
        PutObjectResult r = backend.putObject(new PutObjectRequest(B, "dir/sub/obj.txt", a, null),
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
        assertEquals(0, tempFiles());
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
        assertThrowsIo(() -> backend.putObject(new PutObjectRequest(B, "new/key", ObjectAttributes.EMPTY, null),
                Bodies.failingAfter(random(50_000, 4), 20_000)));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "new/key"));
        put("kept", bytes("old bytes"));
        assertThrowsIo(() -> backend.putObject(new PutObjectRequest(B, "kept", ObjectAttributes.EMPTY, null),
                Bodies.failingAfter(random(50_000, 5), 30_000)));
        assertArrayEquals(bytes("old bytes"), get("kept"));
        assertEquals(0, tempFiles());
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
        assertS3(S3Error.BAD_DIGEST, () -> backend.putObject(new PutObjectRequest(B, "m", ObjectAttributes.EMPTY, bad), Bodies.of(data)));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "m"));
        assertEquals(0, tempFiles());
        backend.putObject(new PutObjectRequest(B, "m", ObjectAttributes.EMPTY, good), Bodies.of(data));
        assertArrayEquals(data, get("m"));
    }

    @Test
    void directoryObjects() throws Exception {
        PutObjectResult r = put("folder/", new byte[0], attrs(null, Map.of("k", "v")));
        assertEquals("\"d41d8cd98f00b204e9800998ecf8427e\"", r.etag());
        ObjectInfo h = backend.headObject(B, "folder/");
        assertEquals(0, h.size());
        assertEquals(r.etag(), h.etag());
        assertEquals("application/x-directory", h.attributes().contentType());
        assertEquals(Map.of("k", "v"), h.attributes().userMetadata());
        try (ObjectContent c = backend.getObject(B, "folder/")) {
            assertEquals(0, c.info().size());
            assertEquals(0, c.body().length());
        }
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "folder"));
        assertS3(S3Error.DIRECTORY_OBJECT_CONTAINS_DATA, () -> put("other/", bytes("x")));
        // a plain prefix directory is not an object
        put("p/q/file", bytes("1"));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "p/"));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.getObject(B, "p/q"));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.getObject(B, "p/q/file/"));
        // re-PUT replaces the attributes
        put("folder/", new byte[0], attrs("text/x", Map.of()));
        ObjectInfo h2 = backend.headObject(B, "folder/");
        assertEquals("text/x", h2.attributes().contentType());
        assertTrue(h2.attributes().userMetadata().isEmpty());
    }

    @Test
    void fileAndDirectoryConflictsAre409() throws Exception {
        put("x/y", bytes("1"));
        assertS3(S3Error.EXISTING_OBJECT_IS_DIRECTORY, () -> put("x", bytes("2")));
        put("f", bytes("1"));
        assertS3(S3Error.OBJECT_PARENT_IS_FILE, () -> put("f/g", bytes("2")));
        assertS3(S3Error.OBJECT_PARENT_IS_FILE, () -> put("f/g/h", bytes("2")));
        assertS3(S3Error.OBJECT_PARENT_IS_FILE, () -> put("f/", new byte[0]));
        assertArrayEquals(bytes("1"), get("f"));
        assertEquals(0, tempFiles());
        // an empty leftover prefix directory does not block a file of the same name
        Files.createDirectories(root.resolve(B).resolve("leftover"));
        put("leftover", bytes("now a file"));
        assertArrayEquals(bytes("now a file"), get("leftover"));
    }

    @Test
    void deletePrunesEmptyParentsButNotDirectoryObjectsOrBusyDirectories() throws Exception {
        put("a/b/c/d.txt", bytes("1"));
        put("a/b/other.txt", bytes("2"));
        put("keep/", new byte[0]);
        put("keep/x/y.txt", bytes("3"));
        backend.deleteObject(B, "a/b/c/d.txt");
        Path bucket = root.resolve(B);
        assertFalse(Files.exists(bucket.resolve("a/b/c")));
        assertTrue(Files.exists(bucket.resolve("a/b/other.txt")));
        backend.deleteObject(B, "keep/x/y.txt");
        assertFalse(Files.exists(bucket.resolve("keep/x")));
        assertTrue(Files.isDirectory(bucket.resolve("keep")));
        assertNotNull(backend.headObject(B, "keep/"));
        backend.deleteObject(B, "a/b/other.txt");
        assertFalse(Files.exists(bucket.resolve("a")));
        backend.deleteObject(B, "keep/");
        assertFalse(Files.exists(bucket.resolve("keep")));
        backend.deleteObject(B, "never/existed");
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.deleteObject("nobucket", "k"));
    }

    @Test
    void deletingADirectoryObjectWithChildrenKeepsThePrefix() throws Exception {
        put("d/", new byte[0]);
        put("d/child", bytes("c"));
        backend.deleteObject(B, "d/");
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "d/"));
        assertArrayEquals(bytes("c"), get("d/child"));
        backend.deleteObject(B, "d/child");
        assertFalse(Files.exists(root.resolve(B).resolve("d")));
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
    void bucketOwnerIsTheCreatorOrNoneForADirectoryMadeByHand() throws Exception {
        assertEquals("owner-key", backend.bucketOwner(B));
        backend.createBucket("other", "someone-else");
        assertEquals("someone-else", backend.bucketOwner("other"));
        Files.createDirectory(root.resolve("by-hand"));
        assertEquals(null, backend.bucketOwner("by-hand"));
    }

    private void put2(String bucket, String key) throws Exception {
        backend.putObject(new PutObjectRequest(bucket, key, ObjectAttributes.EMPTY, null), Bodies.of(bytes("x")));
    }

    @Test
    void foreignFileIsServedWithItsMd5() throws Exception {
        byte[] data = random(10_000, 6);
        Path f = root.resolve(B).resolve("imported/file.bin");
        Files.createDirectories(f.getParent());
        Files.write(f, data);
        String md5 = Etags.fromMd5(Etags.newMd5().digest(data));
        ObjectInfo h = backend.headObject(B, "imported/file.bin");
        assertEquals(md5, h.etag());
        assertEquals(ObjectAttributes.DEFAULT_CONTENT_TYPE, h.attributes().effectiveContentType());
        try (ObjectContent c = backend.getObject(B, "imported/file.bin")) {
            assertEquals(md5, c.info().etag());
            assertArrayEquals(data, readAll(c));
        }
        assertEquals(md5, allEtags().get("imported/file.bin"));
    }

    Map<String, String> allEtags() throws Exception {
        Map<String, String> m = new HashMap<>();
        backend.listObjects(new io.posixgw.core.model.ListObjectsRequest(B, "", null, null, 1000))
                .objects().forEach(o -> m.put(o.key(), o.etag()));
        return m;
    }

    @Test
    void symlinksAreNeverFollowed() throws Exception {
        Path outside = tmp.resolve("outside");
        Files.createDirectories(outside);
        Files.write(outside.resolve("secret"), bytes("secret"));
        Path bucket = root.resolve(B);
        Files.createSymbolicLink(bucket.resolve("link"), outside);
        Files.createSymbolicLink(bucket.resolve("filelink"), outside.resolve("secret"));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.getObject(B, "link/secret"));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.getObject(B, "filelink"));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "link/secret"));
        assertS3(S3Error.OBJECT_PARENT_IS_FILE, () -> put("link/new", bytes("x")));
        assertFalse(Files.exists(outside.resolve("new")));
        assertTrue(allKeys("", 1000).isEmpty());
        assertTrue(allKeys("link/", 1000).isEmpty());
        backend.deleteObject(B, "filelink");
        assertTrue(Files.exists(outside.resolve("secret")));
    }

    @Test
    void aCopyComputesTheChecksumItIsAskedForOrKeepsTheSourcesOne() throws Exception {
        byte[] data = random(300_000, 31);
        backend.putObject(new PutObjectRequest(B, "summed", ObjectAttributes.EMPTY, null),
                Bodies.of(data, 7000, Map.of("SHA256", AbstractMultipartTests.crc(ChecksumAlgorithm.SHA256, data))));
        put("plain", data);
        String crc32 = AbstractMultipartTests.crc(ChecksumAlgorithm.CRC32, data);
        String sha256 = AbstractMultipartTests.crc(ChecksumAlgorithm.SHA256, data);

        // asked for, on a source without one: computed while copying
        CopyObjectResult a = backend.copyObject(new CopyObjectRequest(B, "plain", B, "a", null, null, null, null, ChecksumAlgorithm.CRC32));
        assertEquals(Map.of("CRC32", crc32), a.checksums());
        assertEquals(Map.of("CRC32", crc32), backend.headObject(B, "a").checksums());
        assertEquals(backend.headObject(B, "plain").etag(), a.etag());
        // asked for the one the source has: kept
        CopyObjectResult b = backend.copyObject(new CopyObjectRequest(B, "summed", B, "b", null, null, null, null, ChecksumAlgorithm.SHA256));
        assertEquals(Map.of("SHA256", sha256), b.checksums());
        // asked for another: the copy carries that one only
        CopyObjectResult c = backend.copyObject(new CopyObjectRequest(B, "summed", B, "c", null, null, null, null, ChecksumAlgorithm.CRC32));
        assertEquals(Map.of("CRC32", crc32), c.checksums());
        assertEquals(Map.of("CRC32", crc32), backend.headObject(B, "c").checksums());
        // not asked: the source's is kept
        assertEquals(Map.of("SHA256", sha256), backend.copyObject(new CopyObjectRequest(B, "summed", B, "d", null, null)).checksums());
        assertEquals(Map.of(), backend.copyObject(new CopyObjectRequest(B, "plain", B, "e", null, null)).checksums());
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
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.putObject(new PutObjectRequest(B, "raced/k", ObjectAttributes.EMPTY, null), racing));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "raced/k"));
        assertTrue(allKeys("", 1000).isEmpty());
    }

    @Test
    void aSymlinkedBucketDirectoryIsNoBucketForAnyObjectCall() throws Exception {
        Path outside = tmp.resolve("outside-bucket");
        Files.createDirectories(outside.resolve("sub"));
        Files.write(outside.resolve("top"), bytes("top"));
        Files.write(outside.resolve("sub/x"), bytes("x"));
        Files.createSymbolicLink(root.resolve("linked"), outside);
        put("real", bytes("r"));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.getObject("linked", "top"));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.headObject("linked", "sub/x"));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.getObjectTagging("linked", "top"));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.putObjectTagging("linked", "top", Map.of("t", "v")));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.copyObject(new CopyObjectRequest("linked", "top", B, "stolen", null, null)));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.deleteObject("linked", "sub/x"));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.deleteObject("linked", "top"));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.putObject(
                new PutObjectRequest("linked", "new", ObjectAttributes.EMPTY, null), Bodies.of(bytes("n"), 7000)));
        assertTrue(Files.exists(outside.resolve("sub/x")));
        assertTrue(Files.exists(outside.resolve("top")));
        assertFalse(Files.exists(outside.resolve("new")));
        try (var names = Files.list(outside)) {
            assertEquals(2, names.count(), "nothing made or removed outside the root");
        }
        assertTrue(Files.getFileAttributeView(outside.resolve("top"),
                java.nio.file.attribute.UserDefinedFileAttributeView.class).list().isEmpty(),
                "no attribute written on a file outside the root");
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.getObject(B, "stolen"));
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
            assertEquals(Etags.fromMd5(Etags.newMd5().digest(expected)), c.info().etag());
        }
        assertEquals(0, tempFiles());
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
        assertS3(S3Error.INVALID_REQUEST, () -> backend.copyObject(new CopyObjectRequest(B, "src/a", B, "src/a", null, null)));
        backend.copyObject(new CopyObjectRequest(B, "src/a", B, "src/a", attrs("text/self", Map.of()), null));
        assertEquals("text/self", backend.headObject(B, "src/a").attributes().contentType());
        assertArrayEquals(data, get("src/a"));
        // a failing source check stops the copy
        assertS3(S3Error.PRECONDITION_FAILED, () -> backend.copyObject(new CopyObjectRequest(B, "src/a", B, "dst/d", null,
                i -> {
                    throw S3Error.PRECONDITION_FAILED.exception();
                })));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "dst/d"));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.copyObject(new CopyObjectRequest(B, "missing", B, "x", null, null)));
        assertEquals(0, tempFiles());
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
    void sweepRemovesStaleTempFilesOnly() throws Exception {
        Path staging = root.resolve(B).resolve(".sgwtmp");
        Path stale = staging.resolve("abc.123");
        Path fresh = staging.resolve("abc.456");
        Files.write(stale, bytes("x"));
        Files.write(fresh, bytes("y"));
        Files.setLastModifiedTime(stale, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 7_200_000));
        String id = backend.createMultipartUpload(B, "up", ObjectAttributes.EMPTY);
        assertEquals(1, posix.sweepStaleTemps(java.time.Duration.ofHours(1)));
        assertFalse(Files.exists(stale));
        assertTrue(Files.exists(fresh));
        assertEquals(1, backend.listParts(B, "up", id, 0, 10).uploadId().equals(id) ? 1 : 0);
    }

    @Test
    void aStagingDirectoryReplacedByASymlinkIsNotSweptOutsideTheRoot() throws Exception {
        Path outside = tmp.resolve("outside-staging");
        Files.createDirectories(outside.resolve("x" + StagingSweeper.TRASH));
        Path victim = outside.resolve("victim.txt");
        Files.write(victim, bytes("keep"));
        Files.setLastModifiedTime(victim, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 7_200_000));
        Path staging = root.resolve(B).resolve(".sgwtmp");
        Fs.deleteTree(staging);
        Files.createSymbolicLink(staging, outside);
        assertEquals(0, posix.sweepStaleTemps(java.time.Duration.ofHours(1)));
        assertTrue(Files.exists(victim));
        assertTrue(Files.exists(outside.resolve("x" + StagingSweeper.TRASH)));
    }

    @Test
    void anInterruptedBucketDeletionOrCreationIsSettledOnlyOnceOldAndNeverLosesObjects() throws Exception {
        backend.createBucket("parked-full", "owner-key");
        backend.putObject(new PutObjectRequest("parked-full", "kept/k", ObjectAttributes.EMPTY, null), Bodies.of(bytes("keep me")));
        backend.createBucket("parked-empty", "owner-key");
        // a bucket may be named like a mark: its objects must count the same
        String tricky = "logs" + Buckets.CREATING_MARK + "2024";
        backend.createBucket(tricky, "owner-key");
        backend.putObject(new PutObjectRequest(tricky, "dir/", ObjectAttributes.EMPTY, null), Bodies.of(new byte[0]));
        Path trickyParked = root.resolve("." + tricky + Buckets.TRASH_MARK + "6a7b");
        Files.move(root.resolve(tricky), trickyParked);
        // what a crash leaves between DeleteBucket's park and its restore (or its removal), and inside CreateBucket
        Path full = root.resolve(".parked-full" + Buckets.TRASH_MARK + "0a1b");
        Path empty = root.resolve(".parked-empty" + Buckets.TRASH_MARK + "2c3d");
        Path making = root.resolve(".half-made" + Buckets.CREATING_MARK + "4e5f");
        Files.move(root.resolve("parked-full"), full);
        Files.move(root.resolve("parked-empty"), empty);
        Files.createDirectories(making.resolve(".sgwtmp"));

        assertEquals(0, posix.sweepStaleTemps(java.time.Duration.ofHours(1)), "young: maybe another gateway's, mid-way");
        assertTrue(Files.exists(full) && Files.exists(empty) && Files.exists(making));

        Thread.sleep(20); // ctime granularity
        assertEquals(2, posix.sweepStaleTemps(java.time.Duration.ofMillis(10)));
        assertFalse(Files.exists(empty), "an empty one was being deleted: finished");
        assertFalse(Files.exists(making), "never became a bucket");
        assertTrue(Files.exists(full.resolve("kept").resolve("k")), "objects are never removed, nor renamed back by a sweep");
        assertTrue(Files.isDirectory(trickyParked.resolve("dir")), "a directory object counts (its attributes stay under the name in "
                + "sidecar mode), and a name like a mark is no half-made bucket");
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.headBucket("parked-full"));
        assertEquals(List.of(B), backend.listBuckets().stream().map(b -> b.name()).filter(n -> !n.equals("lost+found")).toList(),
                "hidden directories are no buckets");
    }

    @Test
    void createBucketNeverTakesANameInUse() throws Exception {
        backend.createBucket("taken", "owner-key");
        put("x", bytes("x")); // bucket B, unrelated
        backend.putObject(new PutObjectRequest("taken", "obj", ObjectAttributes.EMPTY, null), Bodies.of(bytes("mine")));
        assertS3(S3Error.BUCKET_ALREADY_OWNED_BY_YOU, () -> backend.createBucket("taken", "someone-else"));
        assertEquals("owner-key", backend.bucketOwner("taken"), "the owner stays");
        Files.write(root.resolve("a-file"), bytes("f"));
        assertS3(S3Error.BUCKET_ALREADY_EXISTS, () -> backend.createBucket("a-file", "owner-key"));
        try (Stream<Path> s = Files.list(root)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().contains(Buckets.CREATING_MARK)), "nothing left half-made");
        }
    }

    @Test
    void bucketLifecycle() throws Exception {
        assertS3(S3Error.BUCKET_ALREADY_OWNED_BY_YOU, () -> backend.createBucket(B, "owner-key"));
        Files.createDirectories(root.resolve("lost+found"));
        Files.write(root.resolve("stray-file"), bytes("x"));
        Files.createDirectories(root.resolve("Invalid_Name"));
        backend.createBucket("aaa-first", "o");
        List<String> names = new ArrayList<>();
        backend.listBuckets().forEach(b -> names.add(b.name()));
        assertEquals(List.of("aaa-first", B), names);
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.headBucket("nosuch"));
        backend.headBucket(B);
        put("obj", bytes("1"));
        assertS3(S3Error.BUCKET_NOT_EMPTY, () -> backend.deleteBucket(B));
        backend.deleteObject(B, "obj");
        backend.createMultipartUpload(B, "pending", ObjectAttributes.EMPTY);
        Files.createDirectories(root.resolve(B).resolve("empty/prefix/dirs"));
        backend.deleteBucket(B);
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.headBucket(B));
        assertFalse(Files.exists(root.resolve(B)));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.deleteBucket(B));
        try (var s = Files.list(root)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().contains("deleting")));
        }
    }

    @Test
    void s3ExceptionsCarryNoStackTrace() {
        S3Exception e = org.junit.jupiter.api.Assertions.assertThrows(S3Exception.class, () -> backend.getObject(B, "nope"));
        assertEquals(0, e.getStackTrace().length);
    }
}
