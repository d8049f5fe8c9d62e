package io.posixgw.sigv4;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Builds the SigV4 canonical request and string to sign. S3's rules: the path is encoded ONCE and never normalised
 * (a key may legitimately contain {@code //} or {@code ..}), and the query is re-encoded from decoded pairs.
 */
final class CanonicalRequest {
    private static final char[] HEX_UPPER = "0123456789ABCDEF".toCharArray();

    private CanonicalRequest() {}

    /**
     * @param payloadHash   the last line: the x-amz-content-sha256 value as sent, or the presigned default
     * @param normalizePath only for non-S3 services (the AWS test suite's "service"): remove dot segments and collapse
     *                      repeated slashes before encoding. S3 never does this.
     */
    static String build(SignedRequest request, ParsedAuth auth, String payloadHash, boolean normalizePath)
            throws SigV4Exception {
        StringBuilder sb = new StringBuilder(512);
        sb.append(request.method()).append('\n');
        String path = normalizePath ? normalizePath(request.path()) : request.path();
        if (path.isEmpty()) {
            sb.append('/');
        } else {
            uriEncode(path, false, sb);
        }
        sb.append('\n');
        appendQuery(request.query(), auth.presigned(), sb);
        sb.append('\n');
        for (String name : auth.signedHeaders()) {
            List<String> values = request.headers().values(name);
            if (values.isEmpty()) {
                // The client signed a header we did not receive: its canonical request cannot equal ours.
                throw new SigV4Exception(
                        Reason.SIGNATURE_DOES_NOT_MATCH,
                        "The request signature we calculated does"
                                + " not match the signature you provided. Signed header '" + AuthParser.clip(name)
                                + "' is missing from the request.");
            }
            sb.append(name).append(':');
            for (int i = 0; i < values.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                appendTrimmed(values.get(i), sb);
            }
            sb.append('\n');
        }
        sb.append('\n');
        sb.append(String.join(";", auth.signedHeaders())).append('\n');
        sb.append(payloadHash);
        return sb.toString();
    }

    /**
     * {@code <algorithm>\n<amz date>\n<scope>\n<hex sha256 of the canonical request>}. The canonical request is
     * hashed as the bytes it stands for: its path and query are percent-encoded ASCII and its header values are the
     * bytes received, one char per byte ({@link Headers}), so ISO-8859-1 turns it back into exactly those bytes. A
     * client signs the bytes it sends (a UTF-8 {@code x-amz-meta-*} value hashed as UTF-8, as MinIO verifies it);
     * hashing the chars as UTF-8 would count each byte from 0x80 up twice. For ASCII both encodings are the same
     * copy.
     */
    static String stringToSign(ParsedAuth auth, String canonicalRequest) {
        return auth.algorithm().id
                + '\n'
                + auth.amzDate()
                + '\n'
                + auth.credential().scope()
                + '\n'
                + Crypto.hex(Crypto.sha256(canonicalRequest.getBytes(StandardCharsets.ISO_8859_1)));
    }

    /** Names and values encoded like the path but with '/' encoded too, sorted by name then value. */
    private static void appendQuery(List<QueryParam> query, boolean presigned, StringBuilder sb) {
        List<String[]> pairs = new ArrayList<>(query.size());
        for (QueryParam p : query) {
            if (presigned && p.name().equals("X-Amz-Signature")) {
                continue; // the signature cannot sign itself
            }
            StringBuilder name = new StringBuilder();
            uriEncode(p.name(), true, name);
            StringBuilder value = new StringBuilder();
            uriEncode(p.value(), true, value);
            pairs.add(new String[] {name.toString(), value.toString()});
        }
        // Encoded strings are ASCII, so String order is the byte order AWS sorts by.
        pairs.sort((a, b) -> {
            int c = a[0].compareTo(b[0]);
            return c != 0 ? c : a[1].compareTo(b[1]);
        });
        for (int i = 0; i < pairs.size(); i++) {
            if (i > 0) {
                sb.append('&');
            }
            sb.append(pairs.get(i)[0]).append('=').append(pairs.get(i)[1]);
        }
    }

    /** Trims and collapses each run of whitespace to one space (AWS's "Trimall"); tabs count, as the SDKs do. */
    private static void appendTrimmed(String value, StringBuilder sb) {
        int start = sb.length();
        boolean pendingSpace = false;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\u000b') {
                pendingSpace = sb.length() > start;
            } else {
                if (pendingSpace) {
                    sb.append(' ');
                    pendingSpace = false;
                }
                sb.append(c);
            }
        }
    }

    /** Percent-encodes each UTF-8 byte except the unreserved {@code A-Za-z0-9-._~} (and '/' unless asked). */
    static void uriEncode(String s, boolean encodeSlash, StringBuilder sb) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isUnreserved(c) || (c == '/' && !encodeSlash)) {
                sb.append(c);
            } else if (c < 0x80) {
                appendByte(c, sb);
            } else {
                // Rare: encode this char (and a surrogate pair with it) via UTF-8.
                int end = Character.isHighSurrogate(c) && i + 1 < s.length() ? i + 2 : i + 1;
                for (byte b : s.substring(i, end).getBytes(StandardCharsets.UTF_8)) {
                    appendByte(b & 0xff, sb);
                }
                i = end - 1;
            }
        }
    }

    private static boolean isUnreserved(char c) {
        return (c >= 'A' && c <= 'Z')
                || (c >= 'a' && c <= 'z')
                || (c >= '0' && c <= '9')
                || c == '-'
                || c == '.'
                || c == '_'
                || c == '~';
    }

    private static void appendByte(int b, StringBuilder sb) {
        sb.append('%').append(HEX_UPPER[b >> 4]).append(HEX_UPPER[b & 0xf]);
    }

    /**
     * Non-S3 only (see {@link #build}): RFC 3986 dot-segment removal plus collapsing empty segments, keeping a
     * trailing slash. E.g. {@code //example//} becomes {@code /example/} and {@code /a/b/../..} becomes {@code /}.
     */
    static String normalizePath(String path) {
        Deque<String> segments = new ArrayDeque<>();
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                segments.pollLast();
            } else {
                segments.addLast(segment);
            }
        }
        StringBuilder sb = new StringBuilder("/").append(String.join("/", segments));
        boolean trailing = path.endsWith("/") || path.endsWith("/.") || path.endsWith("/..");
        if (trailing && !segments.isEmpty()) {
            sb.append('/');
        }
        return sb.toString();
    }
}
