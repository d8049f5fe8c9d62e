package io.posixgw.core.post;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.BodySource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Reads a {@code multipart/form-data} body (RFC 7578) part by part as it arrives, in a fixed 64 KiB window: a part's
 * content is either read whole up to a bound ({@link #value}) or streamed ({@link #content}), never held whole beyond
 * that bound. Hostile input is refused as S3 refuses it: {@code MalformedPOSTRequest} for a body that is not
 * well-formed (no delimiter, truncated, a part without {@code Content-Disposition: form-data; name=...}), a part header
 * block over {@value #MAX_PART_HEADER} bytes included. Not thread-safe: one reader per request, on its worker.
 */
public final class FormReader {
    /** The most bytes of one part's header block. */
    public static final int MAX_PART_HEADER = 8 * 1024;

    private static final int WINDOW = 64 * 1024;
    /** The most bytes of the preamble before the first delimiter, and of the epilogue's part headers skipped after the file. */
    private static final int MAX_PREAMBLE = 8 * 1024;

    private final BodySource source;
    /** {@code CRLF--boundary}: the stream is read as if it began with CRLF, so the first delimiter has one too. */
    private final byte[] delimiter;

    private final byte[] buf;
    private int pos;
    private int lim;
    private ByteBuffer pending;
    private boolean eof;

    private boolean started;
    private boolean inPart;
    private boolean done;

    /** One part's header: its field name (as sent), its file name (null for a plain field) and content type (or null). */
    public record Part(String name, String filename, String contentType) {
        public boolean isFile() {
            return filename != null;
        }
    }

    public FormReader(BodySource source, String boundary) {
        this.source = source;
        this.delimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        this.buf = new byte[WINDOW + delimiter.length + MAX_PART_HEADER];
        buf[0] = '\r';
        buf[1] = '\n';
        lim = 2;
    }

    /**
     * The boundary of a {@code multipart/form-data} content type (RFC 2046: 1 to 70 characters, quoted or not), or
     * {@code MalformedPOSTRequest} when there is none; null when the type is not {@code multipart/form-data} at all.
     */
    public static String boundary(String contentType) {
        if (contentType == null) {
            return null;
        }
        String[] parts = contentType.split(";");
        if (!parts[0].trim().equalsIgnoreCase("multipart/form-data")) {
            return null;
        }
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].trim();
            int eq = p.indexOf('=');
            if (eq > 0 && p.substring(0, eq).trim().equalsIgnoreCase("boundary")) {
                String b = p.substring(eq + 1).trim();
                if (b.length() >= 2 && b.startsWith("\"") && b.endsWith("\"")) {
                    b = b.substring(1, b.length() - 1);
                }
                if (b.isEmpty() || b.length() > 70 || !b.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
                    throw malformed("the multipart boundary is not valid");
                }
                return b;
            }
        }
        throw malformed("the content type names no multipart boundary");
    }

    static S3Exception malformed(String why) {
        return new S3Exception(
                S3Error.MALFORMED_POST_REQUEST,
                "The body of your POST request is not well-formed multipart/form-data: " + why + ".");
    }

    /** The next part's header, skipping what is left of the current part; null after the closing delimiter. */
    public Part next() throws IOException {
        if (done) {
            return null;
        }
        if (inPart) {
            while (chunk() != null) {
                // the rest of a part nobody read
            }
        } else {
            skipPreamble();
        }
        // just past a delimiter: "--" closes the body, else transport padding and CRLF open a part
        require(2);
        if (buf[pos] == '-' && buf[pos + 1] == '-') {
            pos += 2;
            done = true;
            return null;
        }
        while (true) {
            require(1);
            if (buf[pos] == ' ' || buf[pos] == '\t') {
                pos++;
            } else {
                break;
            }
        }
        int end = find(new byte[] {'\r', '\n', '\r', '\n'}, MAX_PART_HEADER + 2);
        if (end < 0) {
            // the part's headers end at once (none) when the delimiter line's CRLF is followed by another
            throw malformed("a part's headers are missing or longer than " + MAX_PART_HEADER + " bytes");
        }
        String headers = new String(buf, pos + 2, Math.max(0, end - pos - 2), StandardCharsets.UTF_8);
        pos = end + 4;
        inPart = true;
        return parseHeaders(headers);
    }

    /** Until the first delimiter (the preamble is ignored, as RFC 2046 says). */
    private void skipPreamble() throws IOException {
        if (started) {
            return; // a delimiter was consumed already
        }
        started = true;
        int at = find(delimiter, MAX_PREAMBLE);
        if (at < 0) {
            throw malformed("no multipart delimiter");
        }
        pos = at + delimiter.length;
    }

    private static Part parseHeaders(String block) {
        String name = null;
        String filename = null;
        String type = null;
        boolean formData = false;
        for (String line : block.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                if (line.isBlank()) {
                    continue;
                }
                throw malformed("a part header line has no name");
            }
            String h = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String v = line.substring(colon + 1).trim();
            if (h.equals("content-disposition")) {
                String[] params = splitParams(v);
                formData = params[0].trim().equalsIgnoreCase("form-data");
                for (int i = 1; i < params.length; i++) {
                    String p = params[i].trim();
                    int eq = p.indexOf('=');
                    if (eq <= 0) {
                        continue;
                    }
                    String k = p.substring(0, eq).trim().toLowerCase(Locale.ROOT);
                    String val = unquote(p.substring(eq + 1).trim());
                    if (k.equals("name")) {
                        name = val;
                    } else if (k.equals("filename")) {
                        filename = val;
                    }
                }
            } else if (h.equals("content-type")) {
                type = v;
            }
        }
        if (!formData || name == null) {
            throw malformed("a part has no Content-Disposition: form-data with a name");
        }
        return new Part(name, filename, type);
    }

    /** Splits at semicolons outside quoted strings. */
    private static String[] splitParams(String v) {
        java.util.List<String> out = new java.util.ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '"' && (i == 0 || v.charAt(i - 1) != '\\')) {
                quoted = !quoted;
            }
            if (c == ';' && !quoted) {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out.toArray(new String[0]);
    }

    private static String unquote(String v) {
        if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
            return v.substring(1, v.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
        }
        return v;
    }

    /**
     * The current part's content, whole: {@code MaxPostPreDataLengthExceeded} past {@code max} bytes (the fields before
     * the file are bounded together, see the caller).
     */
    public byte[] value(int max) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer b;
        while ((b = chunk()) != null) {
            if (out.size() + b.remaining() > max) {
                throw S3Error.MAX_POST_PRE_DATA_LENGTH_EXCEEDED.exception();
            }
            byte[] bytes = new byte[b.remaining()];
            b.get(bytes);
            out.write(bytes, 0, bytes.length);
        }
        return out.toByteArray();
    }

    /**
     * The next run of the current part's bytes, valid until the next call; null at the part's end. The window keeps the
     * last delimiter-length bytes back until it knows they are no delimiter.
     */
    public ByteBuffer chunk() throws IOException {
        if (!inPart) {
            return null;
        }
        while (true) {
            int at = indexOf(delimiter, pos, lim);
            if (at == pos) {
                pos += delimiter.length;
                inPart = false;
                return null;
            }
            if (at > pos) {
                ByteBuffer out = ByteBuffer.wrap(buf, pos, at - pos);
                pos = at;
                return out;
            }
            int safe = lim - delimiter.length + 1;
            if (safe > pos) {
                ByteBuffer out = ByteBuffer.wrap(buf, pos, safe - pos);
                pos = safe;
                return out;
            }
            if (!fill()) {
                throw malformed("the body ends inside a part");
            }
        }
    }

    /** After the file: every later part is skipped (S3 ignores fields after the file) and the body read to its end. */
    public void finish() throws IOException {
        while (next() != null) {
            // skipped
        }
        while (fill()) {
            pos = lim; // the epilogue, ignored
        }
    }

    /** Makes {@code n} bytes available at {@code pos}, or {@code MalformedPOSTRequest} at the end of the body. */
    private void require(int n) throws IOException {
        while (lim - pos < n) {
            if (!fill()) {
                throw malformed("the body ends too early");
            }
        }
    }

    /** The offset of {@code pattern} at or after {@code pos}, reading more as needed, within {@code maxAhead} bytes; -1 if not there. */
    private int find(byte[] pattern, int maxAhead) throws IOException {
        int from = pos;
        while (true) {
            int at = indexOf(pattern, from, lim);
            if (at >= 0) {
                return at;
            }
            from = Math.max(pos, lim - pattern.length + 1);
            if (lim - pos > maxAhead) {
                return -1;
            }
            int before = pos;
            if (!fill()) {
                return -1;
            }
            from -= before - pos; // fill moved the window
        }
    }

    private int indexOf(byte[] pattern, int from, int to) {
        byte first = pattern[0];
        for (int i = from; i <= to - pattern.length; i++) {
            if (buf[i] != first) {
                continue;
            }
            int j = 1;
            while (j < pattern.length && buf[i + j] == pattern[j]) {
                j++;
            }
            if (j == pattern.length) {
                return i;
            }
        }
        return -1;
    }

    /** Moves the unread bytes to the window's start and reads more into it; false at the end of the body. */
    private boolean fill() throws IOException {
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, lim - pos);
            lim -= pos;
            pos = 0;
        }
        while (pending == null || !pending.hasRemaining()) {
            if (eof) {
                return false;
            }
            pending = source.next();
            if (pending == null) {
                eof = true;
                return false;
            }
        }
        int n = Math.min(pending.remaining(), buf.length - lim);
        if (n == 0) {
            throw malformed("a part's headers are too long");
        }
        pending.get(buf, lim, n);
        lim += n;
        return true;
    }
}
