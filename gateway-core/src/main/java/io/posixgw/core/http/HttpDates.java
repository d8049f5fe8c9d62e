package io.posixgw.core.http;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/** HTTP dates (RFC 1123), as in Last-Modified and the If-*-Since headers. */
public final class HttpDates {
    private static final DateTimeFormatter RFC_1123 =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    private HttpDates() {
    }

    public static String format(Instant instant) {
        return RFC_1123.format(instant);
    }

    /** Parses an HTTP date; null when absent or unparseable (S3 then ignores the header). */
    public static Instant parse(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            try {
                return Instant.parse(value.trim());
            } catch (DateTimeParseException e2) {
                return null;
            }
        }
    }

    /** HTTP dates have whole seconds: compare at that precision. */
    public static Instant truncate(Instant instant) {
        return instant.truncatedTo(ChronoUnit.SECONDS);
    }
}
