package io.posixgw.server.http;

import static io.posixgw.server.http.EmbeddedConnection.HEADER_TIMEOUT;
import static io.posixgw.server.http.EmbeddedConnection.IDLE_TIMEOUT;
import static io.posixgw.server.http.EmbeddedConnection.head;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.server.http.EmbeddedConnection.Response;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The connection's edges on an {@link io.netty.channel.embedded.EmbeddedChannel}: 100-continue and
 * early errors, the request-head and idle timeouts, the probes, what is refused before anything
 * starts, and the connection limit.
 */
class ConnectionEdgesTest {
    private final ScriptedStarter script = new ScriptedStarter();
    private final EmbeddedConnection c = new EmbeddedConnection(script);

    // ---------------------------------------------------------------- 100-continue

    /** A key signed with SigV2, which the starter refuses at once (400 InvalidRequest). */
    private static final String SIGV2_KEY = "/bucket/key?AWSAccessKeyId=AKIDEMBEDDED&Signature=x&Expires=1";

    @Test
    void continueIsSentWhenTheBodyIsWanted() {
        c.send(head("PUT", "/body/a", "Content-Length", "5", "Expect", "100-continue"));
        Response cont = c.response();
        assertEquals(100, cont.status());
        assertEquals("HTTP/1.1", cont.version());
        c.send("hello").runWorkers();
        assertEquals("read 5", c.response().body());
        assertTrue(c.ch.isOpen());
    }

    @Test
    void anEarlyErrorToAClientWaitingForContinueClosesWithoutWaitingForTheBody() {
        // the real starter: a SigV2-signed PUT is refused before its body is wanted (an unsigned one is anonymous,
        // judged by the Authorizer on a worker)
        EmbeddedConnection real = new EmbeddedConnection(null);
        real.send(head("PUT", SIGV2_KEY, "Content-Length", "200000", "Expect", "100-continue"));
        List<Response> answers = real.responses();
        assertEquals(1, answers.size(), "no 100 Continue before the refusal: " + answers);
        assertEquals(400, answers.get(0).status());
        assertEquals("close", answers.get(0).header("connection"));
        assertTrue(real.ch.outputShut, "the client sees the end of the stream at once, not after a body timeout");
        real.send(head("GET", "/bucket/key"));
        assertEquals(List.of(), real.responses(), "nothing after it is served");
    }

    @Test
    void anEarlyErrorWithoutExpectKeepsASmallBodysConnection() {
        EmbeddedConnection real = new EmbeddedConnection(null);
        real.send(head("PUT", SIGV2_KEY, "Content-Length", "5") + "hello");
        Response r = real.response();
        assertEquals(400, r.status());
        assertNull(r.header("connection"));
        real.send(head("GET", "/_/health"));
        assertEquals("OK\n", real.response().body());
    }

    @Test
    void noContinueForABodilessRequest() {
        c.send(head("GET", "/x", "Expect", "100-continue")).runWorkers();
        Response r = c.response();
        assertEquals(200, r.status());
    }

    // ---------------------------------------------------------------- timeouts

    @Test
    void aHeadNotCompleteInTimeIsCut() {
        c.send("GET /slow HTTP/1.1\r\nHost: x\r\n");
        c.advance(HEADER_TIMEOUT - 1);
        assertTrue(c.ch.isOpen());
        c.send("X-One: 1\r\n");
        c.advance(1);
        assertFalse(c.ch.isOpen(), "the deadline runs from the head's first byte, whatever trickles in");
        assertEquals(List.of(), script.ran);
    }

    @Test
    void theHeadTimeoutStartsAgainWithEachRequest() {
        c.send(head("GET", "/a")).runWorkers();
        c.responses();
        c.advance(HEADER_TIMEOUT * 2);
        assertTrue(c.ch.isOpen(), "an idle keep-alive connection is left to the idle timeout");
        c.send("GET /b HTTP/1.1\r\n");
        c.advance(HEADER_TIMEOUT);
        assertFalse(c.ch.isOpen());
    }

    @Test
    void anIdleConnectionIsClosedAfterTheIdleTimeout() {
        c.send(head("GET", "/a")).runWorkers();
        c.responses();
        c.advance(IDLE_TIMEOUT - 1);
        assertTrue(c.ch.isOpen());
        c.advance(1);
        assertFalse(c.ch.isOpen());
    }

    @Test
    void aSlowOperationIsNotCutByTheIdleTimeout() {
        c.send(head("GET", "/slow"));
        c.advance(IDLE_TIMEOUT * 2);
        assertTrue(c.ch.isOpen());
        c.runWorkers();
        assertEquals("/slow", c.response().body());
    }

    @Test
    void anAnsweredRequestWhoseBodyStopsIsClosedAtTheIdleTimeout() {
        c.send(head("PUT", "/early/400", "Content-Length", "10") + "01234");
        assertEquals(400, c.response().status());
        c.advance(IDLE_TIMEOUT);
        assertFalse(c.ch.isOpen(), "nothing left to wait for");
    }

