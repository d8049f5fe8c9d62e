package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ObjectInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Listed objects' ETags kept between listings ({@link ObjectEtags}): a quiet object's ETag is read
 * once; any change to the file (an overwrite by another gateway, an attribute or its data changed
 * in place by another tool) is seen by the next listing, with the size that goes with it; an
 * object changed too recently to tell two changes apart is read again each time.
 */
class ObjectEtagsTest extends BackendTestBase {
    private final AtomicInteger etagReads = new AtomicInteger();
    private final XattrMetadataStore xattrs = new XattrMetadataStore();
    private Lister lister;

    @BeforeEach
    void lister() throws IOException {
        lister = ListerWalkTest.plainLister(
                root, countingEtagReads(xattrs), Files::newDirectoryStream, new ObjectEtags(true));
    }

    /** The store, counting reads of the {@code etag} attribute. */
    private MetadataStore countingEtagReads(MetadataStore store) {
        return (MetadataStore) java.lang.reflect.Proxy.newProxyInstance(
                MetadataStore.class.getClassLoader(), new Class<?>[] {MetadataStore.class}, (p, m, args) -> {
                    if (m.getName().equals("get") && AttrNames.ETAG.equals(args[1])) {
                        etagReads.incrementAndGet();
                    }
                    try {
                        return m.invoke(store, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /** Key to "size etag" of a listing of the bucket, and how many ETag reads it made. */
    private Map<String, String> list() throws IOException {
        etagReads.set(0);
        Map<String, String> out = new TreeMap<>();
        for (ObjectInfo o :
                lister.list(new ListObjectsRequest(B, "", null, null, 1000)).objects()) {
            out.put(o.key(), o.size() + " " + o.etag());
        }
        return out;
    }

    /** Past the racy window of the files written so far. */
    private static void quiet() throws InterruptedException {
        Thread.sleep(BucketAttributes.RACY_NANOS / 1_000_000 + 50);
    }

    private Path file(String key) {
        return root.resolve(B).resolve(key);
    }

    @Test
    void aQuietObjectIsReadOnceAndAnOverwriteByAnotherGatewayIsSeen() throws Exception {
        put("a/1", bytes("one"));
        String e2 = put("a/2", bytes("two")).etag();
        quiet();
        Map<String, String> first = list();
        assertEquals(2, etagReads.get());
        assertEquals(first, list());
        assertEquals(0, etagReads.get(), "both served from memory");

        String e1 = new io.posixgw.testkit.BackendCalls(new PosixBackend(root, options()))
                .putObject(
                        new io.posixgw.core.model.PutObjectRequest(
                                B, "a/1", io.posixgw.core.model.ObjectAttributes.EMPTY, null),
                        io.posixgw.testkit.Bodies.of(bytes("replaced"), 7000))
                .etag(); // another gateway: a new inode
        assertEquals(Map.of("a/1", "8 " + e1, "a/2", "3 " + e2), list());
        assertEquals(1, etagReads.get(), "only the replaced object read again");
    }

    @Test
    void anAttributeOrDataChangedInPlaceIsSeen() throws Exception {
        put("k", bytes("data"));
        quiet();
        list();
        list();
        assertEquals(0, etagReads.get());

        xattrs.set(file("k"), AttrNames.ETAG, AttrCodec.utf8("\"0123456789abcdef0123456789abcdef\"")); // another tool
        assertEquals(Map.of("k", "4 \"0123456789abcdef0123456789abcdef\""), list());
        assertEquals(1, etagReads.get());

        quiet();
        list();
        Files.writeString(file("k"), "longer data"); // same inode: the ctime moves on
        assertEquals(Map.of("k", "11 \"0123456789abcdef0123456789abcdef\""), list());
        assertEquals(1, etagReads.get());
    }

    @Test
    void anObjectChangedTooRecentlyIsReadEachTime() throws Exception {
        put("fresh", bytes("x"));
        list();
        list();
        assertEquals(1, etagReads.get(), "written within the racy window: not kept");
    }

    @Test
    void offKeepsNothing() throws Exception {
        lister = ListerWalkTest.plainLister(
                root, countingEtagReads(xattrs), Files::newDirectoryStream, new ObjectEtags(false));
        put("k", bytes("data"));
        quiet();
        list();
        list();
        assertEquals(1, etagReads.get());
    }
}
