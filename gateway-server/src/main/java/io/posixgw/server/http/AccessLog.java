package io.posixgw.server.http;

import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One line per request, on the logger {@code posixgw.access}: plain text, or with
 * {@code --log-format json} the fields as SLF4J key-value pairs, which the JSON layout
 * writes as the fields of the line's object. Never the query string (presigned URLs
 * carry credentials and signature there) and never a header.
 */
final class AccessLog {
    private static final Logger LOG = LoggerFactory.getLogger("posixgw.access");

    private final boolean enabled;
    private final boolean json;

    /**
     * One answered request.
     *
     * @param path      the request path as received (percent-encoded), without the query
     * @param operation the S3 API name, or one of the server's own (Health, Ready, Metrics, Unknown)
     * @param bucket    decoded, or null
     * @param key       decoded, or null
     * @param errorCode the S3 error code, or null
     */
    record Entry(
            String requestId,
            SocketAddress remote,
            String method,
            String path,
            String operation,
            String bucket,
            String key,
            int status,
            String errorCode,
            long bytesIn,
            long bytesOut,
            long nanos) {}

    AccessLog(boolean enabled, boolean json) {
        this.enabled = enabled && LOG.isInfoEnabled();
        this.json = json;
    }

    /** False with {@code --quiet}: callers need not even build the entry. */
    boolean enabled() {
        return enabled;
    }

    void log(Entry e) {
        if (!enabled) {
            return;
        }
        if (json) {
            LOG.atInfo()
                    .setMessage("request")
                    .addKeyValue("request_id", e.requestId())
                    .addKeyValue("remote", address(e.remote()))
                    .addKeyValue("method", e.method())
                    .addKeyValue("path", e.path())
                    .addKeyValue("operation", e.operation())
                    .addKeyValue("bucket", e.bucket())
                    .addKeyValue("key", e.key())
                    .addKeyValue("status", e.status())
                    .addKeyValue("error", e.errorCode())
                    .addKeyValue("bytes_in", e.bytesIn())
                    .addKeyValue("bytes_out", e.bytesOut())
                    .addKeyValue("latency_ms", BigDecimal.valueOf(e.nanos() / 1000, 3))
                    .log();
            return;
        }
        long micros = e.nanos() / 1000;
        LOG.info(
                "{} {} {} {} {} {} {} in={} out={} {}.{}ms",
                e.requestId(),
                address(e.remote()),
                e.method(),
                printable(e.path()),
                e.operation(),
                e.status(),
                e.errorCode() == null ? "-" : e.errorCode(),
                e.bytesIn(),
                e.bytesOut(),
                micros / 1000,
                String.format("%03d", micros % 1000));
    }

    /** {@code 127.0.0.1:5034}, {@code [::1]:5034}: no leading slash, no host name lookup. */
    static String address(SocketAddress a) {
        if (a instanceof InetSocketAddress i && i.getAddress() != null) {
            String host = i.getAddress().getHostAddress();
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + i.getPort();
        }
        return String.valueOf(a);
    }

    /** Keys may hold any character: escape controls so one request stays one line. */
    static String printable(String s) {
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
