package io.posixgw.sigv4;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Fuzz-style: random and mutated headers, query parameters and aws-chunked bodies. Whatever arrives, the verifier and
 * the decoders answer with a result or a {@link SigV4Exception}, never another exception (which would become a 500).
 */
class HostileInputTest {
    private static final String[] NAMES = {
        "authorization",
        "x-amz-date",
        "date",
        "x-amz-content-sha256",
        "x-amz-decoded-content-length",
        "x-amz-region-set",
        "x-amz-trailer",
        "host"
    };
    private static final String[] QUERY_NAMES = {
        "X-Amz-Algorithm",
        "X-Amz-Credential",
        "X-Amz-Date",
        "X-Amz-Expires",
        "X-Amz-SignedHeaders",
        "X-Amz-Signature",
        "X-Amz-Region-Set",
        "X-Amz-Content-Sha256",
        "AWSAccessKeyId",
        "Signature"
    };
    private static final String[] FRAGMENTS = {
        "AWS4-HMAC-SHA256",
        "AWS4-ECDSA-P256-SHA256",
        " ",
        ",",
        "=",
        ";",
        "/",
        "Credential=",
        "SignedHeaders=",
        "Signature=",
        "AKIDPOSIXGW",
        "20260301",
        "20260301T100000Z",
        "us-east-1",
        "s3",
        "aws4_request",
        "host",
        "x-amz-date",
        "*",
        "%",
        "\u0000",
        "é",
        "😀",
        "\t",
        "\r\n",
        "-1",
        "99999999999999999999",
        "STREAMING-AWS4-HMAC-SHA256-PAYLOAD",
        "UNSIGNED-PAYLOAD",
        "0",
        "ff",
        "3045022100"
    };

    @Test
    void randomHeadersAndQueriesOnlyEverFailWithSigV4Exception() {
        Random random = new Random(20260301);
        SigV4Verifier verifier = SigV4VerifierTest.verifierAt(SigV4VerifierTest.NOW);
        SignedRequest valid = SigV4VerifierTest.get(SigV4VerifierTest.signer("us-east-1", SigV4VerifierTest.NOW));
        for (int i = 0; i < 30_000; i++) {
            SignedRequest request = i % 3 == 0 ? mutate(valid, random) : randomRequest(random);
            try {
                verifier.verify(request, "us-east-1", random.nextBoolean());
            } catch (SigV4Exception expected) {
                // the only acceptable failure
            } catch (RuntimeException e) {
                fail("iteration " + i + " " + request + " threw " + e, e);
            }
        }
    }

    @Test
    void hostileSigV4aSignaturesOnlyEverFailWithSigV4Exception() throws Exception {
        java.nio.file.Path dir = TestVectors.suiteDir("v4a").resolve("get-vanilla");
        TestVectors.Context context = TestVectors.Context.of(dir);
        SignedRequest valid = TestVectors.RawRequest.parse(TestVectors.read(dir.resolve("header-signed-request.txt")))
                .toSigned();
        NonS3Profile profile = new NonS3Profile(true, Crypto.EMPTY_SHA256);
        SigV4Verifier verifier = AwsSigningSuiteTest.verifier(context);
        String good = valid.headers().first("authorization");
        String signature = good.substring(good.indexOf("Signature=") + 10);
        Random random = new Random(4);
        for (int i = 0; i < 3_000; i++) {
            String hostile = switch (i % 4) {
                case 0 -> TestSigner.hex(randomBytes(random)); // random bytes, rarely DER
                case 1 -> "30" + String.format("%02x", random.nextInt(256)) + signature.substring(4); // bad length
                case 2 -> signature.substring(0, random.nextInt(signature.length())); // truncated
                default -> signature + TestSigner.hex(new byte[1 + random.nextInt(4)]); // trailing bytes
            };
            if (hostile.equals(signature)) {
                continue; // case 1 drew the real length byte
            }
            SignedRequest request = SigV4aSuiteTest.withSignature(valid, "header", hostile);
            try {
                verifier.verify(request, context.region(), false, profile);
                fail("iteration " + i + " accepted " + hostile);
            } catch (SigV4Exception expected) {
                // the only acceptable failure
            } catch (RuntimeException e) {
                fail("iteration " + i + " " + hostile + " threw " + e, e);
            }
        }
    }

