package io.posixgw.deploy;

import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Assumptions;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.ImageFromDockerfile;

/**
 * The image under test: {@code $POSIXGW_IMAGE} when set (.ci/run builds it with podman
 * and sets it), else built here from docker/Dockerfile with the server jar of this
 * checkout (the reactor has packaged it: this module comes after gateway-server).
 */
final class PosixgwImage {
    static final String ACCESS = "ryax";
    static final String SECRET = "ryaxS3cr3t!12";
    static final int PORT = 7070;

    private static Future<String> built;

    private PosixgwImage() {}

    static Path repositoryRoot() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isRegularFile(p.resolve("docker/Dockerfile"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException(
                    "docker/Dockerfile not found above " + Path.of("").toAbsolutePath());
        }
        return p;
    }

    /** The image to run, or the test is skipped when there is none (never a failure for lack of one). */
    static synchronized Object image() {
        String tag = System.getenv("POSIXGW_IMAGE");
        if (tag != null && !tag.isBlank()) {
            try {
                DockerClientFactory.instance().client().inspectImageCmd(tag).exec();
            } catch (NotFoundException e) {
                Assumptions.abort("POSIXGW_IMAGE=" + tag + " is not built");
            }
            return tag;
        }
        if (built == null) {
            Path root = repositoryRoot();
            Path jar = root.resolve("gateway-server/target/posixgw.jar");
            Assumptions.assumeTrue(Files.isRegularFile(jar), "no " + jar + ": package gateway-server first");
            built = new ImageFromDockerfile("localhost/posixgw-it", false)
                    .withFileFromPath("Dockerfile", root.resolve("docker/Dockerfile"))
                    .withFileFromPath("docker/entrypoint.sh", root.resolve("docker/entrypoint.sh"))
                    .withFileFromPath("jvm.options", root.resolve("jvm.options"))
                    .withFileFromPath("gateway-server/target/posixgw.jar", jar);
        }
        return built;
    }

    /**
     * A container of the image as the README runs it ({@code -e ROOT_ACCESS_KEY_ID=ryax
     * -e ROOT_SECRET_ACCESS_KEY=... -v VOLUME:/data}), hardened as the chart runs it:
     * read-only root file system, tmpfs /tmp.
     */
    @SuppressWarnings("unchecked")
    static GenericContainer<?> server(String volume) {
        Object image = image();
        GenericContainer<?> c =
                image instanceof String s ? new GenericContainer<>(s) : new GenericContainer<>((Future<String>) image);
        return c.withExposedPorts(PORT)
                .withEnv("ROOT_ACCESS_KEY_ID", ACCESS)
                .withEnv("ROOT_SECRET_ACCESS_KEY", SECRET)
                .withCreateContainerCmdModifier(cmd -> cmd.getHostConfig()
                        .withReadonlyRootfs(true)
                        .withTmpFs(Map.of("/tmp", "rw,exec,size=64m"))
                        .withBinds(new Bind(volume, new Volume("/data"))))
                // the log line comes once the port is bound; waiting on it is quicker than polling the port
                .waitingFor(Wait.forLogMessage(".*posixgw serving .*", 1).withStartupTimeout(Duration.ofSeconds(90)));
    }

    @SuppressWarnings("unchecked")
    static GenericContainer<?> plain() {
        Object image = image();
        return image instanceof String s ? new GenericContainer<>(s) : new GenericContainer<>((Future<String>) image);
    }

    /** The image's name, once built when it comes from the Dockerfile. */
    @SuppressWarnings("unchecked")
    static String imageName() throws Exception {
        Object image = image();
        return image instanceof String s ? s : ((Future<String>) image).get();
    }

    static void removeVolume(String volume) {
        try {
            DockerClientFactory.instance().client().removeVolumeCmd(volume).exec();
        } catch (RuntimeException ignored) {
            // already gone, or still in use by a container being removed
        }
    }
}
