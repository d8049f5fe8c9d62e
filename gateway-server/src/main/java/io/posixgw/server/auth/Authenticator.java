package io.posixgw.server.auth;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
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
        Principal p = accounts.principal(verified.accessKey());
        if (p == null) {
            // removed from the users file between the signature check and now
            throw new S3Exception(S3Error.INVALID_ACCESS_KEY_ID, S3Error.INVALID_ACCESS_KEY_ID.defaultMessage());
        }
        return p;
    }

    /**
     * The verified signature, or for a request that carries none an anonymous result (no access
     * key, {@link #caller} is {@link Principal#ANONYMOUS}).
     */
    public AuthResult authenticate(S3Request request, Endpoint endpoint) {
        if (isBrowserForm(request)) {
            // S3 authenticates these from the form's own policy and signature fields, a scheme posixgw does not have:
            // AccessDenied would tell the client its credentials are wrong when it is the API that is missing
            throw new S3Exception(
                    S3Error.NOT_IMPLEMENTED, io.posixgw.server.routing.Router.POST_OBJECT_NOT_IMPLEMENTED);
        }
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
     * A browser form upload (S3's POST Object): a {@code multipart/form-data} POST to a bucket that
     * carries no SigV4 of its own, neither header nor query; its credentials are fields of the form.
     */
    static boolean isBrowserForm(S3Request request) {
        String type = request.header("content-type");
        return request.method().equals("POST")
                && request.bucket() != null
                && request.key() == null
                && type != null
                && type.trim().regionMatches(true, 0, "multipart/form-data", 0, "multipart/form-data".length())
                && request.header("authorization") == null
                && !request.hasQueryParam("X-Amz-Signature")
                && !request.hasQueryParam(
                        "delete"); // DeleteObjects, whatever its content type, is signed as any request
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
