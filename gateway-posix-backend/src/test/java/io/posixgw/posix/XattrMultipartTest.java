package io.posixgw.posix;

class XattrMultipartTest extends AbstractMultipartTests {}
