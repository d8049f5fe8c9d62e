package io.posixgw.sigv4;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.StandardDSAEncoding;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.ec.FixedPointCombMultiplier;

/**
 * SigV4A (AWS4-ECDSA-P256-SHA256): the P-256 key pair is derived from the secret the way AWS's C auth library does
 * (NIST SP 800-108 KDF in counter mode, HMAC-SHA256 keyed with "AWS4A" + secret), so the server needs no key
 * registration. Derivation costs a scalar multiplication, so public keys are cached per (access key, secret).
 */
final class SigV4aKeys {
    private static final String LABEL = "AWS4-ECDSA-P256-SHA256";
    private static final int MAX_COUNTER = 254; // AWS's bound; reaching it has probability ~2^-8128
    private static final X9ECParameters P256 = CustomNamedCurves.getByName("secp256r1");
    static final ECDomainParameters DOMAIN =
            new ECDomainParameters(P256.getCurve(), P256.getG(), P256.getN(), P256.getH());
    private static final BigInteger N_MINUS_2 = P256.getN().subtract(BigInteger.TWO);

    private record Key(String accessKey, String secret) {}

    private final ConcurrentHashMap<Key, ECPublicKeyParameters> cache = new ConcurrentHashMap<>();

    /** Verifies a DER ECDSA signature over SHA-256 of {@code stringToSign}; false for any malformed signature. */
    boolean verify(String accessKey, String secret, String stringToSign, byte[] derSignature) {
        ECPublicKeyParameters key = cache.get(new Key(accessKey, secret));
        if (key == null) {
            key = new ECPublicKeyParameters(derivePublicKey(accessKey, secret), DOMAIN);
            if (cache.size() >= SigningKeyCache.MAX_ENTRIES) {
                cache.clear();
            }
            cache.put(new Key(accessKey, secret), key);
        }
        BigInteger[] rs;
        try {
            rs = StandardDSAEncoding.INSTANCE.decode(DOMAIN.getN(), derSignature);
        } catch (java.io.IOException | RuntimeException e) {
            // Bouncy Castle's DER reader reports hostile encodings as IOException or assorted runtime exceptions.
            return false;
        }
        ECDSASigner signer = new ECDSASigner();
        signer.init(false, key);
        return signer.verifySignature(Crypto.sha256(stringToSign.getBytes(StandardCharsets.UTF_8)), rs[0], rs[1]);
    }

    /** The public key point Q = d*G, normalised (affine). */
    static ECPoint derivePublicKey(String accessKey, String secret) {
        BigInteger d = derivePrivateKey(accessKey, secret);
        return new FixedPointCombMultiplier().multiply(DOMAIN.getG(), d).normalize();
    }

    static BigInteger derivePrivateKey(String accessKey, String secret) {
        byte[] kdfKey = ("AWS4A" + secret).getBytes(StandardCharsets.UTF_8);
        byte[] label = LABEL.getBytes(StandardCharsets.UTF_8);
        byte[] context = accessKey.getBytes(StandardCharsets.UTF_8);
        for (int counter = 1; counter <= MAX_COUNTER; counter++) {
            // i (=1, the KDF's block counter) || Label || 0x00 || Context (access key || counter) || L (=256 bits)
            ByteBuffer fixedInput = ByteBuffer.allocate(4 + label.length + 1 + context.length + 1 + 4);
            fixedInput
                    .putInt(1)
                    .put(label)
                    .put((byte) 0)
                    .put(context)
                    .put((byte) counter)
                    .putInt(256);
            BigInteger candidate = new BigInteger(1, Crypto.hmacSha256(kdfKey, fixedInput.array()));
            if (candidate.compareTo(N_MINUS_2) <= 0) {
                return candidate.add(BigInteger.ONE); // d in [1, n-1]
            }
        }
        throw new IllegalStateException("SigV4A key derivation exhausted its counter");
    }
}
