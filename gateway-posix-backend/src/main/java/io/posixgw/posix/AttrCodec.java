package io.posixgw.posix;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.model.ObjectAttributes;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Encodes attribute values byte-for-byte as versitygw (Go {@code encoding/json}) writes
 * them, and decodes both its current and legacy forms:
 * <ul>
 * <li>{@code metadata}: {@code json.Marshal(map[string]string)}: keys sorted by UTF-8 bytes,
 * {@code <>&} and U+2028/U+2029 escaped as lowercase {@code \u00xx}, control characters as
 * {@code \b \f \n \r \t} or {@code \u00xx};</li>
 * <li>{@code checksums}: {@code s3response.Checksum} without tags:
 * {@code {"Algorithm":"CRC32","Type":"FULL_OBJECT","CRC32":"..","CRC32C":null,"SHA1":null,"SHA256":null,"CRC64NVME":null}};</li>
 * <li>{@code acl}: {@code auth.ACL}: {@code {"Owner":"k","Grantees":[{"Permission":"FULL_CONTROL","Access":"k","Type":"CanonicalUser"}]}};</li>
 * <li>{@code mp-metadata}: gzip of {@code {"UploadID":"..","Parts":[cumulative part ends]}} (raw JSON also read).</li>
 * </ul>
 */
final class AttrCodec {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonFactory GO_JSON = new JsonFactory().setCharacterEscapes(new GoEscapes());
    /** Field order of versitygw's s3response.Checksum. */
    private static final ChecksumAlgorithm[] CHECKSUM_FIELDS = {
        ChecksumAlgorithm.CRC32, ChecksumAlgorithm.CRC32C, ChecksumAlgorithm.SHA1, ChecksumAlgorithm.SHA256, ChecksumAlgorithm.CRC64NVME};

    private AttrCodec() {
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String str(byte[] b) {
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    /** Go's JSON string escaping with HTML escaping on (the encoding/json default). */
    private static final class GoEscapes extends CharacterEscapes {
        private final int[] ascii = standardAsciiEscapesForJSON();

        GoEscapes() {
            for (int c = 0; c < 0x20; c++) {
                ascii[c] = ESCAPE_CUSTOM;
            }
            ascii['<'] = ESCAPE_CUSTOM;
            ascii['>'] = ESCAPE_CUSTOM;
            ascii['&'] = ESCAPE_CUSTOM;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            switch (ch) {
                case '\b': return new SerializedString("\\b");
                case '\f': return new SerializedString("\\f");
                case '\n': return new SerializedString("\\n");
                case '\r': return new SerializedString("\\r");
                case '\t': return new SerializedString("\\t");
                case '<': case '>': case '&': case 0x2028: case 0x2029:
                    return new SerializedString(String.format("\\u%04x", ch));
                default:
                    return ch < 0x20 ? new SerializedString(String.format("\\u%04x", ch)) : null;
            }
        }
    }

    private interface Writer {
        void write(JsonGenerator g) throws IOException;
    }

    private static byte[] goJson(Writer w) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(128);
        try (JsonGenerator g = GO_JSON.createGenerator(out)) {
            w.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    // ---- user metadata ----

    static byte[] encodeMetadata(Map<String, String> meta) {
        Map<String, String> sorted = new TreeMap<>(Utf8Order.COMPARATOR);
        sorted.putAll(meta);
        return goJson(g -> {
            g.writeStartObject();
            for (Map.Entry<String, String> e : sorted.entrySet()) {
                g.writeStringField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
        });
    }

    static Map<String, String> decodeMetadata(byte[] json) {
        Map<String, String> out = new LinkedHashMap<>();
        if (json == null || json.length == 0) {
            return out;
        }
        try {
            JsonNode n = MAPPER.readTree(json);
            if (n != null && n.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> e = it.next();
                    out.put(e.getKey(), e.getValue().isNull() ? "" : e.getValue().asText());
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
        ChecksumAlgorithm algorithm = first;
        return goJson(g -> {
            g.writeStartObject();
            g.writeStringField("Algorithm", algorithm == null ? "" : algorithm.name());
            g.writeStringField("Type", algorithm == null ? "" : "FULL_OBJECT");
            for (ChecksumAlgorithm a : CHECKSUM_FIELDS) {
                String v = byAlgo.get(a);
                if (v == null) {
                    g.writeNullField(a.name());
                } else {
                    g.writeStringField(a.name(), v);
                }
            }
            g.writeEndObject();
        });
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
        return goJson(g -> {
            g.writeStartObject();
            g.writeStringField("Owner", owner);
            g.writeArrayFieldStart("Grantees");
            g.writeStartObject();
            g.writeStringField("Permission", "FULL_CONTROL");
            g.writeStringField("Access", owner);
            g.writeStringField("Type", "CanonicalUser");
            g.writeEndObject();
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    // ---- multipart layout ----

    /** What versitygw records on a completed multipart object. @param partEnds cumulative end offsets */
    record MpMetadata(String uploadId, long[] partEnds) {
    }

    static byte[] encodeMpMetadata(String uploadId, long[] partEnds) {
        byte[] json = goJson(g -> {
            g.writeStartObject();
            g.writeStringField("UploadID", uploadId);
            g.writeArrayFieldStart("Parts");
            for (long e : partEnds) {
                g.writeNumber(e);
            }
            g.writeEndArray();
            g.writeEndObject();
        });
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
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                String k = e.getKey().toLowerCase(Locale.ROOT);
                if (k.equals("uploadid") || k.equals("upload_id")) {
                    id = e.getValue().asText();
                } else if (k.equals("parts") && e.getValue().isArray()) {
                    for (JsonNode p : e.getValue()) {
                        ends.add(p.asLong());
                    }
                }
            }
            long[] arr = new long[ends.size()];
            for (int i = 0; i < arr.length; i++) {
                arr[i] = ends.get(i);
            }
            return new MpMetadata(id, arr);
        } catch (IOException e) {
            return null;
        }
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
                meta.putIfAbsent(e.getKey().substring(AttrNames.LEGACY_META_PREFIX.length()).toLowerCase(Locale.ROOT),
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
                meta);
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
