package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.server.tls.TestCertificates;
import io.posixgw.server.tls.TestCertificates.Issued;
import io.posixgw.server.tls.TestCertificates.KeyFormat;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * HTTPS with {@code --cert}/{@code --key}: real clients that trust only a certificate made
 * in the test, every PEM key format, large GETs (no sendfile through TLS), the probes,
 * plain HTTP sent to the TLS port, start-up errors, and SIGHUP reloads.
 */
class TlsIT {
    @TempDir
    Path tmp;

    private TestGateway startTls(Issued issued, String... extra) throws Exception {
        Path cert = tmp.resolve("tls.crt");
        Path key = tmp.resolve("tls.key");
        issued.writeTo(cert, key);
        return TestGateway.start(
                Files.createDirectories(tmp.resolve("data")),
                concat(new String[] {"--fsync", "off", "--cert", cert.toString(), "--key", key.toString()}, extra));
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    static S3Client sdk(int port, TrustManager[] trust) {
        return S3Client.builder()
                .endpointOverride(URI.create("https://127.0.0.1:" + port))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(TestGateway.ACCESS, TestGateway.SECRET)))
                .forcePathStyle(true)
                .httpClient(UrlConnectionHttpClient.builder()
                        .tlsTrustManagersProvider(() -> trust)
                        .build())
                .build();
    }

    @ParameterizedTest
    @EnumSource(KeyFormat.class)
    void awsSdkTrustingOnlyTheTestCertificate(KeyFormat format) throws Exception {
        Issued issued = TestCertificates.issue(100 + format.ordinal(), format);
        try (TestGateway gw = startTls(issued);
                S3Client s3 = sdk(gw.port, issued.trustManagers())) {
            s3.createBucket(b -> b.bucket("tls"));
            byte[] body = ("over TLS with a " + format + " key").getBytes(StandardCharsets.UTF_8);
            s3.putObject(p -> p.bucket("tls").key("k"), RequestBody.fromBytes(body));
            assertArrayEquals(
                    body, s3.getObjectAsBytes(g -> g.bucket("tls").key("k")).asByteArray());
            assertEquals(
                    body.length, s3.headObject(h -> h.bucket("tls").key("k")).contentLength());
            assertEquals(1, s3.listObjectsV2(l -> l.bucket("tls")).keyCount());

            HttpClient http =
                    HttpClient.newBuilder().sslContext(issued.clientContext()).build();
            for (String probe : new String[] {"/_/health", "/_/ready"}) {
                HttpResponse<String> r = http.send(
                        HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + gw.port + probe))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode(), probe);
                assertEquals("OK\n", r.body());
            }
        }
        assertTrue(Files.isRegularFile(tmp.resolve("data/tls/k")), "the object is a plain file, as over HTTP");
    }

    @Test
    void largeAndRangedGetsAreByteExact() throws Exception {
        Issued issued = TestCertificates.issue(200, KeyFormat.PKCS8_EC);
        byte[] big = new byte[24 * 1024 * 1024 + 123];
        new Random(42).nextBytes(big);
        try (TestGateway gw = startTls(issued);
                S3Client s3 = sdk(gw.port, issued.trustManagers())) {
            s3.createBucket(b -> b.bucket("big"));
            s3.putObject(p -> p.bucket("big").key("blob"), RequestBody.fromBytes(big));
            byte[] got = s3.getObjectAsBytes(g -> g.bucket("big").key("blob")).asByteArray();
            assertEquals(big.length, got.length);
            assertArrayEquals(
                    MessageDigest.getInstance("SHA-256").digest(big),
                    MessageDigest.getInstance("SHA-256").digest(got));
            assertArrayEquals(big, got);
            byte[] range = s3.getObjectAsBytes(g -> g.bucket("big").key("blob").range("bytes=1000-9000999"))
                    .asByteArray();
            assertArrayEquals(Arrays.copyOfRange(big, 1000, 9001000), range);
            byte[] tail = s3.getObjectAsBytes(g -> g.bucket("big").key("blob").range("bytes=-77"))
                    .asByteArray();
            assertArrayEquals(Arrays.copyOfRange(big, big.length - 77, big.length), tail);
            // several on one keep-alive connection, then an empty object
            for (int i = 0; i < 3; i++) {
                assertEquals(
                        big.length,
                        s3.getObjectAsBytes(g -> g.bucket("big").key("blob")).asByteArray().length);
            }
            s3.putObject(p -> p.bucket("big").key("empty"), RequestBody.empty());
            assertEquals(
                    0, s3.getObjectAsBytes(g -> g.bucket("big").key("empty")).asByteArray().length);
        }
    }

    @Test
    void plainHttpToTheTlsPortGetsAReadableRefusal() throws Exception {
        Issued issued = TestCertificates.issue(300, KeyFormat.PKCS8_RSA);
        try (TestGateway gw = startTls(issued)) {
            try (Socket s = new Socket("127.0.0.1", gw.port)) {
                s.setSoTimeout(10_000);
                RawS3.writeHead(s.getOutputStream(), "GET", "/_/health", Map.of("host", "127.0.0.1"));
                s.getOutputStream().flush();
                InputStream in = s.getInputStream();
                RawS3.Response r = RawS3.read(in, false);
                assertEquals(400, r.status());
                assertEquals("close", r.header("connection"));
                assertTrue(r.text().contains("HTTPS only"), r.text());
                assertEquals(-1, in.read(), "closed after the answer");
            }
            // a client that does not trust the certificate fails its handshake; the server goes on
            try (S3Client distrusting = sdk(gw.port, defaultTrust())) {
                Exception e = assertThrows(Exception.class, distrusting::listBuckets);
                assertTrue(causes(e, SSLHandshakeException.class), e.toString());
            }
            try (S3Client s3 = sdk(gw.port, issued.trustManagers())) {
                assertEquals(0, s3.listBuckets().buckets().size(), "still serving TLS");
            }
        }
    }

    @Test
    void badCertificateOrKeyIsAClearStartupError() throws Exception {
        Issued a = TestCertificates.issue(400, KeyFormat.PKCS8_RSA);
        Issued b = TestCertificates.issue(401, KeyFormat.PKCS8_RSA);
        Path cert = tmp.resolve("a.crt");
        Path key = tmp.resolve("a.key");
        a.writeTo(cert, key);
        b.writeTo(tmp.resolve("b.crt"), tmp.resolve("b.key"));
        Path data = Files.createDirectories(tmp.resolve("data"));

        IOException missing = assertThrows(
                IOException.class,
                () -> TestGateway.start(data, "--cert", tmp.resolve("nope.crt").toString(), "--key", key.toString()));
        assertTrue(
                missing.getMessage().contains("nope.crt")
                        && missing.getMessage().contains("NoSuchFileException"),
                missing.getMessage());
        IOException mismatch = assertThrows(
                IOException.class,
                () -> TestGateway.start(
                        data,
                        "--cert",
                        cert.toString(),
                        "--key",
                        tmp.resolve("b.key").toString()));
        assertTrue(mismatch.getMessage().contains("does not belong to the certificate"), mismatch.getMessage());

        // what an operator sees: the process says why and exits
        ExecutionException exited = assertThrows(
                ExecutionException.class,
                () -> ServerProcess.start(
                                data,
                                "64m",
                                "--cert",
                                cert.toString(),
                                "--key",
                                tmp.resolve("missing.key").toString())
                        .close());
        String output = exited.getCause().getMessage();
        assertTrue(output.contains("posixgw cannot start: TLS key " + tmp.resolve("missing.key")), output);
    }

    @Test
    void sighupReloadsTheCertificateForNewConnectionsOnly() throws Exception {
        Issued first = TestCertificates.issue(501, KeyFormat.PKCS1_RSA);
        Issued second = TestCertificates.issue(502, KeyFormat.SEC1_EC);
        Path cert = tmp.resolve("tls.crt");
        Path key = tmp.resolve("tls.key");
        first.writeTo(cert, key);
        TrustManager[] both = trusting(first.certificate(), second.certificate());
        try (ServerProcess server = ServerProcess.start(
                Files.createDirectories(tmp.resolve("data")),
                "128m",
                "--cert",
                cert.toString(),
                "--key",
                key.toString())) {
            assertTrue(
                    server.output.stream().anyMatch(l -> l.contains("on https://127.0.0.1:" + server.port)),
                    "logs an https endpoint");
            try (SSLSocket old = connect(server.port, both)) {
                assertEquals(first.serial(), serialOf(old));
                assertEquals(200, health(old).status());

                second.writeTo(cert, key);
                server.signal("HUP");
                assertEquals(
                        second.serial(),
                        awaitSerial(server.port, both, second.serial()),
                        "new connections get the new certificate");
                assertTrue(server.process.isAlive(), "SIGHUP does not stop the server");

                assertEquals(200, health(old).status(), "the connection opened before the reload still works");
                assertEquals(first.serial(), serialOf(old));

                // a reload that fails keeps what is served, and says so
                Files.writeString(cert, "not a certificate\n");
                server.signal("HUP");
                assertTrue(server.awaitOutput("TLS reload failed", 10_000), String.join("\n", server.output));
                try (SSLSocket after = connect(server.port, both)) {
                    assertEquals(second.serial(), serialOf(after));
                    assertEquals(200, health(after).status());
                }
                assertEquals(200, health(old).status());
            }
        }
    }

    // ---------------------------------------------------------------- helpers

    private static TrustManager[] defaultTrust() throws Exception {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init((KeyStore) null);
        return tmf.getTrustManagers();
    }

    private static TrustManager[] trusting(X509Certificate... certs) throws Exception {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        for (int i = 0; i < certs.length; i++) {
            store.setCertificateEntry("c" + i, certs[i]);
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(store);
        return tmf.getTrustManagers();
    }

    /** A fresh client context per connection: no session resumption hides which certificate the server has now. */
    private static SSLSocket connect(int port, TrustManager[] trust) throws Exception {
        SSLContext context = TestCertificates.clientContext(trust);
        SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", port);
        s.setSoTimeout(10_000);
        s.startHandshake();
        return s;
    }

    private static BigInteger serialOf(SSLSocket s) throws Exception {
        return ((X509Certificate) s.getSession().getPeerCertificates()[0]).getSerialNumber();
    }

    private static RawS3.Response health(SSLSocket s) throws IOException {
        RawS3.writeHead(s.getOutputStream(), "GET", "/_/health", Map.of("host", "127.0.0.1"));
        s.getOutputStream().flush();
        return RawS3.read(s.getInputStream(), false);
    }

    private static BigInteger awaitSerial(int port, TrustManager[] trust, BigInteger wanted) throws Exception {
        long deadline = System.currentTimeMillis() + 10_000;
        BigInteger seen;
        do {
            try (SSLSocket s = connect(port, trust)) {
                seen = serialOf(s);
            }
            if (!seen.equals(wanted)) {
                Thread.sleep(100);
            }
        } while (!seen.equals(wanted) && System.currentTimeMillis() < deadline);
        return seen;
    }

    private static boolean causes(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }
}
