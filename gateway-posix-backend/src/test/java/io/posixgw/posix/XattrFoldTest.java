package io.posixgw.posix;

class XattrFoldTest extends AbstractFoldTests {}
