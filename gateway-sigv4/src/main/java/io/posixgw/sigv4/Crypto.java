package io.posixgw.sigv4;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * SHA-256, HMAC-SHA256 and hex. Instances are per thread because JCA objects are not thread-safe and looking them up
 * per call costs more than the hashing itself on small inputs (one canonical request per request).
 */
final class Crypto {
    /** SHA-256 of the empty string, which chunk string-to-signs carry in place of a header hash. */
    static final String EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(Crypto::newSha256);
    private static final ThreadLocal<Mac> HMAC = ThreadLocal.withInitial(() -> {
        try {
            return Mac.getInstance("HmacSHA256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java 17 runtime has HmacSHA256", e);
        }
    });

    private Crypto() {}

    static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java 17 runtime has SHA-256", e);
        }
    }

    static byte[] sha256(byte[] data) {
        MessageDigest md = SHA256.get();
        md.reset();
        return md.digest(data);
    }

    static String sha256Hex(String utf8) {
        return hex(sha256(utf8.getBytes(StandardCharsets.UTF_8)));
    }

    static byte[] hmacSha256(byte[] key, String data) {
        return hmacSha256(key, data.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] hmacSha256(byte[] key, byte[] data) {
        Mac mac = HMAC.get();
        try {
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("an HMAC key of any length is valid", e);
        }
        return mac.doFinal(data);
    }

    static String hex(byte[] bytes) {
        char[] out = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            out[2 * i] = HEX[(bytes[i] >> 4) & 0xf];
            out[2 * i + 1] = HEX[bytes[i] & 0xf];
        }
        return new String(out);
    }

    /** Decodes hex of either case; null if {@code s} is not an even-length hex string. */
    static byte[] unhex(String s) {
        if (s == null || (s.length() & 1) != 0) {
            return null;
        }
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            int hi = Character.digit(s.charAt(2 * i), 16);
            int lo = Character.digit(s.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0 || s.charAt(2 * i) > 'f' || s.charAt(2 * i + 1) > 'f') {
                return null; // Character.digit also accepts non-ASCII digits; the wire format is ASCII only
            }
            out[i] = (byte) ((hi << 4) | lo);
        }
        return out;
    }

    /** Whether {@code s} is exactly {@code length} ASCII hex digits of either case. */
    static boolean isHex(String s, int length) {
        if (s == null || s.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
                return false;
            }
        }
        return true;
    }
}
