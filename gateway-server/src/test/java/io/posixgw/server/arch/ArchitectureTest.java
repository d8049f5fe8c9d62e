package io.posixgw.server.arch;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameStartingWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.channels.FileChannel;
import org.junit.jupiter.api.Test;

/**
 * The module and package rules of DESIGN's picture, checked on the main classes of every
 * module this one sees (gateway-server depends on core, sigv4 and the POSIX backend):
 *
 * <pre>
 *   server (Netty, wiring) ──▶ posix backend ──▶ core
 *        └───────────────────▶ sigv4 (pure)
 * </pre>
 *
 * Netty stays in the server, core and sigv4 do no file I/O, nothing points up the picture,
 * and no packages depend on each other in a circle. Each rule fails the build when broken.
 */
class ArchitectureTest {
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.posixgw");

    private static final String CORE = "io.posixgw.core..";
    private static final String SIGV4 = "io.posixgw.sigv4..";
    private static final String POSIX = "io.posixgw.posix..";
    private static final String SERVER = "io.posixgw.server..";

    /** java.nio.file, java.io.File* (File, FileInputStream, FileReader, ...) and FileChannel. */
    private static final DescribedPredicate<JavaClass> FILE_IO = resideInAPackage("java.nio.file..")
            .or(resideInAPackage("java.io").and(simpleNameStartingWith("File")))
            .or(assignableTo(FileChannel.class))
            .as("file I/O (java.nio.file, java.io.File*, FileChannel)");

    @Test
    void theImportSeesEveryModule() {
        for (String module : new String[] {
            "io.posixgw.core", "io.posixgw.sigv4", "io.posixgw.posix", "io.posixgw.server", "io.posixgw.testkit"
        }) {
            if (MAIN.stream().noneMatch(c -> c.getPackageName().startsWith(module))) {
                throw new AssertionError("no class of " + module + " imported: the rules below would pass vacuously");
            }
        }
    }

    @Test
    void nettyStaysInTheServer() {
        noClasses()
                .that()
                .resideInAPackage("io.posixgw..")
                .and()
                .resideOutsideOfPackage(SERVER)
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.netty..")
                .because("the server owns the HTTP stack; core, sigv4 and the backend speak S3, not Netty")
                .check(MAIN);
    }

    /**
     * Core and sigv4 do no file I/O. One type is exempt: {@code FileRegionBody}, the GET body a
     * file store hands over (an open channel, a position and a length, sent zero-copy by the
     * server); core only carries and closes it.
     */
    @Test
    void coreAndSigv4DoNoFileIo() {
        noClasses()
                .that()
                .resideInAnyPackage(CORE, SIGV4)
                .and()
                .doNotHaveFullyQualifiedName("io.posixgw.core.backend.FileRegionBody")
                .should()
                .dependOnClassesThat(FILE_IO)
                .because("files are the backend's business: another backend must plug in without them")
                .check(MAIN);
    }

    @Test
    void sigv4DependsOnNoOtherModule() {
        noClasses()
                .that()
                .resideInAPackage(SIGV4)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(CORE, POSIX, SERVER)
                .because("signing is pure: it is tested on AWS's vectors alone")
                .check(MAIN);
    }

    @Test
    void coreDependsOnNoOtherModule() {
        noClasses()
                .that()
                .resideInAPackage(CORE)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(SIGV4, POSIX, SERVER)
                .because("core is the bottom of the picture: S3's model and rules")
                .check(MAIN);
    }

    @Test
    void theBackendDependsOnCoreOnly() {
        noClasses()
                .that()
                .resideInAPackage(POSIX)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(SERVER, SIGV4)
                .because("a backend implements core's Backend and knows nothing of HTTP or signing")
                .check(MAIN);
    }

    @Test
    void operationsDoNotDependOnTheHttpLayer() {
        noClasses()
                .that()
                .resideInAPackage("io.posixgw.server.ops..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.posixgw.server.http..")
                .because("the handlers answer S3Responses; the HTTP layer turns them into Netty writes")
                .check(MAIN);
    }

    @Test
    void theTestKitDependsOnCoreOnly() {
        noClasses()
                .that()
                .resideInAPackage("io.posixgw.testkit..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(SIGV4, POSIX, SERVER)
                .because("the in-memory backend and the contract suite speak the Backend interface alone")
                .check(MAIN);
    }

    @Test
    void modulesAreFreeOfCycles() {
        slices().matching("io.posixgw.(*)..").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void serverPackagesAreFreeOfCycles() {
        slices().matching("io.posixgw.server.(*)..").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void corePackagesAreFreeOfCycles() {
        slices().matching("io.posixgw.core.(*)..").should().beFreeOfCycles().check(MAIN);
    }
}
