package io.posixgw.server.routing;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;

/**
 * Version ids against a store that keeps one version per key: S3's {@code null} version,
 * which is what an unversioned bucket holds. Any other id names a version that does not
 * exist here, so it must never reach the current object: a read of it is
 * {@code NoSuchVersion}, a delete of it removes nothing (deleting a missing version is a
 * no-op in S3 too).
 */
public final class Versions {
    public static final String NULL = "null";

    private Versions() {}

    /**
     * Whether a version id (the {@code versionId} parameter, or DeleteObjects' {@code VersionId})
     * names the current object; an empty one is {@code InvalidArgument}, as S3 answers.
     */
    public static boolean namesCurrent(String versionId) {
        if (versionId != null && versionId.isEmpty()) {
            throw new S3Exception(S3Error.INVALID_ARGUMENT, "Version id cannot be the empty string");
        }
        return versionId == null || versionId.equals(NULL);
    }

    /**
     * The version a request names for a store that keeps versions, or null for the current one;
     * for a store that does not, only {@code null} (the current object) may be named.
     */
    public static String named(String versionId, boolean kept) {
        if (!kept) {
            requireCurrent(versionId);
            return null;
        }
        namesCurrent(versionId); // an empty id is InvalidArgument
        return versionId;
    }

    public static void requireCurrent(String versionId) {
        if (!namesCurrent(versionId)) {
            throw new S3Exception(
                    S3Error.NO_SUCH_VERSION, "The specified version does not exist (posixgw keeps no versions)");
        }
    }
}
