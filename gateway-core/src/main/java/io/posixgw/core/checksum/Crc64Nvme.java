package io.posixgw.core.checksum;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.Checksum;

/**
 * CRC-64/NVME (reflected polynomial 0x9A6C9329AC4BC9B5, init and xor-out all ones),
 * the {@code CRC64NVME} of S3. Slicing-by-8 tables: the JDK has no CRC-64.
 */
final class Crc64Nvme implements Checksum {
    static final long POLY = 0x9A6C9329AC4BC9B5L;
    private static final long[][] TABLE = new long[8][256];

    static {
        for (int i = 0; i < 256; i++) {
            long crc = i;
            for (int k = 0; k < 8; k++) {
                crc = (crc & 1) != 0 ? (crc >>> 1) ^ POLY : crc >>> 1;
            }
            TABLE[0][i] = crc;
        }
        for (int i = 0; i < 256; i++) {
            for (int t = 1; t < 8; t++) {
                long prev = TABLE[t - 1][i];
                TABLE[t][i] = (prev >>> 8) ^ TABLE[0][(int) (prev & 0xff)];
            }
        }
    }

    private long crc = ~0L;

    @Override
    public void update(int b) {
        crc = (crc >>> 8) ^ TABLE[0][(int) ((crc ^ b) & 0xff)];
    }

    @Override
    public void update(byte[] b, int off, int len) {
        update(ByteBuffer.wrap(b, off, len));
    }

    @Override
    public void update(ByteBuffer buffer) {
        ByteBuffer data = buffer.duplicate().order(ByteOrder.BIG_ENDIAN);
        long c = crc;
        while (data.remaining() >= 8) {
            long v = c ^ Long.reverseBytes(data.getLong());
            c = TABLE[7][(int) (v & 0xff)]
                    ^ TABLE[6][(int) ((v >>> 8) & 0xff)]
                    ^ TABLE[5][(int) ((v >>> 16) & 0xff)]
                    ^ TABLE[4][(int) ((v >>> 24) & 0xff)]
                    ^ TABLE[3][(int) ((v >>> 32) & 0xff)]
                    ^ TABLE[2][(int) ((v >>> 40) & 0xff)]
                    ^ TABLE[1][(int) ((v >>> 48) & 0xff)]
                    ^ TABLE[0][(int) (v >>> 56)];
        }
        while (data.hasRemaining()) {
            c = (c >>> 8) ^ TABLE[0][(int) ((c ^ data.get()) & 0xff)];
        }
        crc = c;
        buffer.position(buffer.limit());
    }

    @Override
    public long getValue() {
        return ~crc;
    }

    @Override
    public void reset() {
        crc = ~0L;
    }
}
