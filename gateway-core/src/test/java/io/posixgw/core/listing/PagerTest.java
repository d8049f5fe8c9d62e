package io.posixgw.core.listing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The paging rules without a disk: keys fed as a storage would, in key order. */
class PagerTest {

    /** Feeds the keys (sorted here, as a storage sorts) as objects that list as themselves. */
    static Page<String> list(String prefix, String delimiter, String after, int max, String... keys) {
        return list(prefix, delimiter, after, max, List.of(keys));
    }

    static Page<String> list(String prefix, String delimiter, String after, int max, List<String> keys) {
        Pager<String> pager = Pager.afterKey(prefix, delimiter, after, max);
        TreeSet<String> sorted = new TreeSet<>(KeyOrder.COMPARATOR);
        sorted.addAll(keys);
        for (String k : sorted) {
            if (!pager.offer(k, null, k)) {
                break;
            }
        }
        return pager.page();
    }

    @Test
    void commonPrefixIsTheKeyUpToTheFirstDelimiterAfterThePrefix() {
        Pager<String> slash = Pager.afterKey("a/", "/", null, 10);
        assertEquals("a/b/", slash.commonPrefix("a/b/c/d"));
        assertNull(slash.commonPrefix("a/b"));
        assertNull(slash.commonPrefix("a/"), "the prefix's own delimiter does not count");
        assertEquals("a//", slash.commonPrefix("a//x"));
        assertNull(Pager.afterKey("", null, null, 10).commonPrefix("a/b"));
        assertNull(Pager.afterKey("", "", null, 10).commonPrefix("a/b"), "an empty delimiter is none");
    }

    @Test
    void delimitersOfSeveralCharacters() {
        Pager<String> p = Pager.afterKey("x", "--", null, 10);
        assertEquals("x--", p.commonPrefix("x--y--z"));
        assertEquals("x-a--", p.commonPrefix("x-a--b"));
        assertNull(p.commonPrefix("x-a-b"));
        assertEquals("xy--", Pager.afterKey("", "--", null, 10).commonPrefix("xy---z"), "the leftmost occurrence");
        Page<String> page = list("", "ab", null, 10, "1ab2", "1ab3", "1a", "2abab", "3");
        assertEquals(List.of("1a", "3"), page.entries());
        assertEquals(List.of("1ab", "2ab"), page.commonPrefixes());
    }

    @Test
    void prefixesAndKeysShareThePageInKeyOrder() {
        Page<String> page = list("", "/", null, 10, "a-b", "a/x", "a/y/z", "a.txt", "b");
        assertEquals(List.of("a-b", "a.txt", "b"), page.entries());
        assertEquals(List.of("a/"), page.commonPrefixes());
        assertFalse(page.truncated());
        assertNull(page.nextKey());
    }

    @Test
    void keysOutsideThePrefixAreNotListed() {
        Page<String> page = list("d/", "/", null, 10, "c", "d", "d/1", "d/e/2", "e");
        assertEquals(List.of("d/1"), page.entries());
        assertEquals(List.of("d/e/"), page.commonPrefixes());
    }

    @Test
    void markerIsExclusive() {
        assertEquals(List.of("c"), list("", null, "b", 10, "a", "b", "c").entries());
        assertEquals(List.of("b", "c"), list("", null, "a0", 10, "a", "b", "c").entries());
    }

    @Test
    void markerInsideACommonPrefixContinuesAfterIt() {
        Page<String> page = list("", "/", "a/1", 10, "a/1", "a/2", "a/3", "b");
        assertEquals(List.of("b"), page.entries());
        assertTrue(page.commonPrefixes().isEmpty());
        assertEquals(
                List.of("b"),
                list("", "/", "a/", 10, "a/1", "a/2", "b").entries(),
                "a marker naming the prefix itself");
    }

    @Test
    void maxKeysZeroListsNothingAndIsNotTruncated() {
        Pager<String> pager = Pager.afterKey("", "/", null, 0);
        assertTrue(pager.listsNothing());
        assertFalse(pager.offer("a", null, "a"));
        assertFalse(pager.offer("b/c", null, "b/c"));
        Page<String> page = pager.page();
        assertTrue(page.entries().isEmpty());
        assertTrue(page.commonPrefixes().isEmpty());
        assertFalse(page.truncated());
        assertNull(page.nextKey());
        assertTrue(Pager.afterKey("", null, null, -5).listsNothing());
    }

