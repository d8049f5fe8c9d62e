package io.posixgw.testkit.memory;

import io.posixgw.core.backend.Backend;
import io.posixgw.testkit.contract.ObjectContract;

class InMemoryObjectTest extends ObjectContract {
    @Override
    protected Backend newBackend() {
        return new InMemoryBackend();
    }
}
