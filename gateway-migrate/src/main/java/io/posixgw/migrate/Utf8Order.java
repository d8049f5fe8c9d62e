package io.posixgw.migrate;

import java.util.Comparator;

/** S3's listing order: keys compared as UTF-8 bytes (code points), not as Java's UTF-16 chars. */
final class Utf8Order {
    static final Comparator<String> KEYS = Utf8Order::compare;

    private Utf8Order() {
    }

    static int compare(String a, String b) {
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
