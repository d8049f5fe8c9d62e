package io.posixgw.sigv4;

/**
 * SigV4A's {@code X-Amz-Region-Set}: a comma list of region patterns where {@code *} matches any run of characters
 * (e.g. {@code us-*}, {@code *}).
 */
final class RegionSet {
    private RegionSet() {}

    static boolean matches(String regionSet, String region) {
        for (String pattern : regionSet.split(",", -1)) {
            if (glob(pattern.strip(), region)) {
                return true;
            }
        }
        return false;
    }

    /** Linear-time wildcard match (greedy with backtracking to the last star), so hostile patterns cost O(n*m) max. */
    static boolean glob(String pattern, String s) {
        int p = 0;
        int i = 0;
        int star = -1;
        int mark = 0;
        while (i < s.length()) {
            if (p < pattern.length() && pattern.charAt(p) != '*' && pattern.charAt(p) == s.charAt(i)) {
                p++;
                i++;
            } else if (p < pattern.length() && pattern.charAt(p) == '*') {
                star = p++;
                mark = i;
            } else if (star >= 0) {
                p = star + 1;
                i = ++mark;
            } else {
                return false;
            }
        }
        while (p < pattern.length() && pattern.charAt(p) == '*') {
            p++;
        }
        return p == pattern.length();
    }
}
