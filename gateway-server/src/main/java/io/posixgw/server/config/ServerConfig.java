package io.posixgw.server.config;

import java.nio.file.Path;

/**
 * The resolved configuration main wires the server from.
 *
 * @param certFile TLS certificate chain (PEM), or null for plain HTTP; set together with {@code keyFile}
 * @param iamDir   directory of versitygw's {@code users.json}, or null for root only
 * @param legacyBucketDefaults new buckets with ACLs enabled and no Public Access Block (S3 before April 2023)
 * @param versioningDir directory of noncurrent versions (versitygw's {@code --versioning-dir}), or null: no versioning
 * @param inlineReads GetObject and HeadObject on the event loop: true, false, or null to decide by the root's file system
 */
public record ServerConfig(
        Path root,
        String host,
        int port,
        String accessKey,
        String secretKey,
        boolean defaultCredentials,
        String region,
        Path certFile,
        Path keyFile,
        Path iamDir,
        boolean keepAlive,
        boolean quiet,
        String healthPath,
        String readyPath,
        boolean readOnly,
        boolean legacyBucketDefaults,
        int maxConnections,
        Path sidecar,
        Path versioningDir,
        boolean fsync,
        Boolean inlineReads,
        int workers,
        int ioThreads,
        long idleTimeoutMillis,
        long headerTimeoutMillis,
        long bodyTimeoutMillis,
        long staleStagingMillis,
        long shutdownGraceMillis,
        boolean jsonLog,
        MetricsConfig metrics) {

    /** Development credentials, used only when none are configured and only on loopback. */
    public static final String DEFAULT_ACCESS_KEY = "posixgw";

    public static final String DEFAULT_SECRET_KEY = "posixgw-secret";

    @Override
    public String toString() {
        // Never print the secret, whatever logs this record.
        return "ServerConfig[root=" + root + ", listen=" + host + ":" + port + ", access=" + accessKey + ", region="
                + region
                + ", tls=" + (certFile != null) + ", iamDir=" + iamDir
                + ", sidecar=" + sidecar + ", versioningDir=" + versioningDir + ", keepAlive=" + keepAlive + ", fsync="
                + fsync + ", workers=" + workers
                + "]";
    }
}
