package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.http.HttpDates;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.Tags;
import io.posixgw.server.routing.RequestHeaders;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Object headers in both directions: request headers to stored attributes, stored
 * attributes and object facts to response headers. Header values travel as
 * ISO-8859-1 strings (one char per byte); stored values are the UTF-8 text those
 * bytes spell, so non-ASCII metadata round-trips byte for byte.
 */
final class ObjectHeaders {
    private static final String META_PREFIX = "x-amz-meta-";

    private ObjectHeaders() {}

    /** Storage classes a write may name: posixgw has one, and answers STANDARD; MinIO takes these two as well. */
    private static final java.util.Set<String> STORAGE_CLASSES = java.util.Set.of("STANDARD", "REDUCED_REDUNDANCY");

    /**
     * Refuses what a write asks for and posixgw cannot give, rather than store the object
     * without it: a storage class other than the one it has (as MinIO answers), and an append
     * ({@code x-amz-write-offset-bytes}, S3 Express), which a plain PUT would turn into a
     * replacement of the whole object by the appended bytes.
     */
    static void requireSupportedWrite(RequestHeaders headers) {
        if (headers.first("x-amz-write-offset-bytes") != null) {
            throw new S3Exception(
                    S3Error.NOT_IMPLEMENTED,
                    "Appending to an object (x-amz-write-offset-bytes) is not implemented by posixgw");
        }
        String storageClass = headers.first("x-amz-storage-class");
        if (storageClass != null && !STORAGE_CLASSES.contains(storageClass.trim())) {
            throw new S3Exception(
                    S3Error.INVALID_STORAGE_CLASS,
                    "The storage class you specified is not valid: " + storageClass.trim()
                            + " (posixgw stores every object as STANDARD)");
        }
    }

    static ObjectAttributes attributesFrom(RequestHeaders headers) {
        Map<String, String> meta = new TreeMap<>(); // its 2 KiB limit: ObjectRules, where the write request is formed
        for (String name : headers.names()) {
            if (name.startsWith(META_PREFIX) && name.length() > META_PREFIX.length()) {
                String key = name.substring(META_PREFIX.length()).toLowerCase(Locale.ROOT);
                String value = String.join(
                        ",",
                        headers.all(name).stream().map(v -> fromWire(name, v)).toList());
                meta.put(key, value);
            }
        }
        return new ObjectAttributes(
                wire(headers, "content-type"),
                contentEncoding(headers),
                wire(headers, "content-language"),
                wire(headers, "content-disposition"),
                wire(headers, "cache-control"),
                wire(headers, "expires"),
                meta,
                Tags.parseHeader(headers.first("x-amz-tagging")));
    }

    /**
     * Content-Encoding as sent, without the {@code aws-chunked} transport coding, which is not part of the
     * object: only that token and its comma go ({@code deflate, gzip} is stored as {@code deflate, gzip};
     * {@code aws-chunked, gzip} as {@code gzip}), as S3 stores it.
     */
    private static String contentEncoding(RequestHeaders headers) {
        String v = wire(headers, "content-encoding");
        if (v == null) {
            return null;
        }
        String[] tokens = v.split(",", -1);
        List<String> kept = new ArrayList<>();
        for (String token : tokens) {
            if (!token.trim().equalsIgnoreCase("aws-chunked")) {
                kept.add(token);
            }
        }
        if (kept.size() == tokens.length) {
            return v;
        }
        String out = String.join(",", kept).strip();
        return out.isEmpty() ? null : out;
    }

    private static String wire(RequestHeaders headers, String name) {
        String v = headers.first(name);
        return v == null ? null : fromWire(name, v);
    }

    /**
     * The text a stored header's bytes spell in UTF-8. Bytes that are no UTF-8 are refused rather than stored
     * replaced (versitygw's JSON metadata can hold only text, and a replaced byte would come back as another):
     * what is stored is returned byte for byte.
     */
    static String fromWire(String name, String latin1) {
        int i = 0;
        while (i < latin1.length() && latin1.charAt(i) < 0x80) {
            i++;
        }
        if (i == latin1.length()) {
            return latin1; // ASCII, the usual case: the bytes are the text
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(latin1.getBytes(StandardCharsets.ISO_8859_1)))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new S3Exception(S3Error.INVALID_ARGUMENT, "The value of " + name + " is not valid UTF-8.")
                    .detail("ArgumentName", name);
        }
    }

    static String toWire(String text) {
        return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    /** The headers of a GET or HEAD answer, before any {@code response-*} override. */
    /**
     * {@code x-amz-version-id} of a version that has an id; S3's {@code null} version (an
     * unversioned bucket's objects, a write while versioning is suspended) is not named.
     */
    static void writeVersionId(S3Response response, String versionId) {
        if (versionId != null && !versionId.equals("null")) {
            response.header("x-amz-version-id", versionId);
        }
    }

    static void writeObjectHeaders(S3Response response, ObjectInfo info, Map<String, String> overrides) {
        ObjectAttributes a = info.attributes();
        writeVersionId(response, info.versionId());
        response.header("ETag", info.etag())
                .header("Last-Modified", HttpDates.format(info.lastModified()))
                .header("Accept-Ranges", "bytes")
                .header("Content-Type", pick(overrides, "content-type", a.effectiveContentType()))
                .header("Content-Encoding", pick(overrides, "content-encoding", a.contentEncoding()))
                .header("Content-Language", pick(overrides, "content-language", a.contentLanguage()))
                .header("Content-Disposition", pick(overrides, "content-disposition", a.contentDisposition()))
                .header("Cache-Control", pick(overrides, "cache-control", a.cacheControl()))
                .header("Expires", pick(overrides, "expires", a.expires()));
        for (Map.Entry<String, String> m : a.userMetadata().entrySet()) {
            response.header(META_PREFIX + m.getKey(), toWire(m.getValue()));
        }
        if (!a.tags().isEmpty()) {
            response.header("x-amz-tagging-count", Integer.toString(a.tags().size()));
        }
        writeLockHeaders(response, a.lock());
    }

    /** The version's Object Lock state, as S3 answers it on GET and HEAD (ISO 8601 dates, as versitygw). */
    static void writeLockHeaders(S3Response response, io.posixgw.core.lock.ObjectLock lock) {
        if (lock.retention() != null) {
            response.header(ObjectLockGuard.MODE, lock.retention().mode().name())
                    .header(
                            ObjectLockGuard.RETAIN_UNTIL,
                            java.time.format.DateTimeFormatter.ISO_INSTANT.format(
                                    lock.retention().retainUntil().truncatedTo(java.time.temporal.ChronoUnit.SECONDS)));
        }
        if (lock.legalHold() != null) {
            response.header(ObjectLockGuard.LEGAL_HOLD, lock.legalHoldOn() ? "ON" : "OFF");
        }
    }

    private static String pick(Map<String, String> overrides, String name, String stored) {
        String o = overrides.get(name);
        String v = o != null ? o : stored;
        return v == null ? null : toWire(v);
    }

    /** The {@code response-*} query overrides of a GET (decoded values). */
    static Map<String, String> responseOverrides(Exchange exchange) {
        Map<String, String> out = new TreeMap<>();
        for (String name : new String[] {
            "content-type", "content-language", "expires", "cache-control", "content-disposition", "content-encoding"
        }) {
            String v = exchange.query("response-" + name);
            if (v != null) {
                out.put(name, v);
            }
        }
        return out;
    }
}
