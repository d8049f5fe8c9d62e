package io.posixgw.posix;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The attributes of one version set in place, without rewriting its data: tags, Object Lock
 * retention and legal hold, the object's ACL. The version is the current one ({@code versionId}
 * null) or the one its id names: the key's own file when that is the current version, else its
 * file in the versioning directory (versitygw sets tags and locks there too; in sidecar mode the
 * store finds that file's attributes where versitygw's meta store keeps them). One code path for both.
 *
 * <p>Every write runs under the key's lock ({@link VersionStore#lock}), which every delete and
 * in-place overwrite in a bucket with Object Lock takes to check the lock attributes
 * ({@link LockCheck}), in every gateway: a retention or legal hold set by an acknowledged request is
 * never missed by a removal that runs after it. An overwrite racing a tag or ACL change may win and
 * carry its own, as with S3.
 */
final class VersionAttributes {
    private final ObjectReader reader;
    private final VersionReads versionReads;
    private final VersionStore versions;
    private final MetadataStore store;
    private final Committer committer;
    private final PathResolver paths;

    VersionAttributes(
            ObjectReader reader,
            VersionReads versionReads,
            VersionStore versions,
            MetadataStore store,
            Committer committer,
            PathResolver paths) {
        this.reader = reader;
        this.versionReads = versionReads;
        this.versions = versions;
        this.store = store;
        this.committer = committer;
        this.paths = paths;
    }

    /**
     * The version: {@code NoSuchKey} (current) or {@code NoSuchVersion} when there is none, 405 for a
     * delete marker named by its id.
     */
    ObjectReader.Version version(String bucket, String key, String versionId) throws IOException {
        return versionId == null
                ? reader.version(bucket, key)
                : versionReads.version(bucket, key, versionId, AttrNames::objectRead);
    }

    /** The attribute {@code name} of the version, null when it has none. */
    byte[] get(String bucket, String key, String versionId, String name) throws IOException {
        return store.get(version(bucket, key, versionId).path(), name);
    }

    /** Sets ({@code value} non-null) or removes the attribute {@code name} of the version, under the key's lock. */
    void set(String bucket, String key, String versionId, String name, byte[] value) throws IOException {
        try (KeyLocks.Held held = versions.lock(paths.bucketDir(bucket), key)) {
            Path file = version(bucket, key, versionId).path();
            if (value == null) {
                store.remove(file, name);
            } else {
                store.set(file, name, value);
            }
            committer.syncDir(file); // its inode: the attribute
        }
    }
}
