package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Error;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.NonBlocking;
import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.model.CopyObjectRequest;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.core.model.PutObjectResult;
import io.posixgw.testkit.BackendCalls;
import io.posixgw.testkit.Bodies;
import io.posixgw.testkit.contract.ObjectContract;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The object contract on the POSIX backend, and what only a POSIX store has: files and directories, symlinks, foreign files, the sweep. */
abstract class AbstractObjectTests extends ObjectContract {
    @TempDir
    Path tmp;

    Path root;
    PosixBackend posix;

    /** Null for xattrs. */
    Path sidecar() {
        return null;
    }

    PosixOptions options() {
        return BackendTestBase.options(sidecar());
    }

    @Override
    protected Backend newBackend() throws IOException {
        root = Files.createDirectories(tmp.resolve("data"));
        posix = new PosixBackend(root, options());
        return posix;
    }

    /** Another gateway process over the same root. */
    @Override
    protected BackendCalls secondGateway() throws IOException {
        return new BackendCalls(new PosixBackend(root, options()));
    }

    /** No temp file is left in the bucket's staging directory. */
    @Override
    protected void assertNoLeftovers() throws IOException {
        assertEquals(0, tempFiles());
    }

    long tempFiles() throws IOException {
        return BackendTestBase.tempFiles(root);
    }

