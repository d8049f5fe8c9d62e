package io.posixgw.server;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * SIGHUP reloads instead of stopping the JVM (its default). {@code sun.misc.Signal}
 * (module jdk.unsupported, which the image keeps) is the JDK's only way to catch a signal.
 */
final class ReloadOnHangup {
    private static final Logger LOG = LoggerFactory.getLogger(ReloadOnHangup.class);

    private ReloadOnHangup() {}

    static void install(Runnable reload) {
        try {
            Signal.handle(new Signal("HUP"), signal -> {
                LOG.info("SIGHUP: reloading");
                try {
                    reload.run();
                } catch (RuntimeException e) {
                    LOG.error("reload failed", e);
                }
            });
        } catch (IllegalArgumentException e) {
            // no SIGHUP on this platform, or the JVM runs with -Xrs
            LOG.warn("SIGHUP cannot be caught here ({}): reload by restarting", e.getMessage());
        }
    }
}
