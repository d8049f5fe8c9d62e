package io.posixgw.server.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Signed HTTP/1.1 requests over a plain socket, for the tests that must see exact
 * status codes, headers and bodies (SDKs hide them). One connection per call
 * unless a {@link Socket} is passed in.
 */
final class RawS3 {
    final String host;
    final int port;
    final TestSigner signer;

    RawS3(String host, int port, TestSigner signer) {
        this.host = host;
        this.port = port;
        this.signer = signer;
    }

    record Response(int status, Map<String, String> headers, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        /** The {@code <Code>} of an S3 error body, or null. */
        String errorCode() {
            String t = text();
            int a = t.indexOf("<Code>");
            int b = t.indexOf("</Code>");
            return a < 0 || b < 0 ? null : t.substring(a + 6, b);
        }

        /** The text of the first {@code <name>} element (attributes allowed) of the XML body (entities left as sent but {@code &quot;}), or null. */
        String element(String name) {
            List<String> all = elements(name);
            return all.isEmpty() ? null : all.get(0);
        }

        /** The texts of every {@code <name>} element of the XML body, in document order. */
        List<String> elements(String name) {
            List<String> out = new ArrayList<>();
            Matcher m = Pattern.compile(
                            "<" + Pattern.quote(name) + "(?:\\s[^>]*)?>(.*?)</" + Pattern.quote(name) + ">",
                            Pattern.DOTALL)
                    .matcher(text());
            while (m.find()) {
                out.add(m.group(1).replace("&quot;", "\""));
            }
            return out;
        }
    }

    /** A signed request with a fully known body (payload hash signed). */
    Response send(
            String method, String encodedPath, Map<String, String> query, Map<String, String> extraHeaders, byte[] body)
            throws IOException {
        try (Socket s = new Socket(host, port)) {
            s.setSoTimeout(30_000);
            return send(s, method, encodedPath, query, extraHeaders, body);
        }
    }

    Response send(
            Socket s,
            String method,
            String encodedPath,
            Map<String, String> query,
            Map<String, String> extraHeaders,
            byte[] body)
            throws IOException {
        Map<String, String> signed = new TreeMap<>();
        signed.put("host", host + ":" + port);
        for (Map.Entry<String, String> e : extraHeaders.entrySet()) {
            signed.put(e.getKey().toLowerCase(Locale.ROOT), e.getValue());
        }
        String payloadHash = TestSigner.hex(TestSigner.sha256(body));
        Map<String, String> auth = signer.sign(method, encodedPath, query, signed, payloadHash, Instant.now());
        Map<String, String> all = new LinkedHashMap<>(signed);
        all.putAll(auth);
        all.put("content-length", Integer.toString(body.length));
        String target = encodedPath + (query.isEmpty() ? "" : "?" + TestSigner.canonicalQuery(query));
        writeHead(s.getOutputStream(), method, target, all);
        s.getOutputStream().write(body);
        s.getOutputStream().flush();
        return read(s.getInputStream(), method.equals("HEAD"));
    }

    /**
     * The headers of a signed request whose payload claim is given rather than computed
     * ({@code UNSIGNED-PAYLOAD}, a {@code STREAMING-*} value, or a deliberately wrong hash), signed at
     * {@code now}: host, the extra headers (lower-cased, all signed), x-amz-date, x-amz-content-sha256
     * and Authorization. Content-Length is left to {@link #exchange}.
     */
    Map<String, String> signedHeaders(
            String method,
            String encodedPath,
            Map<String, String> query,
            Map<String, String> extraHeaders,
            String payloadClaim,
            Instant now) {
        Map<String, String> signed = new TreeMap<>();
        signed.put("host", host + ":" + port);
        for (Map.Entry<String, String> e : extraHeaders.entrySet()) {
            signed.put(e.getKey().toLowerCase(Locale.ROOT), e.getValue());
        }
        Map<String, String> all = new LinkedHashMap<>(signed);
        all.putAll(signer.sign(method, encodedPath, query, signed, payloadClaim, now));
        return all;
    }

    /** The hex signature in an {@code Authorization: AWS4-HMAC-SHA256 ...} value. */
    static String signatureOf(String authorization) {
        int i = authorization.indexOf("Signature=");
        return authorization.substring(i + "Signature=".length()).trim();
    }

    /**
     * Sends exactly {@code headers} (plus Content-Length from the body) with {@code target} as the
     * request target, on a new connection, and reads one response.
     */
    Response exchange(String method, String target, Map<String, String> headers, byte[] body) throws IOException {
        try (Socket s = new Socket(host, port)) {
            s.setSoTimeout(30_000);
            Map<String, String> all = new LinkedHashMap<>(headers);
            all.put("content-length", Integer.toString(body.length));
            writeHead(s.getOutputStream(), method, target, all);
            s.getOutputStream().write(body);
            s.getOutputStream().flush();
            return read(s.getInputStream(), method.equals("HEAD"));
        }
    }

    /**
     * A signed bodiless request sent with {@code Connection: close}: everything the server wrote until it closed,
     * as ISO-8859-1 text, for what {@link #read} hides (header names as sent, bytes after a HEAD answer).
     */
    String sendAndReadAll(
            String method, String encodedPath, Map<String, String> query, Map<String, String> extraHeaders)
            throws IOException {
        Map<String, String> extra = new LinkedHashMap<>(extraHeaders);
        extra.put("connection", "close");
        Map<String, String> headers =
                signedHeaders(method, encodedPath, query, extra, TestSigner.EMPTY_SHA256, Instant.now());
        try (Socket s = new Socket(host, port)) {
            s.setSoTimeout(30_000);
            writeHead(s.getOutputStream(), method, target(encodedPath, query), headers);
            s.getOutputStream().flush();
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    /** {@link #send} signed at a given time, with the body's real hash. */
    Response sendAt(
            String method,
            String encodedPath,
            Map<String, String> query,
            Map<String, String> extraHeaders,
            byte[] body,
            Instant now)
            throws IOException {
        Map<String, String> headers =
                signedHeaders(method, encodedPath, query, extraHeaders, TestSigner.hex(TestSigner.sha256(body)), now);
        return exchange(method, target(encodedPath, query), headers, body);
    }

    /** The request target: the path and the canonical (sorted, encoded) query. */
    static String target(String encodedPath, Map<String, String> query) {
        return encodedPath + (query.isEmpty() ? "" : "?" + TestSigner.canonicalQuery(query));
    }

    static void writeHead(OutputStream out, String method, String target, Map<String, String> headers)
            throws IOException {
        StringBuilder b = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n");
        headers.forEach((k, v) -> b.append(k).append(": ").append(v).append("\r\n"));
        b.append("\r\n");
        out.write(b.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Reads one response (Content-Length framed). */
    static Response read(InputStream in, boolean head) throws IOException {
        String statusLine = line(in);
        if (statusLine == null) {
            throw new IOException("connection closed before a response");
        }
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        String l;
        while ((l = line(in)) != null && !l.isEmpty()) {
            int c = l.indexOf(':');
            headers.put(
                    l.substring(0, c).trim().toLowerCase(Locale.ROOT),
                    l.substring(c + 1).trim());
        }
        if (status == 100) {
            return read(in, head);
        }
        int length = head || status == 204 || status == 304
                ? 0
                : Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        return new Response(status, headers, body);
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            if (c == '\n') {
                byte[] bytes = b.toByteArray();
                int n = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, n, StandardCharsets.ISO_8859_1);
            }
            b.write(c);
        }
        return b.size() == 0 ? null : b.toString(StandardCharsets.ISO_8859_1);
    }
}
