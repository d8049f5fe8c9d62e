package io.posixgw.posix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Points between the steps of the cross-gateway protocols where a test can stop one side
 * while it plays the other, so that a race that needs precise timing on a real shared file
 * system is run deterministically. {@link #NONE} in production: the steps as they are.
 */
interface RaceHooks {
    RaceHooks NONE = new RaceHooks() {};

    /**
     * The rename that publishes an object's data over its key. A test replaces it to land
     * where a client's stale directory entry would (in the directory the bucket was resolved
     * to earlier, wherever it is now).
     */
    default void publishRename(Path source, Path target) throws IOException {
        Files.move(source, target, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The hard link that publishes an object's data where no object exists ({@code If-None-Match: *}). */
    default void publishLink(Path source, Path target) throws IOException {
        Files.createLink(target, source);
    }

    /** A DeleteBucket found the bucket's writers lock held by a publication and is about to wait for it. */
    default void deleteWaitsForWriters(String bucket) {}

    /** A DeleteBucket parked the bucket at {@code parked} and found no object there; it removes it next. */
    default void deleteFoundParkedEmpty(Path parked) {}
}
