package io.posixgw.server.http;

import static io.posixgw.server.http.EmbeddedConnection.head;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.server.http.ConnectionHandler.Event;
import io.posixgw.server.http.ConnectionHandler.Phase;
import io.posixgw.server.http.EmbeddedConnection.Response;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The connection lifecycle on an {@link io.netty.channel.embedded.EmbeddedChannel}, one test per
 * behaviour the integration tests found the hard way (keep-alive, pipelining, closing answers,
 * lingering close); 100-continue, the timeouts, the probes and the connection limit are in
 * {@link ConnectionEdgesTest}. Requests are served by a {@link ScriptedStarter}, or by the real
 * {@link RequestStarter} where its early answers matter.
 */
class ConnectionHandlerTest {
    private final ScriptedStarter script = new ScriptedStarter();
    private final EmbeddedConnection c = new EmbeddedConnection(script);

    @ParameterizedTest(name = "{0} --{1}--> {4}")
    @CsvSource({
        // from,        event,          keepAlive, bodyComplete, to
        "READING_HEAD,  HEAD,           true,  false, RUNNING",
        "READING_HEAD,  HEAD_WITH_BODY, true,  false, READING_BODY",
        "READING_BODY,  READ_OVER,      true,  false, RUNNING",
        "READING_BODY,  BODY_ENDED,     true,  true,  RUNNING",
        "RUNNING,       READ_OVER,      true,  false, RUNNING",
        "RUNNING,       BODY_ENDED,     true,  true,  RUNNING",
        "RUNNING,       ANSWERED,       true,  true,  READING_HEAD",
        "RUNNING,       ANSWERED,       true,  false, DRAINING",
        "RUNNING,       ANSWERED,       false, true,  CLOSING",
        "READING_HEAD,  ANSWERED,       true,  false, DRAINING",
        "READING_HEAD,  ANSWERED,       false, false, CLOSING",
        "DRAINING,      BODY_ENDED,     true,  true,  READING_HEAD",
        "DRAINING,      BODY_MALFORMED, false, false, CLOSING",
        "RUNNING,       FAILED,         true,  false, CLOSING",
        "CLOSING,       BODY_ENDED,     false, true,  CLOSING",
        "CLOSING,       HEAD,           false, false, CLOSING",
        "CLOSING,       ANSWERED,       true,  true,  CLOSING",
    })
    void transitions(Phase from, Event event, boolean keepAlive, boolean bodyComplete, Phase to) {
        assertEquals(to, ConnectionHandler.next(from, event, keepAlive, bodyComplete));
    }

    @Test
    void http11KeepsTheConnectionByDefault() {
        c.send(head("GET", "/one")).runWorkers();
        Response first = c.response();
        assertEquals(200, first.status());
        assertEquals("/one", first.body());
        assertNull(first.header("connection"));
        c.send(head("GET", "/two")).runWorkers();
        assertEquals("/two", c.response().body());
        assertTrue(c.ch.isOpen());
        assertFalse(c.ch.outputShut);
    }

    @Test
    void http10ClosesUnlessAskedToKeepAlive() {
        c.send("GET /old HTTP/1.0\r\n\r\n").runWorkers();
        Response r = c.response();
        assertEquals("HTTP/1.0", r.version());
        assertEquals("close", r.header("connection"));
        assertTrue(c.ch.outputShut, "the answer ends the connection");

        EmbeddedConnection kept = new EmbeddedConnection(script);
        kept.send("GET /old HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").runWorkers();
        Response k = kept.response();
        assertEquals("HTTP/1.0", k.version());
        assertEquals("keep-alive", k.header("connection"));
        kept.send("GET /again HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").runWorkers();
        assertEquals("/again", kept.response().body());
        assertFalse(kept.ch.outputShut);
    }

    @Test
    void connectionCloseIsHonouredWithALingeringClose() {
        c.send(head("GET", "/bye", "Connection", "close")).runWorkers();
        Response r = c.response();
        assertEquals(200, r.status());
        assertEquals("close", r.header("connection"));
        assertTrue(c.ch.outputShut, "output shut at once: the client reads the answer, then the end of the stream");
        assertTrue(c.ch.isOpen(), "the socket stays while the client may still be sending");
        c.send(head("GET", "/after")).runWorkers();
        assertEquals(List.of(), c.responses(), "what arrives meanwhile is dropped");
        assertEquals(List.of("/bye"), script.ran);
        c.advance(LingeringClose.LINGER_MILLIS - 1);
        assertTrue(c.ch.isOpen());
        c.advance(1);
        assertFalse(c.ch.isOpen(), "closed at the latest " + LingeringClose.LINGER_MILLIS + " ms after the answer");
    }

