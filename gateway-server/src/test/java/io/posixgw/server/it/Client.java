package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.minio.MinioClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.core.util.VersionInfo;

/**
 * The S3 clients of README's compatibility table, in table order, each with the way to read the
 * version that the tests actually run: the jar on the test classpath, the Debian binary the tests
 * call, or the npm package installed by {@link NodeClients}.
 */
enum Client {
    MINIO_JAVA("MinIO Java SDK"),
    AWS_SDK_JAVA("AWS SDK for Java v2"),
    AWSCLI("awscli v2 (Debian `awscli`)"),
    BOTO3("boto3 (Debian `python3-boto3`)"),
    S3CMD("s3cmd (Debian)"),
    RCLONE("rclone (Debian)"),
    MINIO_JS("minio-js (npm `minio`, Node)"),
    AWS_SDK_JS("AWS SDK for JavaScript v3 (npm `@aws-sdk/client-s3`, Node)");

    static final Path AWS = Path.of("/usr/bin/aws");
    static final Path PYTHON = Path.of("/usr/bin/python3");
    static final Path S3CMD_BIN = Path.of("/usr/bin/s3cmd");
    static final Path RCLONE_BIN = Path.of("/usr/bin/rclone");

    private static final ConcurrentMap<Client, String> VERSIONS = new ConcurrentHashMap<>();

    final String title;

    Client(String title) {
        this.title = title;
    }

    /** The version the tests run, read once per JVM; fails when the client is not installed. */
    String version() {
        return VERSIONS.computeIfAbsent(this, Client::probe);
    }

    private static String probe(Client c) {
        try {
            return switch (c) {
                case MINIO_JAVA -> MinioClient.class.getPackage().getImplementationVersion();
                case AWS_SDK_JAVA -> VersionInfo.SDK_VERSION;
                case AWSCLI -> match(command(AWS, "apt-get install awscli", "--version"), "aws-cli/(\\S+)");
                case BOTO3 ->
                    match(
                            command(
                                    PYTHON,
                                    "apt-get install python3-boto3",
                                    "-c",
                                    "import boto3; print(boto3.__version__)"),
                            "^(\\S+)");
                case S3CMD -> match(command(S3CMD_BIN, "apt-get install s3cmd", "--version"), "s3cmd version (\\S+)");
                case RCLONE ->
                    match(command(RCLONE_BIN, "apt-get install rclone", "version"), "rclone v(\\d+\\.\\d+\\.\\d+)");
                case MINIO_JS -> npmVersion("minio");
                case AWS_SDK_JS -> npmVersion("@aws-sdk/client-s3");
            };
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the version of " + c.title, e);
        }
    }

    private static String command(Path bin, String install, String... args) throws Exception {
        ClientProcess.requireExecutable(bin, install);
        Path home = Files.createTempDirectory("client-version");
        try {
            List<String> cmd = new ArrayList<>();
            cmd.add(bin.toString());
            cmd.addAll(List.of(args));
            ClientProcess.Result r = new ClientProcess.Env(home).run(cmd).ok();
            return r.stdout() + r.stderr();
        } finally {
            try (var s = Files.walk(home)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static String match(String text, String regex) {
        Matcher m = Pattern.compile(regex, Pattern.MULTILINE).matcher(text);
        if (!m.find()) {
            fail("no version (" + regex + ") in: " + text);
        }
        return m.group(1);
    }

    private static String npmVersion(String pkg) throws Exception {
        Path json = NodeClients.install().resolve("node_modules").resolve(pkg).resolve("package.json");
        return new ObjectMapper().readTree(json.toFile()).get("version").asText();
    }
}
