package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import java.util.Map;

/**
 * The {@code Checksum<ALGORITHM>} elements of a part or object in S3's XML answers,
 * unwrapped into the enclosing element; absent values are not written.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"ChecksumCRC32", "ChecksumCRC32C", "ChecksumCRC64NVME", "ChecksumSHA1", "ChecksumSHA256"})
public record ChecksumValues(
        @JacksonXmlProperty(localName = "ChecksumCRC32") String crc32,
        @JacksonXmlProperty(localName = "ChecksumCRC32C") String crc32c,
        @JacksonXmlProperty(localName = "ChecksumCRC64NVME") String crc64nvme,
        @JacksonXmlProperty(localName = "ChecksumSHA1") String sha1,
        @JacksonXmlProperty(localName = "ChecksumSHA256") String sha256) {

    public static final ChecksumValues NONE = new ChecksumValues(null, null, null, null, null);

    /** @param checksums algorithm name ({@code CRC32}, ...) to base64 */
    public static ChecksumValues of(Map<String, String> checksums) {
        return new ChecksumValues(
                checksums.get(ChecksumAlgorithm.CRC32.name()),
                checksums.get(ChecksumAlgorithm.CRC32C.name()),
                checksums.get(ChecksumAlgorithm.CRC64NVME.name()),
                checksums.get(ChecksumAlgorithm.SHA1.name()),
                checksums.get(ChecksumAlgorithm.SHA256.name()));
    }
}
