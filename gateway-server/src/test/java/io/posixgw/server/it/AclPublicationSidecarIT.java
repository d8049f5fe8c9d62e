package io.posixgw.server.it;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@link AclPublicationIT} with object attributes in a sidecar directory (NFS mode). */
class AclPublicationSidecarIT extends AclPublicationIT {
    @Override
    String[] serverArgs(Path iam) {
        return new String[] {"--fsync", "off", "--iam-dir", iam.toString(), "--sidecar", sidecar.toString()};
    }

    /** {@code <sidecar>/<bucket>/<key>/meta/posixgw.acl}. */
    @Override
    String storedAcl(String bucket, String key) throws Exception {
        Path p = sidecar.resolve(bucket).resolve(key).resolve("meta").resolve(ACL_ATTR);
        return Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : null;
    }
}
