package io.posixgw.core.checksum;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.zip.Checksum;

/** A running checksum over a body; {@link #base64()} gives the value as S3 writes it. */
public abstract class Checksummer {
    public abstract void update(ByteBuffer data);

    /** Big-endian bytes of the final value. */
    public abstract byte[] digest();

    public String base64() {
        return Base64.getEncoder().encodeToString(digest());
    }

    /** A CRC of {@code bytes} bytes (4 for CRC32/CRC32C, 8 for CRC64NVME). */
    static Checksummer ofCrc(Checksum crc, int bytes) {
        return new Checksummer() {
            @Override
            public void update(ByteBuffer data) {
                crc.update(data.duplicate());
            }

            @Override
            public byte[] digest() {
                long v = crc.getValue();
                byte[] out = new byte[bytes];
                for (int i = 0; i < bytes; i++) {
                    out[i] = (byte) (v >>> (8 * (bytes - 1 - i)));
                }
                return out;
            }
        };
    }

    static Checksummer ofDigest(MessageDigest md) {
        return new Checksummer() {
            @Override
            public void update(ByteBuffer data) {
                md.update(data.duplicate());
            }

            @Override
            public byte[] digest() {
                return md.digest();
            }
        };
    }
}
