package io.posixgw.sigv4;

import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Verifies AWS Signature Version 4 (AWS4-HMAC-SHA256) and 4A (AWS4-ECDSA-P256-SHA256) requests, by Authorization header
 * or presigned query parameters, the way S3 does. Thread-safe; one per server. The checks run cheapest first (syntax,
 * scope, time, payload claim), so a malformed or stale request costs no key lookup and no HMAC.
 */
public final class SigV4Verifier {
    static final Duration MAX_SKEW = Duration.ofMinutes(15);
    private static final String US_EAST_1 = "us-east-1";
    private static final String UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
    private static final String STREAMING_SIGNED = "STREAMING-AWS4-HMAC-SHA256-PAYLOAD";
    private static final String STREAMING_SIGNED_TRAILER = "STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER";
    private static final String STREAMING_UNSIGNED_TRAILER = "STREAMING-UNSIGNED-PAYLOAD-TRAILER";
    private static final String STREAMING_ECDSA_PREFIX = "STREAMING-AWS4-ECDSA-P256-SHA256-PAYLOAD";
    private static final String SIGNATURE_MISMATCH = "The request signature we calculated does not match the signature"
            + " you provided. Check your key and signing method.";

    private final CredentialProvider credentials;
    private final String service;
    private final Clock clock;
    private final SigningKeyCache signingKeys = new SigningKeyCache();
    /**
     * Made on the first SigV4A request: loading Bouncy Castle's P-256 curve costs start-up time
     * (about 140 classes and precomputed tables) that servers without SigV4A clients never need.
     */
    private volatile SigV4aKeys sigV4aKeys;

