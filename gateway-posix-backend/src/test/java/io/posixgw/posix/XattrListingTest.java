package io.posixgw.posix;

class XattrListingTest extends AbstractListingTests {}
