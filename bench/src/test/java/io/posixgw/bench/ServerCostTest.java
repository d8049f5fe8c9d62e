package io.posixgw.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ServerCostTest {
    @Test
    void cpuTicksCountFromTheLastParenthesis() {
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 1000 0 0 0 1234 567 0 0 20 0 40 0 100 1 2 3";
        assertEquals(1234 + 567, ServerCost.cpuTicks(stat));
    }

    @Test
    void readsThisProcess() throws Exception {
        ServerCost cost = new ServerCost();
        long pid = ProcessHandle.current().pid();
        assertTrue(cost.available(pid));
        ServerCost.Snapshot s = cost.read(pid);
        assertTrue(s.rssKib() > 0 && s.peakRssKib() >= s.rssKib(), s.toString());
        assertTrue(s.threads() > 1);
        assertTrue(s.cpuNanos() >= 0);
    }

    @Test
    void samplesUseNearestRank() {
        Samples s = new Samples();
        for (int i = 1; i <= 100; i++) {
            s.add(i * 1_000_000L);
        }
        assertEquals(50.0, s.percentileMs(50), 1e-9);
        assertEquals(95.0, s.percentileMs(95), 1e-9);
        assertEquals(99.0, s.percentileMs(99), 1e-9);
        assertEquals(50.5, s.meanMs(), 1e-9);
    }

    @Test
    void roundsShareMeasuredIterationsExactly() {
        Plan plan = new Plan(
                1,
                3,
                Plan.ALL_SECTIONS,
                "b",
                1,
                1,
                1,
                java.time.Duration.ZERO,
                java.time.Duration.ZERO,
                1,
                1,
                1,
                java.time.Duration.ZERO);
        assertEquals(280, plan.measured(300, 20));
        assertEquals(280, plan.share(280, 0) + plan.share(280, 1) + plan.share(280, 2));
        Plan quick = new Plan(
                0.1,
                2,
                Plan.ALL_SECTIONS,
                "b",
                1,
                1,
                1,
                java.time.Duration.ZERO,
                java.time.Duration.ZERO,
                1,
                1,
                1,
                java.time.Duration.ZERO);
        assertEquals(28, quick.measured(300, 20));
        assertEquals(3, quick.measured(30, 3));
        assertEquals(2, quick.warmup(20));
    }
}
