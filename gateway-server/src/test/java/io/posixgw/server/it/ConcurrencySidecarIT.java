package io.posixgw.server.it;

/** Every race of {@link ConcurrencyIT} again, with object metadata in a sidecar directory (NFS mode). */
class ConcurrencySidecarIT extends ConcurrencyIT {
    @Override
    String[] serverArgs() {
        return new String[] {"--sidecar", tmp.resolve("sidecar").toString()};
    }
}
