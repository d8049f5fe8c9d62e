package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.names.BucketNames;
import io.posixgw.core.names.ObjectKeys;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Maps buckets and keys to paths under the data root, with defence in depth: every
 * object path is normalised and must stay strictly inside its bucket directory, and
 * never inside the staging directory.
 *
 * <p>Symlinks: the backend never follows one below the bucket directory. The last
 * component is opened or lstat'ed with {@code NOFOLLOW_LINKS}; the intermediate
 * directories are checked with one lstat each ({@link #parents}). That is cheaper
 * than {@code toRealPath()} (which lstats every component from {@code /}) and
 * rejects links even when they point inside the root.
 */
final class PathResolver {
    static final String STAGING = ObjectKeys.STAGING_DIR;
    static final String MULTIPART = "multipart";

    private final Path root;

    PathResolver(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    Path root() {
        return root;
    }

    /** The bucket's directory (not checked for existence). */
    Path bucketDir(String bucket) {
        if (bucket == null || !BucketNames.isValid(bucket)) {
            throw new S3Exception(S3Error.NO_SUCH_BUCKET, "The specified bucket does not exist.");
        }
        return root.resolve(bucket);
    }

    /** True when the bucket directory exists and is a real directory (not a symlink). */
    static boolean isBucket(Path bucketDir) throws IOException {
        BasicFileAttributes a = Fs.lstat(bucketDir);
        return a != null && a.isDirectory() && !a.isSymbolicLink();
    }

    static void requireBucket(Path bucketDir) throws IOException {
        if (!isBucket(bucketDir)) {
            throw new S3Exception(
                    S3Error.NO_SUCH_BUCKET, "The specified bucket does not exist: " + bucketDir.getFileName());
        }
    }

    /** The path of an object; a directory key ({@code a/b/}) maps to its directory. */
    Path objectPath(Path bucketDir, String key) {
        String k = ObjectKeys.isDirectoryKey(key) ? key.substring(0, key.length() - 1) : key;
        Path p;
        try {
            p = bucketDir.resolve(k).normalize();
        } catch (InvalidPathException e) {
            throw new S3Exception(
                    S3Error.INTERNAL_ERROR,
                    "The key cannot be mapped to a file name (is the gateway running with a UTF-8 locale?)");
        }
        if (k.isEmpty()
                || k.startsWith("/")
                || !p.startsWith(bucketDir)
                || p.equals(bucketDir)
                || p.getName(bucketDir.getNameCount()).toString().equals(STAGING)) {
            throw new S3Exception(S3Error.INVALID_ARGUMENT, "Invalid object key");
        }
        return p;
    }

    static Path staging(Path bucketDir) {
        return bucketDir.resolve(STAGING);
    }

    static Path multipartRoot(Path bucketDir) {
        return staging(bucketDir).resolve(MULTIPART);
    }

    /** {@code .sgwtmp/multipart/<sha256hex(key)>}: versitygw's container of a key's uploads. */
    static Path uploadsOfKey(Path bucketDir, String key) {
        return multipartRoot(bucketDir).resolve(Fs.sha256Hex(key));
    }

    /** Result of checking the directories between a bucket and an object. */
    enum Parents {
        /** All exist as real directories. */
        PRESENT,
        /** Some do not exist yet (they will be created). */
        MISSING,
        /** One is a file, a symlink or something else: the object cannot live there. */
        BLOCKED
    }

    /** Where a walk down the parents stopped: {@code at} is the first missing or blocking directory (null when PRESENT). */
    private record ParentsCheck(Parents state, Path at) {}

    /**
     * lstat of the bucket directory, then of each intermediate directory from the bucket
     * down, stopping at the first missing one.
     *
     * @throws S3Exception NoSuchBucket when the bucket directory is missing, not a
     *         directory or a symlink: a link placed in the root must not lead reads,
     *         attribute writes or deletes outside it
     */
    static Parents parents(Path bucketDir, Path object) throws IOException {
        return checkParents(bucketDir, object).state();
    }

    private static ParentsCheck checkParents(Path bucketDir, Path object) throws IOException {
        requireBucket(bucketDir);
        Path parent = object.getParent();
        if (parent == null || parent.equals(bucketDir)) {
            return new ParentsCheck(Parents.PRESENT, null);
        }
        if (!parent.startsWith(bucketDir)) {
            throw new IllegalArgumentException(object + " is not inside " + bucketDir);
        }
        // The ancestors by getParent (a prefix of the path each), checked top-down. Cheaper
        // than relativize + resolve, which built each one twice: this was the largest
        // allocation site under load (JFR, 8 % of the bytes).
        int depth = parent.getNameCount() - bucketDir.getNameCount();
        Path[] down = new Path[depth];
        Path d = parent;
        for (int i = depth - 1; i >= 0; i--) {
            down[i] = d;
            d = d.getParent();
        }
        for (Path cur : down) {
            BasicFileAttributes a = Fs.lstat(cur);
            if (a == null) {
                return new ParentsCheck(Parents.MISSING, cur);
            }
            if (!a.isDirectory() || a.isSymbolicLink()) {
                return new ParentsCheck(Parents.BLOCKED, cur);
            }
        }
        return new ParentsCheck(Parents.PRESENT, null);
    }

    /**
     * For writes: 409 when a parent is a file (or a symlink, which is never followed).
     *
     * @return the highest missing directory between the bucket and the object (the writer
     *         creates it and those below it), or null when they all exist
     */
    static Path requireWritableParents(Path bucketDir, Path object) throws IOException {
        ParentsCheck c = checkParents(bucketDir, object);
        if (c.state() == Parents.BLOCKED) {
            throw S3Error.OBJECT_PARENT_IS_FILE.exception();
        }
        return c.at();
    }
}
