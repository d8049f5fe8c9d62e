package io.posixgw.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.server.auth.Authorizer;
import io.posixgw.server.auth.Principal;
import io.posixgw.server.auth.Role;
import io.posixgw.server.ops.Exchange;
import io.posixgw.server.ops.Operations;
import io.posixgw.server.ops.S3Response;
import io.posixgw.server.routing.Endpoint;
import io.posixgw.server.routing.S3Request;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How an S3 operation's failures on its worker become answers, and which of them end the connection. */
class OperationWorkTest {
    private final EmbeddedChannel channel = new EmbeddedChannel();

    /** ListBuckets on a backend whose every call throws {@code failure}. */
    private static OperationWork work(Throwable failure, HttpBody body) {
        Backend backend = (Backend) Proxy.newProxyInstance(
                Backend.class.getClassLoader(), new Class<?>[] {Backend.class}, (proxy, method, args) -> {
                    throw failure;
                });
        S3Request request =
                new S3Request("GET", "/", null, null, List.of(), new NettyRequestHeaders(new DefaultHttpHeaders()));
        Exchange exchange = new Exchange(request, Endpoint.LIST_BUCKETS, new Principal("AK", Role.ROOT), body, "REQ1");
        return new OperationWork(
                new Operations(backend, "us-east-1", new Authorizer(backend), null),
                exchange,
                body,
                ByteBufAllocator.DEFAULT,
                "/raw%2Fpath");
    }

    private HttpBody body() {
        return new HttpBody(channel, new ScriptedStarter.PassThrough(), null, 10, 1000);
    }

    private static String text(S3Response r) {
        return new String(((S3Response.Bytes) r.body()).bytes(), StandardCharsets.UTF_8);
    }

    @Test
    void anS3ErrorIsRenderedAndKeepsTheConnection() {
        Start.Answer a =
                work(new S3Exception(S3Error.ACCESS_DENIED, "no"), null).run();
        assertEquals(403, a.response().status());
        assertEquals("AccessDenied", a.response().errorCode());
        assertFalse(a.close());
    }

    @Test
    void aTimedOutBodyEndsTheConnection() {
        Start.Answer a =
                work(new S3Exception(S3Error.REQUEST_TIMEOUT, "slow"), null).run();
        assertEquals("RequestTimeout", a.response().errorCode());
        assertTrue(a.close());
    }

    @Test
    void anIoFailureWhileTheBodyIsIncompleteIsIncompleteBodyAndEndsTheConnection() {
        HttpBody body = body();
        ByteBuf part = Unpooled.copiedBuffer("abc", StandardCharsets.US_ASCII);
        body.offer(part, false);
        Start.Answer a = work(new IOException("client gone"), body).run();
        assertEquals(400, a.response().status());
        assertEquals("IncompleteBody", a.response().errorCode());
        assertTrue(a.close());
        assertEquals(0, part.refCnt(), "the body is closed and its buffers released, whatever the outcome");
    }

    @Test
    void otherFailuresAreInternalErrors() {
        for (Throwable failure : List.of(new IOException("disk"), new IllegalStateException("bug"))) {
            HttpBody body = body();
            body.offer(Unpooled.EMPTY_BUFFER, true);
            Start.Answer a = work(failure, body).run();
            assertEquals(500, a.response().status(), failure.toString());
            assertEquals("InternalError", a.response().errorCode());
            assertTrue(text(a.response()).contains("<RequestId>REQ1</RequestId>"), text(a.response()));
            assertFalse(a.close());
        }
    }

    /** A checked exception thrown where none is declared (JDK 17's sun.nio.fs.UnixException, from an xattr view's close). */
    static final class NativeError extends Exception {
        NativeError(String message) {
            super(message);
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Exception> RuntimeException sneaky(Exception e) throws E {
        throw (E) e;
    }

    /**
     * Such an exception went past every handler and killed the worker's task: the request was never
     * answered (30 s client timeouts on GlusterFS). It is a 500 like any other failure.
     */
    @Test
    void anUndeclaredCheckedExceptionIsAnInternalErrorNotASilence() {
        List<Object> buckets = new java.util.AbstractList<>() {
            @Override
            public Object get(int index) {
                throw OperationWorkTest.<RuntimeException>sneaky(new NativeError("Stale file handle"));
            }

            @Override
            public int size() {
                return 1;
            }
        };
        Backend backend = (Backend) Proxy.newProxyInstance(
                Backend.class.getClassLoader(), new Class<?>[] {Backend.class}, (proxy, method, args) -> {
                    if (method.getName().equals("listBuckets")) {
                        return buckets;
                    }
                    throw new IOException("not in this test: " + method.getName());
                });
        S3Request request =
                new S3Request("GET", "/", null, null, List.of(), new NettyRequestHeaders(new DefaultHttpHeaders()));
        Exchange exchange = new Exchange(request, Endpoint.LIST_BUCKETS, new Principal("AK", Role.ROOT), null, "REQ2");
        Start.Answer a = new OperationWork(
                        new Operations(backend, "us-east-1", new Authorizer(backend), null),
                        exchange,
                        null,
                        ByteBufAllocator.DEFAULT,
                        "/")
                .run();
        assertEquals(500, a.response().status());
        assertEquals("InternalError", a.response().errorCode());
    }

    @Test
    void refusedWorkIsSlowDownNamingTheRawPath() {
        S3Response r = work(new InvocationTargetException(null), null).refused();
        assertEquals(503, r.status());
        assertEquals("SlowDown", r.errorCode());
        assertTrue(text(r).contains("<Resource>/raw%2Fpath</Resource>"), text(r));
    }
}
