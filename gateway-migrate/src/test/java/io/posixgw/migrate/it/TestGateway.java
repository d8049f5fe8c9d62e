package io.posixgw.migrate.it;

import io.posixgw.server.Gateway;
import io.posixgw.server.config.ServerCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A real gateway in this JVM on 127.0.0.1 and an ephemeral port, over a given directory,
 * with the platform's credential shape (user {@code ryax}, 12-character secret): the
 * source or destination of a migration. The server's ITs have a larger one of their own.
 */
final class TestGateway implements AutoCloseable {
    static final String ACCESS = "ryax";
    static final String SECRET = "Sup3rS3cr3t!";

    final Gateway gateway;
    final int port;

    private TestGateway(Gateway gateway) {
        this.gateway = gateway;
        this.port = gateway.address().getPort();
    }

    static TestGateway start(Path root, String... extraArgs) throws Exception {
        List<String> args =
                new ArrayList<>(List.of("--port", "127.0.0.1:0", "--access", ACCESS, "--secret", SECRET, "--quiet"));
        args.addAll(List.of(extraArgs));
        args.add(root.toString());
        Gateway gateway = new Gateway(ServerCommand.parse(args.toArray(new String[0]), Map.of()));
        gateway.start();
        return new TestGateway(gateway);
    }

    String endpoint() {
        return "http://127.0.0.1:" + port;
    }

    @Override
    public void close() {
        gateway.stop();
    }
}
