package io.posixgw.posix;

import java.nio.file.Path;

class SidecarListingTest extends AbstractListingTests {
    @Override
    Path sidecar() {
        return tmp.resolve("sidecar");
    }
}
