package io.posixgw.server;

import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The threads that run file operations (which block), started only when no idle one
 * is waiting, up to {@code maxThreads}, and ended (all but one) after {@code idleTimeout}
 * without work.
 *
 * <p>Why not a plain {@link ThreadPoolExecutor} with a bounded queue: that starts a new
 * thread for every task until it has its core size, even while other threads are idle,
 * so a handful of clients grew the pool to its 64 threads and kept them for a minute
 * (about 4 MiB of stacks and C heap at idle). Here a task goes to a thread waiting in
 * {@link LinkedTransferQueue#tryTransfer} when there is one, to a new thread while
 * fewer than {@code maxThreads} run, and to the queue only when all are busy; a full
 * queue refuses it ({@link RejectedExecutionException}, which the server answers with
 * 503 SlowDown).
 */
final class WorkerPool extends ThreadPoolExecutor {
    private WorkerPool(int maxThreads, long idleTimeoutMillis, HandOffQueue queue, ThreadFactory threads) {
        // one thread stays: a lone client's request never waits for a thread to start
        super(1, maxThreads, idleTimeoutMillis, TimeUnit.MILLISECONDS, queue, threads, (task, pool) -> {
            // lost the race for the last thread slot: queue it, unless the queue is full
            if (pool.isShutdown() || !queue.enqueue(task)) {
                throw new RejectedExecutionException(
                        "all " + maxThreads + " workers are busy and " + queue.capacity + " tasks wait");
            }
            if (pool.isShutdown() && queue.remove(task)) {
                // shut down meanwhile: its threads may be gone, so no one would run it
                throw new RejectedExecutionException("the worker pool is shut down");
            }
        });
        queue.pool = this;
    }

    static WorkerPool create(int maxThreads, int queueCapacity, long idleTimeoutMillis, ThreadFactory threads) {
        return new WorkerPool(maxThreads, idleTimeoutMillis, new HandOffQueue(queueCapacity), threads);
    }

    /**
     * {@code offer} (what the pool calls first) hands a task to an idle thread, or says
     * no while the pool may still start a thread; the pool then starts one for it.
     */
    private static final class HandOffQueue extends LinkedTransferQueue<Runnable> {
        private final int capacity;
        private ThreadPoolExecutor pool;

        HandOffQueue(int capacity) {
            this.capacity = capacity;
        }

        @Override
        public boolean offer(Runnable task) {
            if (tryTransfer(task)) {
                return true;
            }
            if (pool.getPoolSize() < pool.getMaximumPoolSize()) {
                return false; // start a thread for it
            }
            return enqueue(task);
        }

        boolean enqueue(Runnable task) {
            // size() walks the queue: only reached when every thread is busy
            return size() < capacity && super.offer(task);
        }
    }
}
