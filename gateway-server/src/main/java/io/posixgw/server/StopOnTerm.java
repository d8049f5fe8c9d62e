package io.posixgw.server;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * SIGTERM and SIGINT stop the server gracefully and then exit with status 0, as orchestrators and
 * versitygw expect of a clean stop: left to the JVM, a signal runs the shutdown hooks and exits 128 +
 * 15 = 143, which Kubernetes and systemd record as a failure. Any other way out (System.exit, a signal
 * not caught here) still stops gracefully through a shutdown hook. The stop runs once; a second signal
 * waits for it rather than cut it short.
 */
final class StopOnTerm {
    private static final Logger LOG = LoggerFactory.getLogger(StopOnTerm.class);

    private StopOnTerm() {}

    static void install(Runnable stop) {
        AtomicBoolean started = new AtomicBoolean();
        CountDownLatch finished = new CountDownLatch(1);
        Runnable once = () -> {
            if (started.compareAndSet(false, true)) {
                try {
                    stop.run();
                } finally {
                    finished.countDown();
                }
            } else {
                try {
                    finished.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        Runtime.getRuntime().addShutdownHook(new Thread(once, "posixgw-shutdown"));
        for (String name : List.of("TERM", "INT")) {
            try {
                Signal.handle(new Signal(name), signal -> {
                    once.run();
                    System.exit(0);
                });
            } catch (IllegalArgumentException e) {
                // the JVM runs with -Xrs, or the signal is not available: the shutdown hook still stops
                LOG.warn("SIG{} cannot be caught here ({}): it stops through the JVM's exit", name, e.getMessage());
            }
        }
    }
}
