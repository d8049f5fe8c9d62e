package io.posixgw.posix;

import java.nio.file.Path;

class SidecarBucketDeleteRaceTest extends BucketDeleteRaceTest {
    @Override
    Path sidecar() {
        return tmp.resolve("sidecar");
    }
}
