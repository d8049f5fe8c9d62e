package io.posixgw.core.listing;

import java.util.Comparator;

/**
 * S3's key order: keys compared by their UTF-8 bytes, which is code point order, as every
 * S3 listing returns them. {@link String#compareTo} compares UTF-16 units and puts
 * supplementary characters (surrogate pairs) before U+E000..U+FFFF; this order moves
 * surrogates above the rest of the BMP, without encoding anything.
 */
public final class KeyOrder {
    /** Keys in S3's listing order. */
    public static final Comparator<String> COMPARATOR = KeyOrder::compare;

    private KeyOrder() {}

    /** Negative, zero or positive as {@code a} sorts before, equal to or after {@code b}; zero only for equal strings. */
    public static int compare(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                return fix(x) - fix(y);
            }
        }
        return a.length() - b.length();
    }

    /** Maps a UTF-16 unit so that unit order equals code point order. */
    private static int fix(char c) {
        if (c >= 0xD800) {
            return c >= 0xE000 ? c - 0x800 : c + 0x2000;
        }
        return c;
    }
}
