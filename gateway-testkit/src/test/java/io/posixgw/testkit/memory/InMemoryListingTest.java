package io.posixgw.testkit.memory;

import io.posixgw.core.backend.Backend;
import io.posixgw.testkit.contract.ListingContract;

class InMemoryListingTest extends ListingContract {
    @Override
    protected Backend newBackend() {
        return new InMemoryBackend();
    }
}
