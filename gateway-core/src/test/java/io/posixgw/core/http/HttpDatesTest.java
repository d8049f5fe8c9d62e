package io.posixgw.core.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HttpDatesTest {
    private static final DateTimeFormatter JDK = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
            .withZone(ZoneOffset.UTC);

    @Test
    void formatsAsRfc1123() {
        assertEquals("Sun, 06 Nov 1994 08:49:37 GMT", HttpDates.format(Instant.parse("1994-11-06T08:49:37.999Z")));
        assertEquals("Thu, 01 Jan 1970 00:00:00 GMT", HttpDates.format(Instant.EPOCH));
        assertEquals("Mon, 29 Feb 2044 23:59:59 GMT", HttpDates.format(Instant.parse("2044-02-29T23:59:59Z")));
    }

    @Test
    void agreesWithTheJdkFormatterOverCenturies() {
        SplittableRandom random = new SplittableRandom(7);
        long from = Instant.parse("1900-01-01T00:00:00Z").getEpochSecond();
        long to = Instant.parse("2300-01-01T00:00:00Z").getEpochSecond();
        for (int i = 0; i < 20_000; i++) {
            Instant t = Instant.ofEpochSecond(random.nextLong(from, to), random.nextInt(1_000_000_000));
            assertEquals(JDK.format(t), HttpDates.format(t), t.toString());
        }
    }

    @Test
    void parsesWhatItFormats() {
        Instant t = Instant.parse("2026-11-30T19:20:21Z");
        assertEquals(t, HttpDates.parse(HttpDates.format(t)));
        assertEquals(t, HttpDates.parse(" " + HttpDates.format(t) + " "));
        assertNull(HttpDates.parse("yesterday"));
        assertNull(HttpDates.parse(""));
    }
}
