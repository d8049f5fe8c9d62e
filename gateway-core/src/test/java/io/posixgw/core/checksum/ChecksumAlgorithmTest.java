package io.posixgw.core.checksum;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class ChecksumAlgorithmTest {
    static String hex(ChecksumAlgorithm a, String data) {
        Checksummer c = a.newChecksummer();
        byte[] bytes = data.getBytes(StandardCharsets.US_ASCII);
        // Feed in two pieces to exercise incremental updates.
        c.update(ByteBuffer.wrap(bytes, 0, 3));
        c.update(ByteBuffer.wrap(bytes, 3, bytes.length - 3));
        return HexFormat.of().formatHex(c.digest());
    }

    @Test
    void checkValues() {
        // The standard "123456789" check values of each algorithm.
        assertEquals("cbf43926", hex(ChecksumAlgorithm.CRC32, "123456789"));
        assertEquals("e3069283", hex(ChecksumAlgorithm.CRC32C, "123456789"));
        assertEquals("ae8b14860a799888", hex(ChecksumAlgorithm.CRC64NVME, "123456789"));
        assertEquals("f7c3bc1d808e04732adf679965ccc34ca7ae3441", hex(ChecksumAlgorithm.SHA1, "123456789"));
    }

    @Test
    void crc64LongInputMatchesBytewise() {
        byte[] data = new byte[1000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 7);
        }
        Checksummer whole = ChecksumAlgorithm.CRC64NVME.newChecksummer();
        whole.update(ByteBuffer.wrap(data));
        Checksummer bytewise = ChecksumAlgorithm.CRC64NVME.newChecksummer();
        for (byte b : data) {
            bytewise.update(ByteBuffer.wrap(new byte[] {b}));
        }
        assertEquals(whole.base64(), bytewise.base64());
    }

    @Test
    void parse() {
        assertEquals(
                ChecksumAlgorithm.CRC32C,
                ChecksumAlgorithm.parse("x-amz-checksum-crc32c").orElseThrow());
        assertEquals(ChecksumAlgorithm.SHA256, ChecksumAlgorithm.parse("SHA256").orElseThrow());
        assertEquals("x-amz-checksum-crc64nvme", ChecksumAlgorithm.CRC64NVME.headerName());
    }
}
