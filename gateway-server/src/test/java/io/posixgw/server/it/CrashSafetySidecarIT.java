package io.posixgw.server.it;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CrashSafetyIT} in sidecar mode (metadata in files, as on NFS). A kill between
 * a write's data rename and the move of its attributes may leave the new bytes without
 * attributes: they are then served as such (ETag from the bytes), never with another
 * version's.
 */
class CrashSafetySidecarIT extends CrashSafetyIT {
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
