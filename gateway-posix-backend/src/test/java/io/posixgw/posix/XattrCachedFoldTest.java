package io.posixgw.posix;

/** The fold tests (their listing races included) with the attribute caches on, as a gateway on a local file system runs them. */
class XattrCachedFoldTest extends AbstractFoldTests {
    @Override
    PosixOptions options() {
        return super.options().withCachedAttributes(true);
    }
}
