package io.posixgw.posix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.posixgw.core.lock.DefaultRetention;
import io.posixgw.core.lock.LockConfiguration;
import io.posixgw.core.lock.ObjectLock;
import io.posixgw.core.lock.ObjectLockRules;
import io.posixgw.core.lock.Retention;
import io.posixgw.core.lock.RetentionMode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;

/**
 * The Object Lock attributes, byte for byte as versitygw writes them (Go's {@code encoding/json} of
 * its structs, fields in declaration order, times as {@code time.Time} marshals them: RFC 3339 with
 * the fraction's trailing zeros cut):
 * <ul>
 *   <li>{@code bucket-lock} on the bucket: {@code auth.BucketLockConfig},
 *       {@code {"Enabled":true,"DefaultRetention":{"Days":1,"Mode":"GOVERNANCE","Years":null},"CreatedAt":"2026-12-02T02:30:00.123456789Z"}}
 *       ({@code "DefaultRetention":null,"CreatedAt":null} without a rule; CreateBucket writes its own time);
 *   <li>{@code object-retention} on a version: {@code types.ObjectLockRetention},
 *       {@code {"Mode":"GOVERNANCE","RetainUntilDate":"2030-01-01T00:00:00Z"}} (versitygw's
 *       PutObjectRetention also writes an {@code "XMLName"} member first, which is read and ignored);
 *   <li>{@code object-legal-hold} on a version: one byte, 1 for ON, 0 for OFF.
 * </ul>
 * Read leniently: any RFC 3339 offset, unknown members ignored. A retention value that cannot be
 * read still locks: as GOVERNANCE until {@link #UNREADABLE_UNTIL}, so that only a caller allowed to
 * bypass governance can remove the version (posixgw never unlocks what it cannot read).
 */
final class LockAttrCodec {
    static final String BUCKET_LOCK = "bucket-lock";

    /** The date an unreadable retention is taken to hold until. */
    static final Instant UNREADABLE_UNTIL = Instant.parse("9999-12-31T23:59:59Z");

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss");

    private LockAttrCodec() {}

    /** {@code time.Time}'s JSON text in UTC: {@code 2026-12-02T02:30:00.1234Z} (no trailing zeros; none at all for whole seconds). */
    static String goTime(Instant t) {
        StringBuilder sb = new StringBuilder(SECONDS.format(t.atOffset(ZoneOffset.UTC)));
        int nanos = t.getNano();
        if (nanos != 0) {
            String frac = String.format("%09d", nanos);
            int end = frac.length();
            while (frac.charAt(end - 1) == '0') {
                end--;
            }
            sb.append('.').append(frac, 0, end);
        }
        return sb.append('Z').toString();
    }

    static byte[] encodeConfiguration(LockConfiguration c) {
        StringBuilder sb =
                new StringBuilder("{\"Enabled\":").append(c.enabled()).append(",\"DefaultRetention\":");
        DefaultRetention d = c.defaultRetention();
        if (d == null) {
            sb.append("null");
        } else {
            sb.append("{\"Days\":")
                    .append(d.days() == null ? "null" : d.days().toString())
                    .append(",\"Mode\":\"")
                    .append(d.mode().name())
                    .append("\",\"Years\":")
                    .append(d.years() == null ? "null" : d.years().toString())
                    .append('}');
        }
        sb.append(",\"CreatedAt\":");
        sb.append(c.createdAt() == null ? "null" : "\"" + goTime(c.createdAt()) + "\"");
        return sb.append('}').toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The configuration, or null for no value. */
    static LockConfiguration decodeConfiguration(byte[] raw) throws IOException {
        if (raw == null) {
            return null;
        }
        JsonNode n = MAPPER.readTree(raw);
        if (n == null || !n.isObject()) {
            throw new IOException("bucket-lock is not a JSON object");
        }
        boolean enabled = n.path("Enabled").asBoolean(false);
        DefaultRetention d = null;
        JsonNode dr = n.get("DefaultRetention");
        if (dr != null && dr.isObject()) {
            RetentionMode mode = RetentionMode.parse(dr.path("Mode").asText(null));
            Integer days = dr.hasNonNull("Days") ? dr.get("Days").asInt() : null;
            Integer years = dr.hasNonNull("Years") ? dr.get("Years").asInt() : null;
            if (mode != null && (days == null) != (years == null)) {
                d = new DefaultRetention(mode, days, years);
            }
        }
        Instant created = n.hasNonNull("CreatedAt")
                ? ObjectLockRules.parseDate(n.get("CreatedAt").asText())
                : null;
        return new LockConfiguration(enabled, d, created);
    }

    static byte[] encodeRetention(Retention r) {
        return ("{\"Mode\":\"" + r.mode().name() + "\",\"RetainUntilDate\":\"" + goTime(r.retainUntil()) + "\"}")
                .getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The retention, or null for no value or one with an empty mode (versitygw's PutObject without a
     * lock writes none). A value that is not JSON, names an unknown mode or has no readable date is
     * GOVERNANCE until {@link #UNREADABLE_UNTIL}.
     */
    static Retention decodeRetention(byte[] raw) {
        if (raw == null || raw.length == 0) {
            return null;
        }
        JsonNode n;
        try {
            n = MAPPER.readTree(raw);
        } catch (IOException e) {
            n = null;
        }
        if (n == null || !n.isObject()) {
            return new Retention(RetentionMode.GOVERNANCE, UNREADABLE_UNTIL);
        }
        String modeText = n.path("Mode").asText("");
        if (modeText.isEmpty()) {
            return null;
        }
        RetentionMode mode = RetentionMode.parse(modeText);
        Instant until = n.hasNonNull("RetainUntilDate")
                ? ObjectLockRules.parseDate(n.get("RetainUntilDate").asText())
                : null;
        if (mode == null || until == null) {
            return new Retention(RetentionMode.GOVERNANCE, UNREADABLE_UNTIL);
        }
        return new Retention(mode, until);
    }

    static byte[] encodeLegalHold(boolean on) {
        return new byte[] {(byte) (on ? 1 : 0)};
    }

    /** versitygw's byte: 1 is ON, anything else OFF; null for no value. */
    static Boolean decodeLegalHold(byte[] raw) {
        if (raw == null || raw.length == 0) {
            return null;
        }
        return raw[0] == 1;
    }

    /** The attributes that record {@code lock} on a new version. */
    static void put(Map<String, byte[]> out, ObjectLock lock) {
        if (lock.retention() != null) {
            out.put(AttrNames.RETENTION, encodeRetention(lock.retention()));
        }
        if (lock.legalHold() != null) {
            out.put(AttrNames.LEGAL_HOLD, encodeLegalHold(lock.legalHold()));
        }
    }

    /** The lock the read attributes record. */
    static ObjectLock decode(Map<String, byte[]> raw) {
        byte[] r = raw.get(AttrNames.RETENTION);
        byte[] h = raw.get(AttrNames.LEGAL_HOLD);
        if (r == null && h == null) {
            return ObjectLock.NONE;
        }
        return new ObjectLock(decodeRetention(r), decodeLegalHold(h));
    }
}
