package io.posixgw.server.tls;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.sec.ECPrivateKey;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.util.io.pem.PemObject;

/**
 * Self-signed server certificates made in the test (Bouncy Castle), for 127.0.0.1 and
 * localhost, written as PEM in the key formats operators bring.
 */
public final class TestCertificates {
    /** How the private key is written. */
    public enum KeyFormat {
        /** {@code PRIVATE KEY}: RSA key as PKCS#8. */
        PKCS8_RSA,
        /** {@code RSA PRIVATE KEY}: PKCS#1, openssl genrsa's traditional form. */
        PKCS1_RSA,
        /** {@code EC PRIVATE KEY}: SEC1, openssl ecparam's and cert-manager's form for ECDSA. */
        SEC1_EC,
        /** {@code PRIVATE KEY}: EC key as PKCS#8. */
        PKCS8_EC
    }

    /** A certificate and its key, generated together. */
    public record Issued(X509Certificate certificate, KeyPair keys, KeyFormat format) {
        public BigInteger serial() {
            return certificate.getSerialNumber();
        }

        /** Writes {@code cert} and {@code key} as PEM, each by temp file and rename (a reader never sees half a file). */
        public void writeTo(Path cert, Path key) throws IOException {
            replace(cert, pem(certificate));
            replace(key, keyPem(keys, format));
        }

        /** Trust only this certificate. */
        public SSLContext clientContext() throws GeneralSecurityException, IOException {
            return TestCertificates.clientContext(trustManagers());
        }

        public TrustManager[] trustManagers() throws GeneralSecurityException, IOException {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            store.setCertificateEntry("posixgw", certificate);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(store);
            return tmf.getTrustManagers();
        }
    }

    private TestCertificates() {}

    public static Issued issue(long serial, KeyFormat format) throws GeneralSecurityException, IOException {
        KeyPair keys = generate(format);
        X500Name name = new X500Name("CN=posixgw test " + serial);
        Instant now = Instant.now();
        JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                name,
                BigInteger.valueOf(serial),
                Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(Duration.ofDays(2))),
                name,
                keys.getPublic());
        builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
            new GeneralName(GeneralName.iPAddress, "127.0.0.1"), new GeneralName(GeneralName.dNSName, "localhost")
        }));
        String algorithm = keys.getPrivate().getAlgorithm().equals("EC") ? "SHA256withECDSA" : "SHA256withRSA";
        try {
            X509Certificate cert = new JcaX509CertificateConverter()
                    .getCertificate(builder.build(new JcaContentSignerBuilder(algorithm).build(keys.getPrivate())));
            return new Issued(cert, keys, format);
        } catch (OperatorCreationException e) {
            throw new GeneralSecurityException(e);
        }
    }

    static KeyPair generate(KeyFormat format) throws GeneralSecurityException {
        if (format == KeyFormat.SEC1_EC || format == KeyFormat.PKCS8_EC) {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec("secp256r1"));
            return g.generateKeyPair();
        }
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        return g.generateKeyPair();
    }

    public static String pem(Object o) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter w = new JcaPEMWriter(out)) {
            w.writeObject(o);
        }
        return out.toString();
    }

    static String keyPem(KeyPair keys, KeyFormat format) throws IOException {
        return switch (format) {
            // JcaPEMWriter writes a bare RSA private key in OpenSSL's traditional form, PKCS#1
            case PKCS1_RSA -> pem(keys.getPrivate());
            case SEC1_EC -> sec1(keys);
            case PKCS8_RSA, PKCS8_EC -> pem(new JcaPKCS8Generator(keys.getPrivate(), null));
        };
    }

    /**
     * SEC1 as openssl writes it, with the curve and the public key inside (JcaPEMWriter leaves
     * both out of a JDK key, a form no tool produces).
     */
    private static String sec1(KeyPair keys) throws IOException {
        SubjectPublicKeyInfo spki =
                SubjectPublicKeyInfo.getInstance(keys.getPublic().getEncoded());
        ECPrivateKey inner = new ECPrivateKey(
                256,
                ((java.security.interfaces.ECPrivateKey) keys.getPrivate()).getS(),
                spki.getPublicKeyData(),
                spki.getAlgorithm().getParameters());
        return pem(new PemObject("EC PRIVATE KEY", inner.getEncoded()));
    }

    public static void replace(Path file, String content) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, content, StandardCharsets.US_ASCII);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public static SSLContext clientContext(TrustManager[] trust) throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust, null);
        return context;
    }
}
