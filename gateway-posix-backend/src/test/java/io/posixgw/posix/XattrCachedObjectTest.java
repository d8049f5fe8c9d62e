package io.posixgw.posix;

/** The object tests (their races included) with the attribute caches on, as a gateway on a local file system runs them. */
class XattrCachedObjectTest extends AbstractObjectTests {
    @Override
    PosixOptions options() {
        return super.options().withCachedAttributes(true);
    }
}
