package io.posixgw.core.checksum;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/** The checksums S3 accepts in {@code x-amz-checksum-*} headers and trailers. */
public enum ChecksumAlgorithm {
    CRC32("crc32"),
    CRC32C("crc32c"),
    CRC64NVME("crc64nvme"),
    SHA1("sha1"),
    SHA256("sha256");

    private final String lowerName;

    ChecksumAlgorithm(String lowerName) {
        this.lowerName = lowerName;
    }

    /** Bytes of a value (before base64): 4 for CRC32 and CRC32C, 8 for CRC64NVME, 20 for SHA-1, 32 for SHA-256. */
    public int byteLength() {
        switch (this) {
            case CRC32:
            case CRC32C:
                return 4;
            case CRC64NVME:
                return 8;
            case SHA1:
                return 20;
            default:
                return 32;
        }
    }

    /**
     * Whether {@code value} is well formed for this algorithm: the base64 of exactly {@link #byteLength()}
     * bytes. S3 answers a malformed value InvalidRequest and keeps BadDigest for a well-formed one that
     * does not match.
     */
    public boolean isWellFormed(String value) {
        if (value == null) {
            return false;
        }
        try {
            return Base64.getDecoder().decode(value).length == byteLength();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The header that carries this checksum, e.g. {@code x-amz-checksum-crc32}. */
    public String headerName() {
        return "x-amz-checksum-" + lowerName;
    }

    /** From {@code CRC32}, {@code crc32} or {@code x-amz-checksum-crc32}. */
    public static Optional<ChecksumAlgorithm> parse(String name) {
        if (name == null) {
            return Optional.empty();
        }
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (n.startsWith("x-amz-checksum-")) {
            n = n.substring("x-amz-checksum-".length());
        }
        for (ChecksumAlgorithm a : values()) {
            if (a.lowerName.equals(n)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    /** CRC32, CRC32C and CRC64NVME: the checksums a FULL_OBJECT multipart checksum can be combined from. */
    public boolean isCrc() {
        return this == CRC32 || this == CRC32C || this == CRC64NVME;
    }

    /** Width in bits of a CRC algorithm. */
    int crcWidth() {
        return this == CRC64NVME ? 64 : 32;
    }

    /** The CRC's polynomial in reflected (LSB-first) form. */
    long reflectedPolynomial() {
        switch (this) {
            case CRC32:
                return 0xEDB88320L;
            case CRC32C:
                return 0x82F63B78L;
            case CRC64NVME:
                return Crc64Nvme.POLY;
            default:
                throw new IllegalStateException(name() + " is not a CRC");
        }
    }

    public Checksummer newChecksummer() {
        switch (this) {
            case CRC32:
                return Checksummer.ofCrc(new CRC32(), 4);
            case CRC32C:
                return Checksummer.ofCrc(new CRC32C(), 4);
            case CRC64NVME:
                return Checksummer.ofCrc(new Crc64Nvme(), 8);
            case SHA1:
                return Checksummer.ofDigest(digest("SHA-1"));
            case SHA256:
                return Checksummer.ofDigest(digest("SHA-256"));
            default:
                throw new IllegalStateException(name());
        }
    }

    private static MessageDigest digest(String name) {
        try {
            return MessageDigest.getInstance(name);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(name + " is required by the JDK", e);
        }
    }
}
