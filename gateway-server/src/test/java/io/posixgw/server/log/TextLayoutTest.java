package io.posixgw.server.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import org.junit.jupiter.api.Test;

class TextLayoutTest {
    private final LoggerContext context = new LoggerContext();

    private String layout(String logger, Level level, String message, Throwable t) {
        TextLayout layout = new TextLayout();
        layout.setContext(context);
        layout.start();
        LoggingEvent e = new LoggingEvent("fqcn", context.getLogger(logger), level, message, t, null);
        e.setTimeStamp(1_000_123);
        return layout.doLayout(e);
    }

    @Test
    void timeLevelShortLoggerNameAndMessage() {
        assertEquals(
                "1970-01-01T00:16:40.123Z INFO  Gateway ready\n",
                layout("io.posixgw.server.Gateway", Level.INFO, "ready", null));
        assertEquals("1970-01-01T00:16:40.123Z WARN  access x\n", layout("posixgw.access", Level.WARN, "x", null));
        assertEquals("1970-01-01T00:16:40.123Z DEBUG c y\n", layout("a.b.c", Level.DEBUG, "y", null));
    }

    @Test
    void stackTracesFollowTheLine() {
        String out = layout("io.posixgw.server.Gateway", Level.ERROR, "failed", new IllegalStateException("boom"));
        assertTrue(
                out.startsWith(
                        "1970-01-01T00:16:40.123Z ERROR Gateway failed\njava.lang.IllegalStateException: boom\n"),
                out);
    }
}
