package io.posixgw.server.it;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import java.util.zip.Checksum;

/**
 * A test-side aws-chunked encoder, written from the AWS documentation ("Signature Calculations for the
 * Authorization Header: Transferring Payload in Multiple Chunks" and its trailer variants), not shared
 * with the server's decoder:
 * <pre>
 *   hex(size);chunk-signature=sig\r\n data \r\n ... 0;chunk-signature=sig\r\n [trailers] \r\n
 * </pre>
 * chunk string to sign {@code AWS4-HMAC-SHA256-PAYLOAD\n<date>\n<scope>\n<prev-sig>\n<sha256("")>\n<sha256(chunk)>},
 * trailer string to sign {@code AWS4-HMAC-SHA256-TRAILER\n<date>\n<scope>\n<prev-sig>\n<sha256("name:value\n")>}.
 * In {@code STREAMING-UNSIGNED-PAYLOAD-TRAILER} chunks carry no signature and the trailer is not signed.
 */
final class AwsChunkedEncoder {
    enum Mode {
        SIGNED("STREAMING-AWS4-HMAC-SHA256-PAYLOAD"),
        SIGNED_TRAILER("STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER"),
        UNSIGNED_TRAILER("STREAMING-UNSIGNED-PAYLOAD-TRAILER");

        final String claim;

        Mode(String claim) {
            this.claim = claim;
        }

        boolean signedChunks() {
            return this != UNSIGNED_TRAILER;
        }

        boolean hasTrailer() {
            return this != SIGNED;
        }
    }

    /** Trailer checksums: the header name and the base64 value S3 expects. */
    enum Algorithm {
        CRC32("x-amz-checksum-crc32"),
        CRC32C("x-amz-checksum-crc32c"),
        SHA256("x-amz-checksum-sha256");

        final String header;

        Algorithm(String header) {
            this.header = header;
        }

        String base64(byte[] data) {
            byte[] digest;
            if (this == SHA256) {
                digest = TestSigner.sha256(data);
            } else {
                Checksum c = this == CRC32 ? new CRC32() : new CRC32C();
                c.update(data, 0, data.length);
                long v = c.getValue();
                digest = new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
            }
            return Base64.getEncoder().encodeToString(digest);
        }
    }

    /**
     * A request ready to send: its headers (signed, without Content-Length) and encoded body, with the
     * offsets a test needs to corrupt it (first data byte of each data chunk, first hex digit of each
     * chunk signature including the final empty chunk's, first hex digit of the trailer signature or -1).
     */
    record Prepared(
            Map<String, String> headers,
            byte[] body,
            List<Integer> dataOffsets,
            List<Integer> signatureOffsets,
            int trailerSignatureOffset) {
        /** A copy of the body with the byte at {@code offset} changed (a hex digit stays a hex digit). */
        byte[] flipped(int offset) {
            byte[] b = body.clone();
            boolean hex = Character.digit(b[offset], 16) >= 0;
            b[offset] = hex ? (byte) (b[offset] == '0' ? '1' : '0') : (byte) (b[offset] ^ 0x01);
            return b;
        }
    }

    final Mode mode;
    final int chunkSize;
    final Algorithm trailer;
    private String trailerValueOverride;
    private long decodedLengthOverride = -1;
    private boolean omitDecodedLength;

    /** @param trailer the trailer checksum, or null (required null for {@link Mode#SIGNED}) */
    AwsChunkedEncoder(Mode mode, int chunkSize, Algorithm trailer) {
        if (mode.hasTrailer() != (trailer != null)) {
            throw new IllegalArgumentException(mode + " with trailer " + trailer);
        }
        this.mode = mode;
        this.chunkSize = chunkSize;
        this.trailer = trailer;
    }

    /** Sends this value in the trailer instead of the correct checksum (still signed in the signed-trailer mode). */
    AwsChunkedEncoder trailerValue(String value) {
        this.trailerValueOverride = value;
        return this;
    }

