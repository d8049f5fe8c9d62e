package io.posixgw.server.routing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The query of a presigned (query-signed) URL: SigV4's own parameters, and the request
 * headers a presigner moved into the query ("hoisted": AWS SDKs for JavaScript v3, Go v2 and
 * Java v2 do so for {@code x-amz-meta-*}, {@code x-amz-acl}, {@code x-amz-tagging},
 * {@code x-amz-checksum-*}, {@code x-amz-copy-source}...). S3 honours a hoisted header as if
 * it had been sent as one; so does posixgw, by adding it to the request's headers before
 * routing (one also sent as a header is refused), so that no metadata is dropped and no refusal
 * (ACL grants, storage class, encryption) is bypassed.
 */
public final class PresignedParameters {
    /** The signature's own parameters (lower case), never headers. */
    private static final Set<String> AUTH = Set.of(
            "x-amz-algorithm",
            "x-amz-credential",
            "x-amz-date",
            "x-amz-expires",
            "x-amz-signedheaders",
            "x-amz-signature",
            "x-amz-security-token",
            "x-amz-content-sha256");

    private PresignedParameters() {}

    /** Whether the query carries a SigV4 signature. */
    public static boolean presigned(List<Map.Entry<String, String>> query) {
        for (Map.Entry<String, String> q : query) {
            if (q.getKey().equalsIgnoreCase("X-Amz-Signature")) {
                return true;
            }
        }
        return false;
    }

    static boolean isAuth(String name) {
        return AUTH.contains(name.toLowerCase(Locale.ROOT));
    }

    /** Whether a parameter is a header a presigner hoisted ({@code x-amz-*} other than the signature's own). */
    static boolean isHoisted(String name) {
        return name.regionMatches(true, 0, "x-amz-", 0, 6) && !isAuth(name);
    }

    /** The hoisted headers of a presigned URL's query (lower-case names), in order; none for other requests. */
    public static List<Map.Entry<String, String>> hoistedHeaders(List<Map.Entry<String, String>> query) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        if (presigned(query)) {
            for (Map.Entry<String, String> q : query) {
                if (isHoisted(q.getKey())) {
                    out.add(Map.entry(q.getKey().toLowerCase(Locale.ROOT), q.getValue()));
                }
            }
        }
        return out;
    }
}
