package io.posixgw.sigv4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.posixgw.sigv4.TestVectors.Context;
import io.posixgw.sigv4.TestVectors.RawRequest;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.bouncycastle.crypto.signers.StandardDSAEncoding;
import org.bouncycastle.math.ec.ECPoint;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every SigV4A case of AWS's signing test suite: the key we derive from the secret is AWS's (public-key.json), our
 * canonical request and string to sign are AWS's, both signatures AWS gives per form (the signed request's and the
 * separate *-signature.txt, ECDSA being randomised) verify, and a one-bit change is refused.
 */
class SigV4aSuiteTest {

    @Test
    void theSuiteIsComplete() {
        assertEquals(40, TestVectors.cases("v4a").size());
        assertEquals(
                38,
                TestVectors.cases("v4a").stream()
                        .filter(SigV4aSuiteTest::hasExpectations)
                        .count());
    }

    /** Two v4a cases (query-order-key, query-order-value) ship only request.txt and context.json. */
    static boolean hasExpectations(Path dir) {
        return Files.exists(dir.resolve("header-signed-request.txt"));
    }

    @TestFactory
    Stream<DynamicTest> everyCaseVerifies() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path dir : TestVectors.cases("v4a")) {
            if (!hasExpectations(dir)) {
                tests.add(DynamicTest.dynamicTest(dir.getFileName() + " self-signed", () -> selfSigned(dir)));
                continue;
            }
            tests.add(DynamicTest.dynamicTest(dir.getFileName() + " derived key", () -> checkKey(dir)));
            for (String form : List.of("header", "query")) {
                tests.add(DynamicTest.dynamicTest(dir.getFileName() + " " + form, () -> check(dir, form)));
            }
        }
        return tests.stream();
    }

    static void checkKey(Path dir) {
        Context context = Context.of(dir);
        String json = TestVectors.read(dir.resolve("public-key.json"));
        ECPoint q = SigV4aKeys.derivePublicKey(context.accessKey(), context.secret());
        assertEquals(new BigInteger(field(json, "X"), 16), q.getAffineXCoord().toBigInteger());
        assertEquals(new BigInteger(field(json, "Y"), 16), q.getAffineYCoord().toBigInteger());
    }

    static void check(Path dir, String form) throws Exception {
        Context context = Context.of(dir);
        RawRequest raw = RawRequest.parse(TestVectors.read(dir.resolve(form + "-signed-request.txt")));
        SignedRequest request = AwsSigningSuiteTest.asReceived(raw, context, form);
        NonS3Profile profile = new NonS3Profile(context.normalize(), Crypto.hex(Crypto.sha256(raw.body())));

        SigV4Verifier.Trace trace = SigV4Verifier.trace(request, profile);
        assertEquals(TestVectors.read(dir.resolve(form + "-canonical-request.txt")), trace.canonicalRequest());
        assertEquals(TestVectors.read(dir.resolve(form + "-string-to-sign.txt")), trace.stringToSign());

        SigV4Verifier verifier = AwsSigningSuiteTest.verifier(context);
        assertEquals(
                context.accessKey(),
                verifier.verify(request, context.region(), false, profile).accessKey());
        SignedRequest other = withSignature(
                request,
                form,
                TestVectors.read(dir.resolve(form + "-signature.txt")).strip());
        assertEquals(
                context.accessKey(),
                verifier.verify(other, context.region(), false, profile).accessKey());

        for (SignedRequest signed : List.of(request, other)) {
            SigV4Exception e = assertThrows(
                    SigV4Exception.class,
                    () -> verifier.verify(
                            AwsSigningSuiteTest.flipSignatureBit(signed, form), context.region(), false, profile));
            assertEquals(Reason.SIGNATURE_DOES_NOT_MATCH, e.reason());
        }
        // SigV4A signs no region: the region set must include ours, else the request is refused before any ECDSA.
        SigV4Exception e =
                assertThrows(SigV4Exception.class, () -> verifier.verify(request, "eu-west-1", false, profile));
        assertEquals(
                form.equals("header")
                        ? Reason.AUTHORIZATION_HEADER_MALFORMED
                        : Reason.AUTHORIZATION_QUERY_PARAMETERS_ERROR,
                e.reason());
    }

    /**
     * For the cases AWS ships without expectations: sign request.txt with the derived private key (as an SDK would)
     * and check that the query sorts by name then value and the signature verifies.
     */
    static void selfSigned(Path dir) throws Exception {
        Context context = Context.of(dir);
        RawRequest raw = RawRequest.parse(TestVectors.read(dir.resolve("request.txt")));
        Map<String, List<String>> headers = new LinkedHashMap<>(raw.headers());
        headers.put("X-Amz-Date", List.of("20150830T123600Z"));
        headers.put("X-Amz-Region-Set", List.of(context.region()));
        String credential = context.accessKey() + "/20150830/" + context.service() + "/aws4_request";
        headers.put(
                "Authorization",
                List.of("AWS4-ECDSA-P256-SHA256 Credential=" + credential
                        + ", SignedHeaders=host;x-amz-date;x-amz-region-set, Signature=00"));
        SignedRequest unsigned = new SignedRequest(raw.method(), raw.path(), raw.query(), Headers.of(headers));
        NonS3Profile profile = new NonS3Profile(context.normalize(), Crypto.EMPTY_SHA256);
        SigV4Verifier.Trace trace = SigV4Verifier.trace(unsigned, profile);
        List<String> pairs = List.of(trace.canonicalRequest().split("\n")[2].split("&"));
        assertEquals(pairs.stream().sorted().toList(), pairs); // same name: ordered by value, byte-wise
        assertEquals(2, pairs.size());

        ECDSASigner signer = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
        signer.init(
                true,
                new ECPrivateKeyParameters(
                        SigV4aKeys.derivePrivateKey(context.accessKey(), context.secret()), SigV4aKeys.DOMAIN));
        BigInteger[] rs =
                signer.generateSignature(Crypto.sha256(trace.stringToSign().getBytes(StandardCharsets.UTF_8)));
        String der = Crypto.hex(StandardDSAEncoding.INSTANCE.encode(SigV4aKeys.DOMAIN.getN(), rs[0], rs[1]));
        SignedRequest signed = withSignature(unsigned, "header", der);
        SigV4Verifier verifier = AwsSigningSuiteTest.verifier(context);
        assertEquals(
                context.accessKey(),
                verifier.verify(signed, context.region(), false, profile).accessKey());
        SigV4Exception e = assertThrows(
                SigV4Exception.class,
                () -> verifier.verify(
                        AwsSigningSuiteTest.flipSignatureBit(signed, "header"), context.region(), false, profile));
        assertEquals(Reason.SIGNATURE_DOES_NOT_MATCH, e.reason());
    }

    static SignedRequest withSignature(SignedRequest request, String form, String signature) {
        if (form.equals("query")) {
            List<QueryParam> query = request.query().stream()
                    .map(p -> p.name().equals("X-Amz-Signature") ? new QueryParam(p.name(), signature) : p)
                    .toList();
            return new SignedRequest(request.method(), request.path(), query, request.headers());
        }
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String name : request.headers().names()) {
            headers.put(name, request.headers().values(name));
        }
        String authorization = headers.get("authorization").get(0);
        int at = authorization.indexOf("Signature=") + "Signature=".length();
        headers.put("authorization", List.of(authorization.substring(0, at) + signature));
        return new SignedRequest(request.method(), request.path(), request.query(), Headers.of(headers));
    }

    private static String field(String json, String name) {
        Matcher m =
                Pattern.compile("\"" + name + "\"\\s*:\\s*\"([0-9a-fA-F]+)\"").matcher(json);
        if (!m.find()) {
            throw new IllegalStateException(name + " missing in " + json);
        }
        return m.group(1);
    }
}
