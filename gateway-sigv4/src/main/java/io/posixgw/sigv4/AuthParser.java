package io.posixgw.sigv4;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Finds which authentication a request uses and parses it into a {@link ParsedAuth}, rejecting what cannot be parsed
 * with the error AWS gives. Only syntax here: scope, time and signature are checked by the verifier.
 */
final class AuthParser {
    private static final String SIGV2_MESSAGE = "The authorization mechanism you have provided"
            + " (AWS Signature Version 2) is not supported. Please use AWS4-HMAC-SHA256 (Signature Version 4).";
    private static final String NEEDS_DATE = "AWS authentication requires a valid Date or x-amz-date header";
    private static final String QUERY_REQUIRES = "Query-string authentication version 4 requires the X-Amz-Algorithm,"
            + " X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.";
    private static final long MAX_EXPIRES = 604_800; // seven days, S3's limit for presigned URLs

    private AuthParser() {}

    static ParsedAuth parse(SignedRequest request) throws SigV4Exception {
        String authorization = request.headers().first("authorization");
        boolean presignedV4 = request.queryParam("X-Amz-Algorithm") != null;
        if (authorization != null && presignedV4) {
            throw new SigV4Exception(
                    Reason.INVALID_ARGUMENT,
                    "Only one auth mechanism allowed; only the"
                            + " X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header"
                            + " should be specified");
        }
        if (authorization != null) {
            return parseHeader(authorization, request);
        }
        if (presignedV4) {
            return parseQuery(request);
        }
        if (request.queryParam("AWSAccessKeyId") != null || request.queryParam("Signature") != null) {
            throw new SigV4Exception(Reason.SIGV2_NOT_SUPPORTED, SIGV2_MESSAGE);
        }
        throw new SigV4Exception(Reason.ACCESS_DENIED, "Access Denied");
    }

