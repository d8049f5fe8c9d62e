package io.posixgw.server.auth;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.server.routing.BodyKind;
import io.posixgw.server.routing.Endpoint;
import io.posixgw.server.routing.S3Request;
import io.posixgw.sigv4.AuthResult;
import io.posixgw.sigv4.Headers;
import io.posixgw.sigv4.QueryParam;
import io.posixgw.sigv4.SigV4Exception;
import io.posixgw.sigv4.SigV4Verifier;
import io.posixgw.sigv4.SignedRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Authenticates a request with SigV4 and turns the verifier's reasons into S3 errors.
 * The only place where the server and the sigv4 module meet.
 */
public final class Authenticator {
    private final SigV4Verifier verifier;
    private final Accounts accounts;
    private final String region;

    /** @param accounts the accounts the verifier takes its secrets from */
    public Authenticator(SigV4Verifier verifier, Accounts accounts, String region) {
        this.verifier = verifier;
        this.accounts = accounts;
        this.region = region;
    }

    /** The caller a verified request came from, with its role. */
    public Principal caller(AuthResult verified) {
        if (verified.accessKey() == null) {
            return Principal.ANONYMOUS;
        }
        // null: removed from the users file between the signature check and now
        return caller(verified.accessKey());
    }

    /**
     * The verified signature, or for a request that carries none an anonymous result (no access
     * key, {@link #caller} is {@link Principal#ANONYMOUS}).
     */
    public AuthResult authenticate(S3Request request, Endpoint endpoint) {
        List<QueryParam> query = new ArrayList<>(request.query().size());
        for (Map.Entry<String, String> e : request.query()) {
            query.add(new QueryParam(e.getKey(), e.getValue()));
        }
        Headers headers = new Headers() {
            @Override
            public List<String> values(String lowerCaseName) {
                return request.headers().all(lowerCaseName);
            }

            @Override
            public Set<String> names() {
                return request.headers().names();
            }
        };
        SignedRequest signed = new SignedRequest(request.method(), request.path(), query, headers);
        try {
            if (SigV4Verifier.isUnsigned(signed)) {
                // anonymous: what it may do is the Authorizer's question (a bucket policy granting "*")
                return SigV4Verifier.anonymous(signed);
            }
            return verifier.verify(signed, region, endpoint.acceptsUsEast1Scope());
        } catch (SigV4Exception e) {
            throw toS3(e);
        }
    }

    /**
     * A streaming {@code x-amz-content-sha256} (an aws-chunked body) is for PutObject and UploadPart only; on any other
     * request S3 answers 400 InvalidRequest, before the signature is checked (as versitygw does), since the value
     * promises a body the request does not carry.
     */
    public static void requireBodyForStreaming(S3Request request, Endpoint endpoint) {
        if (endpoint.body() != BodyKind.OBJECT_DATA
                && SigV4Verifier.isStreamingClaim(request.header("x-amz-content-sha256"))) {
            throw new S3Exception(S3Error.INVALID_REQUEST, "The value of x-amz-content-sha256 header is invalid.");
        }
    }

    /**
     * The caller whose SigV4 signature a POST Object form carries: {@code x-amz-signature} over the base64
     * {@code policy} under the signing key of {@code x-amz-credential} (this server's region, service {@code s3}) on
     * the day of {@code x-amz-date}. Errors as S3's for a header signature (403 {@code SignatureDoesNotMatch},
     * {@code InvalidAccessKeyId}).
     */
    public Principal authenticateForm(String credential, String amzDate, String policy, String signature) {
        try {
            return caller(verifier.verifyPostPolicy(credential, amzDate, policy, signature, region));
        } catch (SigV4Exception e) {
            throw toS3(e);
        }
    }

    private Principal caller(String accessKey) {
        Principal p = accounts.principal(accessKey);
        if (p == null) {
            throw new S3Exception(S3Error.INVALID_ACCESS_KEY_ID, S3Error.INVALID_ACCESS_KEY_ID.defaultMessage());
        }
        return p;
    }

    /**
     * Maps a verification failure to the S3 error AWS answers for it: the verifier
     * names the AWS code, this finds it in the one error table.
     */
    public static S3Exception toS3(SigV4Exception e) {
        S3Error error = S3Error.fromCode(e.awsCode());
        if (error == null || error.httpStatus() != e.httpStatus()) {
            error = e.httpStatus() == 403 ? S3Error.ACCESS_DENIED : S3Error.INVALID_REQUEST;
        }
        S3Exception s3 = new S3Exception(error, e.getMessage());
        if (e.expectedRegion() != null) {
            // as S3: the element for the SDKs that re-sign from an error body, the header for a HEAD's (no body)
            s3.detail("Region", e.expectedRegion()).header("x-amz-bucket-region", e.expectedRegion());
        }
        return s3;
    }
}
