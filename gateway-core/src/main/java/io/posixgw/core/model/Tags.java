package io.posixgw.core.model;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/** S3's object tag rules: at most 10 tags, keys of 1..128 and values of 0..256 characters, keys unique. */
public final class Tags {
    public static final int MAX_TAGS = 10;
    public static final int MAX_KEY_LENGTH = 128;
    public static final int MAX_VALUE_LENGTH = 256;

    private Tags() {}

    /** Parses the {@code x-amz-tagging} header: a URL-encoded query string {@code k1=v1&k2=v2}. */
    public static Map<String, String> parseHeader(String header) {
        Map<String, String> tags = new LinkedHashMap<>();
        if (header == null || header.isEmpty()) {
            return tags;
        }
        for (String pair : header.split("&", -1)) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String k;
            String v;
            try {
                k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw new S3Exception(
                        S3Error.INVALID_ARGUMENT,
                        "The header 'x-amz-tagging' shall be encoded as UTF-8 then URLEncoded URL query parameters without tag name duplicates.");
            }
            if (tags.put(k, v) != null) {
                throw new S3Exception(S3Error.INVALID_TAG, "Cannot provide multiple Tags with the same key");
            }
        }
        return validate(tags);
    }

    /** Checks the rules and returns the tags sorted by key. */
    public static Map<String, String> validate(Map<String, String> tags) {
        if (tags.size() > MAX_TAGS) {
            throw new S3Exception(S3Error.BAD_REQUEST_TOO_MANY_TAGS, "Object tags cannot be greater than " + MAX_TAGS);
        }
        return checkEach(tags);
    }

    /** Each tag's rules (key 1..128, value 0..256 characters); the tags sorted by key. */
    private static Map<String, String> checkEach(Map<String, String> tags) {
        for (Map.Entry<String, String> t : tags.entrySet()) {
            String k = t.getKey();
            String v = t.getValue() == null ? "" : t.getValue();
            if (k == null || k.isEmpty() || k.codePointCount(0, k.length()) > MAX_KEY_LENGTH) {
                throw new S3Exception(S3Error.INVALID_TAG, "The TagKey you have provided is invalid");
            }
            if (v.codePointCount(0, v.length()) > MAX_VALUE_LENGTH) {
                throw new S3Exception(S3Error.INVALID_TAG, "The TagValue you have provided is invalid");
            }
        }
        return new TreeMap<>(tags);
    }

    /** A bucket's limit: 50 tags (an object has 10). */
    public static final int MAX_BUCKET_TAGS = 50;

    /** S3's rules for a bucket's tags: at most 50, keys and values as for objects, no key in the reserved {@code aws:} space. */
    public static Map<String, String> validateBucket(Map<String, String> tags) {
        if (tags.size() > MAX_BUCKET_TAGS) {
            throw new S3Exception(S3Error.INVALID_TAG, "Bucket tag count cannot be greater than " + MAX_BUCKET_TAGS);
        }
        for (String k : tags.keySet()) {
            if (k != null && k.regionMatches(true, 0, "aws:", 0, 4)) {
                throw new S3Exception(S3Error.INVALID_TAG, "System tags cannot be added/updated by requester");
            }
        }
        return checkEach(tags);
    }
}
