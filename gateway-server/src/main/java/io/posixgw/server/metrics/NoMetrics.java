package io.posixgw.server.metrics;

import io.posixgw.posix.FsyncListener;
import java.util.function.IntSupplier;

/** Metrics off: every call does nothing. */
final class NoMetrics implements ServerMetrics {
    @Override
    public void requestEnded(String operation, int status, String errorCode, long bytesIn, long bytesOut, long nanos) {}

    @Override
    public void connectionRefused() {}

    @Override
    public void watch(IntSupplier inFlight, IntSupplier openConnections) {}

    @Override
    public FsyncListener fsyncListener() {
        return FsyncListener.NONE;
    }

    @Override
    public boolean servesPrometheus() {
        return false;
    }

    @Override
    public byte[] scrapePrometheus() {
        throw new IllegalStateException("no Prometheus export configured");
    }

    @Override
    public void close() {}
}