    public SigV4Verifier(CredentialProvider credentials, String service, Clock clock) {
        this.credentials = Objects.requireNonNull(credentials, "credentials");
        this.service = Objects.requireNonNull(service, "service");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    private SigV4aKeys sigV4aKeys() {
        SigV4aKeys keys = sigV4aKeys;
        if (keys == null) {
            synchronized (this) {
                keys = sigV4aKeys;
                if (keys == null) {
                    keys = new SigV4aKeys();
                    sigV4aKeys = keys;
                }
            }
        }
        return keys;
    }

    /**
     * Verifies header auth (Authorization: AWS4-HMAC-SHA256 ... or AWS4-ECDSA-P256-SHA256 ...) or presigned query auth
     * (X-Amz-Algorithm=...).
     *
     * @param configuredRegion  the server's region (e.g. "us-east-1"); the scope's region must equal it,
     * @param alsoAcceptUsEast1 when true a scope region of "us-east-1" is accepted too (GetBucketLocation/ListBuckets/
     *                          CreateBucket)
     */
    public AuthResult verify(SignedRequest request, String configuredRegion, boolean alsoAcceptUsEast1)
            throws SigV4Exception {
        return verify(request, configuredRegion, alsoAcceptUsEast1, NonS3Profile.S3);
    }

    /**
     * Whether the request carries no credentials at all: no {@code Authorization} header and no
     * presigned (SigV4 or SigV2) query. S3 treats such a request as anonymous; whether it may do
     * anything is the server's authorisation, not a signature check.
     */
    public static boolean isUnsigned(SignedRequest request) {
        return request.headers().first("authorization") == null
                && request.queryParam("X-Amz-Algorithm") == null
                && request.queryParam("X-Amz-Signature") == null
                && request.queryParam("X-Amz-Credential") == null
                && request.queryParam("AWSAccessKeyId") == null
                && request.queryParam("Signature") == null;
    }

    /**
     * An anonymous request ({@link #isUnsigned}) as a result without an access key: its body
     * is checked against the {@code x-amz-content-sha256} it names, if any, or read as it comes;
     * an aws-chunked body may only be the unsigned-trailer kind (chunk signatures need a signer).
     */
    public static AuthResult anonymous(SignedRequest request) throws SigV4Exception {
        String claim = request.headers().first("x-amz-content-sha256");
        if (claim == null || claim.equals(UNSIGNED_PAYLOAD)) {
            return new AuthResult(null, PayloadMode.UNSIGNED, -1, false, null, null);
        }
        if (Crypto.isHex(claim, 64)) {
            return new AuthResult(null, PayloadMode.SIGNED_HASH, -1, false, claim.toLowerCase(Locale.ROOT), null);
        }
        if (claim.equals(STREAMING_UNSIGNED_TRAILER)) {
            return new AuthResult(
                    null,
                    PayloadMode.STREAMING_UNSIGNED_TRAILER,
                    decodedLength(request),
                    false,
                    null,
                    new StreamingContext(null, null, null, null, declaredTrailers(request)));
        }
        throw new SigV4Exception(Reason.ACCESS_DENIED, "Access Denied");
    }

    AuthResult verify(SignedRequest request, String configuredRegion, boolean alsoAcceptUsEast1, NonS3Profile profile)
            throws SigV4Exception {
        ParsedAuth auth = AuthParser.parse(request);
        checkScope(auth, configuredRegion, alsoAcceptUsEast1);
        checkTime(auth, clock.instant());
        requireSignedAmzHeaders(request, auth);
        Payload payload = payload(auth, request, profile);
        String accessKey = auth.credential().accessKey();
        String secret = credentials.secretKey(accessKey);
        if (secret == null) {
            throw new SigV4Exception(
                    Reason.INVALID_ACCESS_KEY_ID, "The AWS Access Key Id you provided does not exist in our records.");
        }
        String canonical = CanonicalRequest.build(request, auth, payload.canonicalHash, profile.normalizePath());
        String stringToSign = CanonicalRequest.stringToSign(auth, canonical);
        StreamingContext streaming = null;
        if (auth.algorithm() == ParsedAuth.Algorithm.HMAC) {
            CredentialScope scope = auth.credential();
            byte[] key = signingKeys.signingKey(secret, scope.date(), scope.region(), scope.service());
            byte[] expected = Crypto.hmacSha256(key, stringToSign);
            byte[] claimed = Crypto.unhex(auth.signature());
            if (claimed == null || !MessageDigest.isEqual(expected, claimed)) {
                throw new SigV4Exception(Reason.SIGNATURE_DOES_NOT_MATCH, SIGNATURE_MISMATCH);
            }
            if (payload.mode.isStreaming()) {
                boolean signedChunks = payload.mode != PayloadMode.STREAMING_UNSIGNED_TRAILER;
                streaming = new StreamingContext(
                        signedChunks ? key : null,
                        auth.amzDate(),
                        scope.scope(),
                        Crypto.hex(expected),
                        declaredTrailers(request));
            }
        } else {
            byte[] der = Crypto.unhex(auth.signature());
            if (der == null || !sigV4aKeys().verify(accessKey, secret, stringToSign, der)) {
                throw new SigV4Exception(Reason.SIGNATURE_DOES_NOT_MATCH, SIGNATURE_MISMATCH);
            }
            if (payload.mode.isStreaming()) { // only the unsigned-trailer mode gets here for SigV4A
                streaming = new StreamingContext(
                        null, auth.amzDate(), auth.credential().scope(), null, declaredTrailers(request));
            }
        }
        return new AuthResult(
                accessKey, payload.mode, payload.decodedLength, auth.presigned(), payload.verifyHash, streaming);
    }

    /**
     * Verifies S3's POST Object policy signature (SigV4): {@code signature} must be the hex HMAC-SHA256 of the
     * base64 {@code policy} under the signing key of {@code credential}'s scope, which must be this server's region
     * and its service and terminator S3's, on the date of {@code amzDate}. The
     * request time is not checked against the clock: the policy's own expiration says how long a form is good.
     *
     * @return the access key that signed the policy
     */
    public String verifyPostPolicy(
            String credential, String amzDate, String policy, String signature, String configuredRegion)
            throws SigV4Exception {
        CredentialScope scope = CredentialScope.parse(credential, true);
        if (scope == null) {
            throw new SigV4Exception(Reason.INVALID_ARGUMENT, "Invalid credential: " + AuthParser.clip(credential));
        }
        if (!scope.terminator().equals(CredentialScope.TERMINATOR)
                || !scope.service().equals(service)) {
            throw new SigV4Exception(
                    Reason.INVALID_ARGUMENT, "Invalid credential scope: " + AuthParser.clip(credential));
        }
        if (!scope.region().equals(configuredRegion)) {
            throw new SigV4Exception(
                            Reason.AUTHORIZATION_QUERY_PARAMETERS_ERROR,
                            "the region '" + AuthParser.clip(scope.region()) + "' is wrong; expecting '"
                                    + configuredRegion + "'")
                    .expectingRegion(configuredRegion);
        }
        if (AmzDates.parseBasic(amzDate) == null
                || !amzDate.startsWith(scope.date())
                || scope.date().length() != 8) {
            throw new SigV4Exception(
                    Reason.INVALID_ARGUMENT,
                    "Invalid date: x-amz-date must be in ISO8601 basic format and the credential's day");
        }
        String secret = credentials.secretKey(scope.accessKey());
        if (secret == null) {
            throw new SigV4Exception(
                    Reason.INVALID_ACCESS_KEY_ID, "The AWS Access Key Id you provided does not exist in our records.");
        }
        byte[] key = signingKeys.signingKey(secret, scope.date(), scope.region(), scope.service());
        byte[] expected = Crypto.hmacSha256(key, policy);
        byte[] claimed = Crypto.unhex(signature);
        if (claimed == null || !MessageDigest.isEqual(expected, claimed)) {
            throw new SigV4Exception(Reason.SIGNATURE_DOES_NOT_MATCH, SIGNATURE_MISMATCH);
        }
        return scope.accessKey();
    }

    /**
     * Every {@code x-amz-*} header must be covered by the signature, as S3 requires: a header the signature does not
     * cover could be added to a captured request (an {@code x-amz-copy-source} turns a signed empty PUT into a copy
     * of anything its signer can read). Exempt: {@code x-amz-content-sha256} (S3 accepts it unsigned on presigned
     * URLs, and on header auth its value is checked against the body anyway); {@code x-amz-security-token}, which
     * AWS's signing suite adds after signing (post-sts-header-after) and which nothing here reads (no session
     * credentials); {@code x-amz-cf-id}, which CloudFront adds to what it forwards to an origin after the client
     * signed it; and, on a presigned URL, a header sent as a query parameter of that name, which the signature
     * covers as such.
     */
    private static final java.util.Set<String> UNSIGNED_AMZ_HEADERS =
            java.util.Set.of("x-amz-content-sha256", "x-amz-security-token", "x-amz-cf-id");

    private static void requireSignedAmzHeaders(SignedRequest request, ParsedAuth auth) throws SigV4Exception {
        for (String h : request.headers().names()) {
            if (h.startsWith("x-amz-")
                    && !UNSIGNED_AMZ_HEADERS.contains(h)
                    && !auth.signedHeaders().contains(h)
                    && !(auth.presigned() && inQuery(request, h))) {
                throw new SigV4Exception(
                        Reason.ACCESS_DENIED, "There were headers present in the request which were not signed: " + h);
            }
        }
    }

    private static boolean inQuery(SignedRequest request, String lowerCaseName) {
        for (QueryParam p : request.query()) {
            if (p.name().equalsIgnoreCase(lowerCaseName)) {
                return true;
            }
        }
        return false;
    }

    /** What the verifier signs over, for tests: the canonical request and string to sign. */
    record Trace(String canonicalRequest, String stringToSign) {}

    /** Test hook: computes the canonical request and string to sign without checking scope, time or signature. */
    static Trace trace(SignedRequest request, NonS3Profile profile) throws SigV4Exception {
        ParsedAuth auth = AuthParser.parse(request);
        Payload payload = payload(auth, request, profile);
        String canonical = CanonicalRequest.build(request, auth, payload.canonicalHash, profile.normalizePath());
        return new Trace(canonical, CanonicalRequest.stringToSign(auth, canonical));
    }

    private void checkScope(ParsedAuth auth, String configuredRegion, boolean alsoAcceptUsEast1) throws SigV4Exception {
        CredentialScope scope = auth.credential();
        String where = auth.presigned() ? "Error parsing the X-Amz-Credential parameter; " : "";
        if (!scope.terminator().equals(CredentialScope.TERMINATOR)) {
            throw auth.malformed(where + "incorrect terminal '" + AuthParser.clip(scope.terminator())
                    + "'. This endpoint uses 'aws4_request'.");
        }
        if (!scope.service().equals(service)) {
            throw auth.malformed(where + "incorrect service '" + AuthParser.clip(scope.service())
                    + "'. This endpoint belongs to '" + service + "'.");
        }
        if (auth.algorithm() == ParsedAuth.Algorithm.HMAC) {
            String region = scope.region();
            if (!region.equals(configuredRegion) && !(alsoAcceptUsEast1 && region.equals(US_EAST_1))) {
                throw auth.malformed(where + "the region '" + AuthParser.clip(region) + "' is wrong; expecting '"
                                + configuredRegion + "'")
                        .expectingRegion(configuredRegion);
            }
        } else if (!RegionSet.matches(auth.regionSet(), configuredRegion)
                && !(alsoAcceptUsEast1 && RegionSet.matches(auth.regionSet(), US_EAST_1))) {
            throw auth.malformed("the region set '" + AuthParser.clip(auth.regionSet()) + "' does not include '"
                            + configuredRegion + "'")
                    .expectingRegion(configuredRegion);
        }
        if (!auth.amzDate().startsWith(scope.date()) || scope.date().length() != 8) {
            throw auth.malformed("Invalid credential date. Date is not the same as X-Amz-Date.");
        }
    }

    private static void checkTime(ParsedAuth auth, Instant now) throws SigV4Exception {
        Instant time = auth.requestTime();
        if (auth.presigned()) {
            if (time.isAfter(now.plus(MAX_SKEW))) {
                throw new SigV4Exception(
                        Reason.ACCESS_DENIED, "Request is not yet valid"); // S3's words for a URL from the future
            }
            if (now.isAfter(time.plusSeconds(auth.expiresSeconds()))) {
                throw new SigV4Exception(Reason.ACCESS_DENIED, "Request has expired");
            }
        } else if (Duration.between(time, now).abs().compareTo(MAX_SKEW) > 0) {
            throw skewed();
        }
    }

    private static SigV4Exception skewed() {
        return new SigV4Exception(
                Reason.REQUEST_TIME_TOO_SKEWED,
                "The difference between the request time and the current time is too large.");
    }

    /** What the body claims: the canonical request's last line, the mode, the hash to check, the decoded length. */
    private record Payload(String canonicalHash, PayloadMode mode, String verifyHash, long decodedLength) {}

    private static Payload payload(ParsedAuth auth, SignedRequest request, NonS3Profile profile) throws SigV4Exception {
        String claim = auth.payloadHashClaim();
        if (claim == null) {
            if (profile.payloadHashWhenAbsent() != null) {
                String hash = profile.payloadHashWhenAbsent();
                return new Payload(hash, PayloadMode.SIGNED_HASH, hash.toLowerCase(Locale.ROOT), -1);
            }
            if (auth.presigned()) {
                return new Payload(UNSIGNED_PAYLOAD, PayloadMode.UNSIGNED, null, -1);
            }
            // AWS: 400 InvalidRequest "Missing required header for this request: x-amz-content-sha256".
            throw new SigV4Exception(
                    Reason.MISSING_SECURITY_HEADER,
                    "Missing required header for this request: x-amz-content-sha256",
                    "InvalidRequest");
        }
        if (Crypto.isHex(claim, 64)) {
            return new Payload(claim, PayloadMode.SIGNED_HASH, claim.toLowerCase(Locale.ROOT), -1);
        }
        if (claim.equals(UNSIGNED_PAYLOAD)) {
            return new Payload(claim, PayloadMode.UNSIGNED, null, -1);
        }
        PayloadMode streaming = switch (claim) {
            case STREAMING_SIGNED -> PayloadMode.STREAMING_SIGNED;
            case STREAMING_SIGNED_TRAILER -> PayloadMode.STREAMING_SIGNED_TRAILER;
            case STREAMING_UNSIGNED_TRAILER -> PayloadMode.STREAMING_UNSIGNED_TRAILER;
            default -> null;
        };
        if (streaming == null) {
            if (claim.startsWith(STREAMING_ECDSA_PREFIX)) {
                throw new SigV4Exception(
                        Reason.INVALID_ARGUMENT,
                        "SigV4A chunk signing (" + AuthParser.clip(claim)
                                + ") is not supported; use STREAMING-UNSIGNED-PAYLOAD-TRAILER or a payload hash.");
            }
            throw new SigV4Exception(
                    Reason.INVALID_ARGUMENT,
                    "x-amz-content-sha256 must be UNSIGNED-PAYLOAD,"
                            + " STREAMING-UNSIGNED-PAYLOAD-TRAILER, STREAMING-AWS4-HMAC-SHA256-PAYLOAD,"
                            + " STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER or a valid sha256 value.");
        }
        if (auth.presigned()) {
            throw new SigV4Exception(Reason.INVALID_ARGUMENT, "A presigned URL cannot carry an aws-chunked body.");
        }
        if (auth.algorithm() == ParsedAuth.Algorithm.ECDSA && streaming != PayloadMode.STREAMING_UNSIGNED_TRAILER) {
            throw new SigV4Exception(Reason.INVALID_ARGUMENT, "HMAC chunk signatures need AWS4-HMAC-SHA256 auth.");
        }
        return new Payload(claim, streaming, null, decodedLength(request));
    }

    private static long decodedLength(SignedRequest request) throws SigV4Exception {
        String value = request.headers().first("x-amz-decoded-content-length");
        if (value == null) {
            throw new SigV4Exception(
                    Reason.MISSING_CONTENT_LENGTH,
                    "You must provide the Content-Length HTTP header: an aws-chunked upload needs the"
                            + " x-amz-decoded-content-length header.");
        }
        String v = value.strip();
        if (v.isEmpty() || v.length() > 18 || !v.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new SigV4Exception(
                    Reason.MISSING_CONTENT_LENGTH,
                    "You must provide the Content-Length HTTP header: x-amz-decoded-content-length must be a"
                            + " non-negative integer.");
        }
        return Long.parseLong(v);
    }

    /** Whether an {@code x-amz-content-sha256} value announces an aws-chunked body ({@code STREAMING-...}). */
    public static boolean isStreamingClaim(String contentSha256) {
        return contentSha256 != null && contentSha256.startsWith("STREAMING-");
    }

    /** The trailers S3 takes: one checksum, named by its header. */
    private static final Set<String> TRAILER_NAMES = Set.of(
            "x-amz-checksum-crc32",
            "x-amz-checksum-crc32c",
            "x-amz-checksum-crc64nvme",
            "x-amz-checksum-sha1",
            "x-amz-checksum-sha256");

    /**
     * The comma list of {@code x-amz-trailer}, lower-cased; empty if absent. Each name must be a checksum S3 takes
     * as a trailer, else 400 InvalidRequest as S3 (and versitygw) answer: any other trailer would be received and
     * never checked.
     */
    private static Set<String> declaredTrailers(SignedRequest request) throws SigV4Exception {
        Set<String> names = new LinkedHashSet<>();
        for (String value : request.headers().values("x-amz-trailer")) {
            for (String name : value.split(",", -1)) {
                String n = name.strip().toLowerCase(Locale.ROOT);
                if (!n.isEmpty()) {
                    if (!TRAILER_NAMES.contains(n)) {
                        throw new SigV4Exception(
                                Reason.INVALID_REQUEST,
                                "The value specified in the x-amz-trailer header is not supported: "
                                        + AuthParser.clip(n));
                    }
                    names.add(n);
                }
            }
        }
        return names;
    }
}
