package io.posixgw.core.http;

import java.nio.charset.StandardCharsets;

/**
 * Percent-encoding as S3 does it for {@code encoding-type=url} listings: every byte
 * of the UTF-8 form except the unreserved characters and {@code /} (so a space is
 * {@code %20} and {@code +} is {@code %2B}).
 */
public final class UrlEncoding {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private UrlEncoding() {}

    public static String encodeKey(String s) {
        if (s == null) {
            return null;
        }
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder(bytes.length + 16);
        for (byte b : bytes) {
            int c = b & 0xff;
            if ((c >= 'A' && c <= 'Z')
                    || (c >= 'a' && c <= 'z')
                    || (c >= '0' && c <= '9')
                    || c == '-'
                    || c == '.'
                    || c == '_'
                    || c == '~'
                    || c == '/') {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        return out.toString();
    }
}
