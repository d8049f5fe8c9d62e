package io.posixgw.server.http;

import io.posixgw.server.auth.Authenticator;
import io.posixgw.server.ops.Operations;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What every connection handler shares: the collaborators wired by main, the
 * settings of the HTTP layer, and the server's lifecycle state.
 */
final class ServerContext {
    final Authenticator authenticator;
    final Operations operations;
    final ExecutorService workers;
    final AccessLog accessLog;
    final boolean keepAlive;
    final String healthPath;
    final long bodyTimeoutMillis;
    /** Requests between their first byte and their response's last byte. */
    final AtomicInteger inFlight = new AtomicInteger();
    volatile boolean draining;

    ServerContext(Authenticator authenticator, Operations operations, ExecutorService workers, boolean accessLog,
                  boolean keepAlive, String healthPath, long bodyTimeoutMillis) {
        this.authenticator = authenticator;
        this.operations = operations;
        this.workers = workers;
        this.accessLog = new AccessLog(accessLog);
        this.keepAlive = keepAlive;
        this.healthPath = healthPath;
        this.bodyTimeoutMillis = bodyTimeoutMillis;
    }
}
