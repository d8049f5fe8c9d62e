package io.posixgw.server.it;

import io.minio.MinioClient;
import io.posixgw.server.Gateway;
import io.posixgw.server.config.ServerCommand;
import io.posixgw.server.config.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A real gateway in this JVM on 127.0.0.1 and an ephemeral port, over a given
 * directory, with the platform's credential shape: user {@code ryax}, 12-character secret.
 */
final class TestGateway implements AutoCloseable {
    static final String ACCESS = "ryax";
    static final String SECRET = "Sup3rS3cr3t!";

    final Path root;
    final Gateway gateway;
    final int port;

    private TestGateway(Path root, Gateway gateway) {
        this.root = root;
        this.gateway = gateway;
        this.port = gateway.address().getPort();
    }

    static TestGateway start(Path root, String... extraArgs) throws Exception {
        List<String> args =
                new ArrayList<>(List.of("--port", "127.0.0.1:0", "--access", ACCESS, "--secret", SECRET, "--quiet"));
        args.addAll(List.of(extraArgs));
        args.add(root.toString());
        ServerConfig config = ServerCommand.parse(args.toArray(new String[0]), Map.of());
        Gateway gateway = new Gateway(config);
        gateway.start();
        return new TestGateway(root, gateway);
    }

    String endpoint() {
        return "http://127.0.0.1:" + port;
    }

    /** A MinIO client with no region set: it discovers the region with GetBucketLocation, as minio-py does. */
    MinioClient minio() {
        return MinioClient.builder()
                .endpoint(endpoint())
                .credentials(ACCESS, SECRET)
                .build();
    }

    MinioClient minio(String secret) {
        return MinioClient.builder()
                .endpoint(endpoint())
                .credentials(ACCESS, secret)
                .build();
    }

    RawS3 raw() {
        return new RawS3("127.0.0.1", port, new TestSigner(ACCESS, SECRET, "us-east-1"));
    }

    @Override
    public void close() {
        gateway.stop();
    }
}
