package io.posixgw.bench;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.Random;

/** Random (incompressible) bytes, made once; every object body is a prefix of them. */
final class Payloads {
    static final int KIB = 1024;
    static final int MIB = 1024 * 1024;

    private final byte[] data;
    private java.nio.ByteBuffer direct;

    Payloads(int maxSize) {
        data = new byte[maxSize];
        new Random(20261130L).nextBytes(data);
    }

    InputStream stream(int size) {
        if (size > data.length) {
            throw new IllegalArgumentException("payload of " + size + " bytes exceeds " + data.length);
        }
        return new ByteArrayInputStream(data, 0, size);
    }

    /** The first {@code size} bytes as a read-only direct buffer (one copy made on first use), for the file floors. */
    synchronized java.nio.ByteBuffer direct(int size) {
        if (size > data.length) {
            throw new IllegalArgumentException("payload of " + size + " bytes exceeds " + data.length);
        }
        if (direct == null) {
            direct = java.nio.ByteBuffer.allocateDirect(data.length)
                    .put(data)
                    .flip()
                    .asReadOnlyBuffer();
        }
        return direct.duplicate().limit(size);
    }

    static String label(long size) {
        if (size >= MIB && size % MIB == 0) {
            return size / MIB + " MiB";
        }
        if (size >= KIB && size % KIB == 0) {
            return size / KIB + " KiB";
        }
        return size + " B";
    }
}
