package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.testkit.BackendCalls;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bucket attributes kept between requests ({@link BucketAttributes}): served from memory while the
 * bucket directory's inode and ctime stay, read again after any change, by this gateway or
 * another, and never kept while the directory changed too recently to tell two changes apart.
 */
class BucketAttributesTest {
    @TempDir
    Path tmp;

    private Path bucket;
    private final AtomicInteger reads = new AtomicInteger();
    private final XattrMetadataStore xattrs = new XattrMetadataStore();
    private BucketAttributes attributes;

    @BeforeEach
    void setUp() throws IOException {
        bucket = Files.createDirectories(tmp.resolve("b"));
        xattrs.set(bucket, AttrNames.ACL, bytes("{\"Owner\":\"first\"}"));
        attributes = new BucketAttributes(countingReads(xattrs), true);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The store, counting reads of whole attribute sets. */
    private MetadataStore countingReads(MetadataStore store) {
        return (MetadataStore) java.lang.reflect.Proxy.newProxyInstance(
                MetadataStore.class.getClassLoader(), new Class<?>[] {MetadataStore.class}, (p, m, args) -> {
                    if (m.getName().equals("read")) {
                        reads.incrementAndGet();
                    }
                    try {
                        return m.invoke(store, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private String owner() throws IOException {
        return AttrCodec.decodeAclOwner(attributes.all(bucket).get(AttrNames.ACL));
    }

    private static void quiet() throws InterruptedException {
        Thread.sleep(BucketAttributes.RACY_NANOS / 1_000_000 + 30);
    }

    @Test
    void aQuietBucketIsReadOnceAndEveryChangeIsSeen() throws Exception {
        quiet();
        assertEquals("first", owner());
        assertEquals("first", owner());
        assertEquals("first", owner());
        assertEquals(1, reads.get(), "read once, then checked by its ctime alone");

        xattrs.set(bucket, AttrNames.ACL, bytes("{\"Owner\":\"second\"}")); // e.g. another gateway
        assertEquals("second", owner(), "the change moved the ctime");
        xattrs.remove(bucket, AttrNames.ACL);
        assertEquals(null, owner());
    }

    @Test
    void aRecentlyChangedBucketIsReadEachTime() throws Exception {
        xattrs.set(bucket, AttrNames.BUCKET_LOCK, bytes("x")); // a change just now
        long ctime = ((java.nio.file.attribute.FileTime) Files.getAttribute(bucket, "unix:ctime"))
                .to(java.util.concurrent.TimeUnit.NANOSECONDS);
        // each read comes 50 ms after the change, within the racy margin
        attributes = new BucketAttributes(countingReads(xattrs), true, () -> ctime + 50_000_000L);
        owner();
        owner();
        owner();
        assertEquals(3, reads.get(), "a ctime this young may hide a second change in the same clock tick");
        attributes = new BucketAttributes(countingReads(xattrs), true, () -> ctime + BucketAttributes.RACY_NANOS + 1);
        owner();
        owner();
        assertEquals(4, reads.get(), "once it has aged, one read serves");
    }

    @Test
    void aBucketMadeAgainInItsPlaceIsNotTakenForTheOldOne() throws Exception {
        quiet();
        assertEquals("first", owner());
        Path parked = tmp.resolve(".b-parked");
        Files.move(bucket, parked);
        assertThrows(S3Exception.class, this::owner);
        Files.createDirectories(bucket);
        xattrs.set(bucket, AttrNames.ACL, bytes("{\"Owner\":\"other\"}"));
        assertEquals("other", owner());
        Files.delete(bucket);
        Files.move(parked, bucket); // the old directory back: renamed, so its ctime moved too
        assertEquals("first", owner());
    }

    @Test
    void noDirectoryIsNoBucket() throws Exception {
        Path file = Files.writeString(tmp.resolve("f"), "x");
        Path link = Files.createSymbolicLink(tmp.resolve("l"), bucket);
        for (Path p : List.of(file, link, tmp.resolve("missing"))) {
            S3Exception e = assertThrows(S3Exception.class, () -> attributes.all(p));
            assertEquals(S3Error.NO_SUCH_BUCKET, e.error());
        }
    }

    @Test
    void twoGatewaysSeeEachOthersBucketChanges() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("root"));
        PosixOptions o = PosixOptions.DEFAULT.withCachedAttributes(true);
        BackendCalls a = new BackendCalls(new PosixBackend(root, o));
        BackendCalls b = new BackendCalls(new PosixBackend(root, o));
        a.createBucket("bkt", "alice");
        quiet();
        assertEquals("alice", a.bucketOwner("bkt"));
        b.deleteBucket("bkt");
        assertThrows(S3Exception.class, () -> a.bucketOwner("bkt"));
        b.createBucket("bkt", "bob");
        assertEquals("bob", a.bucketOwner("bkt"));
        quiet();
        assertEquals("bob", a.bucketOwner("bkt"));
        b.deleteBucket("bkt");
        b.createBucket("bkt", "carol");
        assertEquals("carol", a.bucketOwner("bkt"), "made again at once: another inode, another ctime");
    }
}
