package io.posixgw.posix;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Startup (and periodic) cleanup of each bucket's {@code .sgwtmp}: temp files older than the
 * given age (left by crashed or killed writers), trash directories of aborts, and Complete
 * claims abandoned by a crash; folds and unfolds a kill interrupted ({@link Folds}); and bucket deletions a crash interrupted, once as old (see
 * {@link Buckets#settleParked}). Multipart uploads themselves are kept.
 */
final class StagingSweeper {
    static final String TRASH = ".deleting";
    private static final Logger LOG = LoggerFactory.getLogger(StagingSweeper.class);

    private final Buckets buckets;
    private final PathResolver paths;
    private final MultipartCompleter completer;

    private final Folds folds;

    StagingSweeper(Buckets buckets, PathResolver paths, MultipartCompleter completer, Folds folds) {
        this.folds = folds;
        this.buckets = buckets;
        this.paths = paths;
        this.completer = completer;
    }

    /** @return the number of temp files and trash directories removed */
    int sweep(Duration maxAge) throws IOException {
        int removed = 0;
        long cutoff = System.currentTimeMillis() - maxAge.toMillis();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(
                paths.root(),
                p -> p.getFileName().toString().startsWith(".")
                        && (p.getFileName().toString().contains(Buckets.TRASH_MARK)
                                || p.getFileName().toString().contains(Buckets.CREATING_MARK)))) {
            for (Path p : ds) {
                try {
                    if (buckets.settleParked(p, cutoff)) { // a bucket deletion or creation interrupted by a crash
                        removed++;
                    }
                } catch (IOException e) {
                    // another gateway settling it too, or a name that came back: the next sweep looks again
                    LOG.warn("could not settle {}: {}", p, e.toString());
                }
            }
        }
        List<io.posixgw.core.model.BucketInfo> all = buckets.list();
        for (io.posixgw.core.model.BucketInfo b : all) {
            Path bucketDir = paths.bucketDir(b.name());
            Path staging = PathResolver.staging(bucketDir);
            BasicFileAttributes own = Fs.lstat(staging);
            if (own != null && (own.isSymbolicLink() || !own.isDirectory())) {
                // made by hand: sweeping it would remove whatever old files it leads to, outside the root
                LOG.warn(
                        "{} is not a directory (a symlink?): not swept; posixgw's temp files and uploads go where it"
                                + " points. Make it a directory again.",
                        staging);
                continue;
            }
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(staging)) {
                for (Path p : ds) {
                    BasicFileAttributes a = Fs.lstat(p);
                    if (a == null) {
                        continue;
                    }
                    String name = p.getFileName().toString();
                    if (a.isDirectory() && name.endsWith(TRASH)) {
                        Fs.deleteTree(p);
                        removed++;
                    } else if (a.isRegularFile() && a.lastModifiedTime().toMillis() < cutoff) {
                        Files.deleteIfExists(p);
                        removed++;
                    }
                }
            } catch (IOException e) {
                if (Fs.lstat(staging) != null) {
                    LOG.warn("could not sweep {}: {}", staging, e.toString());
                }
                continue;
            }
            try {
                removed += folds.sweep(bucketDir); // folds and unfolds a kill interrupted, finished
            } catch (IOException e) {
                LOG.warn("could not settle the folds of bucket {}: {}", b.name(), e.toString());
            }
            try {
                completer.sweepClaims(bucketDir, maxAge);
            } catch (IOException e) {
                LOG.warn("could not sweep multipart claims of bucket {}: {}", b.name(), e.toString());
            }
        }
        return removed;
    }
}
