package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The CompleteMultipartUpload request body. */
@JacksonXmlRootElement(localName = "CompleteMultipartUpload")
@JsonIgnoreProperties(ignoreUnknown = true)
public final class CompleteMultipartUpload {
    @JacksonXmlElementWrapper(useWrapping = false)
    @JacksonXmlProperty(localName = "Part")
    public List<PartEntry> parts = new ArrayList<>();

    @JsonIgnoreProperties(ignoreUnknown = true)
    public static final class PartEntry {
        @JacksonXmlProperty(localName = "PartNumber")
        public Integer partNumber;

        @JacksonXmlProperty(localName = "ETag")
        public String etag;

        @JacksonXmlProperty(localName = "ChecksumCRC32")
        public String checksumCrc32;

        @JacksonXmlProperty(localName = "ChecksumCRC32C")
        public String checksumCrc32c;

        @JacksonXmlProperty(localName = "ChecksumCRC64NVME")
        public String checksumCrc64nvme;

        @JacksonXmlProperty(localName = "ChecksumSHA1")
        public String checksumSha1;

        @JacksonXmlProperty(localName = "ChecksumSHA256")
        public String checksumSha256;

        /** The part's checksums as sent, algorithm name ({@code CRC32}, ...) to base64. */
        public Map<String, String> checksums() {
            Map<String, String> m = new LinkedHashMap<>();
            put(m, ChecksumAlgorithm.CRC32, checksumCrc32);
            put(m, ChecksumAlgorithm.CRC32C, checksumCrc32c);
            put(m, ChecksumAlgorithm.CRC64NVME, checksumCrc64nvme);
            put(m, ChecksumAlgorithm.SHA1, checksumSha1);
            put(m, ChecksumAlgorithm.SHA256, checksumSha256);
            return m;
        }

        private static void put(Map<String, String> m, ChecksumAlgorithm a, String v) {
            if (v != null && !v.isBlank()) {
                m.put(a.name(), v.trim());
            }
        }
    }
}
