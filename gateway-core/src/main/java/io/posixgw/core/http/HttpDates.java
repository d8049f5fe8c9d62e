package io.posixgw.core.http;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

/** HTTP dates (RFC 1123), as in Last-Modified and the If-*-Since headers. */
public final class HttpDates {
    private static final String[] DAYS = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    private static final String[] MONTHS = {
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
    };

    private HttpDates() {}

    /**
     * "Sun, 06 Nov 1994 08:49:37 GMT", for the Last-Modified of every GET and HEAD. Written
     * by hand: HTTP's names are fixed English, while a DateTimeFormatter with day and month
     * names goes through the locale providers on each call.
     */
    public static String format(Instant instant) {
        LocalDateTime t = LocalDateTime.ofEpochSecond(instant.getEpochSecond(), 0, ZoneOffset.UTC);
        StringBuilder b =
                new StringBuilder(29).append(DAYS[t.getDayOfWeek().ordinal()]).append(", ");
        twoDigits(b, t.getDayOfMonth())
                .append(' ')
                .append(MONTHS[t.getMonthValue() - 1])
                .append(' ');
        int year = t.getYear();
        if (year >= 0 && year < 1000) {
            // HTTP-date has four digits; 0-999 are padded (and never met: file times start in 1970)
            b.append(year < 10 ? "000" : year < 100 ? "00" : "0");
        }
        b.append(year).append(' ');
        twoDigits(b, t.getHour()).append(':');
        twoDigits(b, t.getMinute()).append(':');
        return twoDigits(b, t.getSecond()).append(" GMT").toString();
    }

    private static StringBuilder twoDigits(StringBuilder b, int value) {
        return b.append((char) ('0' + value / 10)).append((char) ('0' + value % 10));
    }

    /** Parses an HTTP date; null when absent or unparseable (S3 then ignores the header). */
    public static Instant parse(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant();
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
