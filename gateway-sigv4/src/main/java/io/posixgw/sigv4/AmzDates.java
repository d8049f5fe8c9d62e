package io.posixgw.sigv4;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/** The two date forms SigV4 meets: ISO 8601 basic ({@code 20130524T000000Z}) and the HTTP {@code Date} header. */
final class AmzDates {
    private static final DateTimeFormatter BASIC =
            DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private AmzDates() {}

    /** Parses {@code yyyyMMdd'T'HHmmss'Z'} strictly (it is what gets signed, so no lenient variants); null if bad. */
    static Instant parseBasic(String s) {
        if (s == null || s.length() != 16 || s.charAt(8) != 'T' || s.charAt(15) != 'Z') {
            return null;
        }
        for (int i = 0; i < 15; i++) {
            if (i != 8 && (s.charAt(i) < '0' || s.charAt(i) > '9')) {
                return null;
            }
        }
        try {
            return LocalDateTime.of(
                            num(s, 0, 4), num(s, 4, 6), num(s, 6, 8), num(s, 9, 11), num(s, 11, 13), num(s, 13, 15))
                    .toInstant(ZoneOffset.UTC);
        } catch (DateTimeException e) {
            return null; // e.g. month 13: as bad as unparsable
        }
    }

    /** Parses an RFC 1123 {@code Date} header value; null if bad. */
    static Instant parseHttpDate(String s) {
        if (s == null || s.length() > 64) {
            return null;
        }
        try {
            return ZonedDateTime.parse(s.strip(), DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant();
        } catch (DateTimeException e) {
            return null;
        }
    }

    static String formatBasic(Instant instant) {
        return BASIC.format(instant);
    }

    private static int num(String s, int from, int to) {
        return Integer.parseInt(s, from, to, 10);
    }
}
