package io.posixgw.deploy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
import io.minio.GetObjectArgs;
import io.minio.ListObjectsArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.minio.Result;
import io.minio.StatObjectArgs;
import io.minio.StatObjectResponse;
import io.minio.messages.Item;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Container;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.output.FrameConsumerResultCallback;
import org.testcontainers.containers.output.OutputFrame;
import org.testcontainers.containers.output.ToStringConsumer;
import org.testcontainers.containers.startupcheck.OneShotStartupCheckStrategy;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * The image of docker/Dockerfile, run through the Docker API (Docker, or podman's
 * Docker-compatible service in CI): S3 with the MinIO SDK, the health path, UID 1200 on
 * a read-only root file system, the README's {@code docker run} recipe with a named
 * volume that outlives the container, the refusal to run without credentials, and
 * {@code migrate} inside the image. Skipped when no engine answers.
 */
@Testcontainers(disabledWithoutDocker = true)
class ContainerImageIT {
    private static final String VOLUME =
            "posixgw-it-" + UUID.randomUUID().toString().substring(0, 8);
    private static GenericContainer<?> server;

    @BeforeAll
    static void start() {
        server = PosixgwImage.server(VOLUME);
        server.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop();
        }
        PosixgwImage.removeVolume(VOLUME);
    }

    static String endpoint(GenericContainer<?> c) {
        return "http://" + c.getHost() + ":" + c.getMappedPort(PosixgwImage.PORT);
    }

    static MinioClient minio(GenericContainer<?> c) {
        return MinioClient.builder()
                .endpoint(endpoint(c))
                .credentials(PosixgwImage.ACCESS, PosixgwImage.SECRET)
                .build();
    }

    static byte[] get(MinioClient mc, String bucket, String key) throws Exception {
        try (InputStream in =
                mc.getObject(GetObjectArgs.builder().bucket(bucket).object(key).build())) {
            return in.readAllBytes();
        }
    }

    @Test
    void servesS3ToTheMinioSdk() throws Exception {
        MinioClient mc = minio(server);
        mc.makeBucket(MakeBucketArgs.builder().bucket("ryax-filestore").build());
        byte[] small = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);
        byte[] big = new byte[9 << 20];
        new Random(1).nextBytes(big);
        mc.putObject(PutObjectArgs.builder().bucket("ryax-filestore").object("executions-data/e1/out.json").stream(
                        new ByteArrayInputStream(small), (long) small.length, null)
                .contentType("application/json")
                .userMetadata(Map.of("step", "train"))
                .build());
        mc.putObject(PutObjectArgs.builder().bucket("ryax-filestore").object("big.bin").stream(
                        new ByteArrayInputStream(big), null, 5L << 20)
                .build());

        assertArrayEquals(small, get(mc, "ryax-filestore", "executions-data/e1/out.json"));
        assertArrayEquals(big, get(mc, "ryax-filestore", "big.bin"));
        StatObjectResponse stat = mc.statObject(StatObjectArgs.builder()
                .bucket("ryax-filestore")
                .object("executions-data/e1/out.json")
                .build());
        assertEquals("application/json", stat.contentType());
        assertEquals("train", stat.userMetadata().getFirst("step"));
        List<String> keys = new ArrayList<>();
        for (Result<Item> r : mc.listObjects(ListObjectsArgs.builder()
                .bucket("ryax-filestore")
                .recursive(true)
                .build())) {
            keys.add(r.get().objectName());
        }
        assertEquals(List.of("big.bin", "executions-data/e1/out.json"), keys);

        // The data root is /data/s3 on the volume: objects are plain files there.
        Container.ExecResult ls = server.execInContainer("ls", "/data/s3/ryax-filestore/executions-data/e1");
        assertEquals("out.json", ls.getStdout().trim());
    }

    @Test
    void healthPathAnswersWithoutCredentials() throws Exception {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpResponse<String> ok = http.send(
                HttpRequest.newBuilder(URI.create(endpoint(server) + "/_/health"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, ok.statusCode());
        HttpResponse<String> denied = http.send(
                HttpRequest.newBuilder(URI.create(endpoint(server) + "/")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(403, denied.statusCode(), "everything else needs a signature");
    }

    @Test
    void runsAsUid1200OnAReadOnlyRootFileSystem() throws Exception {
        InspectContainerResponse info = DockerClientFactory.instance()
                .client()
                .inspectContainerCmd(server.getContainerId())
                .exec();
        assertTrue(info.getHostConfig().getReadonlyRootfs());
        Container.ExecResult status = server.execInContainer("grep", "-E", "^(Uid|Gid):", "/proc/1/status");
        for (String line : status.getStdout().strip().split("\n")) {
            assertTrue(line.matches("(Uid|Gid):\\s+1200\\s+1200\\s+1200\\s+1200"), status.getStdout());
        }
        Container.ExecResult write = server.execInContainer("sh", "-c", "touch /opt/posixgw/x 2>&1; echo rc=$?");
        assertTrue(write.getStdout().contains("Read-only file system"), write.getStdout());
        Container.ExecResult env = server.execInContainer("sh", "-c", "echo $LC_ALL");
        assertEquals("C.UTF-8", env.getStdout().trim());
        // Keep-alive is on without any setting, and the server runs the image's JVM options.
        Container.ExecResult cmdline = server.execInContainer("sh", "-c", "tr '\\0' ' ' < /proc/1/cmdline");
        assertTrue(
                cmdline.getStdout().contains("@/opt/posixgw/jvm.options")
                        && cmdline.getStdout().contains("-jar /opt/posixgw/posixgw.jar"),
                cmdline.getStdout());
        Container.ExecResult options = server.execInContainer("cat", "/opt/posixgw/jvm.options");
        assertTrue(options.getStdout().contains("\n-XX:+UseSerialGC"), options.getStdout());
        assertTrue(server.getLogs().contains("keep-alive on"), server.getLogs());
    }

    @Test
    void theNamedVolumeOutlivesTheContainer() throws Exception {
        String volume = "posixgw-it-restart-" + UUID.randomUUID().toString().substring(0, 8);
        byte[] data = "kept across containers".getBytes(StandardCharsets.UTF_8);
        try {
            try (GenericContainer<?> first = PosixgwImage.server(volume)) {
                first.start();
                MinioClient mc = minio(first);
                mc.makeBucket(MakeBucketArgs.builder().bucket("kept").build());
                mc.putObject(PutObjectArgs.builder().bucket("kept").object("a/b.txt").stream(
                                new ByteArrayInputStream(data), (long) data.length, null)
                        .contentType("text/plain")
                        .build());
            }
            try (GenericContainer<?> second = PosixgwImage.server(volume)) {
                second.start();
                MinioClient mc = minio(second);
                assertArrayEquals(data, get(mc, "kept", "a/b.txt"));
                assertEquals(
                        "text/plain",
                        mc.statObject(StatObjectArgs.builder()
                                        .bucket("kept")
                                        .object("a/b.txt")
                                        .build())
                                .contentType());
            }
        } finally {
            PosixgwImage.removeVolume(volume);
        }
    }

    @Test
    void theEntrypointPassesFlagsAndAliasesOver() throws Exception {
        // MinIO's variable names, versitygw's port alias and a flag: the image's defaults (:7070) give way.
        try (GenericContainer<?> c = PosixgwImage.plain()
                .withEnv("MINIO_ROOT_USER", PosixgwImage.ACCESS)
                .withEnv("MINIO_ROOT_PASSWORD", PosixgwImage.SECRET)
                .withEnv("VGW_PORT", ":9000")
                .withCommand("--region", "eu-west-3")
                .withExposedPorts(9000)
                .withCreateContainerCmdModifier(cmd ->
                        cmd.getHostConfig().withReadonlyRootfs(true).withTmpFs(Map.of("/tmp", "rw,exec,size=64m")))
                .waitingFor(
                        org.testcontainers.containers.wait.strategy.Wait.forLogMessage(".*posixgw serving .*", 1))) {
            c.start();
            assertTrue(
                    c.getLogs().contains("serving /data/s3 on http://127.0.0.1:9000 (region eu-west-3"), c.getLogs());
            MinioClient mc = MinioClient.builder()
                    .endpoint("http://" + c.getHost() + ":" + c.getMappedPort(9000))
                    .credentials(PosixgwImage.ACCESS, PosixgwImage.SECRET)
                    .region("eu-west-3")
                    .build();
            mc.makeBucket(MakeBucketArgs.builder()
                    .bucket("aliases")
                    .region("eu-west-3")
                    .build());
            assertTrue(mc.bucketExists(
                    io.minio.BucketExistsArgs.builder().bucket("aliases").build()));
            Container.ExecResult version = c.execInContainer("/opt/posixgw/entrypoint.sh", "--version");
            assertTrue(version.getStdout().startsWith("posixgw 0."), version.getStdout() + version.getStderr());
        }
    }

    @Test
    void refusesToServeAllInterfacesWithoutCredentials() throws Exception {
        DockerClient docker = DockerClientFactory.instance().client();
        String id = docker.createContainerCmd(PosixgwImage.imageName()).exec().getId();
        try {
            docker.startContainerCmd(id).exec();
            Integer exit = docker.waitContainerCmd(id).start().awaitStatusCode(60, TimeUnit.SECONDS);
            assertEquals(2, exit, "exit status of a server without credentials on :7070");
            ToStringConsumer logs = new ToStringConsumer();
            try (FrameConsumerResultCallback callback = new FrameConsumerResultCallback()) {
                callback.addConsumer(OutputFrame.OutputType.STDOUT, logs);
                callback.addConsumer(OutputFrame.OutputType.STDERR, logs);
                docker.logContainerCmd(id)
                        .withStdOut(true)
                        .withStdErr(true)
                        .exec(callback)
                        .awaitCompletion(30, TimeUnit.SECONDS);
            }
            assertTrue(logs.toUtf8String().contains("no credentials configured"), logs.toUtf8String());
        } finally {
            docker.removeContainerCmd(id)
                    .withForce(true)
                    .withRemoveVolumes(true)
                    .exec();
        }
    }

    @Test
    void migrateRunsInTheImage() throws Exception {
        MinioClient mc = minio(server);
        mc.makeBucket(MakeBucketArgs.builder().bucket("to-migrate").build());
        byte[] data = new byte[300_000];
        new Random(2).nextBytes(data);
        mc.putObject(PutObjectArgs.builder().bucket("to-migrate").object("x/y.bin").stream(
                        new ByteArrayInputStream(data), (long) data.length, null)
                .contentType("application/x-test")
                .userMetadata(Map.of("origin", "minio"))
                .build());

        String volume = "posixgw-it-migrated-" + UUID.randomUUID().toString().substring(0, 8);
        String source = "http://" + DockerClientFactory.instance().dockerHostIpAddress() + ":"
                + server.getMappedPort(PosixgwImage.PORT);
        try {
            // The source is reached through its port published on the host.
            try (GenericContainer<?> migrate = PosixgwImage.plain()
                    .withNetworkMode("host")
                    .withEnv("POSIXGW_MIGRATE_ACCESS_KEY", PosixgwImage.ACCESS)
                    .withEnv("POSIXGW_MIGRATE_SECRET_KEY", PosixgwImage.SECRET)
                    .withCommand("migrate", "--from", source, "--bucket", "to-migrate", "--progress", "0")
                    .withCreateContainerCmdModifier(cmd -> cmd.getHostConfig()
                            .withReadonlyRootfs(true)
                            .withTmpFs(Map.of("/tmp", "rw,exec,size=64m"))
                            .withBinds(new Bind(volume, new Volume("/data"))))
                    .withStartupCheckStrategy(new OneShotStartupCheckStrategy().withTimeout(Duration.ofSeconds(120)))) {
                migrate.start();
                String logs = migrate.getLogs();
                assertTrue(logs.contains("1 copied and verified"), logs);
                assertTrue(logs.contains("recorded in /data/s3/.posixgw-migrated.json"), logs);
            }
            try (GenericContainer<?> copy = PosixgwImage.server(volume)) {
                copy.start();
                MinioClient target = minio(copy);
                assertArrayEquals(data, get(target, "to-migrate", "x/y.bin"));
                StatObjectResponse s = target.statObject(StatObjectArgs.builder()
                        .bucket("to-migrate")
                        .object("x/y.bin")
                        .build());
                assertEquals("application/x-test", s.contentType());
                assertEquals("minio", s.userMetadata().getFirst("origin"));
                assertNotEquals(server.getContainerId(), copy.getContainerId());
            }
        } finally {
            PosixgwImage.removeVolume(volume);
        }
    }
}
