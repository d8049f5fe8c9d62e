package io.posixgw.server.it;

/** {@link HeaderBytesIT} with object metadata in a sidecar directory (NFS mode). */
class HeaderBytesSidecarIT extends HeaderBytesIT {
    @Override
    String[] serverArgs() {
        return new String[] {"--fsync", "off", "--sidecar", sidecar.toString()};
    }

    @Override
    boolean xattrs() {
        return false;
    }
}
