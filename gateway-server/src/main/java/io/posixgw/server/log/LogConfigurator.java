package io.posixgw.server.log;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.Layout;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.spi.ContextAwareBase;
import java.nio.charset.StandardCharsets;

/**
 * posixgw's logging, set up in code (found by Logback through {@code META-INF/services}):
 * one line per event on stdout, written by an asynchronous appender that never blocks a
 * request; {@code io.netty} at WARN. Reading a logback.xml instead costs about 600 classes
 * (Joran and an XML parser) and a few hundred milliseconds of start-up.
 *
 * <p>A configuration file still wins: {@code -Dlogback.configurationFile=...}, or a
 * {@code logback.xml}/{@code logback-test.xml} on the class path (the tests have one).
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_HIGH_PRIORITY)
public final class LogConfigurator extends ContextAwareBase implements Configurator {
    @Override
    public ExecutionStatus configure(LoggerContext context) {
        ClassLoader loader = LogConfigurator.class.getClassLoader();
        if (System.getProperty("logback.configurationFile") != null
                || loader.getResource("logback-test.xml") != null
                || loader.getResource("logback.xml") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setName("STDOUT");
        console.setEncoder(encoder(context, new TextLayout()));
        console.start();
        AsyncAppender async = new AsyncAppender();
        async.setContext(context);
        async.setName("ASYNC");
        async.setQueueSize(8192);
        async.setDiscardingThreshold(0); // never drop INFO lines (the access log) when the queue fills
        async.setNeverBlock(true); // ... but never block a request on a slow stdout either
        async.addAppender(console);
        async.start();
        context.getLogger("io.netty").setLevel(Level.WARN);
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(async);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** A UTF-8 encoder writing {@code layout}. */
    static LayoutWrappingEncoder<ILoggingEvent> encoder(LoggerContext context, Layout<ILoggingEvent> layout) {
        layout.setContext(context);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setCharset(StandardCharsets.UTF_8);
        encoder.setLayout(layout);
        encoder.start();
        return encoder;
    }
}
