package io.posixgw.posix;

import java.nio.file.Path;

class SidecarFoldTest extends AbstractFoldTests {
    @Override
    Path sidecar() {
        return tmp.resolve("sidecar");
    }
}