    @Test
    void keepAliveOffInTheServerClosesEveryConnection() {
        EmbeddedConnection off = new EmbeddedConnection(script, false, false);
        off.send(head("GET", "/x")).runWorkers();
        assertEquals("close", off.response().header("connection"));
        assertTrue(off.ch.outputShut);
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrderOneAtATime() {
        c.send(head("GET", "/1") + head("GET", "/2") + head("GET", "/_/health") + head("GET", "/3"));
        assertEquals(List.of(), c.responses(), "nothing answered before the worker ran");
        assertEquals(1, c.workers.queue.size(), "one request at a time");
        assertFalse(c.ch.config().isAutoRead(), "reading paused while requests wait");
        c.runWorkers();
        List<Response> answers = c.responses();
        assertEquals(
                List.of("/1", "/2", "OK\n", "/3"),
                answers.stream().map(Response::body).toList());
        assertEquals(List.of("/1", "/2", "/3"), script.ran);
        assertTrue(c.ch.config().isAutoRead());
        assertEquals(List.of("Scripted 200", "Scripted 200", "Health 200", "Scripted 200"), c.metrics.ended);
    }

    @Test
    void nothingPipelinedBehindAnEarlyAnswerThatClosesIsRun() {
        // the real starter: a SigV2-signed GET asking to close is refused at once (an unsigned one is anonymous
        // now, refused by the Authorizer on a worker); a DELETE is pipelined behind it
        EmbeddedConnection real = new EmbeddedConnection(null);
        real.send(head("GET", "/bucket/victim?AWSAccessKeyId=AKIDEMBEDDED&Signature=x&Expires=1", "Connection", "close")
                + head("DELETE", "/bucket/victim"));
        real.runWorkers();
        Response r = real.response();
        assertEquals(400, r.status());
        assertTrue(r.body().contains("<Code>InvalidRequest</Code>"), r.body());
        assertEquals("close", r.header("connection"));
        assertTrue(real.workers.queue.isEmpty(), "the DELETE never went to a worker");
        assertEquals(List.of("GetObject 400 InvalidRequest"), real.metrics.ended);
    }

    @Test
    void nothingPipelinedBehindAWorkersAnswerThatClosesIsRun() {
        c.send(head("GET", "/timeout/a") + head("DELETE", "/victim")).runWorkers();
        Response r = c.response();
        assertEquals(400, r.status());
        assertEquals("close", r.header("connection"));
        assertEquals(List.of("/timeout/a"), script.ran, "the DELETE behind the closing answer never ran");
        assertTrue(c.ch.outputShut);
    }

    @Test
    void aBodyInTheSameReadIsCompleteBeforeTheWorkerStarts() {
        c.send(head("PUT", "/body/a", "Content-Length", "5") + "hello");
        assertEquals(1, c.workers.queue.size());
        c.runWorkers();
        assertEquals("read 5", c.response().body());
        c.send(head("PUT", "/body/b", "Transfer-Encoding", "chunked") + "3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
                .runWorkers();
        assertEquals("read 5", c.response().body());
    }

    @Test
    void aBodyArrivingOverManyReadsStreamsToTheRunningWorker() {
        c.send(head("PUT", "/body/a", "Content-Length", "6") + "ab");
        assertEquals(1, c.workers.queue.size(), "the read with the head is over: the worker may start");
        c.send("cd").send("ef");
        c.runWorkers();
        assertEquals("read 6", c.response().body());
        c.send(head("GET", "/next")).runWorkers();
        assertEquals("/next", c.response().body());
    }

    @Test
    void theClientIsStillSendingWhileItsBodyIsIncomplete() {
        // what QuickAck asks after each read: acknowledge at once while a request is only partly here
        ConnectionHandler handler = c.ch.pipeline().get(ConnectionHandler.class);
        RequestHeadTimeout headTimeout = c.ch.pipeline().get(RequestHeadTimeout.class);
        c.send("PUT /body/a HTTP/1.1\r\n");
        assertTrue(headTimeout.headPending());
        c.send("Host: x\r\nContent-Length: 5\r\n\r\n");
        assertFalse(headTimeout.headPending());
        assertTrue(handler.bodyPending());
        c.send("hello");
        assertFalse(handler.bodyPending());
        c.runWorkers();
        assertEquals("read 5", c.response().body());
        assertTrue(handler.isIdle());
    }

    @Test
    void anEarlyAnswerDropsTheRestOfASmallBodyAndKeepsTheConnection() {
        c.send(head("PUT", "/early/400", "Content-Length", "10") + "01234");
        Response r = c.response();
        assertEquals(400, r.status());
        assertNull(r.header("connection"));
        c.send("56789").send(head("GET", "/next")).runWorkers();
        assertEquals("/next", c.response().body(), "the rest of the body was dropped, the next request served");
        assertEquals(List.of("/next"), script.ran);
    }

    @Test
    void anEarlyAnswerToALargeBodyClosesAndLingersReadingIt() {
        int length = 2 << 20;
        c.send(head("PUT", "/early/403", "Content-Length", Integer.toString(length)) + "x".repeat(1000));
        Response r = c.response();
        assertEquals(403, r.status());
        assertEquals("close", r.header("connection"));
        assertTrue(c.ch.outputShut);
        c.send("y".repeat(100_000)).send(head("GET", "/pipelined"));
        assertTrue(c.ch.isOpen(), "still reading (and dropping) the body the client sends");
        assertEquals(List.of(), script.ran);
        c.advance(LingeringClose.LINGER_MILLIS);
        assertFalse(c.ch.isOpen());
    }

    @Test
    void aChunkedBodyOfUnknownLengthAnsweredEarlyCloses() {
        c.send(head("PUT", "/early/400", "Transfer-Encoding", "chunked") + "3\r\nabc\r\n");
        assertEquals("close", c.response().header("connection"));
        c.send("0\r\n\r\n" + head("GET", "/pipelined")).runWorkers();
        assertEquals(List.of(), c.responses());
        assertEquals(List.of(), script.ran);
    }

    @Test
    void aMalformedBodyAfterTheAnswerEndsTheConnection() {
        c.send(head("PUT", "/early/400", "Transfer-Encoding", "chunked") + "3\r\nabc\r\n");
        c.responses();
        c.send("zz-not-a-chunk-size\r\n");
        assertTrue(c.ch.outputShut);
        c.advance(LingeringClose.LINGER_MILLIS);
        assertFalse(c.ch.isOpen());
    }

    @Test
    void theClientGoneMidBodyFailsTheWorkAndIsAccountedOnce() {
        c.send(head("PUT", "/body/a", "Content-Length", "100") + "partial");
        c.ch.close();
        c.runWorkers();
        assertEquals(List.of("/body/a"), script.ran, "the work ran, failed on the body and cleaned up");
        assertEquals(List.of(), c.responses());
        assertEquals(List.of("Scripted 400 IncompleteBody"), c.metrics.ended);
        assertEquals(0, c.context.inFlight.get());
    }

    @Test
    void aFailedConnectionAnswersNothingMoreAndAccountsTheRequestOnce() {
        c.send(head("PUT", "/body/a", "Content-Length", "100") + "partial");
        c.ch.pipeline().fireExceptionCaught(new java.io.IOException("connection reset"));
        assertFalse(c.ch.isOpen());
        c.runWorkers();
        assertEquals(List.of(), c.responses());
        assertEquals(List.of("Scripted 400 IncompleteBody"), c.metrics.ended);
        assertEquals(0, c.context.inFlight.get());
    }

    @Test
    void busyWorkersAnswerTheWorksRefusal() {
        c.workers.refuse = true;
        c.send(head("GET", "/x"));
        Response r = c.response();
        assertEquals(503, r.status());
        assertEquals("refused", r.body());
        c.workers.refuse = false;
        c.send(head("GET", "/y")).runWorkers();
        assertEquals("/y", c.response().body());
    }

    @Test
    void everyAnswerCarriesItsRequestIdAndIsAccountedOnce() {
        c.send(head("GET", "/a") + head("GET", "/early/404")).runWorkers();
        List<Response> answers = c.responses();
        assertEquals(2, answers.size());
        assertTrue(answers.get(0).header("x-amz-request-id") != null);
        assertFalse(
                answers.get(0).header("x-amz-request-id").equals(answers.get(1).header("x-amz-request-id")));
        assertEquals(List.of("Scripted 200", "Scripted 404 Early"), c.metrics.ended);
        assertEquals(0, c.context.inFlight.get());
    }
}
