package io.posixgw.migrate;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * gateway-migrate's place in the picture: it writes through the POSIX backend and core, and
 * runs with the server jar on its class path only for the libraries they share; it never calls
 * into the server (gateway-server is a test dependency here, for the ITs' real gateways).
 */
class MigrateArchitectureTest {
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("gateway-server"))
            .importPackages("io.posixgw.migrate");

    @Test
    void theImportSeesMigrate() {
        assertFalse(MAIN.isEmpty(), "no class of io.posixgw.migrate imported: the rules below would pass vacuously");
    }

    @Test
    void migrateDependsOnNoServerCode() {
        noClasses()
                .that()
                .resideInAPackage("io.posixgw.migrate..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.posixgw.server..", "io.posixgw.sigv4..", "io.netty..")
                .because(
                        "the migrate jar must run without the server's classes being used (its own module, its own jar)")
                .check(MAIN);
    }
}
