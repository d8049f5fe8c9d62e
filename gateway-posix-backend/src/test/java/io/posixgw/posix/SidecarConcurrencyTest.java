package io.posixgw.posix;

import java.nio.file.Path;

class SidecarConcurrencyTest extends ConcurrencyTest {
    @Override
    Path sidecar() {
        return tmp.resolve("sidecar");
    }
}
