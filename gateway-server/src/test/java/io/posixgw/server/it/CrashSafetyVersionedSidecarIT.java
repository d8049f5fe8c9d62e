package io.posixgw.server.it;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CrashSafetyVersionedIT} in sidecar mode: kept versions' attributes live under the sidecar
 * directory (versitygw's layout). As in {@link CrashSafetySidecarIT}, a kill between a publication's
 * data rename and its attributes' move leaves that write's bytes without attributes (then listed as
 * the {@code null} version); acknowledged versions never lose theirs.
 */
class CrashSafetyVersionedSidecarIT extends CrashSafetyVersionedIT {
    @TempDir
    Path sidecar;

    @Override
    List<String> modeArgs() {
        return List.of("--sidecar", sidecar.toString());
    }

    @Override
    boolean attributesMayBeLost() {
        return true;
    }
}
