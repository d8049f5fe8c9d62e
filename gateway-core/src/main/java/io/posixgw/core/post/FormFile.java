package io.posixgw.core.post;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.BodySource;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.checksum.Checksummer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;

/**
 * The file part of a form as the body of a PUT: streamed from the {@link FormReader} to the backend, counted against
 * the policy's {@code content-length-range} as it goes ({@code EntityTooLarge} the moment it is passed, so nothing of an
 * oversized file is kept), and at its end checked for the range's minimum ({@code EntityTooSmall}) and the checksum a
 * {@code x-amz-checksum-*} field names ({@code BadDigest}), after the rest of the form was read to its end. The backend
 * publishes only after {@link #next()} returned null, so a refused file stores nothing.
 */
public final class FormFile implements BodySource {
    private final FormReader form;
    private final long min;
    private final long max;
    private final ChecksumAlgorithm algorithm;
    private final String expected;
    private final Checksummer checksummer;
    private long received;
    private Map<String, String> verified = Map.of();

    /**
     * @param algorithm the checksum a field asserts, or null
     * @param expected that field's base64 value
     */
    public FormFile(FormReader form, long min, long max, ChecksumAlgorithm algorithm, String expected) {
        this.form = form;
        this.min = min;
        this.max = max;
        this.algorithm = algorithm;
        this.expected = expected;
        this.checksummer = algorithm == null ? null : algorithm.newChecksummer();
        if (algorithm != null && !wellFormed(algorithm, expected)) {
            throw new S3Exception(S3Error.INVALID_REQUEST, "Value for " + algorithm.headerName() + " is invalid.");
        }
    }

    private static boolean wellFormed(ChecksumAlgorithm a, String base64) {
        try {
            return java.util.Base64.getDecoder().decode(base64.trim()).length == a.byteLength();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    @Override
    public long length() {
        return -1;
    }

    @Override
    public ByteBuffer next() throws IOException {
        ByteBuffer b = form.chunk();
        if (b != null) {
            received += b.remaining();
            if (received > max) {
                throw new S3Exception(
                        S3Error.ENTITY_TOO_LARGE, "Your proposed upload exceeds the maximum allowed size");
            }
            if (checksummer != null) {
                checksummer.update(b.duplicate());
            }
            return b;
        }
        form.finish();
        if (received < min) {
            throw new S3Exception(
                    S3Error.ENTITY_TOO_SMALL, "Your proposed upload is smaller than the minimum allowed size");
        }
        if (checksummer != null) {
            String actual = checksummer.base64();
            if (!actual.equals(expected.trim())) {
                throw new S3Exception(
                        S3Error.BAD_DIGEST,
                        "The " + algorithm.name() + " you specified did not match the calculated checksum.");
            }
            verified = Map.of(algorithm.name(), actual);
        }
        return null;
    }

    @Override
    public Map<String, String> checksums() {
        return verified;
    }

    /** The bytes of the file so far. */
    public long received() {
        return received;
    }
}
