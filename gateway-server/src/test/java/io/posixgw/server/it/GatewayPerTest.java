package io.posixgw.server.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fresh gateway per test over {@code tmp/data}, with {@code --fsync off}: for client
 * tests about the protocol, not durability. {@code tmp} is free for the test's own files.
 * A subclass adds server flags with {@link #serverArgs()} (e.g. a sidecar directory under {@code tmp}).
 */
abstract class GatewayPerTest {
    @TempDir
    Path tmp;

    Path root;
    TestGateway gw;

    /** Extra server flags, after {@code --fsync off}. */
    String[] serverArgs() {
        return new String[0];
    }

    @BeforeEach
    void startGateway() throws Exception {
        root = Files.createDirectories(tmp.resolve("data"));
        gw = start();
    }

    /** Stops the gateway and starts a new one over the same root, with the same flags (on another port). */
    void restartGateway() throws Exception {
        gw.close();
        gw = start();
    }

    private TestGateway start() throws Exception {
        List<String> args = new ArrayList<>(List.of("--fsync", "off"));
        args.addAll(List.of(serverArgs()));
        return TestGateway.start(root, args.toArray(new String[0]));
    }

    @AfterEach
    void stopGateway() {
        gw.close();
    }
}
