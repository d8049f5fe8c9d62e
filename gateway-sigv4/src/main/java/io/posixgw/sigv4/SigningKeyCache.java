package io.posixgw.sigv4;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Caches SigV4 signing keys per (secret, date, region, service). Deriving a key is a chain of four HMACs; with the
 * cache a request costs one HMAC (plus one SHA-256 of the canonical request). Bounded by clearing past
 * {@value #MAX_ENTRIES} entries: keys change once a day per credential, so a full clear is rare and cheap, and
 * nothing a client sends can grow it without bound (date, region and service are validated before a lookup).
 */
final class SigningKeyCache {
    static final int MAX_ENTRIES = 1024;

    private record Key(String secret, String date, String region, String service) {}

    private final ConcurrentHashMap<Key, byte[]> keys = new ConcurrentHashMap<>();

    /** The key; callers must not modify the returned array (it is shared). */
    byte[] signingKey(String secret, String date, String region, String service) {
        Key key = new Key(secret, date, region, service);
        byte[] cached = keys.get(key);
        if (cached != null) {
            return cached;
        }
        byte[] derived = derive(secret, date, region, service);
        if (keys.size() >= MAX_ENTRIES) {
            keys.clear();
        }
        keys.put(key, derived);
        return derived;
    }

    static byte[] derive(String secret, String date, String region, String service) {
        byte[] k = Crypto.hmacSha256(("AWS4" + secret).getBytes(java.nio.charset.StandardCharsets.UTF_8), date);
        k = Crypto.hmacSha256(k, region);
        k = Crypto.hmacSha256(k, service);
        return Crypto.hmacSha256(k, CredentialScope.TERMINATOR);
    }

    int size() {
        return keys.size();
    }
}
