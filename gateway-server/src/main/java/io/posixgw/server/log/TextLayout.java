package io.posixgw.server.log;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.LayoutBase;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The default log line: {@code 2026-11-30T12:00:00.123Z INFO  Gateway message}, then the
 * stack trace if any. Written by hand rather than with a pattern layout, whose parser
 * alone loads about a hundred classes at start-up.
 */
public final class TextLayout extends LayoutBase<ILoggingEvent> {
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    @Override
    public String doLayout(ILoggingEvent event) {
        String level = event.getLevel().toString();
        String logger = event.getLoggerName();
        StringBuilder b = new StringBuilder(128)
                .append(TIME.format(event.getInstant()))
                .append(' ')
                .append(level)
                .append("     ", 0, Math.max(0, 5 - level.length()))
                .append(' ')
                .append(logger, logger.lastIndexOf('.') + 1, logger.length())
                .append(' ')
                .append(event.getFormattedMessage())
                .append(CoreConstants.LINE_SEPARATOR);
        if (event.getThrowableProxy() != null) {
            b.append(ThrowableProxyUtil.asString(event.getThrowableProxy())).append(CoreConstants.LINE_SEPARATOR);
        }
        return b.toString();
    }
}
