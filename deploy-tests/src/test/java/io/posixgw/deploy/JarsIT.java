package io.posixgw.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;

/**
 * The two jars the image copies, as the reactor built them before this module: the server
 * jar carries none of migrate's client libraries, and the migrate jar none of the classes
 * the server jar holds (it runs with both on the class path, so each library is in the
 * image once). Skipped when the jars were not built (a {@code test} run without
 * {@code package}).
 */
class JarsIT {
    private static final Path SERVER = Path.of("..", "gateway-server", "target", "posixgw.jar");
    private static final Path MIGRATE = Path.of("..", "gateway-migrate", "target", "posixgw-migrate.jar");
    /** The MinIO SDK and what it brings: OkHttp, Okio, Kotlin, Guava, commons-*, snappy, simple-xml. */
    private static final List<String> MIGRATE_ONLY = List.of(
            "io/minio/",
            "okhttp3/",
            "okio/",
            "kotlin/",
            "com/google/",
            "org/apache/commons/",
            "org/xerial/snappy/",
            "org/simpleframework/",
            "org/jetbrains/",
            "org/intellij/");

    private static Set<String> classes(Path jar) throws IOException {
        Set<String> names = new TreeSet<>();
        try (JarFile j = new JarFile(jar.toFile())) {
            j.stream().map(ZipEntry::getName).filter(n -> n.endsWith(".class")).forEach(names::add);
        }
        return names;
    }

    @Test
    void theServerJarCarriesNoneOfMigratesLibrariesAndTheJarsShareNoClass() throws IOException {
        assumeTrue(Files.isRegularFile(SERVER) && Files.isRegularFile(MIGRATE), "jars not built");
        Set<String> server = classes(SERVER);
        Set<String> migrate = classes(MIGRATE);
        for (String prefix : MIGRATE_ONLY) {
            assertTrue(server.stream().noneMatch(n -> n.startsWith(prefix)), "posixgw.jar holds " + prefix);
        }
        assertTrue(server.contains("io/posixgw/server/Main.class"));
        assertTrue(
                server.stream().noneMatch(n -> n.startsWith("io/posixgw/migrate/")),
                "migrate's classes in posixgw.jar");

        assertTrue(migrate.contains("io/posixgw/migrate/Main.class") && migrate.contains("io/minio/MinioClient.class"));
        Set<String> both = new TreeSet<>(server);
        both.retainAll(migrate);
        assertEquals(Set.of(), both, "in both jars");
        try (JarFile j = new JarFile(MIGRATE.toFile())) {
            assertEquals(
                    "io.posixgw.migrate.Main",
                    j.getManifest().getMainAttributes().getValue("Main-Class"));
        }
    }
}
