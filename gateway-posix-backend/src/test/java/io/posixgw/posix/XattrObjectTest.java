package io.posixgw.posix;

class XattrObjectTest extends AbstractObjectTests {}
