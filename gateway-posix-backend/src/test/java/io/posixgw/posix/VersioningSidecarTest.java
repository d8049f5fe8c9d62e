package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.model.DeleteObjectRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@link VersioningTest} in sidecar mode: a kept version's attributes are where versitygw's sidecar
 * meta store keeps them, {@code <sidecar>/<versioning dir's absolute path>/<bucket>/<h..>/<h>/<id>/meta/<name>}
 * (its posix backend hands the meta store {@code <vdir>/<bucket>} as a version's bucket).
 */
class VersioningSidecarTest extends VersioningTest {
    @Override
    PosixOptions options() {
        sidecar = tmp.resolve("sidecar");
        return PosixOptions.DEFAULT.withSidecar(sidecar);
    }

    @Override
    MetadataStore store() throws IOException {
        return new SidecarMetadataStore(root, sidecar, vdir, null, FsyncListener.NONE);
    }

    /** The sidecar node of a data or version path, as versitygw's SideCar joins it. */
    Path node(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path v = vdir.toAbsolutePath().normalize();
        if (abs.startsWith(v)) {
            return sidecar.resolve(abs.getRoot().relativize(abs).toString());
        }
        return sidecar.resolve(root.toAbsolutePath().normalize().relativize(abs));
    }

    @Override
    String xattr(Path p, String name) throws IOException {
        Path f = node(p).resolve("meta").resolve(name);
        return Files.isRegularFile(f) ? Files.readString(f, StandardCharsets.UTF_8) : null;
    }

    @Override
    void setXattr(Path p, String name, byte[] value) throws IOException {
        Path meta = node(p).resolve("meta");
        Files.createDirectories(meta);
        Files.write(meta.resolve(name), value);
    }

    @Test
    void keptVersionsAttributesAreInVersitygwsSidecarLayout() throws IOException {
        backend.putBucketVersioning(B, "Enabled");
        String v1 = put("k", "one");
        String v2 = put("k", "two");
        Path kept = keyDir("k").resolve(v1);
        Path meta = sidecar.resolve(kept.toAbsolutePath().normalize().toString().substring(1))
                .resolve("meta");
        assertEquals(v1, Files.readString(meta.resolve("version-id")));
        assertTrue(Files.isRegularFile(meta.resolve("etag")));
        assertEquals(v2, xattr(root.resolve(B).resolve("k"), "version-id"));
        // the version removed for good takes its attributes with it, and the emptied nodes go
        backend.deleteObject(new DeleteObjectRequest(B, "k", null, v1));
        assertFalse(Files.exists(meta));
        assertFalse(Files.exists(node(keyDir("k"))));
        assertTrue(Files.isDirectory(node(vdir.resolve(B)).getParent()), "pruned no higher than the bucket's level");
    }

    @Test
    void deletingABucketNamedLikeTheVersioningDirsFirstDirectoryKeepsTheVersions() throws IOException {
        String first = vdir.toAbsolutePath().normalize().getName(0).toString();
        org.junit.jupiter.api.Assumptions.assumeTrue(
                io.posixgw.core.names.BucketNames.isValid(first), "the temp dir's first component is no bucket name");
        backend.putBucketVersioning(B, "Enabled");
        String v1 = put("k", "one");
        put("k", "two");
        backend.createBucket(first, "owner");
        backend.deleteBucket(first);
        assertEquals(v1, xattr(keyDir("k").resolve(v1), "version-id"));
    }
}
