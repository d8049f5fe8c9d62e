package io.posixgw.migrate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.listing.KeyOrder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContentRulesTest {
    private static final String MD5 = "9e107d9d372bb6826bd81d3542a419d6";
    private static final String OTHER = "e4d909c290d0fb1ca068ffaddf22cbd0";
    private static final Instant T = Instant.parse("2026-01-01T10:00:00.250Z");

    private static SourceObject src(String etag, long size) {
        return new SourceObject("b", "k", size, etag, T);
    }

    @Test
    void plainEtagsDecideByMd5() {
        assertTrue(ContentRules.isMd5("\"" + MD5.toUpperCase() + "\""));
        assertFalse(ContentRules.isMd5(MD5 + "-2"));
        assertFalse(ContentRules.isMd5("abc"));
        assertTrue(ContentRules.upToDate(src(MD5, 10), new Existing("\"" + MD5 + "\"", 10, T.minusSeconds(60))));
        assertFalse(
                ContentRules.upToDate(src(MD5, 10), new Existing(OTHER, 10, T.plusSeconds(60))), "newer does not help");
        assertFalse(ContentRules.upToDate(src(MD5, 10), null));
        assertFalse(ContentRules.upToDate(src(MD5, 10), new Existing(MD5, 11, T)), "size differs");
    }

    @Test
    void multipartEtagsDecideBySizeAndAge() {
        String mp = OTHER + "-3";
        assertTrue(ContentRules.upToDate(src(mp, 10), new Existing(MD5, 10, T.plusSeconds(5))));
        assertTrue(
                ContentRules.upToDate(src(mp, 10), new Existing(MD5, 10, Instant.parse("2026-01-01T10:00:00Z"))),
                "Last-Modified of a HEAD has whole seconds");
        assertFalse(
                ContentRules.upToDate(src(mp, 10), new Existing(MD5, 10, T.minusSeconds(1))),
                "copy older than the source");
        assertFalse(ContentRules.upToDate(src(mp, 10), new Existing(MD5, 9, T.plusSeconds(5))));
        assertTrue(ContentRules.upToDate(src(mp, 10), new Existing(mp, 10, T.minusSeconds(99))), "identical ETags");
        assertTrue(
                ContentRules.upToDate(src(MD5, 10), new Existing(OTHER + "-2", 10, T.plusSeconds(1))),
                "a plain source against a multipart copy (reverse sync of a large object)");
        assertFalse(ContentRules.upToDate(new SourceObject("b", "k", 10, mp, null), new Existing(MD5, 10, T)));
    }

    @Test
    void verificationChecksSizeThenMd5() {
        assertNull(ContentRules.verify(MD5, 10, new Written(MD5, 10, MD5)));
        assertTrue(ContentRules.verify(MD5, 10, new Written(MD5, 9, MD5)).startsWith("size mismatch"));
        assertTrue(ContentRules.verify(MD5, 10, new Written(OTHER, 10, OTHER)).startsWith("MD5 mismatch"));
        assertTrue(ContentRules.verify(MD5, 10, new Written(OTHER, 10, MD5)).startsWith("ETag mismatch"));
        assertNull(
                ContentRules.verify(MD5, 10, new Written(OTHER + "-2", 10, MD5)),
                "a multipart destination ETag proves nothing");
        assertNull(ContentRules.verify(OTHER + "-4", 10, new Written(MD5, 10, MD5)), "multipart source: size only");
        assertArrayEquals(new byte[] {(byte) 0x9e, 0x10}, java.util.Arrays.copyOf(ContentRules.md5Bytes(MD5), 2));
        assertNull(ContentRules.md5Bytes(MD5 + "-1"));
    }

    @Test
    void keysCompareAsUtf8Bytes() {
        // U+FF5E (3 UTF-8 bytes, EF BD 9E) sorts before U+1F389 (4 bytes, F0 9F 8E 89); in UTF-16 it is the other way
        // round.
        String fullwidth = "\uFF5E";
        String emoji = "\uD83C\uDF89";
        assertTrue(KeyOrder.compare(fullwidth, emoji) < 0);
        assertTrue(fullwidth.compareTo(emoji) > 0);
        List<String> keys = new ArrayList<>(List.of("b", "a/", "a", "a/b", emoji, fullwidth, "é"));
        keys.sort(KeyOrder.COMPARATOR);
        assertEquals(List.of("a", "a/", "a/b", "b", "é", fullwidth, emoji), keys);
        assertEquals(0, KeyOrder.compare("same", "same"));
    }
}
