package io.posixgw.core.names;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;

/** S3's bucket naming rules (general purpose buckets). */
public final class BucketNames {
    private BucketNames() {}

    /** True when {@code name} is a valid S3 bucket name. */
    public static boolean isValid(String name) {
        int n = name.length();
        if (n < 3 || n > 63) {
            return false;
        }
        if (!isLowerAlnum(name.charAt(0)) || !isLowerAlnum(name.charAt(n - 1))) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            if (!(isLowerAlnum(c) || c == '.' || c == '-')) {
                return false;
            }
            if (c == '.' && i + 1 < n && (name.charAt(i + 1) == '.' || name.charAt(i + 1) == '-')) {
                return false;
            }
            if (c == '-' && i + 1 < n && name.charAt(i + 1) == '.') {
                return false;
            }
        }
        if (looksLikeIpv4(name)) {
            return false;
        }
        return !name.startsWith("xn--")
                && !name.startsWith("sthree-")
                && !name.endsWith("-s3alias")
                && !name.endsWith("--ol-s3");
    }

    /** Throws {@code InvalidBucketName} unless {@code name} is valid. */
    public static String requireValid(String name) {
        if (!isValid(name)) {
            throw new S3Exception(S3Error.INVALID_BUCKET_NAME, "The specified bucket is not valid: " + printable(name));
        }
        return name;
    }

    private static boolean isLowerAlnum(char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    }

    private static boolean looksLikeIpv4(String name) {
        String[] parts = name.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String p : parts) {
            if (p.isEmpty() || p.length() > 3) {
                return false;
            }
            for (int i = 0; i < p.length(); i++) {
                if (p.charAt(i) < '0' || p.charAt(i) > '9') {
                    return false;
                }
            }
        }
        return true;
    }

    static String printable(String s) {
        StringBuilder b = new StringBuilder();
        s.codePoints().limit(80).forEach(cp -> {
            if (cp < 0x20 || cp == 0x7f) {
                b.append(String.format("\\x%02x", cp));
            } else {
                b.appendCodePoint(cp);
            }
        });
        return b.toString();
    }
}
