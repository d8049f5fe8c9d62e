package io.posixgw.server.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.server.tls.TestCertificates.Issued;
import io.posixgw.server.tls.TestCertificates.KeyFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.interfaces.ECPrivateKey;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PemMaterialTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(KeyFormat.class)
    void readsEveryKeyFormat(KeyFormat format) throws Exception {
        Issued issued = TestCertificates.issue(7, format);
        Path cert = dir.resolve("tls.crt");
        Path key = dir.resolve("tls.key");
        issued.writeTo(cert, key);
        String header = Files.readAllLines(key).get(0);
        assertEquals(
                switch (format) {
                    case PKCS8_RSA, PKCS8_EC -> "-----BEGIN PRIVATE KEY-----";
                    case PKCS1_RSA -> "-----BEGIN RSA PRIVATE KEY-----";
                    case SEC1_EC -> "-----BEGIN EC PRIVATE KEY-----";
                },
                header,
                "the file really is in the format under test");
        PemMaterial pem = PemMaterial.read(cert, key);
        assertSameKey(issued.keys().getPrivate(), pem.key());
        assertEquals(issued.certificate(), pem.leaf());
    }

    @Test
    void opensslEcParametersBlockBeforeTheKeyIsSkipped() throws Exception {
        Issued issued = TestCertificates.issue(8, KeyFormat.SEC1_EC);
        Path cert = dir.resolve("tls.crt");
        Path key = dir.resolve("tls.key");
        issued.writeTo(cert, key);
        // `openssl ecparam -genkey -name prime256v1` writes the curve first
        Files.writeString(
                key,
                "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n"
                        + Files.readString(key));
        assertSameKey(issued.keys().getPrivate(), PemMaterial.read(cert, key).key());
    }

    @Test
    void chainKeepsItsOrder() throws Exception {
        Issued leaf = TestCertificates.issue(9, KeyFormat.PKCS8_RSA);
        Issued other = TestCertificates.issue(10, KeyFormat.PKCS8_EC);
        Path cert = dir.resolve("chain.crt");
        Path key = dir.resolve("tls.key");
        leaf.writeTo(cert, key);
        Files.writeString(cert, TestCertificates.pem(leaf.certificate()) + TestCertificates.pem(other.certificate()));
        assertEquals(
                List.of(leaf.certificate(), other.certificate()),
                PemMaterial.read(cert, key).chain());
    }

    @Test
    void clearErrors() throws Exception {
        Issued a = TestCertificates.issue(11, KeyFormat.PKCS8_RSA);
        Issued b = TestCertificates.issue(12, KeyFormat.PKCS8_RSA);
        Path cert = dir.resolve("a.crt");
        Path key = dir.resolve("a.key");
        a.writeTo(cert, key);
        Path otherKey = dir.resolve("b.key");
        b.writeTo(dir.resolve("b.crt"), otherKey);

        assertMessage(
                () -> PemMaterial.read(dir.resolve("missing.crt"), key),
                "TLS certificate",
                "missing.crt",
                "NoSuchFileException");
        assertMessage(
                () -> PemMaterial.read(cert, dir.resolve("missing.key")),
                "TLS key",
                "missing.key",
                "NoSuchFileException");
        assertMessage(() -> PemMaterial.read(cert, otherKey), "does not belong to the certificate");
        assertMessage(() -> PemMaterial.read(key, key), "no PEM certificate");
        assertMessage(() -> PemMaterial.read(cert, cert), "no PEM private key");
        Path garbage = Files.writeString(
                dir.resolve("garbage.key"), "-----BEGIN PRIVATE KEY-----\nnot base64!\n-----END PRIVATE KEY-----\n");
        assertMessage(() -> PemMaterial.read(cert, garbage), "TLS key", "garbage.key");
        Path encrypted = Files.writeString(
                dir.resolve("enc.key"),
                "-----BEGIN ENCRYPTED PRIVATE KEY-----\n"
                        + "MIIBvTBXBgkqhkiG9w0BBQ0wSjApBgkqhkiG9w0BBQwwHAQIq7gJ0bJ6mUECAggA\n"
                        + "MAwGCCqGSIb3DQIJBQAwHQYJYIZIAWUDBAEqBBD0F0xv6Bq3VqE6wS9Cw6kBBIIB\n"
                        + "-----END ENCRYPTED PRIVATE KEY-----\n");
        assertMessage(() -> PemMaterial.read(cert, encrypted), "TLS key", "enc.key");
    }

    /** EC keys compare by their secret (encodings differ in whether they carry the public point). */
    private static void assertSameKey(PrivateKey expected, PrivateKey actual) {
        if (expected instanceof ECPrivateKey ec) {
            assertEquals(ec.getS(), ((ECPrivateKey) actual).getS());
        } else {
            assertArrayEquals(expected.getEncoded(), actual.getEncoded());
        }
    }

    private static void assertMessage(org.junit.jupiter.api.function.Executable call, String... parts) {
        IOException e = assertThrows(IOException.class, call);
        for (String p : parts) {
            assertTrue(e.getMessage().contains(p), "'" + e.getMessage() + "' names " + p);
        }
    }
}
