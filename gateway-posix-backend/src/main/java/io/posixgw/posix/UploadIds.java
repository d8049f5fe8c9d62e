package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.UUID;

/**
 * Upload ids are canonical UUIDs, as versitygw makes and checks them. posixgw makes
 * version 7 UUIDs (RFC 9562): the initiation time is in the id, so it sorts uploads of
 * one key in initiation order and gives ListMultipartUploads a stable Initiated (the
 * upload directory's mtime, which versitygw reports, moves each time a part lands).
 */
final class UploadIds {
    private static final SecureRandom RANDOM = new SecureRandom();

    private UploadIds() {}

    static String next() {
        long ms = System.currentTimeMillis();
        long r1 = RANDOM.nextLong();
        long r2 = RANDOM.nextLong();
        long msb = (ms << 16) | 0x7000L | (r1 & 0x0FFFL);
        long lsb = (r2 & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(msb, lsb).toString();
    }

    /** True for a canonical (lowercase, hyphenated) UUID: the only names that can reach the file system. */
    static boolean isValid(String id) {
        if (id == null || id.length() != 36) {
            return false;
        }
        try {
            return UUID.fromString(id).toString().equals(id);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    static void require(String id) {
        if (!isValid(id)) {
            throw new S3Exception(S3Error.NO_SUCH_UPLOAD, S3Error.NO_SUCH_UPLOAD.defaultMessage());
        }
    }

    /** The time in a version 7 id, else null. */
    static Instant initiated(String id) {
        try {
            UUID u = UUID.fromString(id);
            return u.version() == 7 ? Instant.ofEpochMilli(u.getMostSignificantBits() >>> 16) : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
