package io.posixgw.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class WrkTest {
    static final String OUTPUT = """
            Running 3s test @ http://127.0.0.1:8088/bench/bench-presigned/object-4096.bin
              2 threads and 8 connections
              Thread Stats   Avg      Stdev     Max   +/- Stdev
                Latency   215.31us  120.22us   5.20ms   93.10%
                Req/Sec    18.55k     1.21k   20.86k    70.00%
              Latency Distribution
                 50%  190.00us
                 75%  230.00us
                 90%  290.00us
                 99%    1.02ms
              110780 requests in 3.00s, 471.43MB read
              Socket errors: connect 0, read 2, write 0, timeout 1
              Non-2xx or 3xx responses: 7
            Requests/sec:  36909.91
            Transfer/sec:    157.07MB
            """;

    @Test
    void readsCountsDurationErrorsAndPercentiles() {
        Wrk.Result r = Wrk.parse(OUTPUT);
        assertEquals(110780, r.requests());
        assertEquals(3.0, r.seconds(), 1e-9);
        assertEquals(7, r.non2xx());
        assertEquals(3, r.socketErrors());
        assertEquals(0.19, r.p50Ms(), 1e-9);
        assertEquals(1.02, r.p99Ms(), 1e-9);
        assertEquals(110780 / 3.0, r.requestsPerSecond(), 1e-6);
    }
}