    @Test
    void truncatedExactlyAtACommonPrefix() {
        Page<String> first = list("", "/", null, 1, "a/1", "a/2", "b/1");
        assertEquals(List.of("a/"), first.commonPrefixes());
        assertTrue(first.truncated());
        assertEquals("a/", first.nextKey());
        assertNull(first.nextId());
        Page<String> second = list("", "/", first.nextKey(), 1, "a/1", "a/2", "b/1");
        assertEquals(List.of("b/"), second.commonPrefixes());
        assertFalse(second.truncated());
    }

    @Test
    void aFullPageIsTruncatedOnlyWhenSomethingMoreWouldBeListed() {
        assertFalse(list("", null, null, 2, "x", "y").truncated());
        assertFalse(list("", "/", null, 1, "a/1", "a/2").truncated(), "what follows rolls into the listed prefix");
        Page<String> page = list("", null, null, 2, "x", "y", "z");
        assertTrue(page.truncated());
        assertEquals("y", page.nextKey());
    }

    @Test
    void pagingIsIndependentOfTheEncodingType() {
        List<String> keys = List.of("a b", "a+b", "a%20b", "a&b/c", "\u00e9", "\uD83D\uDE00", "\uFFFD");
        Page<String> page = list("", "/", null, 3, keys);
        assertEquals(List.of("a b", "a%20b", "a&b/"), items(page));
        assertEquals("a&b/", page.nextKey(), "markers stay raw; the answer encodes them");
        Page<String> rest = list("", "/", page.nextKey(), 10, keys);
        assertEquals(
                List.of("a+b", "\u00e9", "\uFFFD", "\uD83D\uDE00"), rest.entries(), "UTF-8 byte order, not UTF-16");
    }

    @Test
    void detailsAreReadOnlyForWhatIsListed() throws Exception {
        Pager<String> pager = Pager.afterKey("", "/", "b", 2);
        AtomicInteger reads = new AtomicInteger();
        for (String k : List.of("a", "b", "c/1", "c/2", "d", "e", "f")) {
            if (!pager.offerLazily(k, null, () -> {
                reads.incrementAndGet();
                return k.equals("d") ? null : k; // d vanished between the walk and the read
            })) {
                break;
            }
        }
        assertEquals(2, reads.get(), "d and e: not a, b (passed), c/* (a prefix) or f (no room)");
        Page<String> page = pager.page();
        assertEquals(List.of("e"), page.entries());
        assertEquals(List.of("c/"), page.commonPrefixes());
        assertTrue(page.truncated());
        assertEquals("e", page.nextKey());
    }

    @Test
    void subtreesBeforeTheMarkerNeedNotBeEntered() {
        Pager<String> pager = Pager.afterKey("", "/", "a/b", 10);
        assertTrue(pager.passedSubtree("a-/"));
        assertTrue(pager.passedSubtree("A/"));
        assertFalse(pager.passedSubtree("a/"), "the marker is inside it");
        assertFalse(pager.passedSubtree("a/b/"), "a/b/... sorts after a/b");
        assertFalse(pager.passedSubtree("b/"));
        assertFalse(Pager.afterKey("", "/", null, 10).passedSubtree("a/"));
        assertTrue(pager.listedPrefix("a/"));
        assertFalse(pager.listedPrefix("b/"));
    }

    record Upload(String key, String id) {}

    static Page<Upload> uploads(String keyMarker, String idMarker, int max, Upload... sorted) {
        Pager<Upload> pager = Pager.afterEntry("", "/", keyMarker, idMarker, max);
        pager.offerSorted(List.of(sorted), Upload::key, Upload::id);
        return pager.page();
    }

    static final Upload[] UPLOADS = {
        new Upload("a", "u1"),
        new Upload("a", "u3"),
        new Upload("a", "u2"),
        new Upload("b", "u4"),
        new Upload("c/d", "u5"),
    };

    @Test
    void uploadIdMarkerContinuesAfterThatUploadOfTheKeyMarker() {
        assertEquals(
                List.of(UPLOADS[2], UPLOADS[3]), uploads("a", "u3", 10, UPLOADS).entries(), "by position while listed");
        assertEquals(
                List.of(UPLOADS[1], UPLOADS[3]),
                uploads("a", "u25", 10, UPLOADS).entries(),
                "else by id order");
        assertEquals(
                List.of(UPLOADS[3]),
                uploads("a", null, 10, UPLOADS).entries(),
                "no id marker: all of the key marker passed");
        assertEquals(
                List.of(UPLOADS[0], UPLOADS[1], UPLOADS[2], UPLOADS[3]),
                uploads(null, "u3", 10, UPLOADS).entries(),
                "an id marker without a key marker is ignored");
    }

