package io.posixgw.server;

import io.posixgw.server.config.ServerCommand;
import io.posixgw.server.config.ServerConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A short life of the server for recording a class-data-sharing archive: it starts a
 * gateway the way Main does (over a temporary directory, on an ephemeral loopback port),
 * sends it the common requests with a small SigV4 signer of its own, stops it and exits.
 * Run as {@code java -XX:ArchiveClassesAtExit=posixgw.jsa -cp posixgw.jar io.posixgw.server.CdsTraining};
 * the launcher and the container image then start the server with
 * {@code -XX:SharedArchiveFile=posixgw.jsa}, and the classes a start and the first requests
 * need come parsed and verified from the archive (docs/OPERATING.md, "Footprint").
 */
public final class CdsTraining {
    private static final String BUCKET = "cds-training";

    private CdsTraining() {}

    public static void main(String[] args) throws Exception {
        Path root = Files.createTempDirectory("posixgw-cds-");
        int status = 0;
        try {
            List<Integer> answers = train(root);
            if (!answers.equals(EXPECTED)) {
                System.err.println("posixgw CDS training: unexpected answers " + answers + ", expected " + EXPECTED);
                status = 1;
            }
        } finally {
            try (Stream<Path> files = Files.walk(root)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        System.exit(status); // the archive is written now
    }

    /** The statuses {@link #train} gets from a working server. */
    static final List<Integer> EXPECTED = List.of(200, 200, 200, 200, 200, 200, 200, 200, 200, 404, 204, 204, 403);

    /** Starts a gateway over {@code root}, sends the requests, stops it; returns the status of each answer. */
    static List<Integer> train(Path root) throws Exception {
        ServerCommand command = new ServerCommand();
        Main.commandLine(command, Map.of()).parseArgs("--port", "127.0.0.1:0", root.toString());
        ServerConfig config = command.call();
        Gateway gateway = new Gateway(config);
        InetSocketAddress address = gateway.start();
        List<Integer> statuses = new ArrayList<>();
        try (Socket socket = new Socket(address.getAddress(), address.getPort())) {
            socket.setSoTimeout(30_000);
            Client c = new Client(socket, address.getPort(), config.accessKey(), config.secretKey(), config.region());
            byte[] none = new byte[0];
            statuses.add(c.send("GET", "/_/health", "", none, false));
            statuses.add(c.send("GET", "/_/ready", "", none, false));
            statuses.add(c.send("PUT", "/" + BUCKET, "", none, true));
            statuses.add(c.send("GET", "/" + BUCKET, "location=", none, true));
            statuses.add(
                    c.send("PUT", "/" + BUCKET + "/dir/object", "", "training".getBytes(StandardCharsets.UTF_8), true));
            statuses.add(c.send("HEAD", "/" + BUCKET + "/dir/object", "", none, true));
            statuses.add(c.send("GET", "/" + BUCKET + "/dir/object", "", none, true));
            statuses.add(c.send("GET", "/" + BUCKET, "list-type=2", none, true));
            statuses.add(c.send("GET", "/", "", none, true));
            statuses.add(c.send("GET", "/" + BUCKET + "/missing", "", none, true));
            statuses.add(c.send("DELETE", "/" + BUCKET + "/dir/object", "", none, true));
            statuses.add(c.send("DELETE", "/" + BUCKET, "", none, true));
            statuses.add(c.send("PUT", "/" + BUCKET + "-unsigned", "", none, false));
        } finally {
            gateway.stop();
        }
        return statuses;
    }

    /** HTTP/1.1 on one keep-alive connection, with SigV4 header auth and an unsigned payload. */
    private record Client(Socket socket, int port, String accessKey, String secretKey, String region) {
        private static final DateTimeFormatter AMZ_DATE = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");

        int send(String method, String path, String query, byte[] body, boolean signed)
                throws IOException, GeneralSecurityException {
            String host = "127.0.0.1:" + port;
            StringBuilder head = new StringBuilder(method)
                    .append(' ')
                    .append(path)
                    .append(query.isEmpty() ? "" : "?" + query)
                    .append(" HTTP/1.1\r\nhost: ")
                    .append(host)
                    .append("\r\ncontent-length: ")
                    .append(body.length)
                    .append("\r\n");
            if (signed) {
                String date = ZonedDateTime.now(ZoneOffset.UTC).format(AMZ_DATE);
                String scope = date.substring(0, 8) + "/" + region + "/s3/aws4_request";
                String canonical = method + "\n" + path + "\n" + query + "\nhost:" + host
                        + "\nx-amz-content-sha256:UNSIGNED-PAYLOAD\n" + "x-amz-date:" + date
                        + "\n\nhost;x-amz-content-sha256;x-amz-date\nUNSIGNED-PAYLOAD";
                String toSign = "AWS4-HMAC-SHA256\n" + date + "\n" + scope + "\n"
                        + hex(MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(StandardCharsets.UTF_8)));
                byte[] key = ("AWS4" + secretKey).getBytes(StandardCharsets.UTF_8);
                for (String part : new String[] {date.substring(0, 8), region, "s3", "aws4_request"}) {
                    key = hmac(key, part);
                }
                head.append("x-amz-content-sha256: UNSIGNED-PAYLOAD\r\nx-amz-date: ")
                        .append(date)
                        .append("\r\nauthorization: AWS4-HMAC-SHA256 Credential=")
                        .append(accessKey)
                        .append('/')
                        .append(scope)
                        .append(", SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=")
                        .append(hex(hmac(key, toSign)))
                        .append("\r\n");
            }
            OutputStream out = socket.getOutputStream();
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.UTF_8));
            out.write(body);
            out.flush();
            return readResponse(socket.getInputStream(), method.equals("HEAD"));
        }

        /** Reads one Content-Length framed response; returns its status. */
        private static int readResponse(InputStream in, boolean head) throws IOException {
            String status = line(in);
            long length = 0;
            for (String h = line(in); !h.isEmpty(); h = line(in)) {
                if (h.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                    length = Long.parseLong(h.substring(15).trim());
                }
            }
            if (!head) {
                in.readNBytes((int) length);
            }
            return Integer.parseInt(status.split(" ")[1]);
        }

        private static String line(InputStream in) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    throw new IOException("connection closed mid-response");
                }
                if (c != '\r') {
                    b.write(c);
                }
            }
            return b.toString(StandardCharsets.ISO_8859_1);
        }

        private static byte[] hmac(byte[] key, String data) throws GeneralSecurityException {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
        }

        private static String hex(byte[] b) {
            return HexFormat.of().formatHex(b);
        }
    }
}