    private static SignedRequest randomRequest(Random random) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String name : NAMES) {
            if (random.nextInt(3) > 0) {
                headers.put(name, List.of(garbage(random)));
            }
        }
        List<QueryParam> query = new ArrayList<>();
        if (random.nextBoolean()) {
            for (String name : QUERY_NAMES) {
                if (random.nextInt(3) > 0) {
                    query.add(new QueryParam(name, garbage(random)));
                }
            }
        }
        return new SignedRequest("GET", "/" + garbage(random), query, Headers.of(headers));
    }

    private static SignedRequest mutate(SignedRequest valid, Random random) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        valid.headers().names().forEach(n -> headers.put(n, valid.headers().values(n)));
        String name = NAMES[random.nextInt(NAMES.length)];
        String value = headers.containsKey(name) ? headers.get(name).get(0) : garbage(random);
        StringBuilder sb = new StringBuilder(value);
        for (int k = 1 + random.nextInt(4); k > 0; k--) {
            int at = sb.length() == 0 ? 0 : random.nextInt(sb.length());
            switch (random.nextInt(3)) {
                case 0 -> sb.insert(at, FRAGMENTS[random.nextInt(FRAGMENTS.length)]);
                case 1 -> sb.delete(at, Math.min(sb.length(), at + 1 + random.nextInt(8)));
                default -> {
                    if (sb.length() == 0) {
                        sb.append('x');
                    } else {
                        sb.setCharAt(at, (char) random.nextInt(0x3000));
                    }
                }
            }
        }
        headers.put(name, List.of(sb.toString()));
        return new SignedRequest(valid.method(), valid.path(), valid.query(), Headers.of(headers));
    }

    private static String garbage(Random random) {
        StringBuilder sb = new StringBuilder();
        for (int k = random.nextInt(12); k > 0; k--) {
            if (random.nextInt(4) == 0) {
                sb.append((char) random.nextInt(0x1_0000));
            } else {
                sb.append(FRAGMENTS[random.nextInt(FRAGMENTS.length)]);
            }
        }
        return sb.toString();
    }

    @Test
    void mutatedAndRandomChunkedBodiesOnlyEverFailWithSigV4Exception() throws Exception {
        Random random = new Random(7);
        byte[] example = AwsChunkedExampleTest.exampleBody();
        AuthResult signed = AwsChunkedExampleTest.exampleAuth();
        AuthResult trailer =
                AwsChunkedExampleTest.verifier().verify(AwsChunkedExampleTest.trailerRequest(), "us-east-1", false);
        byte[] trailerBody = AwsChunkedExampleTest.trailerBody(false, "sOO8/Q==");
        AuthResult unsigned =
                AwsChunkedDecoderTest.streamingPut("STREAMING-UNSIGNED-PAYLOAD-TRAILER", 5, "x-amz-checksum-crc32");
        byte[] unsignedBody =
                "5\r\nhello\r\n0\r\nx-amz-checksum-crc32:NhCmhg==\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < 3_000; i++) {
            int which = i % 3;
            AuthResult auth = which == 0 ? signed : which == 1 ? trailer : unsigned;
            byte[] base = which == 0 ? example : which == 1 ? trailerBody : unsignedBody;
            byte[] body = i % 10 == 9 ? randomBytes(random) : mutate(base, random);
            feed(auth.newBodyDecoder(), body, random, i);
        }
    }

    private static byte[] mutate(byte[] base, Random random) {
        byte[] body = base.clone();
        // Mutations cluster near the framing (the start and the end), where the parser's decisions are.
        for (int k = 1 + random.nextInt(3); k > 0; k--) {
            int at = random.nextBoolean()
                    ? random.nextInt(Math.min(120, body.length))
                    : body.length - 1 - random.nextInt(Math.min(200, body.length));
            String framing = "0;:\r\n-xf=";
            body[at] = (byte)
                    (random.nextBoolean() ? random.nextInt(256) : framing.charAt(random.nextInt(framing.length())));
        }
        int cut = random.nextInt(4) == 0 ? random.nextInt(body.length + 1) : body.length;
        return java.util.Arrays.copyOf(body, cut);
    }

    private static byte[] randomBytes(Random random) {
        String alphabet = "0123456789abcdefABCDEF;:=\r\n x-chunk-signature";
        byte[] body = new byte[random.nextInt(300)];
        for (int k = 0; k < body.length; k++) {
            body[k] = (byte) alphabet.charAt(random.nextInt(alphabet.length()));
        }
        return body;
    }

    private static void feed(BodyDecoder decoder, byte[] body, Random random, int iteration) {
        try {
            int off = 0;
            while (off < body.length) {
                int n = Math.min(body.length - off, 1 + random.nextInt(random.nextBoolean() ? 8 : 70_000));
                decoder.update(ByteBuffer.wrap(body, off, n).slice(), b -> b.position(b.limit()));
                off += n;
            }
            decoder.finish();
            decoder.trailers();
        } catch (SigV4Exception expected) {
            // the only acceptable failure
        } catch (RuntimeException e) {
            fail("iteration " + iteration + " threw " + e, e);
        }
    }
}
