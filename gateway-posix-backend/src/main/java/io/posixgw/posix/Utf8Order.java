package io.posixgw.posix;

import java.util.Comparator;

/**
 * Orders strings as S3 orders keys: by their UTF-8 bytes, which is code point order.
 * {@link String#compareTo} compares UTF-16 units and puts supplementary characters
 * (surrogate pairs) before U+E000..U+FFFF; this comparator moves surrogates above
 * the rest of the BMP, without encoding anything.
 */
final class Utf8Order {
    static final Comparator<String> COMPARATOR = Utf8Order::compare;

    private Utf8Order() {
    }

    static int compare(String a, String b) {
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
