package io.posixgw.sigv4;

import java.time.Instant;
import java.util.List;

/**
 * What a request claims about its authentication, parsed but not yet checked: the same shape for the Authorization
 * header and for presigned query parameters, so the checks after parsing are written once.
 *
 * @param signedHeaders    lower-case, in the order the client listed them
 * @param signature        as sent (hex; SigV4A: hex of a DER ECDSA signature)
 * @param amzDate          the request time as it appears in the string to sign ({@code yyyyMMdd'T'HHmmss'Z'})
 * @param expiresSeconds   presigned only, else -1
 * @param regionSet        SigV4A only ({@code X-Amz-Region-Set}), else null
 * @param payloadHashClaim the x-amz-content-sha256 value as sent (header, or presigned query parameter), or null
 */
record ParsedAuth(
        boolean presigned,
        Algorithm algorithm,
        CredentialScope credential,
        List<String> signedHeaders,
        String signature,
        String amzDate,
        Instant requestTime,
        long expiresSeconds,
        String regionSet,
        String payloadHashClaim) {

    static final String HEADER_MALFORMED = "The authorization header is malformed; ";

    /** The two signing algorithms S3 accepts. */
    enum Algorithm {
        HMAC("AWS4-HMAC-SHA256"),
        ECDSA("AWS4-ECDSA-P256-SHA256");

        final String id;

        Algorithm(String id) {
            this.id = id;
        }

        static Algorithm of(String id) {
            for (Algorithm a : values()) {
                if (a.id.equals(id)) {
                    return a;
                }
            }
            return null;
        }
    }

    /** A malformation error of the right kind for where the auth came from (header or query). */
    SigV4Exception malformed(String detail) {
        return presigned
                ? new SigV4Exception(Reason.AUTHORIZATION_QUERY_PARAMETERS_ERROR, detail)
                : new SigV4Exception(Reason.AUTHORIZATION_HEADER_MALFORMED, HEADER_MALFORMED + detail);
    }
}
