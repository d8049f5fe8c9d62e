package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.minio.GetObjectArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.minio.StatObjectArgs;
import io.minio.errors.ErrorResponseException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bounded memory for huge objects, and SIGTERM in the middle of an upload, with the server in its own JVM. */
@CompatClient(Client.MINIO_JAVA)
class LargeObjectIT {
    static final long GIB = 1L << 30;

    @TempDir
    Path root;

    /** A deterministic, cheap byte stream: byte i is a function of i. */
    static final class PatternStream extends InputStream {
        private final long size;
        private long pos;

        PatternStream(long size) {
            this.size = size;
        }

        static byte at(long i) {
            return (byte) ((i * 31) ^ (i >>> 13));
        }

        @Override
        public int read() {
            return pos < size ? at(pos++) & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos >= size) {
                return -1;
            }
            int n = (int) Math.min(len, size - pos);
            for (int i = 0; i < n; i++) {
                b[off + i] = at(pos + i);
            }
            pos += n;
            return n;
        }
    }

    @Test
    @Covers("1 GiB streamed with a 128 MiB server heap")
    void oneGibStreamedPutAndGetWithA128MiBHeap() throws Exception {
        try (ServerProcess server = ServerProcess.start(root, "128m", "--fsync", "off")) {
            MinioClient mc = MinioClient.builder()
                    .endpoint(server.endpoint())
                    .credentials(TestGateway.ACCESS, TestGateway.SECRET)
                    .build();
            mc.makeBucket(MakeBucketArgs.builder().bucket("big").build());
            mc.putObject(PutObjectArgs.builder().bucket("big").object("one-gib.bin").stream(
                            new PatternStream(GIB), null, 64L << 20)
                    .build());
            assertEquals(
                    GIB,
                    mc.statObject(StatObjectArgs.builder()
                                    .bucket("big")
                                    .object("one-gib.bin")
                                    .build())
                            .size());
            MessageDigest expected = MessageDigest.getInstance("SHA-256");
            MessageDigest actual = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 20];
            try (InputStream want = new PatternStream(GIB);
                    InputStream got = mc.getObject(GetObjectArgs.builder()
                            .bucket("big")
                            .object("one-gib.bin")
                            .build())) {
                long total = 0;
                int n;
                while ((n = got.read(buf)) > 0) {
                    actual.update(buf, 0, n);
                    total += n;
                }
                assertEquals(GIB, total);
                while ((n = want.read(buf)) > 0) {
                    expected.update(buf, 0, n);
                }
            }
            assertArrayEquals(expected.digest(), actual.digest());
            assertTrue(server.process.isAlive(), "the server survived with a 128 MiB heap");
        }
    }

    @Test
    @Covers("SIGTERM during an upload leaves no partial object")
    void sigtermDuringLargeUploadLeavesNoPartialObject() throws Exception {
        ServerProcess server = ServerProcess.start(root, "128m", "--shutdown-grace", "2");
        try {
            MinioClient mc = MinioClient.builder()
                    .endpoint(server.endpoint())
                    .credentials(TestGateway.ACCESS, TestGateway.SECRET)
                    .build();
            mc.makeBucket(MakeBucketArgs.builder().bucket("term").build());
            long declared = 512L << 20;
            TestSigner signer = new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "us-east-1");
            try (Socket s = new Socket("127.0.0.1", server.port)) {
                Map<String, String> signed = new TreeMap<>(Map.of("host", "127.0.0.1:" + server.port));
                Map<String, String> headers = new LinkedHashMap<>(signed);
                headers.putAll(
                        signer.sign("PUT", "/term/partial.bin", Map.of(), signed, "UNSIGNED-PAYLOAD", Instant.now()));
                headers.put("content-length", Long.toString(declared));
                OutputStream out = s.getOutputStream();
                RawS3.writeHead(out, "PUT", "/term/partial.bin", headers);
                byte[] chunk = new byte[1 << 20];
                for (int i = 0; i < 32; i++) {
                    out.write(chunk);
                }
                out.flush();
                long start = System.nanoTime();
                int exit = server.terminate(10);
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertTrue(exit >= 0, "server exited after SIGTERM");
                assertTrue(millis < 10_000, "exit within 10 s, took " + millis + " ms");
            }
            assertTrue(Files.notExists(root.resolve("term/partial.bin")), "no partial object");
        } finally {
            server.close();
        }
        // A restart serves the bucket without the object and without staging debris in listings.
        try (ServerProcess again = ServerProcess.start(root, "128m")) {
            MinioClient mc = MinioClient.builder()
                    .endpoint(again.endpoint())
                    .credentials(TestGateway.ACCESS, TestGateway.SECRET)
                    .build();
            ErrorResponseException e = assertThrows(
                    ErrorResponseException.class,
                    () -> mc.statObject(StatObjectArgs.builder()
                            .bucket("term")
                            .object("partial.bin")
                            .build()));
            assertEquals("NoSuchKey", e.errorResponse().code());
            try (Stream<Path> files = Files.walk(root.resolve("term"))) {
                assertTrue(files.filter(Files::isRegularFile)
                        .noneMatch(p -> p.getFileName().toString().equals("partial.bin")));
            }
        }
    }
}
