package io.posixgw.bench;

import io.minio.Http;
import io.minio.MinioClient;
import java.util.concurrent.TimeUnit;
import okhttp3.ConnectionPool;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;

/**
 * MinIO Java SDK clients as the platform configures minio-py: plain HTTP,
 * path-style, no region (discovered with GetBucketLocation).
 *
 * <p>The SDK runs every call through OkHttp's asynchronous dispatcher, which by
 * default lets only 5 requests per host run at once and keeps 5 idle connections:
 * that would cap the 8-thread rows and the mixed load in the client, not the
 * server. minio-py has no such cap, so the shared client raises both.
 */
final class Clients {
    private final String access;
    private final String secret;

    Clients(String access, String secret) {
        this.access = access;
        this.secret = secret;
    }

    /** The long-lived client a process shares between all its threads. */
    MinioClient shared(Target target, int concurrency) {
        Dispatcher dispatcher = new Dispatcher();
        dispatcher.setMaxRequests(Math.max(64, concurrency * 2));
        dispatcher.setMaxRequestsPerHost(Math.max(64, concurrency * 2));
        OkHttpClient http = Http.newDefaultClient()
                .newBuilder()
                .dispatcher(dispatcher)
                .connectionPool(new ConnectionPool(Math.max(16, concurrency * 2), 5, TimeUnit.MINUTES))
                .build();
        return MinioClient.builder()
                .endpoint(target.endpoint())
                .credentials(access, secret)
                .httpClient(http, true)
                .build();
    }

    /** A client as a new process makes it: its own connection pool, no region known yet. */
    MinioClient fresh(Target target) {
        return MinioClient.builder()
                .endpoint(target.endpoint())
                .credentials(access, secret)
                .build();
    }

    String access() {
        return access;
    }

    String secret() {
        return secret;
    }
}
