package io.posixgw.core.names;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.nio.charset.StandardCharsets;

/**
 * Object key rules for a gateway whose keys are file paths. S3 allows almost any
 * UTF-8 string; a POSIX store cannot hold keys that would leave the bucket
 * directory or that name the gateway's own staging area.
 */
public final class ObjectKeys {
    /** S3's limit on a key, in UTF-8 bytes. */
    public static final int MAX_KEY_BYTES = 1024;
    /** Name of the staging directory inside every bucket; never visible as an object. */
    public static final String STAGING_DIR = ".sgwtmp";
    /** Longest path component a POSIX filesystem takes (NAME_MAX). */
    public static final int MAX_COMPONENT_BYTES = 255;

    private ObjectKeys() {}

    /**
     * Checks a decoded key and returns it unchanged. Rejects: empty keys, keys over
     * 1024 bytes ({@code KeyTooLongError}), NUL bytes, absolute paths, {@code .} and
     * {@code ..} segments, empty segments ({@code a//b}, which a filesystem cannot keep
     * apart from {@code a/b}), components over 255 bytes, and the staging directory name.
     * Look-alikes such as {@code %2e%2e} arrive here already decoded once; their literal
     * text is a legal name and is stored as such.
     */
    public static String requireValid(String key) {
        if (key == null || key.isEmpty()) {
            throw new S3Exception(S3Error.INVALID_ARGUMENT, "Object key must not be empty");
        }
        byte[] utf8 = key.getBytes(StandardCharsets.UTF_8);
        if (utf8.length > MAX_KEY_BYTES) {
            throw new S3Exception(
                    S3Error.KEY_TOO_LONG, "Your key is too long: " + utf8.length + " bytes, limit " + MAX_KEY_BYTES);
        }
        if (key.indexOf('\0') >= 0) {
            throw new S3Exception(S3Error.INVALID_ARGUMENT, "Object key must not contain NUL");
        }
        if (key.charAt(0) == '/') {
            throw new S3Exception(S3Error.INVALID_ARGUMENT, "Object key must not start with '/'");
        }
        int start = 0;
        int n = key.length();
        while (start <= n) {
            int slash = key.indexOf('/', start);
            int end = slash < 0 ? n : slash;
            String segment = key.substring(start, end);
            boolean last = slash < 0;
            if (segment.isEmpty() && !(last && end == n && n > 0)) {
                // An empty final segment is the trailing slash of a directory object; any other is "a//b".
                throw new S3Exception(S3Error.INVALID_ARGUMENT, "Object key must not contain empty path segments");
            }
            if (segment.equals(".") || segment.equals("..")) {
                throw new S3Exception(
                        S3Error.INVALID_ARGUMENT, "Object key must not contain '.' or '..' path segments");
            }
            if (segment.equals(STAGING_DIR)) {
                throw new S3Exception(
                        S3Error.INVALID_ARGUMENT, "Object key must not use the reserved name " + STAGING_DIR);
            }
            if (segment.getBytes(StandardCharsets.UTF_8).length > MAX_COMPONENT_BYTES) {
                throw new S3Exception(
                        S3Error.KEY_TOO_LONG,
                        "A path segment of the key is longer than " + MAX_COMPONENT_BYTES + " bytes");
            }
            if (last) {
                break;
            }
            start = slash + 1;
        }
        return key;
    }

    /** True for a directory object key ({@code a/b/}). */
    public static boolean isDirectoryKey(String key) {
        return key.endsWith("/");
    }
}