    // ---------------------------------------------------------------- refused before anything starts

    @Test
    void undecodableHeadsAreAnsweredAndClose() {
        for (String request : List.of(
                "PUT /b/x HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n",
                "GET /b/x HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")) {
            EmbeddedConnection one = new EmbeddedConnection(script);
            one.send(request);
            Response r = one.response();
            assertEquals(400, r.status(), request);
            assertEquals("close", r.header("connection"));
            assertTrue(r.body().contains("<Error><Code>"), r.body());
        }
        EmbeddedConnection te = new EmbeddedConnection(script);
        te.send("PUT /b/x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n");
        assertEquals(501, te.response().status());
        assertEquals(List.of(), script.ran);
    }

    @Test
    void otherHttpVersionsAreAnsweredInHttp11With505() {
        c.send("GET /_/health HTTP/2.0\r\nHost: x\r\n\r\n");
        Response r = c.response();
        assertEquals("HTTP/1.1", r.version());
        assertEquals(505, r.status());
        assertTrue(r.body().contains("<Code>HttpVersionNotSupported</Code>"), r.body());
        assertEquals("close", r.header("connection"));
    }

    @Test
    void whileDrainingEveryRequestIsRefusedAndTheConnectionCloses() {
        c.context.draining = true;
        c.send(head("GET", "/_/health"));
        Response r = c.response();
        assertEquals(503, r.status());
        assertTrue(r.body().contains("<Code>ServiceUnavailable</Code>"), r.body());
        assertEquals("close", r.header("connection"));
    }

    // ---------------------------------------------------------------- probes

    @Test
    void healthIsOkUnauthenticated() {
        c.send(head("GET", "/_/health"));
        Response r = c.response();
        assertEquals(200, r.status());
        assertEquals("OK\n", r.body());
        assertEquals("text/plain", r.header("content-type"));
        assertTrue(r.header("x-amz-request-id") != null);
        assertEquals(List.of("Health 200"), c.metrics.ended);
    }

    @Test
    void readinessRunsOnAWorker() {
        c.send(head("GET", "/_/ready"));
        assertEquals(List.of(), c.responses(), "answered once the check has run");
        c.runWorkers();
        assertEquals("OK\n", c.response().body());
        c.notReady = new IOException("the data root is gone");
        c.send(head("GET", "/_/ready")).runWorkers();
        Response r = c.response();
        assertEquals(503, r.status());
        assertEquals("not ready: the data root is not usable (the log says why)\n", r.body());
        c.workers.refuse = true;
        c.send(head("GET", "/_/ready"));
        Response busy = c.response();
        assertEquals(503, busy.status());
        assertEquals("not ready: overloaded\n", busy.body());
        assertEquals(List.of("Ready 200", "Ready 503 NotReady", "Ready 503 NotReady"), c.metrics.ended);
    }

    @Test
    void metricsAreScrapedOnTheS3Port() {
        c.send(head("GET", "/metrics"));
        Response r = c.response();
        assertEquals(200, r.status());
        assertEquals("posixgw_up 1\n", r.body());
        assertEquals("text/plain; version=0.0.4; charset=utf-8", r.header("content-type"));
    }

    @Test
    void probesAnswerOnlyGetAndHeadAndOnlyTheirPath() {
        c.send(head("PUT", "/_/health", "Content-Length", "0")).runWorkers();
        assertEquals("/_/health", c.response().body(), "a PUT there is an S3 request");
        c.send(head("GET", "/_/health?x=1"));
        assertEquals("OK\n", c.response().body(), "the query is not part of the path");
    }

    // ---------------------------------------------------------------- the connection limit

    @Test
    void aConnectionOverTheLimitGetsSlowDownAndLingers() {
        EmbeddedConnection over = new EmbeddedConnection(script, true, true);
        over.send(head("PUT", "/b/k", "Content-Length", "100000") + "x".repeat(1000));
        Response r = over.response();
        assertEquals(503, r.status());
        assertTrue(r.body().contains("<Code>SlowDown</Code>"), r.body());
        assertEquals("close", r.header("connection"));
        assertTrue(over.ch.outputShut);
        over.send("y".repeat(10_000));
        assertTrue(over.ch.isOpen(), "a client still sending its body gets the 503, not a reset");
        over.advance(LingeringClose.LINGER_MILLIS);
        assertFalse(over.ch.isOpen());
        assertEquals(List.of(), script.ran);
    }

    @Test
    void aConnectionOverTheLimitThatSendsNothingIsClosedAtTheHeaderTimeout() {
        EmbeddedConnection over = new EmbeddedConnection(script, true, true);
        over.advance(HEADER_TIMEOUT - 1);
        assertTrue(over.ch.isOpen());
        over.advance(1);
        assertFalse(over.ch.isOpen());
    }
}
