package io.posixgw.core.checksum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class MultipartChecksumTest {

    /** FULL_OBJECT: combining part CRCs gives the CRC of the whole, for any split, empty pieces included. */
    @ParameterizedTest
    @EnumSource(
            value = ChecksumAlgorithm.class,
            names = {"CRC32", "CRC32C", "CRC64NVME"})
    void combinedCrcEqualsTheCrcOfTheConcatenation(ChecksumAlgorithm algorithm) {
        Random random = new Random(algorithm.ordinal());
        MultipartChecksum full = new MultipartChecksum(algorithm, ChecksumType.FULL_OBJECT);
        for (int round = 0; round < 40; round++) {
            int pieces = 1 + random.nextInt(5);
            List<byte[]> parts = new ArrayList<>();
            List<String> values = new ArrayList<>();
            List<Long> sizes = new ArrayList<>();
            Checksummer whole = algorithm.newChecksummer();
            for (int i = 0; i < pieces; i++) {
                byte[] p = new byte[random.nextInt(round % 4 == 0 ? 3 : 70_000)];
                random.nextBytes(p);
                parts.add(p);
                Checksummer c = algorithm.newChecksummer();
                c.update(ByteBuffer.wrap(p));
                values.add(c.base64());
                sizes.add((long) p.length);
                whole.update(ByteBuffer.wrap(p));
            }
            assertEquals(whole.base64(), full.combine(values, sizes), "round " + round);
        }
    }

    @Test
    void compositeIsTheChecksumOfTheBinaryPartChecksumsWithThePartCount() {
        // CRC32 of "a" is 0xe8b7be43, of "b" 0x71beeff9; CRC32 of those 8 bytes, big-endian
        MultipartChecksum composite = new MultipartChecksum(ChecksumAlgorithm.CRC32, ChecksumType.COMPOSITE);
        Checksummer c = ChecksumAlgorithm.CRC32.newChecksummer();
        c.update(ByteBuffer.wrap(
                new byte[] {(byte) 0xe8, (byte) 0xb7, (byte) 0xbe, 0x43, 0x71, (byte) 0xbe, (byte) 0xef, (byte) 0xf9}));
        assertEquals(c.base64() + "-2", composite.combine(List.of("6Le+Qw==", "cb7v+Q=="), List.of(1L, 1L)));
    }

    @ParameterizedTest
    @CsvSource(
            nullValues = "-",
            value = {
                "CRC32, -, CRC32, COMPOSITE",
                "crc32c, -, CRC32C, COMPOSITE",
                "SHA1, -, SHA1, COMPOSITE",
                "SHA256, composite, SHA256, COMPOSITE",
                "CRC64NVME, -, CRC64NVME, FULL_OBJECT",
                "CRC32, FULL_OBJECT, CRC32, FULL_OBJECT",
            })
    void headerRulesAndDefaults(String algorithm, String type, ChecksumAlgorithm wantAlgorithm, ChecksumType wantType) {
        MultipartChecksum m = MultipartChecksum.fromHeaders(algorithm, type);
        assertEquals(wantAlgorithm, m.algorithm());
        assertEquals(wantType, m.type());
    }

    @ParameterizedTest
    @CsvSource(
            nullValues = "-",
            value = {
                "-, COMPOSITE",
                "SHA1, FULL_OBJECT",
                "SHA256, FULL_OBJECT",
                "CRC64NVME, COMPOSITE",
                "MD5, -",
                "x-amz-checksum-crc32, -",
                "CRC32, BOTH"
            })
    void refusedCombinations(String algorithm, String type) {
        S3Exception e = assertThrows(S3Exception.class, () -> MultipartChecksum.fromHeaders(algorithm, type));
        assertEquals(S3Error.INVALID_REQUEST, e.error());
    }

    @Test
    void noHeadersNoChecksum() {
        assertNull(MultipartChecksum.fromHeaders(null, null));
        assertNull(MultipartChecksum.fromHeaders(" ", ""));
    }
}
