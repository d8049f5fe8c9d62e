package io.posixgw.server.http;

import io.netty.channel.Channel;
import io.posixgw.server.ops.S3Response;

/**
 * How a request begins, as {@link ConnectionHandler} is told by whatever serves it (the S3
 * {@link RequestStarter}, or a {@link ProbeHandler} probe): an answer to give at once, or work
 * for a blocking worker and the body it reads.
 */
sealed interface Start permits Start.Answer, Start.Run {

    /**
     * An answer.
     *
     * @param close the connection ends after it, whatever the request asked for
     */
    record Answer(S3Response response, boolean close) implements Start {
        static Answer keepOpen(S3Response response) {
            return new Answer(response, false);
        }
    }

    /** Work for a worker; with a body, it starts once the body is complete or the read that brought the head is over. */
    record Run(Work work, HttpBody body) implements Start {}

    /** What a worker runs for a request. */
    interface Work {
        /** Runs on a worker thread; never throws: every failure is an answer. */
        Answer run();

        /** The answer when no worker can take the work (every worker busy, the queue full). */
        S3Response refused();

        /**
         * Whether this work only reads and may run on the event loop ({@link InlineReads}): then
         * {@link #run} lets {@link io.posixgw.core.backend.NonBlocking.WouldWait} out where it would
         * wait, and runs again from the start on a worker.
         */
        default boolean readsOnly() {
            return false;
        }
    }

    /** Starts requests of one kind; called on the connection's event loop. */
    interface Starter {
        /** Records what the access log and metrics name the request by in {@code r}, and says how it begins. */
        Start start(InFlight r, Channel channel);
    }
}
