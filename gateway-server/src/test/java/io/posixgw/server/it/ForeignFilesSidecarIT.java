package io.posixgw.server.it;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@link ForeignFilesIT} in sidecar mode: versitygw's sidecar layout, attribute {@code name}
 * of {@code <root>/<bucket>/<key>} in the file {@code <sidecar>/<bucket>/<key>/meta/<name>}.
 */
class ForeignFilesSidecarIT extends ForeignFilesIT {
    Path sidecar() {
        return tmp.resolve("sidecar");
    }

    @Override
    String[] serverArgs() {
        return new String[] {"--sidecar", sidecar().toString()};
    }

    private Path attrFile(Path p, String name) {
        return sidecar().resolve(root.relativize(p)).resolve("meta").resolve(name);
    }

    @Override
    void setAttr(Path p, String name, byte[] value) throws Exception {
        Path f = attrFile(p, name);
        Files.createDirectories(f.getParent());
        Files.write(f, value);
    }

    @Override
    byte[] attr(Path p, String name) throws Exception {
        Path f = attrFile(p, name);
        return Files.exists(f) ? Files.readAllBytes(f) : null;
    }
}
