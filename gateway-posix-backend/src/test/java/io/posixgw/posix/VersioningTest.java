package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.listing.Page;
import io.posixgw.core.model.DeleteObjectRequest;
import io.posixgw.core.model.DeleteObjectResult;
import io.posixgw.core.model.GetObjectRequest;
import io.posixgw.core.model.ListVersionsRequest;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.ObjectVersion;
import io.posixgw.core.model.Preconditions;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.testkit.BackendCalls;
import io.posixgw.testkit.Bodies;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Versions in versitygw's layout: what posixgw writes, what it reads of a tree versitygw wrote.
 * With xattrs here; {@link VersioningSidecarTest} runs every test in sidecar mode.
 */
class VersioningTest {
    static final String B = "bkt";

    @TempDir
    Path tmp;

    Path root;
    Path vdir;
    /** The sidecar directory in sidecar mode, else null. */
    Path sidecar;

    PosixBackend posix;
    BackendCalls backend;

    /** The options of the mode (xattrs here). */
    PosixOptions options() {
        return PosixOptions.DEFAULT;
    }

    /** The metadata store of the mode, for tests that build the parts themselves. */
    MetadataStore store() throws IOException {
        return new XattrMetadataStore();
    }

    @BeforeEach
    void setUp() throws IOException {
        root = tmp.resolve("data");
        vdir = tmp.resolve("versions");
        Files.createDirectories(root);
        Files.createDirectories(vdir);
        posix = new PosixBackend(root, options().withVersioningDir(vdir));
        backend = new BackendCalls(posix);
        backend.createBucket(B, "owner");
    }

    String put(String key, String body) throws IOException {
        return backend.putObject(
                        new PutObjectRequest(B, key, ObjectAttributes.EMPTY, null),
                        Bodies.of(body.getBytes(StandardCharsets.UTF_8)))
                .versionId();
    }

    private String get(String key, String versionId) throws IOException {
        return new String(
                BackendCalls.readAll(backend.getObject(
                        new GetObjectRequest(B, key, null, null, false, false, Preconditions.NONE, versionId))),
                StandardCharsets.UTF_8);
    }

    Path keyDir(String key) {
        String h = Fs.sha256Hex(key);
        return vdir.resolve(B)
                .resolve(h.substring(0, 2))
                .resolve(h.substring(2, 4))
                .resolve(h.substring(4, 6))
                .resolve(h);
    }

