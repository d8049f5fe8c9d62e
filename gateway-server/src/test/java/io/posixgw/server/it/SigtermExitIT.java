package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16 item 19: the built jar, stopped with SIGTERM sent to its PID, stops gracefully and exits 0
 * (a JVM left to itself exits 143, which orchestrators record as a failed container).
 */
class SigtermExitIT {
    @TempDir
    Path root;

    @Test
    void sigtermStopsGracefullyAndExitsZero() throws Exception {
        try (ServerProcess server = ServerProcess.startJar(root)) {
            RawS3 raw = new RawS3(
                    "127.0.0.1", server.port, new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "us-east-1"));
            assertEquals(
                    200,
                    raw.send("PUT", "/term", Map.of(), Map.of(), new byte[0]).status());
            try (Socket idle = new Socket("127.0.0.1", server.port)) {
                // an idle keep-alive connection must not hold the stop back
                Process kill = new ProcessBuilder("kill", "-TERM", Long.toString(server.process.pid()))
                        .inheritIO()
                        .start();
                assertEquals(0, kill.waitFor(), "kill -TERM " + server.process.pid());
                assertTrue(server.process.waitFor(60, TimeUnit.SECONDS), "exited after SIGTERM: " + server.output);
            }
            assertEquals(0, server.process.exitValue(), "exit status after a graceful stop: " + server.output);
            assertTrue(
                    server.output.stream().anyMatch(l -> l.contains("stopping")),
                    "the graceful stop ran: " + server.output);
        }
    }
}
