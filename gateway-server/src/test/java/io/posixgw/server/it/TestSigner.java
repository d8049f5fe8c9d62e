package io.posixgw.server.it;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * An independent SigV4 signer for tests (header auth and presigned URLs), written
 * from the AWS documentation rather than shared with the server, so that the two
 * check each other.
 */
final class TestSigner {
    static final DateTimeFormatter AMZ_DATE =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    static final String EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

    final String accessKey;
    final String secretKey;
    final String region;

    TestSigner(String accessKey, String secretKey, String region) {
        this.accessKey = accessKey;
        this.secretKey = secretKey;
        this.region = region;
    }

    /**
     * Headers to add for header auth.
     *
     * @param encodedPath  the path exactly as sent (already percent-encoded)
     * @param query        decoded query parameters
     * @param headers      headers to sign (lower-case names), must include host
     * @param payloadHash  hex SHA-256, UNSIGNED-PAYLOAD or a STREAMING-* value
     */
    Map<String, String> sign(
            String method,
            String encodedPath,
            Map<String, String> query,
            Map<String, String> headers,
            String payloadHash,
            Instant now) {
        String amzDate = AMZ_DATE.format(now);
        TreeMap<String, String> h = new TreeMap<>(headers);
        h.put("x-amz-date", amzDate);
        h.put("x-amz-content-sha256", payloadHash);
        String signedHeaders = String.join(";", h.keySet());
        StringBuilder canonicalHeaders = new StringBuilder();
        h.forEach((k, v) ->
                canonicalHeaders.append(k).append(':').append(v.trim()).append('\n'));
        String canonical = method + "\n" + encodedPath + "\n" + canonicalQuery(query) + "\n" + canonicalHeaders + "\n"
                + signedHeaders + "\n" + payloadHash;
        String scope = amzDate.substring(0, 8) + "/" + region + "/s3/aws4_request";
        String signature = signature(amzDate, scope, canonical);
        Map<String, String> out = new TreeMap<>();
        out.put("x-amz-date", amzDate);
        out.put("x-amz-content-sha256", payloadHash);
        out.put(
                "Authorization",
                "AWS4-HMAC-SHA256 Credential=" + accessKey + "/" + scope + ", SignedHeaders=" + signedHeaders
                        + ", Signature=" + signature);
        return out;
    }

    /** A presigned URL query string (without '?'), signing only host. */
    String presign(
            String method,
            String encodedPath,
            String host,
            Map<String, String> query,
            long expiresSeconds,
            Instant now) {
        return presign(method, encodedPath, host, query, Long.toString(expiresSeconds), now);
    }

    /** {@link #presign} with any X-Amz-Expires text, valid or not. */
    String presign(
            String method, String encodedPath, String host, Map<String, String> query, String expires, Instant now) {
        String amzDate = AMZ_DATE.format(now);
        String scope = amzDate.substring(0, 8) + "/" + region + "/s3/aws4_request";
        TreeMap<String, String> q = new TreeMap<>(query);
        q.put("X-Amz-Algorithm", "AWS4-HMAC-SHA256");
        q.put("X-Amz-Credential", accessKey + "/" + scope);
        q.put("X-Amz-Date", amzDate);
        q.put("X-Amz-Expires", expires);
        q.put("X-Amz-SignedHeaders", "host");
        String canonical = method + "\n" + encodedPath + "\n" + canonicalQuery(q) + "\nhost:" + host
                + "\n\nhost\nUNSIGNED-PAYLOAD";
        String signature = signature(amzDate, scope, canonical);
        return canonicalQuery(q) + "&X-Amz-Signature=" + signature;
    }

    String signature(String amzDate, String scope, String canonicalRequest) {
        // header values are the bytes sent, one char per byte (RawS3 writes them as ISO-8859-1): hash those bytes
        String stringToSign = "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n"
                + hex(sha256(canonicalRequest.getBytes(StandardCharsets.ISO_8859_1)));
        return hex(hmac(signingKey(amzDate.substring(0, 8)), stringToSign));
    }

    byte[] signingKey(String date) {
        byte[] k = hmac(("AWS4" + secretKey).getBytes(StandardCharsets.UTF_8), date);
        k = hmac(k, region);
        k = hmac(k, "s3");
        return hmac(k, "aws4_request");
    }

    static String canonicalQuery(Map<String, String> query) {
        List<String> parts = new ArrayList<>();
        new TreeMap<>(query).forEach((k, v) -> parts.add(encode(k, true) + "=" + encode(v, true)));
        return String.join("&", parts);
    }

    /** RFC 3986 encoding as SigV4 wants it; {@code /} kept when {@code encodeSlash} is false. */
    static String encode(String s, boolean encodeSlash) {
        StringBuilder b = new StringBuilder();
        for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
            int c = x & 0xff;
            if ((c >= 'A' && c <= 'Z')
                    || (c >= 'a' && c <= 'z')
                    || (c >= '0' && c <= '9')
                    || c == '-'
                    || c == '_'
                    || c == '.'
                    || c == '~'
                    || (c == '/' && !encodeSlash)) {
                b.append((char) c);
            } else {
                b.append('%').append(String.format("%02X", c));
            }
        }
        return b.toString();
    }

    static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] hmac(byte[] key, String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }
}