    /**
     * GetObject and HeadObject of stored objects run on the server's event loop
     * ({@link NonBlocking}): none of them may reach a point where it would wait, or every read would
     * pay a second run on a worker. A lock another thread holds makes a read give up instead of waiting.
     */
    @Test
    void readsOfStoredObjectsNeverWait() throws Exception {
        put("plain", bytes("a"));
        put("deep/er/key", bytes("bb"));
        put("dir/", new byte[0], attrs(null, Map.of("k", "v")));
        put("p", bytes("folded"));
        put("p/q", bytes("under")); // p becomes p/.sgwtmp/self
        for (String key : List.of("plain", "deep/er/key", "dir/", "p", "p/q")) {
            ObjectInfo h = NonBlocking.run(() -> call(() -> backend.headObject(B, key)));
            byte[] got = NonBlocking.run(() -> call(() -> {
                try (ObjectContent c = backend.getObject(B, key)) {
                    return BackendCalls.readAll(c);
                }
            }));
            assertEquals(h.size(), got.length, key);
        }
        KeyLocks locks = new KeyLocks(KeyLocks.Domain.PUBLICATIONS);
        Path lockFile = tmp.resolve("locks");
        java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        Thread holder = new Thread(() -> {
            try (KeyLocks.Held h = locks.lockIn(lockFile, "k")) {
                held.countDown();
                done.await();
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        holder.start();
        try {
            held.await();
            org.junit.jupiter.api.Assertions.assertThrows(
                    NonBlocking.WouldWait.class, () -> NonBlocking.run(() -> call(() -> locks.lockIn(lockFile, "k"))));
        } finally {
            done.countDown();
            holder.join();
        }
    }

    private interface IoCall<T> {
        T call() throws IOException;
    }

    private static <T> T call(IoCall<T> c) {
        try {
            return c.call();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
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
        put("other/", bytes("x")); // with data: S3 stores it, and so does posixgw (Folds: other/.sgwtmp/slash)
        assertArrayEquals(bytes("x"), get("other/"));
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
    void aKeyAndKeysUnderItExistTogether() throws Exception {
        // S3 holds both; a file tree cannot, so these keys are folded (Folds, AbstractFoldTests)
        put("x/y", bytes("1"));
        put("x", bytes("2"));
        assertArrayEquals(bytes("2"), get("x"));
        put("f", bytes("1"));
        put("f/g", bytes("2"));
        put("f/g/h", bytes("3"));
        put("f/", new byte[0]);
        assertArrayEquals(bytes("1"), get("f"));
        assertArrayEquals(bytes("2"), get("f/g"));
        assertArrayEquals(bytes("3"), get("f/g/h"));
        assertEquals(0, backend.headObject(B, "f/").size());
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

    /**
     * Issue 16 item 18: a file without {@code etag} above the hash limit (a migrated tree) has one ETag,
     * in listings and on HEAD and GET, before and after its first read, until its bytes change.
     */
    @Test
    void aForeignFileAboveTheHashLimitKeepsOneEtagUntilItChanges() throws Exception {
        PosixOptions o = options();
        BackendCalls small = new BackendCalls(new PosixBackend(
                root,
                new PosixOptions(
                        o.fsync(),
                        o.sidecarDir(),
                        o.partCrc64(),
                        1000,
                        o.completeWait(),
                        o.claimStaleAfter(),
                        o.fsyncListener(),
                        o.bucketSettleFloor(),
                        o.versioningDir(),
                        o.cacheAttributes())));
        byte[] data = random(10_000, 7);
        Path f = root.resolve(B).resolve("migrated/big.bin");
        Files.createDirectories(f.getParent());
        Files.write(f, data);
        String listed = etagsOf(small).get("migrated/big.bin");
        assertNotEquals(Etags.fromMd5(Etags.newMd5().digest(data)), listed, "not hashed: above the limit");
        assertEquals(listed, small.headObject(B, "migrated/big.bin").etag(), "HEAD");
        try (ObjectContent c = small.getObject(B, "migrated/big.bin")) {
            assertEquals(listed, c.info().etag(), "GET");
            assertArrayEquals(data, readAll(c));
        }
        assertEquals(listed, etagsOf(small).get("migrated/big.bin"), "listed again after the first read");
        assertEquals(listed, small.headObject(B, "migrated/big.bin").etag(), "HEAD again");

        Files.write(f, random(10_001, 8)); // rewritten in place by another tool
        String rewritten = small.headObject(B, "migrated/big.bin").etag();
        assertNotEquals(listed, rewritten, "new bytes, new ETag");
        assertEquals(rewritten, etagsOf(small).get("migrated/big.bin"));
    }

    private static Map<String, String> etagsOf(BackendCalls calls) throws Exception {
        Map<String, String> m = new HashMap<>();
        calls.listObjects(new io.posixgw.core.model.ListObjectsRequest(B, "", null, null, 1000))
                .objects()
                .forEach(x -> m.put(x.key(), x.etag()));
        return m;
    }

    Map<String, String> allEtags() throws Exception {
        Map<String, String> m = new HashMap<>();
        backend.listObjects(new io.posixgw.core.model.ListObjectsRequest(B, "", null, null, 1000))
                .objects()
                .forEach(o -> m.put(o.key(), o.etag()));
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
        assertS3(
                S3Error.NO_SUCH_BUCKET,
                () -> backend.copyObject(new CopyObjectRequest("linked", "top", B, "stolen", null, null)));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.deleteObject("linked", "sub/x"));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.deleteObject("linked", "top"));
        assertS3(
                S3Error.NO_SUCH_BUCKET,
                () -> backend.putObject(
                        new PutObjectRequest("linked", "new", ObjectAttributes.EMPTY, null),
                        Bodies.of(bytes("n"), 7000)));
        assertTrue(Files.exists(outside.resolve("sub/x")));
        assertTrue(Files.exists(outside.resolve("top")));
        assertFalse(Files.exists(outside.resolve("new")));
        try (var names = Files.list(outside)) {
            assertEquals(2, names.count(), "nothing made or removed outside the root");
        }
        assertTrue(
                Files.getFileAttributeView(
                                outside.resolve("top"), java.nio.file.attribute.UserDefinedFileAttributeView.class)
                        .list()
                        .isEmpty(),
                "no attribute written on a file outside the root");
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.getObject(B, "stolen"));
    }

    @Test
    void sweepRemovesStaleTempFilesOnly() throws Exception {
        Path staging = root.resolve(B).resolve(".sgwtmp");
        Path stale = staging.resolve("abc.123");
        Path fresh = staging.resolve("abc.456");
        Files.write(stale, bytes("x"));
        Files.write(fresh, bytes("y"));
        Files.setLastModifiedTime(
                stale, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 7_200_000));
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
        Files.setLastModifiedTime(
                victim, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 7_200_000));
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
        backend.putObject(
                new PutObjectRequest("parked-full", "kept/k", ObjectAttributes.EMPTY, null),
                Bodies.of(bytes("keep me")));
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

        assertEquals(
                0, posix.sweepStaleTemps(java.time.Duration.ofHours(1)), "young: maybe another gateway's, mid-way");
        assertTrue(Files.exists(full) && Files.exists(empty) && Files.exists(making));

        Thread.sleep(20); // ctime granularity
        assertEquals(2, posix.sweepStaleTemps(java.time.Duration.ofMillis(10)));
        assertFalse(Files.exists(empty), "an empty one was being deleted: finished");
        assertFalse(Files.exists(making), "never became a bucket");
        assertTrue(
                Files.exists(full.resolve("kept").resolve("k")),
                "objects are never removed, nor renamed back by a sweep");
        assertTrue(
                Files.isDirectory(trickyParked.resolve("dir")),
                "a directory object counts (its attributes stay under the name in "
                        + "sidecar mode), and a name like a mark is no half-made bucket");
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.headBucket("parked-full"));
        assertEquals(
                List.of(B),
                backend.listBuckets().stream()
                        .map(b -> b.name())
                        .filter(n -> !n.equals("lost+found"))
                        .toList(),
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
            assertTrue(
                    s.noneMatch(p -> p.getFileName().toString().contains(Buckets.CREATING_MARK)),
                    "nothing left half-made");
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
}
