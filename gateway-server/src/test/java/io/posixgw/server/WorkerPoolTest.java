package io.posixgw.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WorkerPoolTest {
    private static final ThreadFactory DAEMONS = r -> {
        Thread t = new Thread(r, "worker-pool-test");
        t.setDaemon(true);
        return t;
    };
    private WorkerPool pool;

    @AfterEach
    void stop() throws InterruptedException {
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(5, TimeUnit.SECONDS));
    }

    @Test
    void oneClientAtATimeKeepsOneOrTwoThreads() throws Exception {
        pool = WorkerPool.create(64, 100, 60_000, DAEMONS);
        for (int i = 0; i < 200; i++) {
            CountDownLatch done = new CountDownLatch(1);
            pool.execute(done::countDown);
            assertTrue(done.await(5, TimeUnit.SECONDS));
            Thread.sleep(1); // the thread goes back to waiting, as between a client's requests
        }
        // a pool that starts a thread per task up to its size would be at 64 here
        assertTrue(pool.getLargestPoolSize() <= 2, "threads started: " + pool.getLargestPoolSize());
    }

    @Test
    void blockingTasksRunTogetherUpToTheMaximum() throws Exception {
        pool = WorkerPool.create(8, 100, 60_000, DAEMONS);
        CountDownLatch allRunning = new CountDownLatch(8);
        CountDownLatch release = new CountDownLatch(1);
        for (int i = 0; i < 8; i++) {
            pool.execute(() -> {
                allRunning.countDown();
                await(release);
            });
        }
        assertTrue(allRunning.await(5, TimeUnit.SECONDS), "8 blocking tasks did not all start");
        assertEquals(8, pool.getPoolSize());
        release.countDown();
    }

    @Test
    void queuesWhenAllAreBusyAndRefusesWhenTheQueueIsFull() throws Exception {
        pool = WorkerPool.create(2, 3, 60_000, DAEMONS);
        CountDownLatch running = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger ran = new AtomicInteger();
        for (int i = 0; i < 2; i++) {
            pool.execute(() -> {
                running.countDown();
                await(release);
                ran.incrementAndGet();
            });
        }
        assertTrue(running.await(5, TimeUnit.SECONDS));
        for (int i = 0; i < 3; i++) {
            pool.execute(ran::incrementAndGet);
        }
        assertThrows(RejectedExecutionException.class, () -> pool.execute(ran::incrementAndGet));
        assertEquals(2, pool.getPoolSize());
        release.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (ran.get() < 5 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(5, ran.get(), "the queued tasks ran once threads were free");
    }

    @Test
    void idleThreadsEndButOneStays() throws Exception {
        pool = WorkerPool.create(8, 100, 100, DAEMONS);
        CountDownLatch allRunning = new CountDownLatch(6);
        CountDownLatch release = new CountDownLatch(1);
        for (int i = 0; i < 6; i++) {
            pool.execute(() -> {
                allRunning.countDown();
                await(release);
            });
        }
        assertTrue(allRunning.await(5, TimeUnit.SECONDS));
        release.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (pool.getPoolSize() > 1 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(1, pool.getPoolSize());
        CountDownLatch done = new CountDownLatch(1);
        pool.execute(done::countDown);
        assertTrue(done.await(5, TimeUnit.SECONDS), "the remaining thread still takes work");
    }

    @Test
    void refusesAfterShutdown() {
        pool = WorkerPool.create(2, 3, 60_000, DAEMONS);
        pool.shutdown();
        assertThrows(RejectedExecutionException.class, () -> pool.execute(() -> {}));
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