    @Test
    void uploadPagesEndOnAnUploadWithItsIdOrOnAPrefixWithout() {
        Page<Upload> first = uploads(null, null, 2, UPLOADS);
        assertEquals(List.of(UPLOADS[0], UPLOADS[1]), first.entries());
        assertTrue(first.truncated());
        assertEquals("a", first.nextKey());
        assertEquals("u3", first.nextId());
        Page<Upload> second = uploads(first.nextKey(), first.nextId(), 2, UPLOADS);
        assertEquals(List.of(UPLOADS[2], UPLOADS[3]), second.entries());
        Page<Upload> third = uploads("b", "u4", 1, UPLOADS);
        assertEquals(List.of("c/"), third.commonPrefixes());
        assertFalse(third.truncated());
        Page<Upload> endsOnPrefix = uploads("a", null, 2, UPLOADS[3], UPLOADS[4], new Upload("d", "u6"));
        assertEquals("c/", endsOnPrefix.nextKey());
        assertNull(endsOnPrefix.nextId());
    }

    record Version(String key, String versionId) {}

    /** Versions, newest first within a key, page as uploads do: key-marker plus version-id-marker. */
    @Test
    void versionListingsPageByKeyAndVersionIdMarkers() {
        List<Version> sorted =
                List.of(new Version("a", "v9"), new Version("a", "v5"), new Version("a", "v2"), new Version("b", "v7"));
        Pager<Version> first = Pager.afterEntry("", null, null, null, 2);
        first.offerSorted(sorted, Version::key, Version::versionId);
        Page<Version> p1 = first.page();
        assertEquals(List.of(sorted.get(0), sorted.get(1)), p1.entries());
        assertEquals("a", p1.nextKey());
        assertEquals("v5", p1.nextId());
        Pager<Version> second = Pager.afterEntry("", null, p1.nextKey(), p1.nextId(), 2);
        second.offerSorted(sorted, Version::key, Version::versionId);
        assertEquals(
                List.of(sorted.get(2), sorted.get(3)), second.page().entries(), "after v5 by position, newest first");
        assertFalse(second.page().truncated());
    }

    /** Random keys paged through in small pages give what one page would, once each, as a plain model says. */
    @Test
    void pagingThroughRandomKeysMatchesAModel() {
        Random random = new Random(14);
        String[] alphabet = {"a", "b", "/", "-", "ab", "\u00e9", "\uD83D\uDE00"};
        String[][] scopes = {{"", null}, {"", "/"}, {"a", "/"}, {"a/", "/"}, {"", "ab"}, {"b", "-/"}, {"", "\u00e9"}};
        for (int round = 0; round < 300; round++) {
            Set<String> keys = new LinkedHashSet<>();
            int n = random.nextInt(30);
            for (int i = 0; i < n; i++) {
                StringBuilder k = new StringBuilder();
                int len = 1 + random.nextInt(5);
                for (int j = 0; j < len; j++) {
                    k.append(alphabet[random.nextInt(alphabet.length)]);
                }
                keys.add(k.toString());
            }
            String[] scope = scopes[random.nextInt(scopes.length)];
            int max = 1 + random.nextInt(4);
            List<String> expected = model(keys, scope[0], scope[1]);
            List<String> got = new ArrayList<>();
            String after = null;
            for (int pages = 0; pages <= expected.size() + 1; pages++) {
                Page<String> page = list(scope[0], scope[1], after, max, List.copyOf(keys));
                got.addAll(items(page));
                assertTrue(items(page).size() <= max);
                if (!page.truncated()) {
                    break;
                }
                assertEquals(max, items(page).size(), "only a full page is truncated");
                after = page.nextKey();
            }
            assertEquals(
                    expected,
                    got,
                    () -> "keys " + keys + " scope " + List.of(scope[0], String.valueOf(scope[1])) + " max " + max);
            Page<String> one = list(scope[0], scope[1], null, 1000, List.copyOf(keys));
            assertEquals(expected, items(one));
        }
    }

    /** A page of keys: its entries and common prefixes, merged in key order. */
    static List<String> items(Page<String> page) {
        List<String> all = new ArrayList<>(page.entries());
        all.addAll(page.commonPrefixes());
        all.sort(KeyOrder.COMPARATOR);
        return all;
    }

    /** What a listing holds, on one page: each key that lists as itself and each distinct common prefix, sorted. */
    static List<String> model(Set<String> keys, String prefix, String delimiter) {
        TreeSet<String> out = new TreeSet<>(KeyOrder.COMPARATOR);
        for (String k : keys) {
            if (!k.startsWith(prefix)) {
                continue;
            }
            int at = delimiter == null ? -1 : k.indexOf(delimiter, prefix.length());
            out.add(at < 0 ? k : k.substring(0, at + delimiter.length()));
        }
        return List.copyOf(out);
    }
}