    /** The attribute {@code name} of {@code p} (a user xattr without {@code user.}, the JDK view adds it). */
    String xattr(Path p, String name) throws IOException {
        UserDefinedFileAttributeView v =
                Files.getFileAttributeView(p, UserDefinedFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        if (!v.list().contains(name)) {
            return null;
        }
        ByteBuffer b = ByteBuffer.allocate(v.size(name));
        v.read(name, b);
        return new String(b.array(), StandardCharsets.UTF_8);
    }

    void setXattr(Path p, String name, byte[] value) throws IOException {
        Files.getFileAttributeView(p, UserDefinedFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .write(name, ByteBuffer.wrap(value));
    }

    private List<ObjectVersion> versions(String prefix) throws IOException {
        return posix.listObjectVersions(new ListVersionsRequest(B, prefix, null, null, null, 1000))
                .entries();
    }

    @Test
    void withoutVersioningDirPutBucketVersioningIsVersitygwsNotConfigured() throws IOException {
        Path r2 = tmp.resolve("plain");
        Files.createDirectories(r2);
        PosixBackend plain = new PosixBackend(r2);
        plain.createBucket(B, "o");
        S3Exception e = assertThrows(S3Exception.class, () -> plain.putBucketVersioning(B, "Enabled"));
        assertEquals(S3Error.VERSIONING_NOT_CONFIGURED, e.error());
        assertEquals(501, e.error().httpStatus());
        assertNull(plain.getBucketVersioning(B));
        assertFalse(plain.keepsVersions());
    }

    @Test
    void versioningDirInsideTheRootIsRefused() {
        assertThrows(
                IOException.class,
                () -> new PosixBackend(root, PosixOptions.DEFAULT.withVersioningDir(root.resolve("v"))));
    }

    @Test
    void bucketAttributeIsOneByteAsVersitygwWritesIt() throws IOException {
        assertNull(backend.getBucketVersioning(B));
        backend.putBucketVersioning(B, "Enabled");
        assertEquals("Enabled", backend.getBucketVersioning(B));
        assertEquals("\u0001", xattr(root.resolve(B), "versioning"));
        backend.putBucketVersioning(B, "Suspended");
        assertEquals("Suspended", backend.getBucketVersioning(B));
        assertEquals("\u0000", xattr(root.resolve(B), "versioning"));
    }

    @Test
    void overwritesKeepEveryVersionInVersitygwsLayout() throws IOException {
        backend.putBucketVersioning(B, "Enabled");
        String v1 = put("dir/k", "one");
        String v2 = put("dir/k", "two");
        String v3 = put("dir/k", "three");
        assertTrue(Ulid.isValid(v1) && Ulid.isValid(v2) && Ulid.isValid(v3));
        assertTrue(v1.compareTo(v2) < 0 && v2.compareTo(v3) < 0, "ULIDs sort by creation");
        assertEquals("three", get("dir/k", null));
        assertEquals("one", get("dir/k", v1));
        assertEquals("two", get("dir/k", v2));
        assertEquals("three", get("dir/k", v3));
        // on disk: the current file names its id, each kept version is <h..>/<id> with its own attributes
        Path cur = root.resolve(B).resolve("dir/k");
        assertEquals(v3, xattr(cur, "version-id"));
        try (Stream<Path> s = Files.list(keyDir("dir/k"))) {
            assertEquals(
                    List.of(v1, v2),
                    s.map(p -> p.getFileName().toString()).sorted().toList());
        }
        assertEquals(v1, xattr(keyDir("dir/k").resolve(v1), "version-id"));
        assertEquals("one", Files.readString(keyDir("dir/k").resolve(v1)));
        assertNotNull(xattr(keyDir("dir/k").resolve(v1), "etag"));
        List<ObjectVersion> vs = versions("");
        assertEquals(
                List.of(v3, v2, v1), vs.stream().map(ObjectVersion::versionId).toList());
        assertTrue(vs.get(0).latest());
        assertFalse(vs.get(1).latest());
    }

    @Test
    void deleteMarkerHidesTheKeyAndDeletingItRestoresThePrevious() throws IOException {
        backend.putBucketVersioning(B, "Enabled");
        String v1 = put("k", "one");
        DeleteObjectResult d = backend.deleteObject(new DeleteObjectRequest(B, "k", null, null));
        assertTrue(d.deleteMarker());
        assertTrue(Ulid.isValid(d.versionId()));
        S3Exception e = assertThrows(S3Exception.class, () -> get("k", null));
        assertEquals(S3Error.NO_SUCH_KEY, e.error());
        assertEquals("true", e.headers().get("x-amz-delete-marker"));
        S3Exception byId = assertThrows(S3Exception.class, () -> get("k", d.versionId()));
        assertEquals(S3Error.METHOD_NOT_ALLOWED, byId.error());
        assertEquals(405, byId.error().httpStatus());
        assertEquals("", xattr(root.resolve(B).resolve("k"), "delete-marker"));
        assertTrue(
                posix.listObjects(new io.posixgw.core.model.ListObjectsRequest(B, "", null, null, 1000))
                        .objects()
                        .isEmpty(),
                "a marker is no object");
        List<ObjectVersion> vs = versions("");
        assertEquals(2, vs.size());
        assertTrue(vs.get(0).deleteMarker() && vs.get(0).latest());
        assertEquals(v1, vs.get(1).versionId());
        // removing the marker for good: the previous version is current again
        DeleteObjectResult undo = backend.deleteObject(new DeleteObjectRequest(B, "k", null, d.versionId()));
        assertTrue(undo.deleteMarker());
        assertEquals("one", get("k", null));
        assertEquals(v1, xattr(root.resolve(B).resolve("k"), "version-id"));
        assertFalse(Files.exists(keyDir("k")), "the emptied version directory is removed");
        // removing the last version removes the key
        backend.deleteObject(new DeleteObjectRequest(B, "k", null, v1));
        assertFalse(Files.exists(root.resolve(B).resolve("k")));
        assertTrue(versions("").isEmpty());
    }

    @Test
    void deletingANoncurrentVersionRemovesOnlyIt() throws IOException {
        backend.putBucketVersioning(B, "Enabled");
        String v1 = put("k", "one");
        String v2 = put("k", "two");
        backend.deleteObject(new DeleteObjectRequest(B, "k", null, v1));
        assertEquals("two", get("k", null));
        assertEquals(
                S3Error.NO_SUCH_VERSION,
                assertThrows(S3Exception.class, () -> get("k", v1)).error());
        assertEquals(
                List.of(v2), versions("").stream().map(ObjectVersion::versionId).toList());
        assertEquals(
                S3Error.INVALID_ARGUMENT,
                assertThrows(S3Exception.class, () -> get("k", "not-a-ulid")).error());
    }

    @Test
    void suspendedWritesReplaceTheNullVersionAndKeepTheOthers() throws IOException {
        put("k", "before"); // unversioned: the null version
        backend.putBucketVersioning(B, "Enabled");
        String v1 = put("k", "one"); // the null version is kept as <h>/null
        assertTrue(Files.exists(keyDir("k").resolve("null")));
        backend.putBucketVersioning(B, "Suspended");
        assertEquals("null", put("k", "s1")); // v1 kept, the kept null replaced by the new current null
        assertFalse(Files.exists(keyDir("k").resolve("null")));
        assertNull(xattr(root.resolve(B).resolve("k"), "version-id"));
        put("k", "s2"); // overwrites the null version in place
        assertEquals("s2", get("k", "null"));
        assertEquals("one", get("k", v1));
        List<ObjectVersion> vs = versions("");
        assertEquals(2, vs.size());
        assertNull(vs.get(0).versionId());
        assertEquals(v1, vs.get(1).versionId());
    }

    @Test
    void aCrashBetweenKeepingAndPublishingListsTheVersionOnce() throws IOException {
        backend.putBucketVersioning(B, "Enabled");
        String v1 = put("k", "one");
        // the state a kill -9 after the link and before the rename leaves: the current also kept under its id
        Files.createDirectories(keyDir("k"));
        Files.createLink(keyDir("k").resolve(v1), root.resolve(B).resolve("k"));
        assertEquals(
                List.of(v1), versions("").stream().map(ObjectVersion::versionId).toList());
        String v2 = put("k", "two"); // the next write finds it kept already
        assertEquals(
                List.of(v2, v1),
                versions("").stream().map(ObjectVersion::versionId).toList());
        assertEquals("one", get("k", v1));
    }

    @Test
    void deletingTheCurrentVersionRemovesItsCrashTwinToo() throws IOException {
        backend.putBucketVersioning(B, "Enabled");
        String v1 = put("k", "one");
        String v2 = put("k", "two");
        // a kill between a restore's rename and the removal of its entry (or a keep's link and the
        // new current's rename) leaves the current also kept under its own id
        Files.createLink(keyDir("k").resolve(v2), root.resolve(B).resolve("k"));
        assertEquals(
                List.of(v2, v1),
                versions("").stream().map(ObjectVersion::versionId).toList());
        backend.deleteObject(new DeleteObjectRequest(B, "k", null, v2));
        assertEquals(
                List.of(v1), versions("").stream().map(ObjectVersion::versionId).toList(), "v2 does not come back");
        assertEquals("one", get("k", null));
        backend.deleteObject(new DeleteObjectRequest(B, "k", null, v1));
        assertTrue(versions("").isEmpty());
        assertFalse(Files.exists(keyDir("k")));
    }

    @Test
    void conditionalWritesSeeTheCurrentVersion() throws IOException {
        backend.putBucketVersioning(B, "Enabled");
        put("k", "one");
        assertThrows(
                S3Exception.class,
                () -> backend.putObject(
                        new PutObjectRequest(
                                B, "k", ObjectAttributes.EMPTY, null, new Preconditions(null, "*", null, null)),
                        Bodies.of(new byte[] {1})));
        backend.deleteObject(new DeleteObjectRequest(B, "k", null, null));
        // behind a delete marker there is no object: If-None-Match: * holds
        String v = backend.putObject(
                        new PutObjectRequest(
                                B, "k", ObjectAttributes.EMPTY, null, new Preconditions(null, "*", null, null)),
                        Bodies.of("x".getBytes(StandardCharsets.UTF_8)))
                .versionId();
        assertEquals("x", get("k", v));
        assertEquals(3, versions("").size());
    }

    @Test
    void aTreeLaidOutAsVersitygwWritesItIsRead() throws IOException {
        // built from the documented layout: current with version-id, one kept version, one kept delete marker
        String idOld = "01HZZZZZZZZZZZZZZZZZZZZZZ0";
        String idMarker = "01HZZZZZZZZZZZZZZZZZZZZZZ1";
        String idCur = "01HZZZZZZZZZZZZZZZZZZZZZZ2";
        setXattr(root.resolve(B), "versioning", new byte[] {1});
        Path cur = root.resolve(B).resolve("a.txt");
        Files.writeString(cur, "current");
        setXattr(cur, "etag", "\"e1\"".getBytes(StandardCharsets.UTF_8));
        setXattr(cur, "version-id", idCur.getBytes(StandardCharsets.UTF_8));
        Path kd = keyDir("a.txt");
        Files.createDirectories(kd);
        Files.writeString(kd.resolve(idOld), "old");
        setXattr(kd.resolve(idOld), "etag", "\"e0\"".getBytes(StandardCharsets.UTF_8));
        setXattr(kd.resolve(idOld), "version-id", idOld.getBytes(StandardCharsets.UTF_8));
        Files.writeString(kd.resolve(idMarker), "old");
        setXattr(kd.resolve(idMarker), "delete-marker", new byte[0]);
        setXattr(kd.resolve(idMarker), "version-id", idMarker.getBytes(StandardCharsets.UTF_8));
        Files.setLastModifiedTime(kd.resolve(idOld), FileTime.fromMillis(1_000));

        assertEquals("Enabled", backend.getBucketVersioning(B));
        assertEquals("current", get("a.txt", null));
        assertEquals("old", get("a.txt", idOld));
        assertEquals(
                S3Error.METHOD_NOT_ALLOWED,
                assertThrows(S3Exception.class, () -> get("a.txt", idMarker)).error());
        List<ObjectVersion> vs = versions("");
        assertEquals(
                List.of(idCur, idMarker, idOld),
                vs.stream().map(ObjectVersion::versionId).toList());
        assertEquals("\"e0\"", vs.get(2).info().etag());
        assertTrue(vs.get(1).deleteMarker());
    }

    @Test
    void versionsOfAPrefixReadOnlyThatPrefixsVersionDirectories() throws IOException {
        backend.putBucketVersioning(B, "Enabled");
        for (String k : List.of("a/1", "a/2", "b/1", "b/2", "c")) {
            put(k, "x");
            put(k, "y");
        }
        List<Path> opened = new ArrayList<>();
        MetadataStore store = store();
        Lister counting = new Lister(
                new PathResolver(root),
                store,
                new ObjectReader(new PathResolver(root), store),
                dir -> {
                    opened.add(dir);
                    return Files.newDirectoryStream(dir);
                },
                new VersionStore(
                        vdir,
                        new PathResolver(root),
                        store,
                        new Committer(
                                store,
                                new DirectorySync(FsyncListener.NONE),
                                false,
                                FsyncListener.NONE,
                                new BucketWriters(root)),
                        new KeyLocks(KeyLocks.Domain.KEYS),
                        new BucketAttributes(store, false)),
                new KeptAttributes(false));
        Page<ObjectVersion> page = counting.listVersions(new ListVersionsRequest(B, "a/", null, null, null, 1000));
        assertEquals(4, page.entries().size());
        assertEquals(
                List.of(root.resolve(B).resolve("a"), keyDir("a/1"), keyDir("a/2")),
                opened,
                "the prefix's directory and its keys' version directories, nothing else");
    }

    @Test
    void aProtectedVersionIsRefusedByTheBackendUnderTheKeyLock() throws IOException {
        backend.putBucketVersioning(B, "Enabled");
        posix.putObjectLockConfiguration(B, io.posixgw.core.lock.LockConfiguration.enabledAt(java.time.Instant.now()));
        String v1 = put("k", "one");
        String v2 = put("k", "two");
        posix.putObjectRetention(
                B,
                "k",
                v1,
                new io.posixgw.core.lock.Retention(
                        io.posixgw.core.lock.RetentionMode.GOVERNANCE,
                        java.time.Instant.parse("2099-01-01T00:00:00Z")));
        posix.putObjectLegalHold(B, "k", v2, true);
        assertEquals(
                io.posixgw.core.lock.RetentionMode.GOVERNANCE,
                posix.getObjectLock(B, "k", v1).retention().mode());
        for (String v : List.of(v1, v2)) {
            S3Exception e = assertThrows(
                    S3Exception.class, () -> backend.deleteObject(new DeleteObjectRequest(B, "k", null, v)));
            assertEquals(S3Error.ACCESS_DENIED, e.error());
        }
        // GOVERNANCE yields to the bypass; a legal hold never does
        backend.deleteObject(new DeleteObjectRequest(B, "k", null, v1, true));
        assertEquals(
                S3Error.ACCESS_DENIED,
                assertThrows(
                                S3Exception.class,
                                () -> backend.deleteObject(new DeleteObjectRequest(B, "k", null, v2, true)))
                        .error());
        assertEquals(
                List.of(v2), versions("").stream().map(ObjectVersion::versionId).toList());
    }

    /**
     * A Suspended bucket with Object Lock (S3 refuses to suspend one; a volume can hold one, e.g. a
     * bucket whose lock was set by another tool): a PUT that would overwrite a protected null version
     * in place is refused, one over a version with an id keeps it and passes; a default retention
     * applies to the new version.
     */
    @Test
    void aProtectedNullVersionIsNotOverwrittenInPlaceWhileSuspended() throws IOException {
        posix.putObjectLockConfiguration(B, io.posixgw.core.lock.LockConfiguration.enabledAt(java.time.Instant.now()));
        backend.putBucketVersioning(B, "Suspended");
        assertEquals("null", put("k", "null one"));
        posix.putObjectLegalHold(B, "k", "null", true);
        assertEquals(
                S3Error.ACCESS_DENIED,
                assertThrows(S3Exception.class, () -> put("k", "over")).error());
        assertEquals("null one", get("k", "null"));
        assertEquals(
                S3Error.ACCESS_DENIED,
                assertThrows(S3Exception.class, () -> backend.deleteObject(B, "k"))
                        .error()); // its marker would replace it
        posix.putObjectLegalHold(B, "k", "null", false);
        backend.putBucketVersioning(B, "Enabled");
        String v1 = put("k", "one"); // keeps the null version
        posix.putObjectLegalHold(B, "k", "null", true);
        backend.putBucketVersioning(B, "Suspended");
        // the new null version would replace the kept, protected one
        assertEquals(
                S3Error.ACCESS_DENIED,
                assertThrows(S3Exception.class, () -> put("k", "over")).error());
        assertEquals("one", get("k", v1));
        assertEquals("null one", get("k", "null"));
        posix.putObjectLockConfiguration(
                B,
                new io.posixgw.core.lock.LockConfiguration(
                        true,
                        new io.posixgw.core.lock.DefaultRetention(
                                io.posixgw.core.lock.RetentionMode.GOVERNANCE, 1, null),
                        java.time.Instant.now()));
        backend.putBucketVersioning(B, "Enabled");
        String v2 = put("k", "two");
        assertEquals(
                io.posixgw.core.lock.RetentionMode.GOVERNANCE,
                posix.getObjectLock(B, "k", v2).retention().mode());
    }

    @Test
    void aNewIdSortsAfterTheCurrentOneEvenFromAGatewayWhoseClockIsBehind() {
        // a current version made "in the future" (another gateway's clock, or the same millisecond)
        assertEquals("10000000000000000000000000", Ulid.after("0ZZZZZZZZZZZZZZZZZZZZZZZZZ"));
        assertEquals("0ZZZZZZZZZZZZZZZZZZZZZZZZZ", Ulid.after("0ZZZZZZZZZZZZZZZZZZZZZZZZY"));
        String old = "01HZZZZZZZZZZZZZZZZZZZZZZ0";
        assertTrue(Ulid.after(old).compareTo(old) > 0);
        assertTrue(Ulid.isValid(Ulid.after(null)));
        assertTrue(Ulid.isValid(Ulid.after("null")));
    }

    @Test
    void pagesContinueAfterTheVersionIdMarker() throws IOException {
        backend.putBucketVersioning(B, "Enabled");
        String a1 = put("a", "1");
        String a2 = put("a", "2");
        String b1 = put("b", "1");
        Page<ObjectVersion> p1 = posix.listObjectVersions(new ListVersionsRequest(B, "", null, null, null, 1));
        assertTrue(p1.truncated());
        assertEquals("a", p1.nextKey());
        assertEquals(a2, p1.nextId());
        Page<ObjectVersion> p2 = posix.listObjectVersions(new ListVersionsRequest(B, "", null, "a", a2, 5));
        assertEquals(
                List.of(a1, b1),
                p2.entries().stream().map(ObjectVersion::versionId).toList());
        assertFalse(p2.truncated());
        assertNotEquals(a1, a2);
    }
}
