package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.names.ObjectKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a key's data is now, for readers and listings, while {@link Folds} may be moving it: the
 * plain file, a folded key's {@code p/.sgwtmp/self}, or one of the transit names; a look that
 * finds nothing waits for the key's fold lock and looks again.
 */
final class FoldLookup {
    private static final int ATTEMPTS = 16;

    private final FoldLocks locks;

    FoldLookup(FoldLocks locks) {
        this.locks = locks;
    }

    /** Where an object was found: its file (or, {@code directoryObject}, its directory). */
    record Located(Path path, BasicFileAttributes attrs, boolean directoryObject) {}

    /**
     * The one lookup of a key's current data, for every reader. A plain key: the file {@code p},
     * else {@code p/.sgwtmp/self} when {@code p} is a directory, else the transit file; a fold or
     * unfold moving it during the look makes it look again, after the mover is done. A key ending
     * in {@code /}: {@code p/.sgwtmp/slash}, else the directory {@code p} (the caller checks its etag).
     *
     * @throws S3Exception NoSuchKey
     */
    Located locate(Path bucketDir, String key, Path path) throws IOException {
        if (ObjectKeys.isDirectoryKey(key)) {
            BasicFileAttributes a = Fs.lstat(path);
            if (a == null || a.isSymbolicLink() || !a.isDirectory()) {
                throw ObjectReader.noSuchKey();
            }
            BasicFileAttributes s = Fs.lstat(Folds.slash(path));
            if (s != null && s.isRegularFile()) {
                return new Located(Folds.slash(path), s, false);
            }
            return new Located(path, a, true);
        }
        Path transit = Folds.transitDir(bucketDir, key).resolve(Folds.TRANSIT);
        for (int pass = 0; pass < ATTEMPTS; pass++) {
            BasicFileAttributes a = StampedAttributes.lstat(path); // with the ctime, for kept attributes
            if (a != null && a.isRegularFile()) {
                return new Located(path, a, false);
            }
            if (a != null && !a.isDirectory()) {
                throw ObjectReader.noSuchKey(); // a symlink or a device is no object
            }
            if (a != null) {
                BasicFileAttributes s = Fs.lstat(Folds.self(path));
                if (s != null && s.isRegularFile()) {
                    return new Located(Folds.self(path), s, false);
                }
            }
            BasicFileAttributes t = Fs.lstat(transit);
            if (t != null && t.isRegularFile()) {
                return new Located(transit, t, false);
            }
            Path folding = Folds.self(transit.resolveSibling(Folds.FOLDED_DIR));
            BasicFileAttributes f = Fs.lstat(folding);
            if (f != null && f.isRegularFile()) {
                return new Located(folding, f, false);
            }
            if (a != null) {
                // the looks follow a fold's path (p, T, self) and an unfold's backwards: a fold that
                // moved T into self between them is found here, an unfold by p's kind changing
                BasicFileAttributes s = Fs.lstat(Folds.self(path));
                if (s != null && s.isRegularFile()) {
                    return new Located(Folds.self(path), s, false);
                }
            }
            BasicFileAttributes again = Fs.lstat(path);
            if (sameKind(a, again) && Fs.lstat(transit.getParent()) == null) {
                // nothing moved before our eyes; a move between the looks is waited for and looked at again
                Located under = lookUnderLock(bucketDir, key, path);
                if (under == null) {
                    throw ObjectReader.noSuchKey();
                }
                return under;
            }
            awaitMover(bucketDir, key);
        }
        throw new S3Exception(S3Error.SERVICE_UNAVAILABLE, "The object kept moving while it was being read; retry.");
    }

    private static boolean sameKind(BasicFileAttributes a, BasicFileAttributes b) {
        return a == null ? b == null : b != null && a.isDirectory() == b.isDirectory();
    }

    /**
     * Waits for a fold or unfold of the key to finish (takes and drops its lock).
     *
     * @return false when no lock could be taken (a read-only tree, where nobody folds), or this thread holds it
     */
    private boolean awaitMover(Path bucketDir, String key) throws IOException {
        if (FoldLocks.holding()) {
            return false;
        }
        try (KeyLocks.Held held = locks.lock(bucketDir, key)) {
            return true; // the holder has finished its moves
        } catch (java.nio.file.FileSystemException e) {
            if (!FoldLocks.readOnly(e)) {
                throw e;
            }
            return false;
        }
    }

