package io.posixgw.sigv4;

import java.io.ByteArrayOutputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A small client-side SigV4 signer for tests, written independently of the production canonicalizer (URLEncoder-based
 * encoding, like AWS's sample code) so that the two agreeing means something.
 */
final class TestSigner {
    static final DateTimeFormatter BASIC =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    final String accessKey;
    final String secret;
    final String region;
    final String service;
    final Instant time;
    /** The signature of the last request signed: an aws-chunked body's seed. */
    String lastSignature;
    /** Sign with an HTTP Date header instead of x-amz-date (both are valid for header auth). */
    boolean dateHeader;

    TestSigner(String accessKey, String secret, String region, String service, Instant time) {
        this.accessKey = accessKey;
        this.secret = secret;
        this.region = region;
        this.service = service;
        this.time = time;
    }

    String amzDate() {
        return BASIC.format(time);
    }

    String scope() {
        return amzDate().substring(0, 8) + "/" + region + "/" + service + "/aws4_request";
    }

    byte[] signingKey() {
        byte[] k = hmac(
                ("AWS4" + secret).getBytes(StandardCharsets.UTF_8), amzDate().substring(0, 8));
        return hmac(hmac(hmac(k, region), service), "aws4_request");
    }

    /** Header auth over all given headers (plus host, x-amz-date and, if payloadHash != null, x-amz-content-sha256). */
    SignedRequest sign(
            String method, String path, List<QueryParam> query, Map<String, String> headers, String payloadHash) {
        Map<String, String> all = new TreeMap<>();
        headers.forEach((k, v) -> all.put(k.toLowerCase(Locale.ROOT), v));
        all.putIfAbsent("host", "localhost:7070");
        if (dateHeader) {
            all.put("date", DateTimeFormatter.RFC_1123_DATE_TIME.format(time.atZone(ZoneOffset.UTC)));
        } else {
            all.put("x-amz-date", amzDate());
        }
        if (payloadHash != null) {
            all.put("x-amz-content-sha256", payloadHash);
        }
        String signedHeaders = String.join(";", all.keySet());
        String canonical = method + "\n" + encodePath(path) + "\n" + canonicalQuery(query) + "\n"
                + canonicalHeaders(all) + "\n" + signedHeaders + "\n" + payloadHash;
        lastSignature = signature(canonical);
        Map<String, List<String>> sent = new LinkedHashMap<>();
        all.forEach((k, v) -> sent.put(k, List.of(v)));
        sent.put(
                "authorization",
                List.of("AWS4-HMAC-SHA256 Credential=" + accessKey + "/" + scope() + ", SignedHeaders=" + signedHeaders
                        + ", Signature=" + lastSignature));
        return new SignedRequest(method, path, query, Headers.of(sent));
    }

    /** A presigned URL request (payload UNSIGNED-PAYLOAD), signing only host. */
    SignedRequest presign(String method, String path, List<QueryParam> query, long expiresSeconds) {
        List<QueryParam> params = new ArrayList<>(query);
        params.add(new QueryParam("X-Amz-Algorithm", "AWS4-HMAC-SHA256"));
        params.add(new QueryParam("X-Amz-Credential", accessKey + "/" + scope()));
        params.add(new QueryParam("X-Amz-Date", amzDate()));
        params.add(new QueryParam("X-Amz-Expires", Long.toString(expiresSeconds)));
        params.add(new QueryParam("X-Amz-SignedHeaders", "host"));
        Map<String, String> headers = Map.of("host", "localhost:7070");
        String canonical = method + "\n" + encodePath(path) + "\n" + canonicalQuery(params) + "\n"
                + canonicalHeaders(headers) + "\nhost\nUNSIGNED-PAYLOAD";
        params.add(new QueryParam("X-Amz-Signature", signature(canonical)));
        return new SignedRequest(method, path, params, Headers.of(Map.of("Host", List.of("localhost:7070"))));
    }

    private String signature(String canonical) {
        // header values are given as the bytes a client sends, one char per byte: the canonical request is those bytes
        String stringToSign = "AWS4-HMAC-SHA256\n" + amzDate() + "\n" + scope() + "\n"
                + hex(sha256(canonical.getBytes(StandardCharsets.ISO_8859_1)));
        return hex(hmac(signingKey(), stringToSign));
    }

    /** aws-chunked with chunk signatures; trailers == null means no trailer section (STREAMING-...-PAYLOAD). */
    byte[] chunkedSigned(byte[] data, int chunkSize, Map<String, String> trailers) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String previous = lastSignature;
        for (int off = 0; ; ) {
            int n = Math.min(chunkSize, data.length - off);
            byte[] chunk = Arrays.copyOfRange(data, off, off + n);
            off += n;
            previous = hex(hmac(
                    signingKey(),
                    "AWS4-HMAC-SHA256-PAYLOAD\n" + amzDate() + "\n" + scope() + "\n" + previous + "\n" + sha256Hex("")
                            + "\n" + hex(sha256(chunk))));
            write(out, Integer.toHexString(n) + ";chunk-signature=" + previous + "\r\n");
            out.writeBytes(chunk);
            if (n == 0) {
                break;
            }
            write(out, "\r\n");
        }
        if (trailers != null) {
            StringBuilder canonical = new StringBuilder();
            new TreeMap<>(trailers).forEach((k, v) -> {
                canonical.append(k).append(':').append(v).append('\n');
                write(out, k + ":" + v + "\r\n");
            });
            String signature = hex(hmac(
                    signingKey(),
                    "AWS4-HMAC-SHA256-TRAILER\n" + amzDate() + "\n" + scope() + "\n" + previous + "\n"
                            + sha256Hex(canonical.toString())));
            write(out, "x-amz-trailer-signature:" + signature + "\r\n");
        }
        write(out, "\r\n");
        return out.toByteArray();
    }

    /** aws-chunked without signatures (STREAMING-UNSIGNED-PAYLOAD-TRAILER), as the AWS SDKs frame it. */
    static byte[] chunkedUnsigned(byte[] data, int chunkSize, Map<String, String> trailers) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int off = 0; off < data.length; off += chunkSize) {
            int n = Math.min(chunkSize, data.length - off);
            write(out, Integer.toHexString(n) + "\r\n");
            out.write(data, off, n);
            write(out, "\r\n");
        }
        write(out, "0\r\n");
        trailers.forEach((k, v) -> write(out, k + ":" + v + "\r\n"));
        write(out, "\r\n");
        return out.toByteArray();
    }

    static String encodePath(String path) {
        List<String> segments = new ArrayList<>();
        for (String segment : path.split("/", -1)) {
            segments.add(encode(segment));
        }
        return String.join("/", segments);
    }

    static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8)
                .replace("+", "%20")
                .replace("*", "%2A")
                .replace("%7E", "~");
    }

    static String canonicalQuery(List<QueryParam> query) {
        List<String> pairs = new ArrayList<>();
        for (QueryParam p : query) {
            pairs.add(encode(p.name()) + "=" + encode(p.value()));
        }
        pairs.sort(null);
        return String.join("&", pairs);
    }

    static String canonicalHeaders(Map<String, String> headers) {
        StringBuilder sb = new StringBuilder();
        new TreeMap<>(headers)
                .forEach((k, v) -> sb.append(k)
                        .append(':')
                        .append(v.strip().replaceAll(" +", " "))
                        .append('\n'));
        return sb.toString();
    }

    static byte[] hmac(byte[] key, String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sha256Hex(String s) {
        return hex(sha256(s.getBytes(StandardCharsets.UTF_8)));
    }

    static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (byte b : bytes) {
            sb.append(String.format("%02x", b));
        }
        return sb.toString();
    }

    private static void write(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.ISO_8859_1));
    }
}
