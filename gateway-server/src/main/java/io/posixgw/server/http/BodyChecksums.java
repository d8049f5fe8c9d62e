package io.posixgw.server.http;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.checksum.Checksummer;
import io.posixgw.server.routing.RequestHeaders;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Optional;

/**
 * The checksum a request asks for: a value in an {@code x-amz-checksum-*} header,
 * a value announced in {@code x-amz-trailer} and sent after the body, or only an
 * algorithm ({@code x-amz-sdk-checksum-algorithm}) to compute and store. Computes
 * only that one algorithm, and nothing when the request names none.
 */
final class BodyChecksums {
    private final ChecksumAlgorithm algorithm;
    private final String expected;
    private final boolean fromTrailer;
    private final Checksummer checksummer;

    private BodyChecksums(ChecksumAlgorithm algorithm, String expected, boolean fromTrailer) {
        this.algorithm = algorithm;
        this.expected = expected;
        this.fromTrailer = fromTrailer;
        this.checksummer = algorithm.newChecksummer();
    }

    /** @return null when the request asks for no checksum */
    static BodyChecksums fromHeaders(RequestHeaders headers) {
        ChecksumAlgorithm inHeader = null;
        String value = null;
        for (ChecksumAlgorithm a : ChecksumAlgorithm.values()) {
            String v = headers.first(a.headerName());
            if (v != null) {
                if (inHeader != null) {
                    throw new S3Exception(
                            S3Error.INVALID_REQUEST,
                            "Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.");
                }
                inHeader = a;
                value = v.trim();
            }
        }
        String trailer = headers.first("x-amz-trailer");
        String sdkAlgorithm = headers.first("x-amz-sdk-checksum-algorithm");
        boolean trailed = trailer != null && !trailer.isBlank();
        if (inHeader != null) {
            requireValue(inHeader, value, "header");
            if (trailed) {
                // the AWS SDK for Java v2 sends a value it was given and a trailer it computes: of one
                // algorithm, both are verified; of two, one would go unchecked, so the pair is refused
                if (ChecksumAlgorithm.parse(trailer.trim()).orElse(null) != inHeader) {
                    throw new S3Exception(
                            S3Error.INVALID_REQUEST,
                            "Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.");
                }
                return new BodyChecksums(inHeader, value, true);
            }
            return new BodyChecksums(inHeader, value, false);
        }
        if (trailed) {
            Optional<ChecksumAlgorithm> a = ChecksumAlgorithm.parse(trailer.trim());
            if (a.isEmpty()) {
                throw new S3Exception(
                        S3Error.INVALID_ARGUMENT, "The value specified in the x-amz-trailer header is not supported");
            }
            return new BodyChecksums(a.get(), null, true);
        }
        if (sdkAlgorithm != null && !sdkAlgorithm.isBlank()) {
            Optional<ChecksumAlgorithm> a = ChecksumAlgorithm.parse(sdkAlgorithm.trim());
            if (a.isEmpty()) {
                throw new S3Exception(
                        S3Error.INVALID_ARGUMENT,
                        "Checksum algorithm provided is unsupported. Please try again with any of the valid types: [CRC32, CRC32C, CRC64NVME, SHA1, SHA256]");
            }
            return new BodyChecksums(a.get(), null, false);
        }
        return null;
    }

    void update(ByteBuffer data) {
        checksummer.update(data);
    }

    /** Verifies at the end of the body; returns what to store (algorithm name to base64). */
    Map<String, String> finish(Map<String, String> trailers) {
        String actual = checksummer.base64();
        if (fromTrailer) {
            String sent = trailers.get(algorithm.headerName());
            if (sent == null) {
                throw new S3Exception(
                        S3Error.INVALID_REQUEST,
                        "The trailer " + algorithm.headerName() + " announced in x-amz-trailer was not sent");
            }
            sent = sent.trim();
            requireValue(algorithm, sent, "trailing header");
            requireMatch(sent, actual);
        }
        if (expected != null) {
            requireMatch(expected, actual);
        }
        return Map.of(algorithm.name(), actual);
    }

    private void requireMatch(String claimed, String actual) {
        if (!claimed.equals(actual)) {
            throw new S3Exception(
                    S3Error.BAD_DIGEST,
                    "The " + algorithm.name() + " you specified did not match the calculated checksum.");
        }
    }

    /** A value must be the base64 of exactly the algorithm's bytes; anything else is S3's InvalidRequest, not BadDigest. */
    private static void requireValue(ChecksumAlgorithm a, String value, String where) {
        if (!a.isWellFormed(value)) {
            throw new S3Exception(
                    S3Error.INVALID_REQUEST, "Value for " + a.headerName() + " " + where + " is invalid.");
        }
    }
}
