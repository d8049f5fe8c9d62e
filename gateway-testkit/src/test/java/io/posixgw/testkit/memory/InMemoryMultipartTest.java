package io.posixgw.testkit.memory;

import io.posixgw.core.backend.Backend;
import io.posixgw.testkit.contract.MultipartContract;

class InMemoryMultipartTest extends MultipartContract {
    @Override
    protected Backend newBackend() {
        return new InMemoryBackend();
    }
}
