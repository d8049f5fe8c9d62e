package io.posixgw.server.http;

import io.netty.buffer.ByteBufAllocator;
import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.NonBlocking;
import io.posixgw.server.ops.Exchange;
import io.posixgw.server.ops.Operations;
import io.posixgw.server.ops.S3Response;
import io.posixgw.server.routing.Endpoint;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An S3 operation on a worker: runs it, reads a small file answer into memory there
 * ({@link SmallFileBody}), and turns each way it can fail into its answer.
 *
 * @param body the request body, or null
 * @param path the request's raw path, which the answer to refused work names
 */
record OperationWork(Operations operations, Exchange exchange, HttpBody body, ByteBufAllocator alloc, String path)
        implements Start.Work {
    /** The connection's log: its lines keep the logger name they always had. */
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionHandler.class);

    @Override
    public Start.Answer run() {
        S3Response response;
        boolean close = false;
        try {
            response = operations.run(exchange);
            SmallFileBody.load(response, alloc);
        } catch (S3Exception e) {
            response = render(e);
        } catch (IOException e) {
            if (body != null && !body.fullyReceived()) {
                // The client went away or stopped sending mid-body: nothing was stored.
                LOG.debug("{} body failed: {}", exchange.requestId(), e.toString());
                close = true;
                response = render(new S3Exception(S3Error.INCOMPLETE_BODY, S3Error.INCOMPLETE_BODY.defaultMessage()));
            } else {
                LOG.error(
                        "{} {} {} failed",
                        exchange.requestId(),
                        exchange.endpoint().apiName(),
                        exchange.request().resource(),
                        e);
                response = render(S3Error.INTERNAL_ERROR.exception());
            }
        } catch (NonBlocking.WouldWait onEventLoop) {
            throw onEventLoop; // run again on a worker (InlineReads)
        } catch (Exception | Error e) {
            // RuntimeExceptions, and checked exceptions that no signature declares: JDK 17's NIO lets
            // sun.nio.fs.UnixException (no IOException) out of some calls, e.g. an xattr view's close
            // answering ESTALE on GlusterFS. Uncaught here it ended the worker's task and the request
            // was never answered (the client waited out its timeout).
            LOG.error(
                    "{} {} {} failed",
                    exchange.requestId(),
                    exchange.endpoint().apiName(),
                    exchange.request().resource(),
                    e);
            response = render(S3Error.INTERNAL_ERROR.exception());
        } finally {
            if (body != null) {
                body.close();
            }
        }
        response = operations.withCors(exchange.request(), response);
        // a body that stopped arriving: what the client still sends would be read as a next request
        close |= response.errorCode() != null && S3Error.REQUEST_TIMEOUT.code().equals(response.errorCode());
        return new Start.Answer(response, close);
    }

    private S3Response render(S3Exception e) {
        return Errors.render(e, exchange.request().method(), exchange.request().resource(), exchange.requestId());
    }

    /** GetObject and HeadObject: reads without a body, the requests whose latency users feel most. */
    @Override
    public boolean readsOnly() {
        Endpoint e = exchange.endpoint();
        return body == null && (e == Endpoint.GET_OBJECT || e == Endpoint.HEAD_OBJECT);
    }

    @Override
    public S3Response refused() {
        return Errors.render(
                new S3Exception(S3Error.SLOW_DOWN, S3Error.SLOW_DOWN.defaultMessage()),
                exchange.request().method(),
                path,
                exchange.requestId());
    }
}
