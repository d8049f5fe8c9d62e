package io.posixgw.posix;

import java.nio.file.Path;

class SidecarObjectLockRaceTest extends ObjectLockRaceTest {
    @Override
    Path sidecar() {
        return tmp.resolve("sidecar");
    }
}
