package io.posixgw.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressTest {
    @Test
    void lineShowsCountsBytesRateAndEta() {
        AtomicLong now = new AtomicLong();
        Progress p = new Progress(
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                false,
                Duration.ofSeconds(10),
                now::get);
        p.totalObjects.set(4000);
        p.totalBytes.set(3L << 30);
        assertEquals("scanning: 4,000 objects, 3.0 GiB listed", p.line());
        p.phase("copying");
        p.copied.set(100);
        p.skipped.set(20);
        p.skippedBytes.set(1L << 30);
        p.transferred.set(512L << 20);
        now.set(Duration.ofSeconds(8).toNanos());
        // 1.5 GiB left at 64 MiB/s
        assertEquals(
                "copying: 120/4,000 objects, 1.5 GiB/3.0 GiB, 64.0 MiB/s, ETA 24s (copied 100, present 20, failed 0)",
                p.line());
        p.deleted.set(2);
        assertTrue(p.line().endsWith("failed 0, deleted 2)"), p.line());
    }

    @Test
    void etaIsUnknownBeforeTheFirstByte() {
        Progress p = new Progress(System.err, false, Duration.ZERO, () -> 0L);
        p.phase("copying");
        p.totalBytes.set(10);
        assertTrue(p.line().contains("ETA --"), p.line());
        p.skippedBytes.set(10);
        assertTrue(p.line().contains("ETA 0s"), p.line());
    }

    @Test
    void unitsAndDurations() {
        assertEquals(
                List.of("0 B", "1023 B", "1.0 KiB", "1.5 MiB", "2.0 TiB"),
                List.of(
                        Progress.bytes(0),
                        Progress.bytes(1023),
                        Progress.bytes(1024),
                        Progress.bytes(3L << 19),
                        Progress.bytes(2L << 40)));
        assertEquals("45s", Progress.duration(Duration.ofSeconds(45)));
        assertEquals("3m05s", Progress.duration(Duration.ofSeconds(185)));
        assertEquals("2h03m", Progress.duration(Duration.ofSeconds(2 * 3600 + 3 * 60 + 59)));
    }

    @Test
    void printsLinesOnAnInterval() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Progress p = new Progress(
                new PrintStream(out, true, StandardCharsets.UTF_8), false, Duration.ofMillis(50), System::nanoTime);
        p.start();
        Thread.sleep(300);
        p.stop();
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.lines().count() >= 2 && text.startsWith("scanning: "), text);
    }
}
