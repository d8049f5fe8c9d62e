package io.posixgw.migrate;

import io.minio.MinioClient;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.SocketFactory;
import okhttp3.ConnectionPool;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;

/**
 * MinIO clients for bulk copies: enough connections and dispatcher slots for every
 * worker, generous timeouts, HTTP/1.1, and TCP_NODELAY. OkHttp leaves Nagle's algorithm
 * on; a PUT then writes its headers and its body in separate segments and the body
 * waits for the server's delayed ACK: about 40 ms per request (a 48 KiB PUT took 50 ms
 * instead of 5 ms against posixgw on loopback).
 */
public final class S3Clients {
    private S3Clients() {}

    public static MinioClient create(String endpoint, String access, String secret, int concurrency) {
        // The SDK's blocking calls run on OkHttp's dispatcher, which allows 5 calls per host by default.
        Dispatcher dispatcher = new Dispatcher();
        dispatcher.setMaxRequests(4 * concurrency + 16);
        dispatcher.setMaxRequestsPerHost(4 * concurrency + 16);
        OkHttpClient http = new OkHttpClient.Builder()
                .dispatcher(dispatcher)
                .connectionPool(new ConnectionPool(2 * concurrency + 4, 5, TimeUnit.MINUTES))
                .protocols(List.of(Protocol.HTTP_1_1))
                .socketFactory(new NoDelaySockets(SocketFactory.getDefault()))
                .connectTimeout(Duration.ofSeconds(30))
                .readTimeout(Duration.ofMinutes(5))
                .writeTimeout(Duration.ofMinutes(5))
                .retryOnConnectionFailure(true)
                .build();
        return MinioClient.builder()
                .endpoint(endpoint)
                .credentials(access, secret)
                .httpClient(http, true)
                .build();
    }

    /** Plain sockets with TCP_NODELAY (TLS sockets layer on top of them). */
    private static final class NoDelaySockets extends SocketFactory {
        private final SocketFactory base;

        NoDelaySockets(SocketFactory base) {
            this.base = base;
        }

        private static Socket noDelay(Socket s) throws IOException {
            s.setTcpNoDelay(true);
            return s;
        }

        @Override
        public Socket createSocket() throws IOException {
            return noDelay(base.createSocket());
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return noDelay(base.createSocket(host, port));
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
            return noDelay(base.createSocket(host, port, localHost, localPort));
        }

        @Override
        public Socket createSocket(InetAddress host, int port) throws IOException {
            return noDelay(base.createSocket(host, port));
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
                throws IOException {
            return noDelay(base.createSocket(address, port, localAddress, localPort));
        }
    }
}
