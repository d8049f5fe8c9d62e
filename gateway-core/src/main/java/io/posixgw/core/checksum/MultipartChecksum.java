package io.posixgw.core.checksum;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * The checksum a multipart upload was created with ({@code x-amz-checksum-algorithm},
 * {@code x-amz-checksum-type}) and how the object's checksum is made from its parts':
 * COMPOSITE is the algorithm over the concatenated binary part checksums, written
 * {@code <base64>-<parts>}; FULL_OBJECT (CRCs only) is the CRC of the whole object,
 * combined from the part CRCs and sizes.
 */
public record MultipartChecksum(ChecksumAlgorithm algorithm, ChecksumType type) {

    /**
     * From CreateMultipartUpload's headers, with AWS's rules: the type needs an algorithm;
     * the default type is FULL_OBJECT for CRC64NVME and COMPOSITE otherwise; SHA is never
     * FULL_OBJECT and CRC64NVME never COMPOSITE.
     *
     * @return null when the request names no checksum
     */
    public static MultipartChecksum fromHeaders(String algorithmHeader, String typeHeader) {
        boolean hasAlgorithm = algorithmHeader != null && !algorithmHeader.isBlank();
        boolean hasType = typeHeader != null && !typeHeader.isBlank();
        if (!hasAlgorithm) {
            if (hasType) {
                throw new S3Exception(
                        S3Error.INVALID_REQUEST,
                        "The x-amz-checksum-type header can only be used with the x-amz-checksum-algorithm header.");
            }
            return null;
        }
        ChecksumAlgorithm algorithm = ChecksumAlgorithm.parse(algorithmHeader)
                .filter(a -> !algorithmHeader.trim().toLowerCase(Locale.ROOT).startsWith("x-amz-"))
                .orElseThrow(
                        () -> new S3Exception(
                                S3Error.INVALID_REQUEST,
                                "Checksum algorithm provided is unsupported. Please try again with any of the valid types: [CRC32, CRC32C, CRC64NVME, SHA1, SHA256]"));
        ChecksumType type;
        if (hasType) {
            type = ChecksumType.parse(typeHeader)
                    .orElseThrow(() -> new S3Exception(
                            S3Error.INVALID_REQUEST, "Value for x-amz-checksum-type header is invalid."));
        } else {
            type = algorithm == ChecksumAlgorithm.CRC64NVME ? ChecksumType.FULL_OBJECT : ChecksumType.COMPOSITE;
        }
        if (type == ChecksumType.FULL_OBJECT && !algorithm.isCrc()) {
            throw new S3Exception(
                    S3Error.INVALID_REQUEST,
                    "The FULL_OBJECT checksum type cannot be used with the "
                            + algorithm.name().toLowerCase(Locale.ROOT) + " checksum algorithm.");
        }
        if (type == ChecksumType.COMPOSITE && algorithm == ChecksumAlgorithm.CRC64NVME) {
            throw new S3Exception(
                    S3Error.INVALID_REQUEST,
                    "The COMPOSITE checksum type cannot be used with the crc64nvme checksum algorithm.");
        }
        return new MultipartChecksum(algorithm, type);
    }

    /**
     * The object's checksum from its parts', in part order.
     *
     * @param partValues base64 checksums of the parts, of this algorithm
     * @param partSizes  the parts' sizes in bytes (used by FULL_OBJECT)
     */
    public String combine(List<String> partValues, List<Long> partSizes) {
        if (partValues.size() != partSizes.size() || partValues.isEmpty()) {
            throw new IllegalArgumentException("one checksum and one size per part");
        }
        if (type == ChecksumType.COMPOSITE) {
            Checksummer c = algorithm.newChecksummer();
            for (String v : partValues) {
                c.update(ByteBuffer.wrap(Base64.getDecoder().decode(v)));
            }
            return c.base64() + "-" + partValues.size();
        }
        int width = algorithm.crcWidth();
        long crc = toLong(Base64.getDecoder().decode(partValues.get(0)));
        for (int i = 1; i < partValues.size(); i++) {
            long next = toLong(Base64.getDecoder().decode(partValues.get(i)));
            crc = CrcCombine.combine(crc, next, partSizes.get(i), algorithm.reflectedPolynomial(), width);
        }
        byte[] out = new byte[width / 8];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) (crc >>> (8 * (out.length - 1 - i)));
        }
        return Base64.getEncoder().encodeToString(out);
    }

    private static long toLong(byte[] bigEndian) {
        long v = 0;
        for (byte b : bigEndian) {
            v = (v << 8) | (b & 0xff);
        }
        return v;
    }
}
