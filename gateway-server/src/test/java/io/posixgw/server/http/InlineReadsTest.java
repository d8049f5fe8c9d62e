package io.posixgw.server.http;

import static io.posixgw.server.http.EmbeddedConnection.head;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reads on the event loop ({@code --inline-reads}): a read is answered by the connection's own
 * loop, with no worker involved; one that would wait runs again on a worker; with the option
 * off, or for work that writes, the workers run everything as before.
 */
class InlineReadsTest {
    private final ScriptedStarter script = new ScriptedStarter();
    private final EmbeddedConnection inline = new EmbeddedConnection(script, true, false, true);

    @Test
    void aReadIsAnsweredByTheEventLoopWithoutAWorker() {
        inline.send(head("GET", "/read/a"));
        inline.ch.runPendingTasks();
        List<EmbeddedConnection.Response> answers = inline.responses();
        assertEquals(1, answers.size(), "answered before any worker ran");
        assertEquals("/read/a", answers.get(0).body());
        assertTrue(inline.workers.queue.isEmpty(), "no worker was given anything");
        assertTrue(inline.ch.isOpen());
    }

    @Test
    void pipelinedReadsAreAnsweredInOrderOnTheLoop() {
        inline.send(head("GET", "/read/1") + head("HEAD", "/read/2") + head("GET", "/read/3"));
        for (int i = 0; i < 5; i++) {
            inline.ch.runPendingTasks();
        }
        List<EmbeddedConnection.Response> answers = inline.responses();
        assertEquals(List.of("/read/1", "/read/2", "/read/3"), script.ran);
        assertEquals(3, answers.size());
        assertTrue(inline.workers.queue.isEmpty());
    }

    @Test
    void aReadThatWouldWaitRunsAgainOnAWorker() {
        inline.send(head("GET", "/read-waits/b"));
        inline.ch.runPendingTasks();
        assertEquals(List.of(), inline.responses(), "gave up on the loop: no answer yet");
        assertFalse(inline.workers.queue.isEmpty(), "handed to a worker");
        inline.runWorkers();
        assertEquals("/read-waits/b", inline.response().body());
        assertEquals(List.of("/read-waits/b", "/read-waits/b"), script.ran, "run twice: on the loop, then on a worker");
        inline.send(head("GET", "/read/c"));
        inline.ch.runPendingTasks();
        assertEquals("/read/c", inline.response().body(), "the next read is on the loop again");
    }

    @Test
    void writesAndTheOptionOffGoToTheWorkers() {
        inline.send(head("GET", "/other"));
        inline.ch.runPendingTasks();
        assertEquals(List.of(), inline.responses(), "work that is not a read waits for a worker");
        inline.runWorkers();
        assertEquals("/other", inline.response().body());

        EmbeddedConnection off = new EmbeddedConnection(script, true, false, false);
        off.send(head("GET", "/read/d"));
        off.ch.runPendingTasks();
        assertEquals(List.of(), off.responses());
        off.runWorkers();
        assertEquals("/read/d", off.response().body());
    }

    @Test
    void aSlowReadSendsReadsToTheWorkersForAWhile() {
        InlineReads reads = new InlineReads(true);
        assertTrue(reads.admits());
        reads.took(InlineReads.SLOW_NANOS / 2);
        assertTrue(reads.admits(), "a fast read changes nothing");
        reads.took(InlineReads.SLOW_NANOS + 1);
        assertFalse(reads.admits(), "paused after a slow one");
        assertFalse(new InlineReads(false).admits());
    }
}
