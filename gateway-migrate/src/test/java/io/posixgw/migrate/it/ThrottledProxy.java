package io.posixgw.migrate.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on 127.0.0.1 that slows the bytes coming back from the target to
 * {@code bytesPerSecond} per connection, so that a migration lasts long enough to be
 * interrupted half-way; unthrottled ({@code Long.MAX_VALUE}), a stable endpoint for a
 * target that restarts on another port. The Host header passes through unchanged: SigV4 signatures stay valid.
 */
final class ThrottledProxy implements AutoCloseable {
    private final ServerSocket server;
    private volatile int targetPort;
    private final long bytesPerSecond;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    ThrottledProxy(int targetPort, long bytesPerSecond) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.targetPort = targetPort;
        this.bytesPerSecond = bytesPerSecond;
        Thread accept = new Thread(this::acceptLoop, "proxy-accept");
        accept.setDaemon(true);
        accept.start();
    }

    /** Sends new connections to another port (a restarted target). */
    void retarget(int port) {
        targetPort = port;
    }

    String endpoint() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket target;
                try {
                    target = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                } catch (IOException e) {
                    closeQuietly(client); // the target is down: so is the proxy
                    continue;
                }
                sockets.add(client);
                sockets.add(target);
                pump(client, target, Long.MAX_VALUE);
                pump(target, client, bytesPerSecond);
            } catch (IOException e) {
                return;
            }
        }
    }

    private void pump(Socket from, Socket to, long rate) {
        Thread t = new Thread(
                () -> {
                    byte[] buf = new byte[8192];
                    long start = System.nanoTime();
                    long sent = 0;
                    try (InputStream in = from.getInputStream();
                            OutputStream out = to.getOutputStream()) {
                        int n;
                        while ((n = in.read(buf)) >= 0) {
                            out.write(buf, 0, n);
                            out.flush();
                            sent += n;
                            if (rate != Long.MAX_VALUE) {
                                long due = start + sent * 1_000_000_000L / rate;
                                long wait = due - System.nanoTime();
                                if (wait > 0) {
                                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                                }
                            }
                        }
                    } catch (IOException | InterruptedException ignored) {
                        // either side closed
                    } finally {
                        closeQuietly(from);
                        closeQuietly(to);
                    }
                },
                "proxy-pump");
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket s : sockets) {
            closeQuietly(s);
        }
    }
}
