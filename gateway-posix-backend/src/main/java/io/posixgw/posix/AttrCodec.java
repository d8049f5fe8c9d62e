package io.posixgw.posix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.checksum.ChecksumType;
import io.posixgw.core.checksum.MultipartChecksum;
import io.posixgw.core.listing.KeyOrder;
import io.posixgw.core.model.ObjectAttributes;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Encodes attribute values byte-for-byte as versitygw (Go {@code encoding/json}) writes
 * them, and decodes both its current and legacy forms:
 * <ul>
 * <li>{@code metadata}: {@code json.Marshal(map[string]string)}: keys sorted by UTF-8 bytes,
 * {@code <>&} and U+2028/U+2029 escaped as lowercase {@code \\u00xx}, control characters as
 * {@code \b \f \n \r \t} or {@code \\u00xx};</li>
 * <li>{@code checksums}: {@code s3response.Checksum} without tags:
 * {@code {"Algorithm":"CRC32","Type":"FULL_OBJECT","CRC32":"..","CRC32C":null,"SHA1":null,"SHA256":null,"CRC64NVME":null}};</li>
 * <li>{@code acl}: {@code auth.ACL}: {@code {"Owner":"k","Grantees":[{"Permission":"FULL_CONTROL","Access":"k","Type":"CanonicalUser"}]}};</li>
 * <li>{@code mp-metadata}: gzip of {@code {"UploadID":"..","Parts":[cumulative part ends]}} (raw JSON also read).</li>
 * </ul>
 * Values are written by hand, since Go's escaping cannot be reproduced exactly with Jackson
 * (it escapes surrogate pairs once custom escapes are on); they are read with Jackson.
 */
final class AttrCodec {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** Field order of versitygw's s3response.Checksum. */
    private static final ChecksumAlgorithm[] CHECKSUM_FIELDS = {
        ChecksumAlgorithm.CRC32,
        ChecksumAlgorithm.CRC32C,
        ChecksumAlgorithm.SHA1,
        ChecksumAlgorithm.SHA256,
        ChecksumAlgorithm.CRC64NVME
    };

