package io.posixgw.sigv4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.sigv4.TestVectors.Context;
import io.posixgw.sigv4.TestVectors.RawRequest;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every SigV4 case of AWS's signing test suite, header and query form: our canonical request and string to sign equal
 * AWS's, verify() accepts the signed request, and a one-bit change of the signature is refused.
 */
class AwsSigningSuiteTest {

    @Test
    void theSuiteIsComplete() {
        assertEquals(38, TestVectors.cases("v4").size());
    }

    @TestFactory
    Stream<DynamicTest> everyCaseVerifies() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path dir : TestVectors.cases("v4")) {
            for (String form : List.of("header", "query")) {
                tests.add(DynamicTest.dynamicTest(dir.getFileName() + " " + form, () -> check(dir, form)));
            }
        }
        return tests.stream();
    }

    static void check(Path dir, String form) throws Exception {
        Context context = Context.of(dir);
        RawRequest raw = RawRequest.parse(TestVectors.read(dir.resolve(form + "-signed-request.txt")));
        SignedRequest request = asReceived(raw, context, form);
        NonS3Profile profile = new NonS3Profile(context.normalize(), Crypto.hex(Crypto.sha256(raw.body())));

        SigV4Verifier.Trace trace = SigV4Verifier.trace(request, profile);
        assertEquals(TestVectors.read(dir.resolve(form + "-canonical-request.txt")), trace.canonicalRequest());
        assertEquals(TestVectors.read(dir.resolve(form + "-string-to-sign.txt")), trace.stringToSign());

        SigV4Verifier verifier = verifier(context);
        AuthResult result = verifier.verify(request, context.region(), false, profile);
        assertEquals(context.accessKey(), result.accessKey());
        assertEquals(form.equals("query"), result.presigned());
        BodyDecoder decoder = result.newBodyDecoder();
        decoder.update(ByteBuffer.wrap(raw.body()), b -> b.position(b.limit()));
        decoder.finish();

        SigV4Exception e = assertThrows(
                SigV4Exception.class,
                () -> verifier.verify(flipSignatureBit(request, form), context.region(), false, profile));
        assertEquals(Reason.SIGNATURE_DOES_NOT_MATCH, e.reason());
    }

    static SigV4Verifier verifier(Context context) {
        return new SigV4Verifier(
                ak -> ak.equals(context.accessKey()) ? context.secret() : null,
                context.service(),
                Clock.fixed(context.timestamp(), ZoneOffset.UTC));
    }

    /**
     * The suite's "omit_session_token" cases add the token to the URL after signing (an STS convention for some
     * services), so it is not part of what was signed; S3 signs it, which the other cases cover.
     */
    static SignedRequest asReceived(RawRequest raw, Context context, String form) {
        SignedRequest request = raw.toSigned();
        if (form.equals("query") && context.omitSessionToken()) {
            List<QueryParam> query = request.query().stream()
                    .filter(p -> !p.name().equals("X-Amz-Security-Token"))
                    .toList();
            request = new SignedRequest(request.method(), request.path(), query, request.headers());
        }
        return request;
    }

    /** The same request with the lowest bit of the signature's first hex digit flipped. */
    static SignedRequest flipSignatureBit(SignedRequest request, String form) {
        if (form.equals("query")) {
            List<QueryParam> query = request.query().stream()
                    .map(p -> p.name().equals("X-Amz-Signature") ? new QueryParam(p.name(), flipFirst(p.value())) : p)
                    .toList();
            return new SignedRequest(request.method(), request.path(), query, request.headers());
        }
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String name : request.headers().names()) {
            headers.put(name, request.headers().values(name));
        }
        String authorization = headers.get("authorization").get(0);
        int at = authorization.indexOf("Signature=") + "Signature=".length();
        headers.put("authorization", List.of(authorization.substring(0, at) + flipFirst(authorization.substring(at))));
        SignedRequest flipped =
                new SignedRequest(request.method(), request.path(), request.query(), Headers.of(headers));
        assertTrue(!flipped.headers().first("authorization").equals(authorization));
        return flipped;
    }

    static String flipFirst(String hex) {
        char c = hex.charAt(0);
        return Character.forDigit(Character.digit(c, 16) ^ 1, 16) + hex.substring(1);
    }
}
