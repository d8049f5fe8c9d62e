package io.posixgw.bench;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.Random;

/** Random (incompressible) bytes, made once; every object body is a prefix of them. */
final class Payloads {
    static final int KIB = 1024;
    static final int MIB = 1024 * 1024;

    private final byte[] data;

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