    /**
     * The key's data looked for while no fold or unfold of it runs (its lock held): where a kill
     * left it, or nowhere. Null when there is none.
     */
    Located lookUnderLock(Path bucketDir, String key, Path path) throws IOException {
        if (FoldLocks.holding()) {
            return look(bucketDir, key, path); // this thread's own move is not under way
        }
        try (KeyLocks.Held held = locks.lock(bucketDir, key)) {
            return look(bucketDir, key, path);
        } catch (java.nio.file.FileSystemException e) {
            if (!FoldLocks.readOnly(e)) {
                throw e;
            }
            return look(bucketDir, key, path); // no lock to be had: nobody folds here
        }
    }

    private static Located look(Path bucketDir, String key, Path path) throws IOException {
        Path dir = Folds.transitDir(bucketDir, key);
        for (Path c : new Path[] {
            path, Folds.self(path), dir.resolve(Folds.TRANSIT), Folds.self(dir.resolve(Folds.FOLDED_DIR))
        }) {
            BasicFileAttributes a = Fs.lstat(c);
            if (a != null && a.isRegularFile()) {
                return new Located(c, a, false);
            }
        }
        return null;
    }

    /**
     * Whether the directory {@code dir}, seen (as {@code seen}) without a {@code .sgwtmp}, may be
     * where the key {@code p}'s data is being moved: a fold or unfold of {@code p} is under way (its
     * data then is in transit, and a write under {@code p/} may have made {@code dir} meanwhile), or
     * one finished since the look at {@code .sgwtmp} ({@code p} is then another directory or the
     * key's file, or this directory has its {@code .sgwtmp} now). False for a plain prefix.
     */
    boolean mayBeMoving(Path bucketDir, String key, Path dir, BasicFileAttributes seen) throws IOException {
        if (inTransit(bucketDir, key)) {
            return true;
        }
        BasicFileAttributes now = Fs.lstat(dir);
        if (now == null
                || !now.isDirectory()
                || now.isSymbolicLink()
                || !java.util.Objects.equals(now.fileKey(), seen.fileKey())) {
            return true;
        }
        return Fs.lstat(dir.resolve(PathResolver.STAGING)) != null;
    }

    /**
     * How many times folds and unfolds began or ended in the bucket ({@link Folds#MOVES}'s size
     * and inode; empty when none did for an hour): equal before and after a read of a directory, no move ran meanwhile
     * that the read's look at the transits ({@link #inFlightNames}) did not see under way.
     */
    static Object moves(Path bucketDir) throws IOException {
        BasicFileAttributes a = Fs.lstat(Folds.moves(bucketDir));
        // the file too: the sweep removes it after an hour without moves, and a new one may reach the old size
        return a == null ? List.of() : List.of(String.valueOf(a.fileKey()), a.size());
    }

    /** Whether a plain-key delete must look further than the plain file: a transit file exists. */
    static boolean inTransit(Path bucketDir, String key) throws IOException {
        return Fs.lstat(Folds.transitDir(bucketDir, key)) != null;
    }

    /**
     * The names, in the directory of the keys starting with {@code rel}, of keys a fold or unfold is
     * moving now (or a kill left in transit): one lstat when there are none.
     */
    List<String> inFlightNames(Path bucketDir, String rel, String namePrefix) throws IOException {
        Path root = PathResolver.staging(bucketDir).resolve(Folds.FOLD);
        if (Fs.lstat(root) == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(root)) {
            for (Path d : ds) {
                String key;
                try {
                    key = new String(Files.readAllBytes(d.resolve(Folds.TRANSIT_KEY)), StandardCharsets.UTF_8);
                } catch (NoSuchFileException | java.nio.file.NotDirectoryException none) {
                    continue;
                }
                if (key.startsWith(rel)) {
                    String n = key.substring(rel.length());
                    if (!n.isEmpty() && n.indexOf('/') < 0 && n.startsWith(namePrefix)) {
                        out.add(n);
                    }
                }
            }
        } catch (NoSuchFileException none) {
            return List.of();
        }
        return out;
    }
}
