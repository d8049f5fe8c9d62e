package io.posixgw.core.checksum;

/**
 * The CRC of a concatenation from the CRCs of its pieces, without the bytes (zlib's
 * {@code crc32_combine}, by GF(2) matrix powers of the "append one zero bit" operator).
 * Valid for the reflected CRCs S3 uses (CRC32, CRC32C, CRC64NVME), which all start and
 * end with all-ones. This is how a FULL_OBJECT multipart checksum is built from the
 * parts' checksums in microseconds instead of re-reading the object.
 */
final class CrcCombine {
    private CrcCombine() {}

    /**
     * @param reflectedPoly the polynomial in reflected (LSB-first) form
     * @param width         32 or 64
     * @return CRC(A || B) from crcA = CRC(A), crcB = CRC(B) and the length of B
     */
    static long combine(long crcA, long crcB, long lengthB, long reflectedPoly, int width) {
        if (lengthB <= 0) {
            return crcA;
        }
        long mask = width == 64 ? -1L : (1L << width) - 1;
        long[] odd = new long[width];
        long[] even = new long[width];
        odd[0] = reflectedPoly & mask; // the operator for one zero bit
        long row = 1;
        for (int n = 1; n < width; n++) {
            odd[n] = row;
            row <<= 1;
        }
        square(even, odd); // two zero bits
        square(odd, even); // four zero bits
        long crc = crcA & mask;
        long len = lengthB;
        do {
            square(even, odd); // first pass: one zero byte
            if ((len & 1) != 0) {
                crc = times(even, crc);
            }
            len >>>= 1;
            if (len == 0) {
                break;
            }
            square(odd, even);
            if ((len & 1) != 0) {
                crc = times(odd, crc);
            }
            len >>>= 1;
        } while (len != 0);
        return (crc ^ crcB) & mask;
    }

    private static long times(long[] mat, long vec) {
        long sum = 0;
        for (int i = 0; vec != 0; i++, vec >>>= 1) {
            if ((vec & 1) != 0) {
                sum ^= mat[i];
            }
        }
        return sum;
    }

    private static void square(long[] square, long[] mat) {
        for (int n = 0; n < mat.length; n++) {
            square[n] = times(mat, mat[n]);
        }
    }
}