    private static ParsedAuth parseHeader(String value, SignedRequest request) throws SigV4Exception {
        String v = value.strip();
        int space = v.indexOf(' ');
        String scheme = space < 0 ? v : v.substring(0, space);
        if (scheme.equals("AWS")) {
            throw new SigV4Exception(Reason.SIGV2_NOT_SUPPORTED, SIGV2_MESSAGE);
        }
        ParsedAuth.Algorithm algorithm = ParsedAuth.Algorithm.of(scheme);
        if (algorithm == null) {
            throw headerMalformed("the authorization type '" + clip(scheme) + "' is not supported; expecting"
                    + " 'AWS4-HMAC-SHA256' or 'AWS4-ECDSA-P256-SHA256'.");
        }
        Map<String, String> parts = new HashMap<>();
        String rest = space < 0 ? "" : v.substring(space + 1);
        for (String part : rest.split(",", -1)) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            int eq = p.indexOf('=');
            String name = eq < 0 ? p : p.substring(0, eq).strip();
            if (eq <= 0 || !(name.equals("Credential") || name.equals("SignedHeaders") || name.equals("Signature"))) {
                throw headerMalformed("the authorization component '" + clip(p) + "' is malformed.");
            }
            if (parts.put(name, p.substring(eq + 1).strip()) != null) {
                throw headerMalformed("the authorization component '" + name + "' appears more than once.");
            }
        }
        if (parts.size() != 3) {
            throw headerMalformed("the authorization header requires three components: Credential, SignedHeaders,"
                    + " and Signature.");
        }
        CredentialScope credential =
                CredentialScope.parse(parts.get("Credential"), algorithm == ParsedAuth.Algorithm.HMAC);
        if (credential == null) {
            throw headerMalformed("the Credential is mal-formed; expecting \"<YOUR-AKID>/YYYYMMDD/"
                    + (algorithm == ParsedAuth.Algorithm.HMAC ? "REGION/" : "") + "SERVICE/aws4_request\".");
        }
        List<String> signedHeaders = signedHeaders(parts.get("SignedHeaders"));
        if (signedHeaders == null) {
            throw headerMalformed("the SignedHeaders component is malformed; it must list lower-case header names"
                    + " separated by ';' and include 'host'.");
        }
        String amzDate = request.headers().first("x-amz-date");
        Instant time;
        if (amzDate != null) {
            time = AmzDates.parseBasic(amzDate.strip());
            amzDate = amzDate.strip();
        } else {
            time = AmzDates.parseHttpDate(request.headers().first("date"));
            amzDate = time == null ? null : AmzDates.formatBasic(time);
        }
        if (time == null) {
            throw new SigV4Exception(Reason.ACCESS_DENIED, NEEDS_DATE);
        }
        String regionSet = null;
        if (algorithm == ParsedAuth.Algorithm.ECDSA) {
            regionSet = request.headers().first("x-amz-region-set");
            // The region set is not in the SigV4A scope: unsigned, it could be swapped to replay the request elsewhere.
            if (regionSet == null || !signedHeaders.contains("x-amz-region-set")) {
                throw headerMalformed("SigV4A requires a signed X-Amz-Region-Set header.");
            }
        }
        return new ParsedAuth(
                false,
                algorithm,
                credential,
                signedHeaders,
                parts.get("Signature"),
                amzDate,
                time,
                -1,
                regionSet,
                request.headers().first("x-amz-content-sha256"));
    }

    private static ParsedAuth parseQuery(SignedRequest request) throws SigV4Exception {
        ParsedAuth.Algorithm algorithm = ParsedAuth.Algorithm.of(request.queryParam("X-Amz-Algorithm"));
        if (algorithm == null) {
            throw queryError("X-Amz-Algorithm only supports \"AWS4-HMAC-SHA256\" and \"AWS4-ECDSA-P256-SHA256\"");
        }
        String credentialValue = request.queryParam("X-Amz-Credential");
        String date = request.queryParam("X-Amz-Date");
        String expires = request.queryParam("X-Amz-Expires");
        String signedHeadersValue = request.queryParam("X-Amz-SignedHeaders");
        String signature = request.queryParam("X-Amz-Signature");
        if (credentialValue == null
                || date == null
                || expires == null
                || signedHeadersValue == null
                || signature == null) {
            throw queryError(QUERY_REQUIRES);
        }
        CredentialScope credential = CredentialScope.parse(credentialValue, algorithm == ParsedAuth.Algorithm.HMAC);
        if (credential == null) {
            throw queryError("Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting"
                    + " \"<YOUR-AKID>/YYYYMMDD/" + (algorithm == ParsedAuth.Algorithm.HMAC ? "REGION/" : "")
                    + "SERVICE/aws4_request\".");
        }
        long expiresSeconds = parseExpires(expires);
        Instant time = AmzDates.parseBasic(date);
        if (time == null) {
            throw queryError("X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"");
        }
        List<String> signedHeaders = signedHeaders(signedHeadersValue);
        if (signedHeaders == null) {
            throw queryError(
                    "X-Amz-SignedHeaders must list lower-case header names separated by ';' and include" + " 'host'.");
        }
        String regionSet = null;
        if (algorithm == ParsedAuth.Algorithm.ECDSA) {
            regionSet = request.queryParam("X-Amz-Region-Set");
            if (regionSet == null) {
                throw queryError("Query-string authentication with AWS4-ECDSA-P256-SHA256 requires the"
                        + " X-Amz-Region-Set parameter.");
            }
        }
        String claim = request.queryParam("X-Amz-Content-Sha256");
        if (claim == null) {
            claim = request.headers().first("x-amz-content-sha256");
        }
        return new ParsedAuth(
                true, algorithm, credential, signedHeaders, signature, date, time, expiresSeconds, regionSet, claim);
    }

    private static long parseExpires(String expires) throws SigV4Exception {
        long seconds;
        try {
            seconds = Long.parseLong(expires);
        } catch (NumberFormatException e) {
            throw queryError("X-Amz-Expires should be a number");
        }
        if (seconds < 0) {
            throw queryError("X-Amz-Expires must be non-negative");
        }
        if (seconds == 0) {
            throw queryError("X-Amz-Expires must be at least 1 second");
        }
        if (seconds > MAX_EXPIRES) {
            throw queryError("X-Amz-Expires must be less than a week (in seconds) that is; 604800");
        }
        return seconds;
    }

    /** Lower-cased names in the client's order; null if any is empty or {@code host} is missing. */
    private static List<String> signedHeaders(String value) {
        List<String> names = new ArrayList<>();
        for (String name : value.split(";", -1)) {
            String n = name.strip().toLowerCase(Locale.ROOT);
            if (n.isEmpty()) {
                return null;
            }
            names.add(n);
        }
        return names.contains("host") ? List.copyOf(names) : null;
    }

    private static SigV4Exception headerMalformed(String detail) {
        return new SigV4Exception(Reason.AUTHORIZATION_HEADER_MALFORMED, ParsedAuth.HEADER_MALFORMED + detail);
    }

    private static SigV4Exception queryError(String message) {
        return new SigV4Exception(Reason.AUTHORIZATION_QUERY_PARAMETERS_ERROR, message);
    }

    /** Echoes at most a little of what the client sent, so an error message never grows with hostile input. */
    static String clip(String s) {
        return s.length() <= 64 ? s : s.substring(0, 64) + "...";
    }
}
