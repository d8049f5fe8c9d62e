package io.posixgw.testkit.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.listing.KeyOrder;
import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ListObjectsResult;
import io.posixgw.core.model.ObjectInfo;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** ListObjects behaviour every backend keeps. */
public abstract class ListingContract extends BackendContract {
    /** A supplementary-plane character: first in UTF-16 order, last in UTF-8 order. */
    static final String EMOJI = "\uD83D\uDE00";
    /** U+FFFD: after the surrogates in UTF-16, before U+1F600 in UTF-8. */
    static final String FFFD = "\uFFFD";

    protected ListObjectsResult list(String prefix, String delim, String after, int max) throws Exception {
        return backend.listObjects(new ListObjectsRequest(B, prefix, delim, after, max));
    }

    protected static List<String> keys(ListObjectsResult r) {
        List<String> k = new ArrayList<>();
        for (ObjectInfo o : r.objects()) {
            k.add(o.key());
        }
        return k;
    }

    protected void tree() throws Exception {
        for (String k : List.of("a-b", "a.txt", "a/x", "a/y/z", "a/y/zz", "b", "c/", "c/d", EMOJI, FFFD, "e/f/g/h")) {
            put(k, k.endsWith("/") ? new byte[0] : bytes(k));
        }
    }

    @Test
    void keysAreInUtf8ByteOrderWithDirectoriesAsNameSlash() throws Exception {
        tree();
        assertEquals(
                List.of("a-b", "a.txt", "a/x", "a/y/z", "a/y/zz", "b", "c/", "c/d", "e/f/g/h", FFFD, EMOJI),
                keys(list("", null, null, 1000)));
    }

    @Test
    void delimiterRollsDirectoriesUpWithoutListingThem() throws Exception {
        tree();
        ListObjectsResult r = list("", "/", null, 1000);
        assertEquals(List.of("a-b", "a.txt", "b", FFFD, EMOJI), keys(r));
        assertEquals(List.of("a/", "c/", "e/"), r.commonPrefixes());
        assertFalse(r.truncated());
        ListObjectsResult inA = list("a/", "/", null, 1000);
        assertEquals(List.of("a/x"), keys(inA));
        assertEquals(List.of("a/y/"), inA.commonPrefixes());
        // the directory object "c/" is listed under its own prefix
        assertEquals(List.of("c/", "c/d"), keys(list("c/", "/", null, 1000)));
    }

    @Test
    void prefixEndingMidName() throws Exception {
        tree();
        assertEquals(List.of("a/y/z", "a/y/zz"), keys(list("a/y/z", null, null, 1000)));
        assertEquals(List.of("a.txt"), keys(list("a.", null, null, 1000)));
        assertEquals(List.of("a-b", "a.txt", "a/x", "a/y/z", "a/y/zz"), keys(list("a", null, null, 1000)));
        ListObjectsResult r = list("a", "/", null, 1000);
        assertEquals(List.of("a-b", "a.txt"), keys(r));
        assertEquals(List.of("a/"), r.commonPrefixes());
        assertTrue(keys(list("nothing/here/", null, null, 1000)).isEmpty());
        assertTrue(keys(list("a-b/", null, null, 1000)).isEmpty());
    }

    @Test
    void afterIsExclusiveAndSkipsSubtrees() throws Exception {
        tree();
        assertEquals(List.of("a/x", "a/y/z", "a/y/zz", "b"), keys(list("", null, "a.txt", 4)));
        assertEquals(List.of("a/y/zz", "b"), keys(list("", null, "a/y/z", 2)));
        ListObjectsResult r = list("", "/", "a/", 1000);
        assertEquals(List.of("b", FFFD, EMOJI), keys(r));
        assertEquals(List.of("c/", "e/"), r.commonPrefixes());
        assertTrue(keys(list("", null, EMOJI, 1000)).isEmpty());
    }

