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
 * Objects' attributes kept between requests ({@link KeptAttributes}): a quiet object's ETag is read
 * once by listings, its attributes once by GET and HEAD; any change to the file (an overwrite by
 * another gateway, an attribute or its data changed in place by another tool) is seen by the next
 * request, with the size that goes with it; an object changed too recently to tell two changes
 * apart is read again each time.
 */
class KeptAttributesTest extends BackendTestBase {
    private final AtomicInteger etagReads = new AtomicInteger();
    private final AtomicInteger attributeReads = new AtomicInteger();
    private final XattrMetadataStore xattrs = new XattrMetadataStore();
    private Lister lister;
    private ObjectReader reader;

    @BeforeEach
    void lister() throws IOException {
        KeptAttributes kept = new KeptAttributes(true);
        lister = ListerWalkTest.plainLister(root, countingReads(xattrs), Files::newDirectoryStream, kept);
        reader = new ObjectReader(new PathResolver(root), countingReads(xattrs), 1 << 20, null, kept);
    }

    /** The store, counting reads of the {@code etag} attribute and of whole attribute sets. */
    private MetadataStore countingReads(MetadataStore store) {
        return (MetadataStore) java.lang.reflect.Proxy.newProxyInstance(
                MetadataStore.class.getClassLoader(), new Class<?>[] {MetadataStore.class}, (p, m, args) -> {
                    if (m.getName().equals("get") && AttrNames.ETAG.equals(args[1])) {
                        etagReads.incrementAndGet();
                    }
                    if (m.getName().equals("read")) {
                        attributeReads.incrementAndGet();
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
                root, countingReads(xattrs), Files::newDirectoryStream, new KeptAttributes(false));
        put("k", bytes("data"));
        quiet();
        list();
        list();
        assertEquals(1, etagReads.get());
    }

    /** "size etag content-type meta" of a HEAD and of a GET (which must agree), counting attribute reads. */
    private String headAndGet(String key) throws IOException {
        ObjectInfo h = reader.head(B, key, false);
        String head = h.size() + " " + h.etag() + " " + h.attributes().contentType() + " "
                + h.attributes().userMetadata();
        try (io.posixgw.core.backend.ObjectContent c = reader.open(new io.posixgw.core.model.GetObjectRequest(
                B, key, null, null, false, false, io.posixgw.core.model.Preconditions.NONE, null))) {
            ObjectInfo g = c.info();
            assertEquals(
                    head,
                    g.size() + " " + g.etag() + " " + g.attributes().contentType() + " "
                            + g.attributes().userMetadata());
            assertEquals(h.size(), readAll(c).length);
        }
        return head;
    }

    @Test
    void readsOfAQuietObjectReadItsAttributesOnceAndSeeEveryChange() throws Exception {
        io.posixgw.core.model.ObjectAttributes meta = new io.posixgw.core.model.ObjectAttributes(
                "text/plain", null, null, null, null, null, Map.of("who", "first"), Map.of());
        String etag = put("k", bytes("data"), meta).etag();
        quiet();
        attributeReads.set(0);
        String first = headAndGet("k");
        assertEquals("4 " + etag + " text/plain {who=first}", first);
        assertEquals(1, attributeReads.get(), "read once, by the HEAD");
        attributeReads.set(0);
        assertEquals(first, headAndGet("k"));
        assertEquals(0, attributeReads.get(), "both served from memory");

        xattrs.set(file("k"), AttrNames.CONTENT_TYPE, AttrCodec.utf8("image/png")); // another tool
        attributeReads.set(0);
        assertEquals("4 " + etag + " image/png {who=first}", headAndGet("k"));
        assertEquals(2, attributeReads.get(), "changed within the racy window: read each time");

        quiet();
        String other = new io.posixgw.testkit.BackendCalls(new PosixBackend(root, options()))
                .putObject(
                        new io.posixgw.core.model.PutObjectRequest(
                                B,
                                "k",
                                new io.posixgw.core.model.ObjectAttributes(
                                        "text/plain", null, null, null, null, null, Map.of("who", "second"), Map.of()),
                                null),
                        io.posixgw.testkit.Bodies.of(bytes("other data"), 7000))
                .etag(); // another gateway: a new inode
        assertEquals("10 " + other + " text/plain {who=second}", headAndGet("k"));
    }

    @Test
    void aForeignFilesAttributesAreNeverKept() throws Exception {
        Files.createDirectories(root.resolve(B));
        Files.writeString(file("foreign"), "written by another tool");
        quiet();
        headAndGet("foreign");
        attributeReads.set(0);
        headAndGet("foreign");
        assertEquals(2, attributeReads.get(), "no recorded etag: read each time");
    }
}
