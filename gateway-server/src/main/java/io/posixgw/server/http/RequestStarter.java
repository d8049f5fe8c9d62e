package io.posixgw.server.http;

import io.netty.channel.Channel;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.server.auth.Authenticator;
import io.posixgw.server.auth.Client;
import io.posixgw.server.ops.Exchange;
import io.posixgw.server.ops.S3Response;
import io.posixgw.server.routing.Endpoint;
import io.posixgw.server.routing.RequestTarget;
import io.posixgw.server.routing.Router;
import io.posixgw.server.routing.S3Request;
import io.posixgw.sigv4.AuthResult;
import io.posixgw.sigv4.BodyDecoder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts an S3 request: parse, route, authenticate, apply the read-only policy, make the
 * body; the result is the operation for a worker ({@link OperationWork}) or the error to
 * answer at once. Also what every request is checked for first ({@link #refusal}).
 * Shared by all connections; runs on their event loops.
 */
final class RequestStarter implements Start.Starter {
    /** The connection's log: its lines keep the logger name they always had. */
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionHandler.class);

    private final ServerContext server;

    RequestStarter(ServerContext server) {
        this.server = server;
    }

    /**
     * The answer to a head that cannot be served as HTTP/1.1 here, or while the server stops;
     * each ends the connection. Null when the request may start. Probes are checked too.
     */
    static Start.Answer refusal(InFlight r, boolean draining) {
        S3Exception refused = refusalOf(r.http, draining);
        return refused == null
                ? null
                : new Start.Answer(Errors.render(refused, r.http.method().name(), r.path, r.requestId), true);
    }

    private static S3Exception refusalOf(HttpRequest http, boolean draining) {
        DecoderResult decoded = http.decoderResult();
        if (decoded.isFailure()) {
            return S3RequestReader.decodeError(decoded.cause());
        }
        S3Exception framing = S3RequestReader.framingError(http);
        if (framing != null) {
            return framing;
        }
        if (http.protocolVersion().majorVersion() != 1) {
            // e.g. an HTTP/2 preface sent in clear text: answered in HTTP/1.1, the only version spoken here
            return new S3Exception(
                    S3Error.HTTP_VERSION_NOT_SUPPORTED,
                    "The HTTP version specified is not supported: "
                            + http.protocolVersion().text() + "; this server speaks HTTP/1.1");
        }
        if (draining) {
            return new S3Exception(S3Error.SERVICE_UNAVAILABLE, "The server is shutting down");
        }
        return null;
    }

    @Override
    public Start start(InFlight r, Channel channel) {
        HttpRequest http = r.http;
        S3Request request = null;
        boolean authenticated = false;
        try {
            request = S3RequestReader.read(http);
            r.bucket = request.bucket();
            r.key = request.key();
            Endpoint endpoint = Router.route(request);
            r.operation = endpoint.apiName();
            if (!endpoint.implemented()) {
                throw new S3Exception(S3Error.NOT_IMPLEMENTED, endpoint.apiName() + " is not implemented by posixgw");
            }
            Authenticator.requireBodyForStreaming(request, endpoint);
            // a preflight is never signed; a POST Object is signed inside its form, verified by its operation
            AuthResult auth = endpoint.signedByRequest() ? server.authenticator.authenticate(request, endpoint) : null;
            authenticated = true;
            if (server.readOnly
                    && endpoint.permission() != Endpoint.Permission.READ
                    && endpoint.permission() != Endpoint.Permission.NONE) {
                throw new S3Exception(S3Error.ACCESS_DENIED, "Access Denied: this server is read-only");
            }
            S3RequestReader.validateNames(request);
            HttpBody body = bodyOf(channel, http, request, auth, endpoint);
            Exchange exchange = new Exchange(
                    request,
                    endpoint,
                    auth == null ? null : server.authenticator.caller(auth),
                    body,
                    r.requestId,
                    clientOf(channel));
            return new Start.Run(new OperationWork(server.operations, exchange, body, channel.alloc(), r.path), body);
        } catch (S3Exception e) {
            S3Exception answer = authenticated || request == null ? e : authenticateBeforeRefusing(e, request);
            S3Response error = Errors.render(answer, http.method().name(), resourceOf(r), r.requestId);
            if (request != null && request.bucket() != null && request.header("origin") != null) {
                // a browser's request: the bucket's CORS rules (read on a worker) let its page see this error too
                return new Start.Run(new CorsAnswer(server.operations, request, error), null);
            }
            return Start.Answer.keepOpen(error);
        } catch (RuntimeException e) {
            LOG.error("{} cannot start request {} {}", r.requestId, http.method(), r.path, e);
            return Start.Answer.keepOpen(Errors.render(
                    S3Error.INTERNAL_ERROR.exception(), http.method().name(), r.path, r.requestId));
        }
    }

    /** Where the request came from, for the policy keys {@code aws:SourceIp} and {@code aws:SecureTransport}. */
    private static Client clientOf(Channel channel) {
        String ip = channel.remoteAddress() instanceof java.net.InetSocketAddress a && a.getAddress() != null
                ? a.getAddress().getHostAddress()
                : null;
        return new Client(ip, channel.pipeline().get(io.netty.handler.ssl.SslHandler.class) != null);
    }

    private static String resourceOf(InFlight r) {
        try {
            return RequestTarget.decodePath(r.path);
        } catch (S3Exception e) {
            return r.path;
        }
    }

    /**
     * The body the endpoint reads, or null when it takes none: its length, how it is decoded, the
     * checksums it must match. (What each endpoint's body is, is decided here and only here.)
     */
    private HttpBody bodyOf(Channel channel, HttpRequest http, S3Request request, AuthResult auth, Endpoint endpoint) {
        if (!endpoint.body().read()) {
            return null;
        }
        long length;
        boolean contentLengthSet = HttpUtil.isContentLengthSet(http);
        if (auth != null && auth.decodedContentLength() >= 0) {
            if (!contentLengthSet && !HttpUtil.isTransferEncodingChunked(http)) {
                // an aws-chunked body needs the length of its whole encoding or HTTP chunks that end it (411, as
                // S3 answers); the AWS SDK for JavaScript v3 streams aws-chunked inside Transfer-Encoding: chunked
                throw new S3Exception(
                        S3Error.MISSING_CONTENT_LENGTH, "You must provide the Content-Length HTTP header.");
            }
            length = auth.decodedContentLength();
        } else if (contentLengthSet) {
            length = HttpUtil.getContentLength(http, -1L);
        } else {
            length = -1;
        }
        if (endpoint.body().lengthRequired() && length < 0 && !HttpUtil.isTransferEncodingChunked(http)) {
            // no length and no chunks: nothing says where the object ends. A plain Transfer-Encoding: chunked
            // body (curl -T -, streaming clients) is taken, as MinIO and Ceph take it: it goes to a temp file
            // anyway, and its size limit and checksums are applied as it arrives (HttpBody)
            throw new S3Exception(S3Error.MISSING_CONTENT_LENGTH, S3Error.MISSING_CONTENT_LENGTH.defaultMessage());
        }
        BodyChecksums checksums =
                endpoint.body().headerChecksumsCoverBody() ? BodyChecksums.fromHeaders(request.headers()) : null;
        BodyDecoder decoder = auth == null ? BodyDecoder.unsigned() : auth.newBodyDecoder();
        return new HttpBody(channel, decoder, checksums, length, endpoint.body().maxLength(), server.bodyTimeoutMillis);
    }

    /**
     * A request routing refuses (405: no such method here; 501: an API posixgw lacks) before it
     * was authenticated is authenticated first, so only a caller whose signature holds learns
     * which APIs exist; others get the authentication error (an unsigned request: AccessDenied),
     * as on S3.
     */
    private S3Exception authenticateBeforeRefusing(S3Exception refusal, S3Request request) {
        if (refusal.error() != S3Error.NOT_IMPLEMENTED && refusal.error() != S3Error.METHOD_NOT_ALLOWED) {
            return refusal;
        }
        try {
            // any endpoint that accepts the us-east-1 scope: a region error must not hide a failed signature
            AuthResult auth = server.authenticator.authenticate(request, Endpoint.LIST_BUCKETS);
            if (auth.accessKey() == null) {
                return new S3Exception(S3Error.ACCESS_DENIED, S3Error.ACCESS_DENIED.defaultMessage());
            }
            return refusal;
        } catch (S3Exception authFailed) {
            return authFailed;
        }
    }
}
