package io.posixgw.posix;

/** The listing tests with the attribute caches on, as a gateway on a local file system runs them. */
class XattrCachedListingTest extends AbstractListingTests {
    @Override
    PosixOptions options() {
        return super.options().withCachedAttributes(true);
    }
}
