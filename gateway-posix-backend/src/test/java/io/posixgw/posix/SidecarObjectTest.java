package io.posixgw.posix;

import java.nio.file.Path;

class SidecarObjectTest extends AbstractObjectTests {
    @Override
    Path sidecar() {
        return tmp.resolve("sidecar");
    }
}
