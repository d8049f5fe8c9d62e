package io.posixgw.core.policy;

/**
 * IAM's wildcard matching for actions, resources and the {@code *Like} operators: {@code *} is any
 * run of characters ({@code /} included), {@code ?} any one character. Greedy with one backtrack
 * point, so a hostile pattern costs at most pattern length times value length steps, never an
 * exponential search.
 */
public final class Wildcards {
    private Wildcards() {}

    public static boolean match(String pattern, String value, boolean ignoreCase) {
        int p = 0;
        int v = 0;
        int star = -1;
        int resume = 0;
        while (v < value.length()) {
            if (p < pattern.length() && pattern.charAt(p) == '*') {
                star = p++;
                resume = v;
            } else if (p < pattern.length()
                    && (pattern.charAt(p) == '?' || same(pattern.charAt(p), value.charAt(v), ignoreCase))) {
                p++;
                v++;
            } else if (star >= 0) {
                p = star + 1;
                v = ++resume;
            } else {
                return false;
            }
        }
        while (p < pattern.length() && pattern.charAt(p) == '*') {
            p++;
        }
        return p == pattern.length();
    }

    public static boolean hasWildcard(String s) {
        return s.indexOf('*') >= 0 || s.indexOf('?') >= 0;
    }

    private static boolean same(char a, char b, boolean ignoreCase) {
        return a == b || (ignoreCase && Character.toLowerCase(a) == Character.toLowerCase(b));
    }
}
