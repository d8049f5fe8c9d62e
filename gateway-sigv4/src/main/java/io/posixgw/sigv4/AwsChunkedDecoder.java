package io.posixgw.sigv4;

import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Decodes an aws-chunked body as it streams: {@code <hex-size>[;chunk-signature=<sig>]\r\n<data>\r\n} ... a final
 * 0-size chunk, then a trailer section ({@code name:value} lines, in the signed-trailer mode ending with
 * {@code x-amz-trailer-signature}) closed by an empty line.
 * <p>
 * Chunk data goes to the sink as it arrives (chunks can be MiBs; nothing is buffered) and each chunk's signature is
 * checked when its data ends, so a forged chunk fails before the next one is read. Everything a client controls is
 * bounded: a header line by {@value #MAX_LINE} bytes, a size by 16 hex digits and by the declared decoded length, the
 * trailer section by {@value #MAX_TRAILER_SECTION} bytes.
 * <p>
 * Tolerances, for encoders seen in the wild: lines may end in LF alone; whitespace around a trailer's ':' is ignored;
 * in the trailer modes a blank line may precede the trailers, and the body may end without the final blank line once
 * the trailer section is complete (everything before it has been verified; see {@link #trailerSectionComplete()}).
 */
final class AwsChunkedDecoder implements BodyDecoder {
    static final int MAX_LINE = 4096;
    static final int MAX_TRAILER_SECTION = 16 * 1024;
    private static final String MALFORMED_TRAILER = "MalformedTrailerError";
    private static final String SIGNATURE_MISMATCH = "The request signature we calculated does not match the signature"
            + " you provided. Check your key and signing method.";

    private enum State {
        SIZE_LINE,
        DATA,
        DATA_CR,
        DATA_LF,
        TRAILER,
        DONE
    }

    private final PayloadMode mode;
    private final long declaredLength;
    private final StreamingContext context;
    private final boolean signedChunks;
    private final MessageDigest chunkDigest;
    private final byte[] line = new byte[MAX_LINE];
    private final Map<String, String> trailers = new LinkedHashMap<>();
    private int lineLength;
    private State state = State.SIZE_LINE;
    private long chunkRemaining;
    private byte[] claimedChunkSignature;
    private String previousSignature;
    private long decoded;
    private int trailerBytes;
    private boolean blankBeforeTrailers;
    private String trailerSignature;
    private boolean finished;
    private SigV4Exception failure;

    AwsChunkedDecoder(PayloadMode mode, long declaredLength, StreamingContext context) {
        if (!mode.isStreaming() || declaredLength < 0) {
            throw new IllegalArgumentException(mode + " with decoded length " + declaredLength);
        }
        this.mode = mode;
        this.declaredLength = declaredLength;
        this.context = context;
        this.signedChunks = mode != PayloadMode.STREAMING_UNSIGNED_TRAILER;
        if (signedChunks && (context == null || !context.signed())) {
            throw new IllegalArgumentException(mode + " needs a signing context");
        }
        this.chunkDigest = signedChunks ? Crypto.newSha256() : null;
        this.previousSignature = signedChunks ? context.seedSignature() : null;
    }

    @Override
    public void update(ByteBuffer wire, Consumer<ByteBuffer> sink) throws SigV4Exception {
        if (failure != null) {
            throw failure;
        }
        if (finished) {
            throw new IllegalStateException("update after finish");
        }
        try {
            while (wire.hasRemaining()) {
                step(wire, sink);
            }
        } catch (SigV4Exception e) {
            failure = e;
            wire.position(wire.limit());
            throw e;
        }
    }

    private void step(ByteBuffer wire, Consumer<ByteBuffer> sink) throws SigV4Exception {
        switch (state) {
            case SIZE_LINE -> {
                if (readLine(wire)) {
                    sizeLine();
                }
            }
            case DATA -> data(wire, sink);
            case DATA_CR -> {
                expect(wire.get(), '\r');
                state = State.DATA_LF;
            }
            case DATA_LF -> {
                expect(wire.get(), '\n');
                state = State.SIZE_LINE;
            }
            case TRAILER -> {
                int before = wire.position();
                boolean complete = readLine(wire);
                trailerBytes += wire.position() - before;
                if (trailerBytes > MAX_TRAILER_SECTION) {
                    throw malformedTrailer("The trailer section is longer than " + MAX_TRAILER_SECTION + " bytes.");
                }
                if (complete) {
                    trailerLine();
                }
            }
            case DONE -> throw malformed("Bytes follow the end of the aws-chunked body.");
            default -> throw new IllegalStateException(state.name());
        }
    }

    /** Accumulates up to LF; true when a whole line is in {@link #line}. */
    private boolean readLine(ByteBuffer wire) throws SigV4Exception {
        while (wire.hasRemaining()) {
            byte b = wire.get();
            if (b == '\n') {
                return true;
            }
            if (lineLength == MAX_LINE) {
                throw malformed("An aws-chunked line is longer than " + MAX_LINE + " bytes.");
            }
            line[lineLength++] = b;
        }
        return false;
    }

    private String takeLine(Charset charset) {
        int n = lineLength > 0 && line[lineLength - 1] == '\r' ? lineLength - 1 : lineLength;
        lineLength = 0;
        return new String(line, 0, n, charset);
    }

    private void sizeLine() throws SigV4Exception {
        String text = takeLine(StandardCharsets.ISO_8859_1);
        int semi = text.indexOf(';');
        long size = parseSize(semi < 0 ? text : text.substring(0, semi));
        if (size < 0) {
            throw malformed("Invalid chunk size.");
        }
        if (signedChunks) {
            String extension = semi < 0 ? "" : stripBlanks(text.substring(semi + 1));
            if (!extension.startsWith("chunk-signature=")) {
                throw malformed("Every chunk must carry a chunk-signature of 64 hex digits.");
            }
            // a signature that is there but no 64 hex digits is a wrong one: 403 SignatureDoesNotMatch once the
            // chunk is checked, as S3 answers (versitygw's tests send 64 'x' as the final chunk's)
            String signature = extension.substring(16);
            claimedChunkSignature = Crypto.isHex(signature, 64) ? Crypto.unhex(signature) : null;
        }
        if (size > declaredLength - decoded) {
            throw malformed("The chunks are longer than x-amz-decoded-content-length.");
        }
        if (size == 0) {
            if (signedChunks) {
                verifyChunk(Crypto.EMPTY_SHA256);
            }
            state = State.TRAILER;
        } else {
            chunkRemaining = size;
            if (chunkDigest != null) {
                chunkDigest.reset();
            }
            state = State.DATA;
        }
    }

    /** Drops trailing spaces and tabs, which some encoders pad chunk lines with; nothing else is tolerated. */
    private static String stripBlanks(String text) {
        int end = text.length();
        while (end > 0 && (text.charAt(end - 1) == ' ' || text.charAt(end - 1) == '\t')) {
            end--;
        }
        return text.substring(0, end);
    }

    /** 1 to 16 hex digits, optionally followed by spaces or tabs, fitting a non-negative long; else -1. */
    static long parseSize(String text) {
        String digits = stripBlanks(text);
        int end = digits.length();
        if (end == 0 || end > 16) {
            return -1;
        }
        long size = 0;
        for (int i = 0; i < end; i++) {
            int digit = Character.digit(digits.charAt(i), 16);
            if (digit < 0 || digits.charAt(i) > 'f') {
                return -1;
            }
            size = (size << 4) | digit;
        }
        return size; // negative when 16 digits overflow into the sign bit
    }

    private void data(ByteBuffer wire, Consumer<ByteBuffer> sink) throws SigV4Exception {
        int n = (int) Math.min(chunkRemaining, wire.remaining());
        ByteBuffer run = wire.slice();
        run.limit(n);
        wire.position(wire.position() + n);
        if (chunkDigest != null) {
            chunkDigest.update(run.duplicate());
        }
        chunkRemaining -= n;
        decoded += n;
        sink.accept(run);
        if (chunkRemaining == 0) {
            if (signedChunks) {
                verifyChunk(Crypto.hex(chunkDigest.digest()));
            }
            state = State.DATA_CR;
        }
    }

    private void verifyChunk(String chunkSha256Hex) throws SigV4Exception {
        byte[] expected = context.chunkSignature(previousSignature, chunkSha256Hex);
        if (!MessageDigest.isEqual(expected, claimedChunkSignature)) {
            throw new SigV4Exception(Reason.SIGNATURE_DOES_NOT_MATCH, SIGNATURE_MISMATCH);
        }
        previousSignature = Crypto.hex(expected);
    }

    private void trailerLine() throws SigV4Exception {
        String text = takeLine(StandardCharsets.UTF_8);
        if (text.isEmpty()) {
            if (mode != PayloadMode.STREAMING_SIGNED
                    && !blankBeforeTrailers
                    && trailers.isEmpty()
                    && trailerSignature == null) {
                blankBeforeTrailers = true; // trailers may follow the blank line; the stream's end tells
                return;
            }
            endTrailers();
            state = State.DONE;
            return;
        }
        if (mode == PayloadMode.STREAMING_SIGNED) {
            throw malformed("Trailing headers need a -TRAILER x-amz-content-sha256 value.");
        }
        int colon = text.indexOf(':');
        String name = colon < 0 ? "" : text.substring(0, colon).strip().toLowerCase(Locale.ROOT);
        if (name.isEmpty()) {
            throw malformedTrailer("A trailer line is not 'name:value'.");
        }
        String value = text.substring(colon + 1).strip();
        if (name.equals("x-amz-trailer-signature")) {
            if (trailerSignature != null) {
                throw malformedTrailer("x-amz-trailer-signature appears more than once.");
            }
            trailerSignature = value;
        } else if (trailerSignature != null || trailers.putIfAbsent(name, value) != null) {
            throw malformedTrailer("A trailer follows x-amz-trailer-signature or appears twice.");
        }
    }

    private void endTrailers() throws SigV4Exception {
        if (mode == PayloadMode.STREAMING_SIGNED_TRAILER) {
            if (!Crypto.isHex(trailerSignature, 64)) {
                throw malformedTrailer("The trailer section needs an x-amz-trailer-signature of 64 hex digits.");
            }
            // Canonical trailers as the SDKs sign them: lower-case names, sorted, "name:value\n" each.
            StringBuilder canonical = new StringBuilder();
            new TreeMap<>(trailers)
                    .forEach((k, v) -> canonical.append(k).append(':').append(v).append('\n'));
            byte[] expected = context.trailerSignature(previousSignature, Crypto.sha256Hex(canonical.toString()));
            if (!MessageDigest.isEqual(expected, Crypto.unhex(trailerSignature))) {
                throw new SigV4Exception(Reason.SIGNATURE_DOES_NOT_MATCH, SIGNATURE_MISMATCH);
            }
        }
        Set<String> declared = declaredTrailers();
        if (mode != PayloadMode.STREAMING_SIGNED && !declared.equals(trailers.keySet())) {
            // an undeclared trailer too: S3 checks only what x-amz-trailer names, so one it did not
            // name (a checksum, say) would be stored unverified or dropped
            throw malformedTrailer(
                    declared.isEmpty()
                            ? "x-amz-trailer is not set but the body contains a trailer."
                            : "The trailers sent differ from those x-amz-trailer declared.");
        }
    }

    private Set<String> declaredTrailers() {
        return context == null ? Set.of() : context.declaredTrailers();
    }

    @Override
    public void finish() throws SigV4Exception {
        if (failure != null) {
            throw failure;
        }
        if (finished) {
            return;
        }
        try {
            if (state == State.TRAILER && lineLength == 0 && trailerSectionComplete()) {
                endTrailers(); // the body ended after a complete trailer: accept a missing final blank line
                state = State.DONE;
            }
            if (state == State.TRAILER
                    && lineLength == 0
                    && trailers.isEmpty()
                    && trailerSignature == null
                    && mode != PayloadMode.STREAMING_SIGNED
                    && !declaredTrailers().isEmpty()) {
                // every chunk came, then nothing where x-amz-trailer promised its trailers (S3's answer)
                throw malformedTrailer("The body ended without the trailer x-amz-trailer declared.");
            }
            if (state != State.DONE) {
                throw new SigV4Exception(Reason.INCOMPLETE_BODY, "The request body terminated unexpectedly");
            }
            if (decoded != declaredLength) {
                throw new SigV4Exception(
                        Reason.INCOMPLETE_BODY,
                        "You did not provide the number of bytes specified"
                                + " by the x-amz-decoded-content-length HTTP header");
            }
            finished = true;
        } catch (SigV4Exception e) {
            failure = e;
            throw e;
        }
    }

    /**
     * Whether a body that stops here (without the closing blank line) still carries its whole trailer section: the
     * trailer signature (which comes last) in the signed-trailer mode, or some trailer, or none declared, in the
     * unsigned one. STREAMING-AWS4-HMAC-SHA256-PAYLOAD has one unambiguous layout, so it gets no such tolerance.
     */
    private boolean trailerSectionComplete() {
        return switch (mode) {
            case STREAMING_SIGNED_TRAILER -> trailerSignature != null;
            case STREAMING_UNSIGNED_TRAILER ->
                !trailers.isEmpty() || declaredTrailers().isEmpty();
            default -> false;
        };
    }

    @Override
    public Map<String, String> trailers() {
        return Collections.unmodifiableMap(trailers);
    }

    private static void expect(byte actual, char wanted) throws SigV4Exception {
        if (actual != wanted) {
            throw malformed("Chunk data must be followed by CRLF.");
        }
    }

    private static SigV4Exception malformed(String message) {
        return new SigV4Exception(Reason.MALFORMED_CHUNK, message);
    }

    private static SigV4Exception malformedTrailer(String detail) {
        return new SigV4Exception(
                Reason.MALFORMED_CHUNK,
                "The request contained trailing data that was not"
                        + " well-formed or did not conform to our published schema. " + detail,
                MALFORMED_TRAILER);
    }
}
