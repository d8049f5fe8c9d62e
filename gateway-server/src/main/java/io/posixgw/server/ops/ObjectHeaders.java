package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.http.HttpDates;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.Tags;
import io.posixgw.server.routing.RequestHeaders;
import java.nio.charset.StandardCharsets;
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
                        headers.all(name).stream().map(ObjectHeaders::fromWire).toList());
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

    /** Content-Encoding without the {@code aws-chunked} transport coding, which is not part of the object. */
    private static String contentEncoding(RequestHeaders headers) {
        String v = wire(headers, "content-encoding");
        if (v == null) {
            return null;
        }
        StringBuilder kept = new StringBuilder();
        for (String token : v.split(",")) {
            String t = token.trim();
            if (t.isEmpty() || t.equalsIgnoreCase("aws-chunked")) {
                continue;
            }
            if (kept.length() > 0) {
                kept.append(',');
            }
            kept.append(t);
        }
        return kept.length() == 0 ? null : kept.toString();
    }

    private static String wire(RequestHeaders headers, String name) {
        String v = headers.first(name);
        return v == null ? null : fromWire(v);
    }

    static String fromWire(String latin1) {
        return new String(latin1.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }

    static String toWire(String text) {
        return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    /** The headers of a GET or HEAD answer, before any {@code response-*} override. */
    static void writeObjectHeaders(S3Response response, ObjectInfo info, Map<String, String> overrides) {
        ObjectAttributes a = info.attributes();
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
