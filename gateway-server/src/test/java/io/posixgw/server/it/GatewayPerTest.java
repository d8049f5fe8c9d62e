package io.posixgw.server.it;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A fresh gateway per test over {@code tmp/data}, with {@code --fsync off}: for client
 * tests about the protocol, not durability. {@code tmp} is free for the test's own files.
 */
abstract class GatewayPerTest {
    @TempDir
    Path tmp;
    Path root;
    TestGateway gw;

    @BeforeEach
    void startGateway() throws Exception {
        root = Files.createDirectories(tmp.resolve("data"));
        gw = TestGateway.start(root, "--fsync", "off");
    }

    @AfterEach
    void stopGateway() {
        gw.close();
    }
}
