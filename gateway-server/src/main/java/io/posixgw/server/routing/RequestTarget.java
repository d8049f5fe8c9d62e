package io.posixgw.server.routing;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Splits and decodes an HTTP request target ({@code /bucket/key?query}) the way S3
 * does: the path is percent-decoded exactly once and never normalised ({@code +}
 * stays {@code +}); query names and values are form-decoded ({@code +} is a space).
 * Malformed escapes and invalid UTF-8 are {@code InvalidURI}.
 */
public final class RequestTarget {
    private RequestTarget() {}

    /** The raw path part of a target, before '?'. */
    public static String rawPath(String target) {
        int q = target.indexOf('?');
        String path = q < 0 ? target : target.substring(0, q);
        return path.startsWith("/") ? path : withoutSchemeAndAuthority(path);
    }

    /**
     * The path of an absolute-form target ({@code http://host:port/bucket/key}, which HTTP/1.1
     * servers must accept, RFC 9112 §3.2.2); anything else unchanged (and refused by the caller).
     */
    private static String withoutSchemeAndAuthority(String path) {
        int scheme = path.regionMatches(true, 0, "http://", 0, 7)
                ? 7
                : path.regionMatches(true, 0, "https://", 0, 8) ? 8 : -1;
        if (scheme < 0) {
            return path;
        }
        int slash = path.indexOf('/', scheme);
        return slash < 0 ? "/" : path.substring(slash);
    }

    /** The raw query part of a target, after '?', or "". */
    public static String rawQuery(String target) {
        int q = target.indexOf('?');
        return q < 0 ? "" : target.substring(q + 1);
    }

    public static String decodePath(String rawPath) {
        return decode(rawPath, false);
    }

    public static List<Map.Entry<String, String>> decodeQuery(String rawQuery) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        if (rawQuery.isEmpty()) {
            return out;
        }
        for (String pair : rawQuery.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            out.add(new AbstractMap.SimpleImmutableEntry<>(decode(name, true), decode(value, true)));
        }
        return out;
    }

    private static String decode(String s, boolean plusIsSpace) {
        if (isPlain(s, plusIsSpace)) {
            return s;
        }
        ByteBuffer bytes = ByteBuffer.allocate(s.length() * 3);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                if (i + 2 >= s.length()) {
                    throw invalid();
                }
                int hi = Character.digit(s.charAt(i + 1), 16);
                int lo = Character.digit(s.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    throw invalid();
                }
                bytes.put((byte) ((hi << 4) | lo));
                i += 2;
            } else if (c == '+' && plusIsSpace) {
                bytes.put((byte) ' ');
            } else if (c < 0x100) {
                // Netty hands the request line over as ISO-8859-1: each char is one raw byte.
                bytes.put((byte) c);
            } else {
                bytes.put(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        bytes.flip();
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            CharBuffer chars = decoder.decode(bytes);
            return chars.toString();
        } catch (CharacterCodingException e) {
            throw invalid();
        }
    }

    private static boolean isPlain(String s, boolean plusIsSpace) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' || c >= 0x80 || (plusIsSpace && c == '+')) {
                return false;
            }
        }
        return true;
    }

    private static S3Exception invalid() {
        return new S3Exception(S3Error.INVALID_URI, "Couldn't parse the specified URI.");
    }
}
