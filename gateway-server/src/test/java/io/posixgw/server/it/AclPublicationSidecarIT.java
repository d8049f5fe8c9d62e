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

    /** {@code <sidecar>/<bucket>/.sgwtmp/multipart/<hash>/<uploadId>/meta/posixgw.initiator}. */
    @Override
    void forgetInitiator(String bucket, String key, String uploadId) throws Exception {
        Files.delete(uploadDir(sidecar, bucket, key, uploadId).resolve("meta").resolve(INITIATOR_ATTR));
    }

    @Override
    java.util.List<String> storedAttributeNames(String bucket, String key) throws Exception {
        try (java.util.stream.Stream<Path> s =
                Files.list(sidecar.resolve(bucket).resolve(key).resolve("meta"))) {
            return s.map(p -> p.getFileName().toString()).toList();
        }
    }
}
