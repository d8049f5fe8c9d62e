package io.posixgw.server.tls;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.openssl.PEMEncryptedKeyPair;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.pkcs.PKCS8EncryptedPrivateKeyInfo;

/**
 * A server certificate chain and its private key, read from PEM files. Keys come in
 * whatever form operators have: PKCS#8 ({@code PRIVATE KEY}), PKCS#1 RSA
 * ({@code RSA PRIVATE KEY}) or SEC1 EC ({@code EC PRIVATE KEY}, with or without the
 * {@code EC PARAMETERS} block openssl puts before it); Netty alone reads PKCS#8 only,
 * Bouncy Castle's parser reads all of them. Every failure is an {@link IOException}
 * naming the file and what to do, because it ends start-up or a reload.
 *
 * @param chain the leaf certificate first
 */
public record PemMaterial(PrivateKey key, List<X509Certificate> chain) {

    public static PemMaterial read(Path certFile, Path keyFile) throws IOException {
        List<X509Certificate> chain = readCertificates(certFile);
        PrivateKey key = readKey(keyFile);
        requireMatch(key, chain.get(0), certFile, keyFile);
        return new PemMaterial(key, chain);
    }

    public X509Certificate leaf() {
        return chain.get(0);
    }

    static List<X509Certificate> readCertificates(Path file) throws IOException {
        byte[] text;
        try {
            text = Files.readAllBytes(file);
        } catch (NoSuchFileException | AccessDeniedException e) {
            throw new IOException(
                    "TLS certificate " + file + " cannot be opened: "
                            + e.getClass().getSimpleName(),
                    e);
        }
        if (!new String(text, StandardCharsets.ISO_8859_1).contains("-----BEGIN CERTIFICATE-----")) {
            throw new IOException(
                    "TLS certificate " + file + " holds no PEM certificate (-----BEGIN CERTIFICATE-----)");
        }
        List<X509Certificate> out = new ArrayList<>();
        try {
            for (Certificate c :
                    CertificateFactory.getInstance("X.509").generateCertificates(new ByteArrayInputStream(text))) {
                out.add((X509Certificate) c);
            }
        } catch (CertificateException e) {
            throw new IOException("TLS certificate " + file + " is not a PEM certificate chain: " + e.getMessage(), e);
        }
        return out;
    }

    static PrivateKey readKey(Path file) throws IOException {
        Object found = null;
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII);
                PEMParser pem = new PEMParser(reader)) {
            Object o;
            while ((o = pem.readObject()) != null) {
                // EC PARAMETERS before the key, or certificates in the same file: skip them
                if (!(o instanceof ASN1ObjectIdentifier || o instanceof X509CertificateHolder)) {
                    found = o;
                    break;
                }
            }
        } catch (NoSuchFileException | AccessDeniedException e) {
            throw new IOException(
                    "TLS key " + file + " cannot be opened: " + e.getClass().getSimpleName(), e);
        } catch (IOException | RuntimeException e) {
            throw new IOException("TLS key " + file + " cannot be read as PEM: " + e.getMessage(), e);
        }
        if (found == null) {
            throw new IOException(
                    "TLS key " + file + " holds no PEM private key (PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY)");
        }
        if (found instanceof PKCS8EncryptedPrivateKeyInfo || found instanceof PEMEncryptedKeyPair) {
            throw new IOException("TLS key " + file + " is encrypted; give the server an unencrypted key "
                    + "(openssl pkey -in " + file.getFileName() + " -out plain.pem) and protect the file instead");
        }
        JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
        try {
            if (found instanceof PrivateKeyInfo info) {
                return converter.getPrivateKey(info);
            }
            if (found instanceof PEMKeyPair pair) {
                // SEC1 may leave the public key out: convert the private part alone
                return converter.getPrivateKey(pair.getPrivateKeyInfo());
            }
        } catch (IOException e) {
            throw new IOException("TLS key " + file + " is not a usable private key: " + e.getMessage(), e);
        }
        throw new IOException(
                "TLS key " + file + " holds a " + found.getClass().getSimpleName() + ", not a private key");
    }

    /** Signs with the key and verifies with the certificate: a mismatch would otherwise only show as failed handshakes. */
    private static void requireMatch(PrivateKey key, X509Certificate leaf, Path certFile, Path keyFile)
            throws IOException {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "Ed25519", "EdDSA" -> "Ed25519";
            case "Ed448" -> "Ed448";
            default -> null;
        };
        if (algorithm == null) {
            return;
        }
        byte[] probe = "posixgw".getBytes(StandardCharsets.US_ASCII);
        boolean matches;
        try {
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(leaf.getPublicKey());
            verifier.update(probe);
            matches = verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            matches = false;
        }
        if (!matches) {
            throw new IOException("TLS key " + keyFile + " does not belong to the certificate " + certFile + " ("
                    + leaf.getSubjectX500Principal().getName() + "; the leaf certificate must come first)");
        }
    }
}