    @Test
    void otherDelimiters() throws Exception {
        for (String k : List.of("x-1", "x-2", "x-3/deep", "xy", "y/z-1", "y/z-2")) {
            put(k, bytes(k));
        }
        ListObjectsResult r = list("", "-", null, 1000);
        assertEquals(List.of("xy"), keys(r));
        assertEquals(List.of("x-", "y/z-"), r.commonPrefixes());
        ListObjectsResult r2 = list("", "z-", null, 1000);
        assertEquals(List.of("x-1", "x-2", "x-3/deep", "xy"), keys(r2));
        assertEquals(List.of("y/z-"), r2.commonPrefixes());
        // a page boundary on a common prefix does not repeat it
        ListObjectsResult p1 = list("", "-", null, 1);
        assertEquals(List.of("x-"), p1.commonPrefixes());
        assertTrue(p1.truncated());
        assertEquals("x-", p1.nextAfter());
        ListObjectsResult p2 = list("", "-", p1.nextAfter(), 1);
        assertEquals(List.of("xy"), keys(p2));
        assertTrue(p2.commonPrefixes().isEmpty());
    }

    @Test
    void pagingThrough2500KeysGivesEveryKeyOnceInOrder() throws Exception {
        TreeSet<String> expected = new TreeSet<>(KeyOrder.COMPARATOR);
        for (int i = 0; i < 2500; i++) {
            String k = switch (i % 5) {
                case 0 -> "flat-" + i;
                case 1 -> "d" + (i % 7) + "/k" + i;
                case 2 -> "d" + (i % 7) + "/sub" + (i % 3) + "/k" + i;
                case 3 -> "d" + (i % 7) + "-x" + i;
                default -> "z/" + i + ".bin";
            };
            expected.add(k);
        }
        int i = 0;
        for (String k : expected) {
            put(k, bytes(Integer.toString(i++)));
        }
        List<String> got = new ArrayList<>();
        String after = null;
        int pages = 0;
        while (true) {
            ListObjectsResult r = list("", null, after, 1000);
            pages++;
            got.addAll(keys(r));
            if (!r.truncated()) {
                assertNull(r.nextAfter());
                break;
            }
            assertEquals(1000, r.objects().size());
            after = r.nextAfter();
        }
        assertEquals(3, pages);
        assertEquals(new ArrayList<>(expected), got);
        Set<String> unique = new LinkedHashSet<>(got);
        assertEquals(2500, unique.size());
        // with a delimiter: prefixes and keys merged, none repeated across pages
        List<String> mixed = new ArrayList<>();
        after = null;
        while (true) {
            ListObjectsResult r = list("", "/", after, 3);
            mixed.addAll(keys(r));
            mixed.addAll(r.commonPrefixes());
            if (!r.truncated()) {
                break;
            }
            after = r.nextAfter();
        }
        assertEquals(new LinkedHashSet<>(mixed).size(), mixed.size());
        assertTrue(mixed.containsAll(List.of("d0/", "d6/", "z/")));
    }

    @Test
    void listedObjectsCarrySizeEtagAndTime() throws Exception {
        var r = put("sized", random(12345, 9));
        ObjectInfo o = list("sized", null, null, 10).objects().get(0);
        assertEquals(12345, o.size());
        assertEquals(r.etag(), o.etag());
        assertTrue(o.lastModified().toEpochMilli() > 0);
    }

    @Test
    void maxKeysCountsPrefixesAndTruncatesExactly() throws Exception {
        tree();
        ListObjectsResult r = list("", "/", null, 5);
        assertEquals(List.of("a-b", "a.txt", "b"), keys(r));
        assertEquals(List.of("a/", "c/"), r.commonPrefixes());
        assertTrue(r.truncated());
        assertEquals("c/", r.nextAfter());
        ListObjectsResult all = list("", "/", null, 8);
        assertFalse(all.truncated());
        assertEquals(8, all.objects().size() + all.commonPrefixes().size());
    }
}
