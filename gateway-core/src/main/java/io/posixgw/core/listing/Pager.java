package io.posixgw.core.listing;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * S3's paging rules, one set for every listing (objects, multipart uploads, and versions to
 * come), fed by a storage's entries in {@link KeyOrder}:
 *
 * <ul>
 * <li>only keys starting with the prefix are listed;</li>
 * <li>a key at or before the marker was listed by an earlier page; with an id marker
 * (upload-id-marker, version-id-marker), the marker key's own entries continue after
 * that entry;</li>
 * <li>with a delimiter, a key rolls up into its common prefix: the key up to and including
 * the first delimiter after the prefix, listed once, and not at all when it is at or
 * before the marker's key (a marker inside a common prefix continues after it);</li>
 * <li>entries and common prefixes together fill the page up to its size; the page is
 * truncated only when one more would have been listed, and the next page starts after
 * its last key or common prefix (and that entry's id);</li>
 * <li>a page of size 0 lists nothing and is not truncated.</li>
 * </ul>
 *
 * Keys are compared raw: encoding-type applies to the answer, not to paging.
 *
 * <p>A storage holding a sorted list feeds it through {@link #offer} or {@link #offerSorted}, one reading details as it goes
 * through {@link #offerLazily}.
 * A storage that walks lazily asks before it reads: {@link #passedSubtree} to skip what an
 * earlier page listed without entering it, {@link #commonPrefix} and {@link #listedPrefix}
 * to answer a whole subtree with one prefix without walking it, {@link #hasRoom} before
 * reading what it would add. The first false from an adding method means the page is full:
 * the feed can stop.
 *
 * @param <T> what the page lists (an object's info, an upload)
 */
public final class Pager<T> {
    /** Reads an entry's details only when it is to be listed; null when it turned out not to exist. */
    @FunctionalInterface
    public interface Details<T, E extends Exception> {
        T read() throws E;
    }

    private final String prefix;
    private final String delimiter;
    private final String markerKey;
    private final String markerId;
    private final int size;
    private final List<T> entries = new ArrayList<>();
    private final List<String> prefixes = new ArrayList<>();
    private boolean truncated;
    private String lastKey;
    private String lastId;
    private String lastPrefix;

    private Pager(String prefix, String delimiter, String markerKey, String markerId, int size) {
        this.prefix = prefix == null ? "" : prefix;
        this.delimiter = emptyToNull(delimiter);
        this.markerKey = emptyToNull(markerKey);
        this.markerId = this.markerKey == null ? null : emptyToNull(markerId);
        this.size = Math.max(0, size);
    }

    /**
     * ListObjects and ListObjectsV2: the page continues after a key (marker, start-after, or the
     * key a continuation token names). Null or empty strings mean none.
     */
    public static <T> Pager<T> afterKey(String prefix, String delimiter, String after, int maxKeys) {
        return new Pager<>(prefix, delimiter, after, null, maxKeys);
    }

    /**
     * ListMultipartUploads (and versions): the page continues after the key marker or, with an id
     * marker, after that entry of the key marker. The id marker counts only with a key marker.
     */
    public static <T> Pager<T> afterEntry(String prefix, String delimiter, String keyMarker, String idMarker, int max) {
        return new Pager<>(prefix, delimiter, keyMarker, idMarker, max);
    }

    /** The prefix every listed key starts with ("" for all). */
    public String prefix() {
        return prefix;
    }

    /** True for a page of size 0, which lists nothing: a storage need not read at all. */
    public boolean listsNothing() {
        return size == 0;
    }

    /** True when the page continues after a marker (a storage may then skip by name). */
    public boolean hasMarker() {
        return markerKey != null;
    }

    /** True when the key is within the listing's prefix. */
    public boolean inScope(String key) {
        return key.startsWith(prefix);
    }

    /**
     * The common prefix the key rolls up into: the key up to and including the first delimiter
     * after the prefix; null when it lists as itself (no delimiter, or none after the prefix).
     * Every key that starts with a directory-like key rolls up into that key's common prefix.
     */
    public String commonPrefix(String key) {
        if (delimiter == null) {
            return null;
        }
        int at = key.indexOf(delimiter, prefix.length());
        return at < 0 ? null : key.substring(0, at + delimiter.length());
    }

    /**
     * True when an earlier page listed the key: before the marker, or the marker itself unless
     * an id marker continues within the marker key's entries.
     */
    public boolean passed(String key) {
        if (markerKey == null) {
            return false;
        }
        int c = KeyOrder.compare(key, markerKey);
        return c < 0 || (c == 0 && markerId == null);
    }

    /**
     * True when every key starting with {@code keyPrefix} (a directory's {@code a/b/}) is at or
     * before the marker, so a walk need not enter it: the prefix sorts at or before the marker
     * and the marker is not inside it.
     */
    public boolean passedSubtree(String keyPrefix) {
        return markerKey != null && KeyOrder.compare(keyPrefix, markerKey) <= 0 && !markerKey.startsWith(keyPrefix);
    }

    /** True when the common prefix is on this page already or was listed before: at or before the marker's key. */
    public boolean listedPrefix(String commonPrefix) {
        return commonPrefix.equals(lastPrefix) || (markerKey != null && KeyOrder.compare(commonPrefix, markerKey) <= 0);
    }

    /** True when one more entry or prefix fits; false when the page is full, which then is truncated. */
    public boolean hasRoom() {
        if (entries.size() + prefixes.size() < size) {
            return true;
        }
        truncated = size > 0;
        return false;
    }

    /** Lists a common prefix that {@link #listedPrefix} says is new; false (truncated) when the page is full. */
    public boolean addPrefix(String commonPrefix) {
        if (!hasRoom()) {
            return false;
        }
        prefixes.add(commonPrefix);
        lastPrefix = commonPrefix;
        lastKey = commonPrefix;
        lastId = null;
        return true;
    }

    /**
     * Lists an entry that lists as itself (not passed, no common prefix); false (truncated)
     * when the page is full.
     *
     * @param id the entry's id within its key (an upload id), or null
     */
    public boolean add(String key, String id, T entry) {
        if (!hasRoom()) {
            return false;
        }
        entries.add(entry);
        lastKey = key;
        lastId = id;
        return true;
    }

    /** Feeds one entry of a stream in key order: skipped, rolled up, or listed; false once the page is full. */
    public boolean offer(String key, String id, T entry) {
        return offerLazily(key, id, () -> entry);
    }

    /**
     * As {@link #offer(String, String, Object)}, reading the entry's details only when it is to
     * be listed as itself and fits; an entry whose details are null (gone meanwhile) is skipped.
     */
    public <E extends Exception> boolean offerLazily(String key, String id, Details<T, E> details) throws E {
        if (!inScope(key) || passed(key)) {
            return true;
        }
        String cp = commonPrefix(key);
        if (cp != null) {
            return listedPrefix(cp) || addPrefix(cp);
        }
        if (!hasRoom()) {
            return false;
        }
        T entry = details.read();
        return entry == null || add(key, id, entry);
    }

    /**
     * Feeds the entries of one key (its uploads, its versions) in their listing order. Of the
     * marker key, only the entries after the id marker are listed: those after the marker
     * entry while it is among them, else those whose id sorts after it (ids that sort in time
     * order, as version 7 upload ids do).
     */
    public boolean offerKey(String key, List<T> ofKey, Function<T, String> idOf) {
        boolean markerKeyEntries = markerId != null && key.equals(markerKey);
        int at = markerKeyEntries ? indexOfMarker(ofKey, idOf) : -1;
        for (int i = 0; i < ofKey.size(); i++) {
            T e = ofKey.get(i);
            String id = idOf.apply(e);
            if (markerKeyEntries && (at >= 0 ? i <= at : id.compareTo(markerId) <= 0)) {
                continue;
            }
            if (!offer(key, id, e)) {
                return false;
            }
        }
        return true;
    }

    /** Feeds a list sorted by key ({@link KeyOrder}), then in each key's listing order; false once the page is full. */
    public boolean offerSorted(List<T> sorted, Function<T, String> keyOf, Function<T, String> idOf) {
        int from = 0;
        while (from < sorted.size()) {
            String key = keyOf.apply(sorted.get(from));
            int to = from + 1;
            while (to < sorted.size() && keyOf.apply(sorted.get(to)).equals(key)) {
                to++;
            }
            if (!offerKey(key, sorted.subList(from, to), idOf)) {
                return false;
            }
            from = to;
        }
        return true;
    }

    /** The page as built so far (the whole page once the feed stopped or ended). */
    public Page<T> page() {
        return new Page<>(entries, prefixes, truncated, truncated ? lastKey : null, truncated ? lastId : null);
    }

    private int indexOfMarker(List<T> ofKey, Function<T, String> idOf) {
        for (int i = 0; i < ofKey.size(); i++) {
            if (idOf.apply(ofKey.get(i)).equals(markerId)) {
                return i;
            }
        }
        return -1;
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
