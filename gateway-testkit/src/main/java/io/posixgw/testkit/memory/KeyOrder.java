package io.posixgw.testkit.memory;

import java.util.Comparator;

/** S3's key order: UTF-8 binary order, which is code point order (not Java's UTF-16 order). */
public final class KeyOrder {
    public static final Comparator<String> KEYS = KeyOrder::compare;

    private KeyOrder() {
    }

    public static int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
