package io.posixgw.server.it;

/** Every S3 semantics test again, with object metadata in a sidecar directory instead of xattrs (NFS mode). */
class S3SemanticsSidecarIT extends S3SemanticsIT {
    @Override
    String[] serverArgs() {
        return new String[] {"--sidecar", sidecar.toString()};
    }
}
