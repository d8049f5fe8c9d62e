package io.posixgw.server.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.slf4j.event.KeyValuePair;

class JsonLayoutTest {
    private final LoggerContext context = new LoggerContext();

    private String layout(LoggingEvent event) {
        JsonLayout layout = new JsonLayout();
        layout.setContext(context);
        layout.start();
        return layout.doLayout(event);
    }

    @Test
    void fieldsAreEscapedTypedAndOnOneLine() throws Exception {
        String key = "a\"b\\c\nd\re\tf\u0001g\u007fé😀</script>";
        LoggingEvent e =
                new LoggingEvent("fqcn", context.getLogger("posixgw.access"), Level.INFO, "request", null, null);
        e.setTimeStamp(0);
        e.addKeyValuePair(new KeyValuePair("key", key));
        e.addKeyValuePair(new KeyValuePair("status", 404));
        e.addKeyValuePair(new KeyValuePair("bytes_in", 5L));
        e.addKeyValuePair(new KeyValuePair("latency_ms", BigDecimal.valueOf(1234, 3)));
        e.addKeyValuePair(new KeyValuePair("error", null));
        String line = layout(e);

        assertTrue(line.endsWith("\n"));
        assertEquals(-1, line.substring(0, line.length() - 1).indexOf('\n'), "one line: " + line);
        assertEquals(-1, line.indexOf('\r'));
        assertTrue(
                line.startsWith(
                        "{\"time\":\"1970-01-01T00:00:00.000Z\",\"level\":\"INFO\",\"logger\":\"posixgw.access\","
                                + "\"message\":\"request\",\"key\":\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g"),
                line);
        assertTrue(line.contains("\"status\":404,\"bytes_in\":5,\"latency_ms\":1.234}"), line);
        assertFalse(line.contains("\"error\""), "null values are left out");

        JsonNode n = new ObjectMapper().readTree(line);
        assertEquals(key, n.get("key").asText());
        assertEquals(404, n.get("status").intValue());
        assertEquals(1.234, n.get("latency_ms").doubleValue());
    }

    @Test
    void messagesAndExceptionsOfOtherLoggers() throws Exception {
        LoggingEvent e = new LoggingEvent(
                "fqcn",
                context.getLogger("io.posixgw.server.Gateway"),
                Level.WARN,
                "staging sweep failed: {}",
                new IllegalStateException("disk \"gone\""),
                new Object[] {"x\ny"});
        JsonNode n = new ObjectMapper().readTree(layout(e));
        assertEquals("WARN", n.get("level").asText());
        assertEquals("io.posixgw.server.Gateway", n.get("logger").asText());
        assertEquals("staging sweep failed: x\ny", n.get("message").asText());
        assertTrue(
                n.get("exception").asText().startsWith("java.lang.IllegalStateException: disk \"gone\""), n.toString());
    }
}
