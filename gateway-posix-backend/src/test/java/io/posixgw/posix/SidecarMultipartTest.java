package io.posixgw.posix;

import java.nio.file.Path;

class SidecarMultipartTest extends AbstractMultipartTests {
    @Override
    Path sidecar() {
        return tmp.resolve("sidecar");
    }
}