    /** Declares this x-amz-decoded-content-length instead of the data's length. */
    AwsChunkedEncoder decodedLength(long length) {
        this.decodedLengthOverride = length;
        return this;
    }

    /** Sends no x-amz-decoded-content-length at all. */
    AwsChunkedEncoder withoutDecodedLength() {
        this.omitDecodedLength = true;
        return this;
    }

    /** Signs the request head with {@code raw}'s signer and encodes {@code data}, chaining from the head's signature. */
    Prepared prepare(
            RawS3 raw,
            String method,
            String encodedPath,
            Map<String, String> query,
            Map<String, String> extra,
            byte[] data) {
        Instant now = Instant.now();
        Map<String, String> headers = new LinkedHashMap<>(extra);
        headers.putIfAbsent("content-encoding", "aws-chunked");
        if (!omitDecodedLength) {
            headers.put(
                    "x-amz-decoded-content-length",
                    Long.toString(decodedLengthOverride >= 0 ? decodedLengthOverride : data.length));
        }
        if (trailer != null) {
            headers.put("x-amz-trailer", trailer.header);
        }
        Map<String, String> signed = raw.signedHeaders(method, encodedPath, query, headers, mode.claim, now);
        String amzDate = signed.get("x-amz-date");
        String scope = amzDate.substring(0, 8) + "/" + raw.signer.region + "/s3/aws4_request";
        byte[] key = raw.signer.signingKey(amzDate.substring(0, 8));
        return encode(signed, data, key, amzDate, scope, RawS3.signatureOf(signed.get("Authorization")));
    }

    private Prepared encode(
            Map<String, String> headers, byte[] data, byte[] key, String amzDate, String scope, String seed) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(data.length + 1024);
        List<Integer> dataOffsets = new ArrayList<>();
        List<Integer> signatureOffsets = new ArrayList<>();
        String previous = seed;
        int pos = 0;
        while (true) {
            int n = Math.min(chunkSize, data.length - pos);
            StringBuilder head = new StringBuilder(Integer.toHexString(n));
            if (mode.signedChunks()) {
                byte[] chunk = new byte[n];
                System.arraycopy(data, pos, chunk, 0, n);
                String stringToSign = "AWS4-HMAC-SHA256-PAYLOAD\n" + amzDate + "\n" + scope + "\n" + previous + "\n"
                        + TestSigner.EMPTY_SHA256 + "\n" + TestSigner.hex(TestSigner.sha256(chunk));
                previous = TestSigner.hex(TestSigner.hmac(key, stringToSign));
                head.append(";chunk-signature=");
                signatureOffsets.add(out.size() + head.length());
                head.append(previous);
            }
            head.append("\r\n");
            write(out, head.toString());
            if (n == 0) {
                break;
            }
            dataOffsets.add(out.size());
            out.write(data, pos, n);
            write(out, "\r\n");
            pos += n;
        }
        int trailerSignatureOffset = -1;
        if (trailer != null) {
            String value = trailerValueOverride != null ? trailerValueOverride : trailer.base64(data);
            String line = trailer.header + ":" + value;
            write(out, line + "\r\n");
            if (mode == Mode.SIGNED_TRAILER) {
                String stringToSign = "AWS4-HMAC-SHA256-TRAILER\n" + amzDate + "\n" + scope + "\n" + previous + "\n"
                        + TestSigner.hex(TestSigner.sha256((line + "\n").getBytes(StandardCharsets.UTF_8)));
                String prefix = "x-amz-trailer-signature:";
                trailerSignatureOffset = out.size() + prefix.length();
                write(out, prefix + TestSigner.hex(TestSigner.hmac(key, stringToSign)) + "\r\n");
            }
        }
        write(out, "\r\n");
        return new Prepared(headers, out.toByteArray(), dataOffsets, signatureOffsets, trailerSignatureOffset);
    }

    private static void write(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.US_ASCII));
    }
}
