package io.posixgw.server.http;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;

/** Request ids: 16 upper-case hex digits, unique per process and unpredictable across restarts. */
final class RequestIds {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
    private static final AtomicLong COUNTER = new AtomicLong(new SecureRandom().nextLong());

    private RequestIds() {}

    static String next() {
        long v = COUNTER.getAndIncrement() * 0x9E3779B97F4A7C15L;
        char[] out = new char[16];
        for (int i = 15; i >= 0; i--) {
            out[i] = HEX[(int) (v & 0xf)];
            v >>>= 4;
        }
        return new String(out);
    }
}
