package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.minio.GetObjectArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioClient;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SIGTERM: the request in flight finishes and is durable, new connections are refused, the process exits. */
class ShutdownIT {
    @TempDir
    Path root;

    @Test
    void inFlightRequestFinishesNewOnesRefused() throws Exception {
        byte[] body = new byte[1 << 20];
        Arrays.fill(body, (byte) 'z');
        ServerProcess server = ServerProcess.start(root, "128m");
        try {
            MinioClient mc = MinioClient.builder()
                    .endpoint(server.endpoint())
                    .credentials(TestGateway.ACCESS, TestGateway.SECRET)
                    .build();
            mc.makeBucket(MakeBucketArgs.builder().bucket("grace").build());
            TestSigner signer = new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "us-east-1");
            try (Socket s = new Socket("127.0.0.1", server.port)) {
                s.setSoTimeout(15_000);
                Map<String, String> signed = new TreeMap<>(Map.of("host", "127.0.0.1:" + server.port));
                Map<String, String> headers = new LinkedHashMap<>(signed);
                headers.putAll(signer.sign(
                        "PUT",
                        "/grace/in-flight.bin",
                        Map.of(),
                        signed,
                        TestSigner.hex(TestSigner.sha256(body)),
                        Instant.now()));
                headers.put("content-length", Integer.toString(body.length));
                OutputStream out = s.getOutputStream();
                RawS3.writeHead(out, "PUT", "/grace/in-flight.bin", headers);
                out.write(body, 0, body.length / 2);
                out.flush();
                Thread.sleep(300);
                server.process.destroy(); // SIGTERM
                Thread.sleep(500);
                assertThrows(
                        ConnectException.class,
                        () -> new Socket("127.0.0.1", server.port).close(),
                        "new connections are refused while draining");
                out.write(body, body.length / 2, body.length - body.length / 2);
                out.flush();
                InputStream in = s.getInputStream();
                RawS3.Response r = RawS3.read(in, false);
                assertEquals(200, r.status(), r.text());
                assertEquals("close", r.header("connection"));
            }
            assertTrue(server.process.waitFor(10, TimeUnit.SECONDS), "exited within 10 s of SIGTERM");
            assertEquals(0, server.process.exitValue(), "a graceful stop exits 0");
        } finally {
            server.close();
        }
        try (ServerProcess again = ServerProcess.start(root, "128m")) {
            MinioClient mc = MinioClient.builder()
                    .endpoint(again.endpoint())
                    .credentials(TestGateway.ACCESS, TestGateway.SECRET)
                    .build();
            try (InputStream in = mc.getObject(GetObjectArgs.builder()
                    .bucket("grace")
                    .object("in-flight.bin")
                    .build())) {
                assertArrayEquals(body, in.readAllBytes());
            }
        }
    }
}
