package io.posixgw.core.model;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/** ETag arithmetic: quoting and the multipart ETag. */
public final class Etags {
    private static final HexFormat HEX = HexFormat.of();

    private Etags() {}

    /** {@code "<hex>"} from a raw MD5 digest. */
    public static String fromMd5(byte[] md5) {
        return '"' + HEX.formatHex(md5) + '"';
    }

    public static String quote(String etag) {
        return etag.startsWith("\"") ? etag : '"' + etag + '"';
    }

    public static String unquote(String etag) {
        String s = etag.trim();
        if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }

    /**
     * The multipart ETag: MD5 of the concatenated binary MD5s of the parts, then {@code -N}.
     *
     * @param partEtags quoted or unquoted hex MD5s of the parts, in order
     */
    public static String multipart(List<String> partEtags) {
        MessageDigest md5 = newMd5();
        for (String etag : partEtags) {
            md5.update(HEX.parseHex(unquote(etag)));
        }
        return '"' + HEX.formatHex(md5.digest()) + "-" + partEtags.size() + '"';
    }

    /** Number of parts in a multipart ETag, 0 for a plain one. */
    public static int partsCount(String etag) {
        String s = unquote(etag);
        int dash = s.lastIndexOf('-');
        if (dash < 0) {
            return 0;
        }
        try {
            return Integer.parseInt(s.substring(dash + 1));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    public static MessageDigest newMd5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is required by the JDK", e);
        }
    }
}