    private AttrCodec() {}

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String str(byte[] b) {
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    /**
     * A JSON string as Go's encoding/json writes it (HTML escaping on): {@code " \\} escaped,
     * {@code \b \f \n \r \t} short, other controls and {@code < > &} and U+2028/U+2029 as
     * lowercase {@code \\u00xx}, everything else raw UTF-8; a lone surrogate (invalid) as
     * U+FFFD. Jackson cannot be told to leave surrogate pairs raw when custom escapes are on.
     */
    static void quote(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    out.append("\\\"");
                    break;
                case '\\':
                    out.append("\\\\");
                    break;
                case '\b':
                    out.append("\\b");
                    break;
                case '\f':
                    out.append("\\f");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                case '<':
                case '>':
                case '&':
                case '\u2028':
                case '\u2029':
                    out.append(String.format("\\u%04x", (int) c));
                    break;
                default:
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else if (Character.isHighSurrogate(c)
                            && i + 1 < s.length()
                            && Character.isLowSurrogate(s.charAt(i + 1))) {
                        out.append(c).append(s.charAt(++i));
                    } else if (Character.isSurrogate(c)) {
                        out.append("\\ufffd");
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }

    private static byte[] bytes(StringBuilder sb) {
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    // ---- user metadata ----

    static byte[] encodeMetadata(Map<String, String> meta) {
        Map<String, String> sorted = new TreeMap<>(KeyOrder.COMPARATOR);
        sorted.putAll(meta);
        StringBuilder sb = new StringBuilder(64);
        sb.append('{');
        for (Map.Entry<String, String> e : sorted.entrySet()) {
            if (sb.length() > 1) {
                sb.append(',');
            }
            quote(sb, e.getKey());
            sb.append(':');
            quote(sb, e.getValue() == null ? "" : e.getValue());
        }
        return bytes(sb.append('}'));
    }

    static Map<String, String> decodeMetadata(byte[] json) {
        Map<String, String> out = new LinkedHashMap<>();
        if (json == null || json.length == 0) {
            return out;
        }
        try {
            JsonNode n = MAPPER.readTree(json);
            if (n != null && n.isObject()) {
                for (Map.Entry<String, JsonNode> e : n.properties()) {
                    out.put(
                            e.getKey(),
                            e.getValue().isNull() ? "" : e.getValue().asText());
                }
            }
        } catch (IOException e) {
            // unreadable metadata is served as none rather than failing the object
        }
        return out;
    }

    // ---- checksums ----

    /** @param checksums algorithm name (CRC32, ...) to base64, as {@code BodySource.checksums()} gives them */
    static byte[] encodeChecksums(Map<String, String> checksums) {
        return encodeChecksums(checksums, ChecksumType.FULL_OBJECT);
    }

    /** An upload's checksum algorithm and type, without values (versitygw's CreateMultipartUpload record). */
    static byte[] encodeChecksumSpec(MultipartChecksum spec) {
        StringBuilder sb = new StringBuilder(160);
        sb.append("{\"Algorithm\":");
        quote(sb, spec.algorithm().name());
        sb.append(",\"Type\":");
        quote(sb, spec.type().name());
        for (ChecksumAlgorithm a : CHECKSUM_FIELDS) {
            sb.append(",\"").append(a.name()).append("\":null");
        }
        return bytes(sb.append('}'));
    }

    /** The checksum an upload was created with; null when it has none or the record is unreadable. */
    static MultipartChecksum decodeChecksumSpec(byte[] json) {
        JsonNode n = readObject(json);
        if (n == null) {
            return null;
        }
        ChecksumAlgorithm a =
                ChecksumAlgorithm.parse(n.path("Algorithm").asText("")).orElse(null);
        ChecksumType t = ChecksumType.parse(n.path("Type").asText("")).orElse(null);
        return a == null || t == null ? null : new MultipartChecksum(a, t);
    }

    /** The stored {@code Type}; FULL_OBJECT when absent (single-part objects). */
    static ChecksumType decodeChecksumType(byte[] json) {
        JsonNode n = readObject(json);
        return n == null
                ? ChecksumType.FULL_OBJECT
                : ChecksumType.parse(n.path("Type").asText("")).orElse(ChecksumType.FULL_OBJECT);
    }

    private static JsonNode readObject(byte[] json) {
        if (json == null || json.length == 0) {
            return null;
        }
        try {
            JsonNode n = MAPPER.readTree(json);
            return n != null && n.isObject() ? n : null;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * @param type COMPOSITE or FULL_OBJECT; null writes an empty type, as versitygw does for a part
     */
    static byte[] encodeChecksums(Map<String, String> checksums, ChecksumType type) {
        Map<ChecksumAlgorithm, String> byAlgo = new LinkedHashMap<>();
        ChecksumAlgorithm first = null;
        for (ChecksumAlgorithm a : CHECKSUM_FIELDS) {
            for (Map.Entry<String, String> e : checksums.entrySet()) {
                if (ChecksumAlgorithm.parse(e.getKey()).orElse(null) == a) {
                    byAlgo.put(a, e.getValue());
                    if (first == null) {
                        first = a;
                    }
                }
            }
        }
        StringBuilder sb = new StringBuilder(160);
        sb.append("{\"Algorithm\":");
        quote(sb, first == null ? "" : first.name());
        sb.append(",\"Type\":");
        quote(sb, first == null || type == null ? "" : type.name());
        for (ChecksumAlgorithm a : CHECKSUM_FIELDS) {
            String v = byAlgo.get(a);
            sb.append(",\"").append(a.name()).append("\":");
            if (v == null) {
                sb.append("null");
            } else {
                quote(sb, v);
            }
        }
        return bytes(sb.append('}'));
    }

    static Map<String, String> decodeChecksums(byte[] json) {
        Map<String, String> out = new LinkedHashMap<>();
        if (json == null || json.length == 0) {
            return out;
        }
        try {
            JsonNode n = MAPPER.readTree(json);
            if (n != null && n.isObject()) {
                for (ChecksumAlgorithm a : CHECKSUM_FIELDS) {
                    JsonNode v = n.get(a.name());
                    if (v != null && v.isTextual() && !v.asText().isEmpty()) {
                        out.put(a.name(), v.asText());
                    }
                }
            }
        } catch (IOException e) {
            // ignore unreadable checksums
        }
        return out;
    }

    // ---- bucket acl ----

    static byte[] encodeOwnerAcl(String owner) {
        StringBuilder sb = new StringBuilder(128);
        sb.append("{\"Owner\":");
        quote(sb, owner);
        sb.append(",\"Grantees\":[{\"Permission\":\"FULL_CONTROL\",\"Access\":");
        quote(sb, owner);
        sb.append(",\"Type\":\"CanonicalUser\"}]}");
        return bytes(sb);
    }

    /**
     * The owner in versitygw's {@code auth.ACL} JSON (Go field names, matched without regard to
     * case as Go's decoder does); null when absent, empty or unreadable.
     */
    static String decodeAclOwner(byte[] raw) {
        if (raw == null || raw.length == 0) {
            return null;
        }
        try {
            JsonNode n = MAPPER.readTree(raw);
            if (n == null || !n.isObject()) {
                return null;
            }
            for (Map.Entry<String, JsonNode> e : n.properties()) {
                if (e.getKey().equalsIgnoreCase("Owner")
                        && e.getValue().isTextual()
                        && !e.getValue().asText().isEmpty()) {
                    return e.getValue().asText();
                }
            }
            return null;
        } catch (IOException e) {
            return null;
        }
    }

    // ---- multipart layout ----

    /**
     * What versitygw records on a completed multipart object, and posixgw's addition: the upload's
     * checksum and each part's, which versitygw does not keep (its JSON decoder skips the extra fields).
     *
     * @param partEnds      cumulative end offsets
     * @param checksum      the upload's algorithm and type, or null (none, or completed by versitygw)
     * @param partChecksums each part's checksum in base64, in order; empty without {@code checksum}
     */
    record MpMetadata(String uploadId, long[] partEnds, MultipartChecksum checksum, List<String> partChecksums) {
        MpMetadata(String uploadId, long[] partEnds) {
            this(uploadId, partEnds, null, List.of());
        }
    }

    static byte[] encodeMpMetadata(String uploadId, long[] partEnds) {
        return encodeMpMetadata(uploadId, partEnds, null, List.of());
    }

    static byte[] encodeMpMetadata(
            String uploadId, long[] partEnds, MultipartChecksum checksum, List<String> partChecksums) {
        StringBuilder sb = new StringBuilder(64 + 12 * partEnds.length + 16 * partChecksums.size());
        sb.append("{\"UploadID\":");
        quote(sb, uploadId);
        sb.append(",\"Parts\":[");
        for (int i = 0; i < partEnds.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(partEnds[i]);
        }
        sb.append(']');
        if (checksum != null && partChecksums.size() == partEnds.length) {
            sb.append(",\"ChecksumAlgorithm\":");
            quote(sb, checksum.algorithm().name());
            sb.append(",\"ChecksumType\":");
            quote(sb, checksum.type().name());
            sb.append(",\"PartChecksums\":[");
            for (int i = 0; i < partChecksums.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                quote(sb, partChecksums.get(i));
            }
            sb.append(']');
        }
        byte[] json = bytes(sb.append('}'));
        ByteArrayOutputStream out = new ByteArrayOutputStream(json.length + 32);
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Null when absent or unreadable. Accepts gzip (current versitygw) and raw JSON (older). */
    static MpMetadata decodeMpMetadata(byte[] raw) {
        if (raw == null || raw.length == 0) {
            return null;
        }
        try {
            byte[] json = raw;
            if (raw.length >= 2 && (raw[0] & 0xff) == 0x1f && (raw[1] & 0xff) == 0x8b) {
                try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(raw))) {
                    json = in.readAllBytes();
                }
            }
            JsonNode n = MAPPER.readTree(json);
            if (n == null || !n.isObject()) {
                return null;
            }
            String id = null;
            List<Long> ends = new ArrayList<>();
            String algorithm = null;
            String type = null;
            List<String> sums = new ArrayList<>();
            for (Map.Entry<String, JsonNode> e : n.properties()) {
                String k = e.getKey().toLowerCase(Locale.ROOT);
                if (k.equals("uploadid") || k.equals("upload_id")) {
                    id = e.getValue().asText();
                } else if (k.equals("parts") && e.getValue().isArray()) {
                    for (JsonNode p : e.getValue()) {
                        ends.add(p.asLong());
                    }
                } else if (k.equals("checksumalgorithm") && e.getValue().isTextual()) {
                    algorithm = e.getValue().asText();
                } else if (k.equals("checksumtype") && e.getValue().isTextual()) {
                    type = e.getValue().asText();
                } else if (k.equals("partchecksums") && e.getValue().isArray()) {
                    for (JsonNode p : e.getValue()) {
                        sums.add(p.asText());
                    }
                }
            }
            long[] arr = new long[ends.size()];
            for (int i = 0; i < arr.length; i++) {
                arr[i] = ends.get(i);
            }
            MultipartChecksum checksum = mpChecksum(algorithm, type);
            if (checksum == null || sums.size() != arr.length) {
                return new MpMetadata(id, arr);
            }
            return new MpMetadata(id, arr, checksum, List.copyOf(sums));
        } catch (IOException e) {
            return null;
        }
    }

    /** The upload's checksum named in {@code mp-metadata}, or null when absent or not one posixgw knows. */
    private static MultipartChecksum mpChecksum(String algorithm, String type) {
        if (algorithm == null || type == null) {
            return null;
        }
        Optional<ChecksumAlgorithm> a = ChecksumAlgorithm.parse(algorithm);
        Optional<ChecksumType> t = ChecksumType.parse(type);
        return a.isPresent() && t.isPresent() ? new MultipartChecksum(a.get(), t.get()) : null;
    }

    // ---- object attributes ----

    /** The xattrs for an object's stored headers and user metadata (unset ones are not written). */
    static Map<String, byte[]> objectAttrs(ObjectAttributes a) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        put(out, AttrNames.CONTENT_TYPE, a.contentType());
        put(out, AttrNames.CONTENT_ENCODING, a.contentEncoding());
        put(out, AttrNames.CONTENT_LANGUAGE, a.contentLanguage());
        put(out, AttrNames.CONTENT_DISPOSITION, a.contentDisposition());
        put(out, AttrNames.CACHE_CONTROL, a.cacheControl());
        put(out, AttrNames.EXPIRES, a.expires());
        if (!a.userMetadata().isEmpty()) {
            out.put(AttrNames.METADATA, encodeMetadata(a.userMetadata()));
        }
        if (!a.tags().isEmpty()) {
            // versitygw: json.Marshal of the tag map, the same encoding as the metadata map
            out.put(AttrNames.TAGGING, encodeMetadata(a.tags()));
        }
        LockAttrCodec.put(out, a.lock());
        if (a.acl() != null) {
            // on the temp file (or upload directory) with the rest, so the object never appears without it
            out.put(AttrNames.OBJECT_ACL, a.acl().toJson());
        }
        return out;
    }

    private static void put(Map<String, byte[]> out, String name, String value) {
        if (value != null && !value.isEmpty()) {
            out.put(name, utf8(value));
        }
    }

    static ObjectAttributes toAttributes(Map<String, byte[]> raw) {
        Map<String, String> meta = decodeMetadata(raw.get(AttrNames.METADATA));
        for (Map.Entry<String, byte[]> e : raw.entrySet()) {
            if (e.getKey().startsWith(AttrNames.LEGACY_META_PREFIX)) {
                meta.putIfAbsent(
                        e.getKey()
                                .substring(AttrNames.LEGACY_META_PREFIX.length())
                                .toLowerCase(Locale.ROOT),
                        str(e.getValue()));
            }
        }
        return new ObjectAttributes(
                str(raw.get(AttrNames.CONTENT_TYPE)),
                str(raw.get(AttrNames.CONTENT_ENCODING)),
                str(raw.get(AttrNames.CONTENT_LANGUAGE)),
                str(raw.get(AttrNames.CONTENT_DISPOSITION)),
                str(raw.get(AttrNames.CACHE_CONTROL)),
                str(raw.get(AttrNames.EXPIRES)),
                meta,
                decodeMetadata(raw.get(AttrNames.TAGGING)),
                LockAttrCodec.decode(raw));
    }

    /** {@link AttrNames#COMPUTED_ETAG}'s value: {@code <size>:<mtime in ns>:<etag>}. */
    static byte[] encodeComputedEtag(String etag, BasicFileAttributes hashed) {
        return utf8(hashed.size() + ":" + hashed.lastModifiedTime().to(TimeUnit.NANOSECONDS) + ":" + etag);
    }

    /** The computed ETag if it was computed for a file of this size and mtime, else null (rewritten since, or malformed). */
    static String computedEtag(byte[] raw, BasicFileAttributes now) {
        String s = str(raw);
        if (s == null) {
            return null;
        }
        String[] f = s.split(":", 3);
        if (f.length != 3
                || !f[0].equals(Long.toString(now.size()))
                || !f[1].equals(Long.toString(now.lastModifiedTime().to(TimeUnit.NANOSECONDS)))) {
            return null;
        }
        return etag(f[2].getBytes(StandardCharsets.UTF_8));
    }

    /** A stored ETag in wire form: quoted (old versitygw wrote some unquoted). */
    static String etag(byte[] raw) {
        String s = str(raw);
        if (s == null || s.isEmpty()) {
            return null;
        }
        return s.startsWith("\"") ? s : '"' + s + '"';
    }
}
