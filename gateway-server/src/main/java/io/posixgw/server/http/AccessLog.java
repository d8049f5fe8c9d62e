package io.posixgw.server.http;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One line per request. Never the query string: presigned URLs carry signatures
 * and credentials there.
 */
final class AccessLog {
    private static final Logger LOG = LoggerFactory.getLogger("posixgw.access");

    private final boolean enabled;

    AccessLog(boolean enabled) {
        this.enabled = enabled && LOG.isInfoEnabled();
    }

    /** @param remote the client's address, formatted only when the line is written */
    void log(String requestId, Object remote, String method, String path, String operation, int status,
             String errorCode, long bytesIn, long bytesOut, long startNanos) {
        if (!enabled) {
            return;
        }
        long micros = (System.nanoTime() - startNanos) / 1000;
        LOG.info("{} {} {} {} {} {} {} in={} out={} {}.{}ms", requestId, remote, method, printable(path),
                operation == null ? "-" : operation, status, errorCode == null ? "-" : errorCode, bytesIn, bytesOut,
                micros / 1000, String.format("%03d", micros % 1000));
    }

    /** Keys may hold any character: escape controls so one request stays one line. */
    private static String printable(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                StringBuilder b = new StringBuilder(s.length() + 8);
                s.chars().forEach(ch -> {
                    if (ch < 0x20 || ch == 0x7f) {
                        b.append(String.format("\\x%02x", ch));
                    } else {
                        b.append((char) ch);
                    }
                });
                return b.toString();
            }
        }
        return s;
    }
}
