package io.posixgw.server.log;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.LayoutBase;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.slf4j.event.KeyValuePair;

/**
 * Every log event as one JSON object on one line: {@code time}, {@code level},
 * {@code logger}, {@code message}, then the event's SLF4J key-value pairs as fields
 * (the access log puts its fields there), then {@code exception} when there is one.
 * Jackson does the escaping: quotes, backslashes and control characters in keys
 * and messages never break the line or the object.
 */
public final class JsonLayout extends LayoutBase<ILoggingEvent> {
    private static final JsonFactory JSON = JsonFactory.builder().build();
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    @Override
    public String doLayout(ILoggingEvent event) {
        StringWriter out = new StringWriter(256);
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("time", TIME.format(event.getInstant()));
            g.writeStringField("level", event.getLevel().toString());
            g.writeStringField("logger", event.getLoggerName());
            g.writeStringField("message", event.getFormattedMessage());
            List<KeyValuePair> pairs = event.getKeyValuePairs();
            if (pairs != null) {
                for (KeyValuePair p : pairs) {
                    writeValue(g, p.key, p.value);
                }
            }
            if (event.getThrowableProxy() != null) {
                g.writeStringField("exception", ThrowableProxyUtil.asString(event.getThrowableProxy()));
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.append(CoreConstants.LINE_SEPARATOR).toString();
    }

    /** Numbers stay numbers, null values are left out, anything else is its string. */
    private static void writeValue(JsonGenerator g, String name, Object value) throws IOException {
        if (value == null) {
            return;
        }
        g.writeFieldName(name);
        if (value instanceof Integer || value instanceof Long) {
            g.writeNumber(((Number) value).longValue());
        } else if (value instanceof BigDecimal d) {
            g.writeNumber(d);
        } else if (value instanceof Boolean b) {
            g.writeBoolean(b);
        } else {
            g.writeString(value.toString());
        }
    }
}
