package io.posixgw.posix;

import java.security.SecureRandom;

/**
 * Version ids as versitygw makes them: ULIDs (26 characters of Crockford base32, a 48-bit
 * millisecond time then 80 random bits), which sort by creation time as strings. Ids made
 * in the same millisecond by this process are kept increasing (the random part counts up),
 * so a version made after another always sorts after it here; across gateways ids only
 * sort by millisecond, as with versitygw.
 */
final class Ulid {
    private static final char[] ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
    private static final SecureRandom RANDOM = new SecureRandom();
    private static long lastMillis;
    private static final byte[] LAST_RANDOM = new byte[10];

    private Ulid() {}

    static String next() {
        return next(System.currentTimeMillis());
    }

    static synchronized String next(long millis) {
        if (millis <= lastMillis) {
            millis = lastMillis;
            increment(LAST_RANDOM);
        } else {
            lastMillis = millis;
            RANDOM.nextBytes(LAST_RANDOM);
        }
        char[] out = new char[26];
        long t = millis;
        for (int i = 9; i >= 0; i--) {
            out[i] = ALPHABET[(int) (t & 31)];
            t >>>= 5;
        }
        // 80 random bits as 16 characters of 5 bits, most significant first
        int bit = 0;
        for (int i = 10; i < 26; i++) {
            int v = 0;
            for (int b = 0; b < 5; b++, bit++) {
                v = (v << 1) | ((LAST_RANDOM[bit >> 3] >> (7 - (bit & 7))) & 1);
            }
            out[i] = ALPHABET[v];
        }
        return new String(out);
    }

    /**
     * A new id that sorts after {@code floor} (a version id, or null, or {@code null} the null
     * version's): a gateway whose clock is behind, or that made its id in the same millisecond,
     * takes {@code floor}'s successor instead.
     */
    static String after(String floor) {
        String id = next();
        if (floor == null || !isValid(floor)) {
            return id;
        }
        String f = floor.toUpperCase(java.util.Locale.ROOT);
        if (id.compareTo(f) > 0) {
            return id;
        }
        char[] c = f.toCharArray();
        for (int i = c.length - 1; i >= 0; i--) {
            int v = new String(ALPHABET).indexOf(c[i]);
            if (v < 0) {
                return id; // an alias letter (I, L, O): no successor worth computing
            }
            if (v < ALPHABET.length - 1) {
                c[i] = ALPHABET[v + 1];
                return new String(c);
            }
            c[i] = ALPHABET[0];
        }
        return id; // the largest id there is
    }

    private static void increment(byte[] b) {
        for (int i = b.length - 1; i >= 0; i--) {
            if (++b[i] != 0) {
                return;
            }
        }
    }

    /** Whether {@code s} parses as a ULID (versitygw's check on a version id): 26 base32 characters, time within 48 bits. */
    static boolean isValid(String s) {
        if (s == null || s.length() != 26 || s.charAt(0) > '7') {
            return false;
        }
        for (int i = 0; i < 26; i++) {
            char c = Character.toUpperCase(s.charAt(i));
            if (c == 'I' || c == 'L') {
                c = '1';
            } else if (c == 'O') {
                c = '0';
            }
            boolean ok = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z' && c != 'U');
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
