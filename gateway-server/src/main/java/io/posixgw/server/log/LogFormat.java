package io.posixgw.server.log;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.AsyncAppenderBase;
import ch.qos.logback.core.OutputStreamAppender;
import java.util.Iterator;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;

/**
 * Switches the process's log output to JSON lines ({@code --log-format json}): the
 * encoder of every console or file appender of the root logger (also behind an
 * async appender) is replaced by one writing {@link JsonLayout}. Process-wide: Main
 * calls it before anything is logged.
 */
public final class LogFormat {
    private LogFormat() {}

    public static void useJson() {
        ILoggerFactory factory = LoggerFactory.getILoggerFactory();
        if (!(factory instanceof LoggerContext context)) {
            return; // another SLF4J binding: its own configuration decides
        }
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        for (Iterator<Appender<ILoggingEvent>> it = root.iteratorForAppenders(); it.hasNext(); ) {
            useJson(context, it.next());
        }
    }

    private static void useJson(LoggerContext context, Appender<ILoggingEvent> appender) {
        if (appender instanceof AsyncAppenderBase<ILoggingEvent> async) {
            for (Iterator<Appender<ILoggingEvent>> it = async.iteratorForAppenders(); it.hasNext(); ) {
                useJson(context, it.next());
            }
        } else if (appender instanceof OutputStreamAppender<ILoggingEvent> out) {
            out.setEncoder(LogConfigurator.encoder(context, new JsonLayout()));
        }
    }
}
