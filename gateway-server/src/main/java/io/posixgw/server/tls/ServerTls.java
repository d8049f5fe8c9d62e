package io.posixgw.server.tls;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.X509Certificate;
import java.util.Date;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's TLS context, reloadable: each new connection takes the context current
 * when it is accepted, so a reload changes the certificate for new connections while open
 * ones keep theirs. A reload that fails keeps the current context. Reloads come from
 * SIGHUP, and from a periodic check that the files changed (a renewed certificate in a
 * mounted Kubernetes Secret applies without anyone sending a signal).
 */
public final class ServerTls {
    private static final Logger LOG = LoggerFactory.getLogger(ServerTls.class);

    private final Path certFile;
    private final Path keyFile;
    private final AtomicReference<Loaded> current = new AtomicReference<>();
    /** Digest of the files as last loaded or tried, so that unchanged (or still broken) files are not reloaded. */
    private volatile String lastTried;

    private record Loaded(SslContext context, X509Certificate leaf) {}

    private ServerTls(Path certFile, Path keyFile) {
        this.certFile = certFile;
        this.keyFile = keyFile;
    }

    /** Reads both files; any problem is an {@link IOException} that should stop start-up. */
    public static ServerTls load(Path certFile, Path keyFile) throws IOException {
        ServerTls tls = new ServerTls(certFile, keyFile);
        tls.lastTried = tls.fingerprint();
        tls.current.set(tls.build());
        tls.describe("TLS certificate");
        return tls;
    }

    /**
     * Reads the files again and swaps the context in for new connections.
     *
     * @return false (and an error logged) when they cannot be used: the current certificate stays
     */
    public synchronized boolean reload() {
        lastTried = fingerprint();
        try {
            current.set(build());
        } catch (IOException | RuntimeException e) {
            LOG.error(
                    "TLS reload failed, still serving certificate serial {}: {}",
                    current.get().leaf().getSerialNumber().toString(16),
                    e.getMessage());
            return false;
        }
        describe("TLS certificate reloaded");
        return true;
    }

    /**
     * Reloads when the files differ from what was last loaded or tried.
     *
     * @return true when a new certificate was taken
     */
    public synchronized boolean reloadIfChanged() {
        String now = fingerprint();
        if (now == null || now.equals(lastTried)) {
            return false; // unchanged, or momentarily unreadable (the next reload says why)
        }
        return reload();
    }

    /** SHA-256 of both files, or null when one cannot be read. */
    private String fingerprint() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(Files.readAllBytes(certFile));
            sha.update((byte) 0);
            sha.update(Files.readAllBytes(keyFile));
            return HexFormat.of().formatHex(sha.digest());
        } catch (IOException e) {
            return null;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A handler for a new connection, with the current certificate. */
    public SslHandler newHandler(ByteBufAllocator alloc) {
        return current.get().context().newHandler(alloc);
    }

    public X509Certificate certificate() {
        return current.get().leaf();
    }

    private Loaded build() throws IOException {
        PemMaterial pem = PemMaterial.read(certFile, keyFile);
        try {
            // The JDK provider always, so that what runs is what was tested (tcnative may sit on a classpath).
            SslContext context = SslContextBuilder.forServer(pem.key(), pem.chain())
                    .sslProvider(SslProvider.JDK)
                    .protocols("TLSv1.3", "TLSv1.2")
                    .build();
            return new Loaded(context, pem.leaf());
        } catch (IOException | IllegalArgumentException e) {
            throw new IOException(
                    "TLS certificate " + certFile + " with key " + keyFile + " is not usable: " + e.getMessage(), e);
        }
    }

    private void describe(String what) {
        X509Certificate leaf = current.get().leaf();
        Date notAfter = leaf.getNotAfter();
        if (notAfter.before(new Date())) {
            LOG.warn(
                    "{} {} (serial {}) EXPIRED on {}",
                    what,
                    leaf.getSubjectX500Principal().getName(),
                    leaf.getSerialNumber().toString(16),
                    notAfter.toInstant());
        } else {
            LOG.info(
                    "{} {} (serial {}, valid until {})",
                    what,
                    leaf.getSubjectX500Principal().getName(),
                    leaf.getSerialNumber().toString(16),
                    notAfter.toInstant());
        }
    }
}
