package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.names.ObjectKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Keys a plain file tree cannot hold, which S3 can: a key {@code p} while keys under {@code p/}
 * exist (a "folded" key), and a key {@code p/} with data. Only these take another layout; every
 * other key stays a plain file as versitygw writes it.
 *
 * <ul>
 * <li>A folded key {@code p}: {@code p} is a directory, the key's data the file
 * {@code p/.sgwtmp/self} (its attributes with it: xattrs on that file, or its sidecar node).
 * <li>A key {@code p/} with data: the file {@code p/.sgwtmp/slash}; an empty {@code p/} stays
 * versitygw's directory object.
 * </ul>
 *
 * {@code .sgwtmp} is versitygw's temp directory name, which its listings skip: versitygw does
 * not see these objects and is not confused by them.
 *
 * <p>Folding (a write under {@code p/} while {@code p} is a file) and unfolding (the last key
 * under {@code p/} deleted while {@code p/.sgwtmp/self} exists) move the object through the
 * transit file {@code <bucket>/.sgwtmp/fold/<sha256(p)>/T} (with {@code T.key} naming the key),
 * under the key's fold lock (a record lock, across gateways). Every step is a rename (or a link
 * where a newer plain file must not be replaced), so a kill at any point leaves the object in
 * exactly one of {@code p}, {@code T} and {@code p/.sgwtmp/self}; {@link FoldLookup#locate} looks in all
 * three, and {@link #settle} (by the next holder of the lock, and by the sweep) finishes the job.
 */
final class Folds {
    static final String SELF = "self";
    static final String SLASH = "slash";
    static final String FOLD = "fold";
    /**
     * {@code <bucket>/.sgwtmp/fold-moves}: one byte appended when a fold or unfold begins and when it
     * ends, so that a listing can tell that a move ran while it read a directory (its size changed).
     */
    static final String MOVES = "fold-moves";

    static final String TRANSIT = "T";
    static final String TRANSIT_KEY = "T.key";
    /** A fold's directory being made: {@code D/.sgwtmp/self}, renamed to {@code p} whole. */
    static final String FOLDED_DIR = "D";
    /** An unfold's directory moved away from {@code p}. */
    static final String UNFOLDED_DIR = "P";

    private static final int ATTEMPTS = 16;
    /** A transit directory without its T.key is a kill's leftover once this old (before, a fold is writing it). */
    private static final java.time.Duration KEYLESS_AGE = java.time.Duration.ofMinutes(10);

    /** Test points between the steps of a fold or an unfold: a test throws to stop there (a kill). */
    interface Hooks {
        Hooks NONE = new Hooks() {};

        default void step(String name) throws IOException {}
    }

    private final MetadataStore store;
    private final Committer committer;
    private final FoldLocks locks;
    private volatile Hooks hooks = Hooks.NONE;

    Folds(MetadataStore store, Committer committer, FoldLocks locks) {
        this.store = store;
        this.committer = committer;
        this.locks = locks;
    }

    void hooks(Hooks h) {
        this.hooks = h;
    }

    static Path self(Path dir) {
        return dir.resolve(PathResolver.STAGING).resolve(SELF);
    }

    static Path slash(Path dir) {
        return dir.resolve(PathResolver.STAGING).resolve(SLASH);
    }

    static Path transitDir(Path bucketDir, String key) {
        return PathResolver.staging(bucketDir).resolve(FOLD).resolve(Fs.sha256Hex(key));
    }

    /** The key of the plain path {@code p} inside the bucket. */
    static String keyOf(Path bucketDir, Path p) {
        return bucketDir.relativize(p).toString();
    }

    /**
     * The slots of the fold locks in the data root's {@code .posixgw-bucket-locks}, above the bucket
     * names' ({@code [0, 2^20)}) and the bucket writers' ({@code [2^20, 2^21)}).
     */
    /** A publication of staged data onto {@code target} ({@link ConditionalPublisher}'s steps). */
    interface Publication {
        void at(Path target, Path firstMissing) throws IOException;
    }

    /**
     * Versioned buckets keep a key's versions by its plain path (versitygw's layout): a key that
     * needs a folded layout there is refused, never stored half-way.
     */
    static S3Exception refusedVersioned() {
        return new S3Exception(
                S3Error.NOT_IMPLEMENTED,
                "A key that is also a prefix of other keys (a and a/b), or a key ending in '/' with data, is not"
                        + " supported in a bucket with versioning.");
    }

    /** The two answers of a publication that the plain layout cannot hold. */
    static boolean isLayoutConflict(S3Exception e) {
        return e.error() == S3Error.OBJECT_PARENT_IS_FILE || e.error() == S3Error.EXISTING_OBJECT_IS_DIRECTORY;
    }

    /**
     * For writes: the highest missing directory of the key, as {@link PathResolver#requireWritableParents}
     * answers it, but a file among the parents is no refusal (it is folded at the publication): null then.
     */
    static Path writableParents(Path bucketDir, Path target) throws IOException {
        for (int attempt = 0; ; attempt++) {
            try {
                return PathResolver.requireWritableParents(bucketDir, target);
            } catch (S3Exception e) {
                // a regular file is folded; a symlink (firstFileAbove throws) is never written through
                if (e.error() != S3Error.OBJECT_PARENT_IS_FILE) {
                    throw e;
                }
                if (firstFileAbove(bucketDir, target) != null) {
                    return null;
                }
                if (attempt >= ATTEMPTS) {
                    throw e;
                }
                // no file above any more: folded meanwhile (by another write), the parents looked at again
            }
        }
    }

    /**
     * Publishes the key's staged data where the layout wants it: a key ending in {@code /} at
     * {@code p/.sgwtmp/slash}; any other key at its plain path, unless that is a directory
     * (then at {@code p/.sgwtmp/self}, under the key's fold lock). A file in the way among the
     * parents is folded first.
     */
    void publish(Path bucketDir, String key, Path target, Path firstMissing, Publication p) throws IOException {
        boolean dirKey = ObjectKeys.isDirectoryKey(key);
        Path missing = firstMissing;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Path at = dirKey ? slash(target) : target;
            try {
                p.at(at, dirKey ? null : missing);
                return;
            } catch (S3Exception e) {
                if (!isLayoutConflict(e)) {
                    throw e;
                }
            } catch (java.nio.file.FileSystemException e) {
                if (!Fs.isNotDirectory(e)) {
                    throw e; // ENOTDIR: a directory on the way became a file (unfolded) after the rename's look
                }
            }
            missing = null;
            Path blocker = firstFileAbove(bucketDir, at);
            if (blocker != null) {
                fold(bucketDir, blocker);
                continue;
            }
            if (dirKey) {
                continue; // the way was cleared meanwhile
            }
            try (KeyLocks.Held held = locks.lock(bucketDir, key)) {
                settle(bucketDir, key, target);
                BasicFileAttributes a = Fs.lstat(target);
                if (a != null && a.isDirectory() && !a.isSymbolicLink()) {
                    Fs.createDirectoriesBelow(target, target.resolve(PathResolver.STAGING));
                    p.at(self(target), null);
                    return;
                }
            }
        }
        throw new S3Exception(S3Error.SERVICE_UNAVAILABLE, "The key's layout kept changing; retry.");
    }

    /**
     * The first regular file among the directories above {@code path} (from the bucket down), or null.
     *
     * @throws S3Exception ObjectParentIsFile for a symlink or another non-directory there
     */
    static Path firstFileAbove(Path bucketDir, Path path) throws IOException {
        Path parent = path.getParent();
        if (parent == null || !parent.startsWith(bucketDir) || parent.equals(bucketDir)) {
            return null;
        }
        List<Path> down = new ArrayList<>();
        for (Path d = parent; !d.equals(bucketDir); d = d.getParent()) {
            down.add(0, d);
        }
        for (Path d : down) {
            BasicFileAttributes a = Fs.lstat(d);
            if (a == null) {
                return null;
            }
            if (a.isRegularFile()) {
                return d;
            }
            if (!a.isDirectory() || a.isSymbolicLink()) {
                throw S3Error.OBJECT_PARENT_IS_FILE.exception();
            }
        }
        return null;
    }

    /**
     * Folds the plain file {@code p}: the directory it becomes is made in transit ({@code D}, with
     * {@code D/.sgwtmp}), {@code p} is renamed to {@code D/.sgwtmp/self}, then {@code D} to
     * {@code p}: {@code p} goes from file to (briefly) nothing to a directory holding its data, never
     * to a directory without it. A newer file published at {@code p} meanwhile wins over the one in
     * transit (the caller folds again); a directory made there meanwhile receives the data.
     */
    void fold(Path bucketDir, Path p) throws IOException {
        String key = keyOf(bucketDir, p);
        try (KeyLocks.Held held = locks.lock(bucketDir, key)) {
            settle(bucketDir, key, p);
            BasicFileAttributes a = Fs.lstat(p);
            if (a == null || (a.isDirectory() && !a.isSymbolicLink())) {
                return;
            }
            if (!a.isRegularFile()) {
                throw S3Error.OBJECT_PARENT_IS_FILE.exception();
            }
            Set<Path> changed = new LinkedHashSet<>();
            Path dir = transitDir(bucketDir, key);
            beginTransit(bucketDir, dir, key);
            Path d = dir.resolve(FOLDED_DIR);
            Fs.createDirectoriesBelow(dir, d.resolve(PathResolver.STAGING));
            hooks.step("fold:key");
            move(bucketDir, p, self(d), p, changed);
            hooks.step("fold:out");
            placeFolded(bucketDir, d, p, changed);
            hooks.step("fold:in");
            endTransit(dir);
            sync(changed);
        }
    }

    /** fsync of the directories whose entries changed, those that are still directories (an unfold turns one into a file). */
    private void sync(Set<Path> changed) throws IOException {
        if (!committer.fsync()) {
            return;
        }
        Set<Path> dirs = new LinkedHashSet<>();
        for (Path d : changed) {
            BasicFileAttributes a = Fs.lstat(d);
            if (a != null && a.isDirectory()) {
                dirs.add(d);
            }
        }
        committer.syncDirs(dirs);
    }

    /** The transit directory {@code D} (holding {@code D/.sgwtmp/self}) into place at {@code p}. */
    private void placeFolded(Path bucketDir, Path d, Path p, Set<Path> changed) throws IOException {
        java.util.concurrent.locks.Lock local = store.publishLock(self(p));
        boolean placed = false;
        try (KeyLocks.Held writing = committer.writing(bucketDir);
                KeyLocks.Held across = store.lockPublication(self(p))) {
            local.lock();
            try {
                Files.move(d, p, StandardCopyOption.ATOMIC_MOVE); // also over an empty directory made meanwhile
                store.moved(self(d), self(p)); // the data's own attributes only: p's node may hold its keys'
                placed = true;
            } catch (java.nio.file.FileSystemException taken) {
                // p is a file again (a newer object) or a directory with keys: handled below
            } finally {
                local.unlock();
            }
        }
        if (placed) {
            changed.add(p.getParent());
            changed.add(p);
            return;
        }
        BasicFileAttributes a = Fs.lstat(p);
        if (a != null && a.isDirectory() && !a.isSymbolicLink()) {
            Fs.createDirectoriesBelow(bucketDir, p.resolve(PathResolver.STAGING));
            move(bucketDir, self(d), self(p), self(p), changed);
        } else if (a != null && a.isRegularFile()) {
            discard(self(d)); // superseded by the newer p
        } else {
            placeFolded(bucketDir, d, p, changed); // gone again: once more
        }
    }

    /**
     * Unfolds {@code p} when nothing but its own data is left in it: {@code p/.sgwtmp/self} →
     * {@code T}; the directory {@code p} (with its empty {@code .sgwtmp}) renamed into transit, so
     * that {@code p} is never a directory without its marker; {@code T} → {@code p} (a link: a newer
     * plain file at {@code p} is kept). A key written under {@code p/} meanwhile puts it back.
     */
    void unfold(Path bucketDir, Path p) throws IOException {
        String key = keyOf(bucketDir, p);
        try (KeyLocks.Held held = locks.lock(bucketDir, key)) {
            settle(bucketDir, key, p);
            unfoldHeld(bucketDir, key, p);
        }
    }

    /** {@link #unfold} under the key's fold lock. */
    private void unfoldHeld(Path bucketDir, String key, Path p) throws IOException {
        if (!holdsOnly(p, SELF)) {
            return;
        }
        Set<Path> changed = new LinkedHashSet<>();
        Path dir = transitDir(bucketDir, key);
        Path t = dir.resolve(TRANSIT);
        beginTransit(bucketDir, dir, key);
        hooks.step("unfold:key");
        move(bucketDir, self(p), t, self(p), changed);
        hooks.step("unfold:out");
        Path old = dir.resolve(UNFOLDED_DIR);
        Files.move(p, old, StandardCopyOption.ATOMIC_MOVE);
        changed.add(p.getParent());
        hooks.step("unfold:dir");
        if (!restoreKeys(bucketDir, old, p)) {
            putBack(bucketDir, t, p, changed); // keys under p/ arrived meanwhile
        } else if (!linkIn(bucketDir, t, p, changed)) {
            putBack(bucketDir, t, p, changed);
        }
        hooks.step("unfold:in");
        endTransit(dir);
        sync(changed);
    }

    /**
     * The directory an unfold moved away ({@code P}): when keys arrived in it before the move, it
     * goes back to {@code p} (merged into one made there since), else it is removed.
     *
     * @return whether it held nothing but an empty {@code .sgwtmp} (and is gone)
     */
    private boolean restoreKeys(Path bucketDir, Path old, Path p) throws IOException {
        BasicFileAttributes a = Fs.lstat(old);
        if (a == null) {
            return true;
        }
        if (holdsOnly(old, null) || names(old).isEmpty()) {
            Fs.removeIfEmpty(old.resolve(PathResolver.STAGING));
            Fs.removeIfEmpty(old);
            return true;
        }
        merge(bucketDir, old, p);
        return false;
    }

    /** Moves what {@code from} holds into {@code to} (made when missing); a name {@code to} has already is newer and stays. */
    private void merge(Path bucketDir, Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
            return;
        } catch (java.nio.file.FileSystemException taken) {
            // to exists: entry by entry
        }
        BasicFileAttributes t = Fs.lstat(to);
        if (t == null || !t.isDirectory() || t.isSymbolicLink()) {
            Fs.deleteTree(from); // a file took the name: the prefix's keys lost to a newer object
            return;
        }
        for (String n : names(from)) {
            Path src = from.resolve(n);
            Path dst = to.resolve(n);
            BasicFileAttributes sa = Fs.lstat(src);
            if (sa != null && sa.isDirectory() && !sa.isSymbolicLink()) {
                merge(bucketDir, src, dst);
            } else if (Fs.lstat(dst) == null) {
                try {
                    Files.createLink(dst, src); // never over a newer name
                    Files.delete(src);
                } catch (FileAlreadyExistsException newer) {
                    Files.delete(src);
                }
            } else {
                Files.delete(src);
            }
        }
        Fs.removeIfEmpty(from);
    }

    /** The transit file back into {@code p/.sgwtmp/self}, or dropped when a newer plain file holds {@code p}. */
    private void putBack(Path bucketDir, Path t, Path p, Set<Path> changed) throws IOException {
        BasicFileAttributes a = Fs.lstat(p);
        if (a != null && a.isRegularFile()) {
            discard(t);
            return;
        }
        Fs.createDirectoriesBelow(bucketDir, p.resolve(PathResolver.STAGING));
        move(bucketDir, t, self(p), self(p), changed);
    }

    /**
     * Finishes a fold or unfold a kill interrupted (under the key's fold lock). A directory an
     * unfold moved away goes back when keys are in it; a fold's data in {@code D} is taken as in
     * transit. The transit file then goes to {@code p/.sgwtmp/self} when keys remain under
     * {@code p/}, to {@code p} when nothing does, and is dropped when a newer plain file holds
     * {@code p}.
     */
    void settle(Path bucketDir, String key, Path p) throws IOException {
        Path dir = transitDir(bucketDir, key);
        if (Fs.lstat(dir) == null) {
            return;
        }
        Set<Path> changed = new LinkedHashSet<>();
        restoreKeys(bucketDir, dir.resolve(UNFOLDED_DIR), p);
        Path t = dir.resolve(TRANSIT);
        Path d = dir.resolve(FOLDED_DIR);
        BasicFileAttributes da = Fs.lstat(self(d));
        if (da != null && da.isRegularFile() && Fs.lstat(t) == null) {
            move(bucketDir, self(d), t, self(d), changed);
        }
        Fs.removeIfEmpty(d.resolve(PathResolver.STAGING));
        Fs.removeIfEmpty(d);
        BasicFileAttributes ta = Fs.lstat(t);
        if (ta != null) {
            BasicFileAttributes a = Fs.lstat(p);
            if (a != null && a.isRegularFile()) {
                if (ta.fileKey() != null && ta.fileKey().equals(a.fileKey())) {
                    finishLink(t, p); // an unfold's link was made: its attributes and the unlink remain
                } else {
                    discard(t);
                }
            } else if (a != null && a.isDirectory() && !holdsOnly(p, null)) {
                if (Fs.lstat(self(p)) != null) {
                    discard(t); // cannot be newer than what the lock's holders published there
                } else {
                    Fs.createDirectoriesBelow(bucketDir, p.resolve(PathResolver.STAGING));
                    move(bucketDir, t, self(p), self(p), changed);
                }
            } else {
                if (a != null) {
                    Fs.removeIfEmpty(p.resolve(PathResolver.STAGING));
                    Fs.removeIfEmpty(p);
                }
                if (!linkIn(bucketDir, t, p, changed)) {
                    putBack(bucketDir, t, p, changed);
                }
            }
        }
        endTransit(dir);
        sync(changed);
    }

    /**
     * Whether {@code p} is a directory (no directory object) holding nothing but {@code .sgwtmp},
     * which holds only {@code only} (nothing, for null).
     */
    private boolean holdsOnly(Path p, String only) throws IOException {
        BasicFileAttributes a = Fs.lstat(p);
        if (a == null || !a.isDirectory() || a.isSymbolicLink()) {
            return false;
        }
        try {
            if (store.has(p, AttrNames.ETAG)) {
                return false;
            }
        } catch (NoSuchFileException gone) {
            return false;
        }
        List<String> top = names(p);
        if (top.isEmpty()) {
            return only == null;
        }
        if (!top.equals(List.of(PathResolver.STAGING))) {
            return false;
        }
        List<String> inside = names(p.resolve(PathResolver.STAGING));
        return only == null ? inside.isEmpty() : inside.equals(List.of(only));
    }

    private static List<String> names(Path dir) throws IOException {
        List<String> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path c : ds) {
                out.add(c.getFileName().toString());
            }
        } catch (NoSuchFileException | java.nio.file.NotDirectoryException gone) {
            return out;
        }
        return out;
    }

    /** What {@link #tidy} did with a directory. */
    enum Tidied {
        /** Still a directory: entries remain. */
        KEPT,
        /** Removed (it held only an empty {@code .sgwtmp}). */
        REMOVED,
        /** Its folded key's data is its plain file again. */
        UNFOLDED
    }

    /**
     * A directory {@code d} that the pruning of empty prefixes could not remove: removes an empty
     * {@code d/.sgwtmp} (then {@code d}), or unfolds {@code d} when its own data is all that is left.
     */
    Tidied tidy(Path bucketDir, Path d) throws IOException {
        Path staging = d.resolve(PathResolver.STAGING);
        BasicFileAttributes st = Fs.lstat(staging);
        if (st == null || !st.isDirectory() || st.isSymbolicLink()) {
            return Tidied.KEPT;
        }
        String key = keyOf(bucketDir, d);
        try (KeyLocks.Held held = locks.lock(bucketDir, key)) { // a .sgwtmp only an unfold may be emptying
            settle(bucketDir, key, d);
            if (holdsOnly(d, null)) {
                if (Fs.removeIfEmpty(staging)) {
                    store.prunedDirectory(staging);
                }
                return Fs.removeIfEmpty(d) ? Tidied.REMOVED : Tidied.KEPT;
            }
            if (holdsOnly(d, SELF)) {
                unfoldHeld(bucketDir, key, d);
                BasicFileAttributes a = Fs.lstat(d);
                return a != null && a.isRegularFile() ? Tidied.UNFOLDED : Tidied.KEPT;
            }
            return Tidied.KEPT;
        }
    }

    /**
     * DeleteObject of a plain key that is not a plain file now: its folded data (or a transit
     * file) is removed under the key's fold lock.
     *
     * @return the directory to prune from, {@code key}'s own path when the plain file is back
     *         (the caller deletes it as usual), or null when there was nothing
     */
    Path deleteFolded(Path bucketDir, String key, Path p) throws IOException {
        try (KeyLocks.Held held = locks.lock(bucketDir, key)) {
            settle(bucketDir, key, p);
            BasicFileAttributes a = Fs.lstat(p);
            if (a != null && a.isRegularFile()) {
                return p;
            }
            if (a == null || !a.isDirectory() || a.isSymbolicLink()) {
                return null;
            }
            Path s = self(p);
            BasicFileAttributes sa = Fs.lstat(s);
            if (sa == null || !sa.isRegularFile()) {
                return null;
            }
            unlink(s);
            if (Fs.removeIfEmpty(s.getParent())) {
                store.prunedDirectory(s.getParent());
            }
            committer.syncDir(p);
            return s.getParent();
        }
    }

    /** The fold lock of the key named by the directory {@code dir} (of {@code p} for {@code p/}). */
    KeyLocks.Held lockKey(Path bucketDir, Path dir) throws IOException {
        return locks.lock(bucketDir, keyOf(bucketDir, dir));
    }

    /** Removes {@code p/.sgwtmp/slash} (DeleteObject of {@code p/}); false when there is none. */
    boolean deleteSlash(Path p) throws IOException {
        Path s = slash(p);
        BasicFileAttributes a = Fs.lstat(s);
        if (a == null || !a.isRegularFile()) {
            return false;
        }
        unlink(s);
        sync(new LinkedHashSet<>(List.of(s.getParent()))); // an empty .sgwtmp is left to the pruning (tidy)
        return true;
    }

    /** The unlink of an object file with its attributes, as ObjectRemover does it. */
    private void unlink(Path file) throws IOException {
        try (KeyLocks.Held across = store.lockPublication(file)) {
            try {
                Files.delete(file);
            } catch (NoSuchFileException gone) {
                return;
            }
            store.deleted(file);
        }
    }

    private void beginTransit(Path bucketDir, Path dir, String key) throws IOException {
        Fs.createDirectoriesBelow(bucketDir, dir);
        Path k = dir.resolve(TRANSIT_KEY);
        Path tmp = dir.resolve(TRANSIT_KEY + "." + Fs.randomHex());
        Files.write(tmp, key.getBytes(StandardCharsets.UTF_8));
        Files.move(tmp, k, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        countMove(bucketDir); // after T.key: a listing that sees no change saw this move's T.key or no move
    }

    private static void endTransit(Path dir) throws IOException {
        if (Fs.lstat(dir) == null) {
            return;
        }
        countMove(dir.getParent().getParent().getParent()); // before T.key goes
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path c : ds) {
                String n = c.getFileName().toString();
                if (n.equals(FOLDED_DIR) || n.equals(UNFOLDED_DIR)) {
                    Fs.removeIfEmpty(c.resolve(PathResolver.STAGING));
                    Fs.removeIfEmpty(c);
                } else if (!n.equals(TRANSIT)) {
                    Files.deleteIfExists(c);
                }
            }
        } catch (NoSuchFileException gone) {
            return;
        }
        Fs.removeIfEmpty(dir);
        Fs.removeIfEmpty(dir.getParent()); // no fold under way: a listing's look for one is one lstat
    }

    /** One byte onto {@link #MOVES} (O_APPEND: writers of any gateway never undo each other's count). */
    private static void countMove(Path bucketDir) throws IOException {
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(
                moves(bucketDir),
                java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.WRITE,
                java.nio.file.StandardOpenOption.APPEND)) {
            ch.write(java.nio.ByteBuffer.wrap(new byte[] {'.'}));
        }
    }

    static Path moves(Path bucketDir) {
        return PathResolver.staging(bucketDir).resolve(MOVES);
    }

    /** A rename of an object's file with its attributes, under the publication lock of {@code public_}. */
    private void move(Path bucketDir, Path from, Path to, Path public_, Set<Path> changed) throws IOException {
        java.util.concurrent.locks.Lock local = store.publishLock(public_);
        try (KeyLocks.Held writing = committer.writing(bucketDir);
                KeyLocks.Held across = store.lockPublication(public_)) {
            local.lock();
            try {
                Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
                store.moved(from, to);
            } finally {
                local.unlock();
            }
        }
        changed.add(from.getParent());
        changed.add(to.getParent());
    }

    /**
     * {@code t} into the plain name {@code p}, only where nothing is: a hard link (which fails on
     * an existing name, so a plain PUT of {@code p} landing meanwhile is never replaced by this
     * older data), the attributes, then the unlink of {@code t}.
     *
     * @return false when {@code p} exists
     */
    private boolean linkIn(Path bucketDir, Path t, Path p, Set<Path> changed) throws IOException {
        java.util.concurrent.locks.Lock local = store.publishLock(p);
        try (KeyLocks.Held writing = committer.writing(bucketDir);
                KeyLocks.Held across = store.lockPublication(p)) {
            local.lock();
            try {
                try {
                    Files.createLink(p, t);
                } catch (FileAlreadyExistsException exists) {
                    return false;
                } catch (NoSuchFileException noParent) {
                    Fs.createDirectoriesBelow(bucketDir, p.getParent());
                    try {
                        Files.createLink(p, t);
                    } catch (FileAlreadyExistsException exists) {
                        return false;
                    }
                }
                hooks.step("link");
                finishLink(t, p);
            } finally {
                local.unlock();
            }
        }
        changed.add(p.getParent());
        changed.add(t.getParent());
        return true;
    }

    /** After the link of {@code t} at {@code p}: the attributes follow, then {@code t} goes. */
    private void finishLink(Path t, Path p) throws IOException {
        store.moved(t, p);
        Files.deleteIfExists(t);
    }

    private void discard(Path t) throws IOException {
        try {
            Files.delete(t);
        } catch (NoSuchFileException gone) {
            return;
        }
        store.deleted(t);
    }

    /**
     * Before a listing: transits a kill left are settled (and live folds waited for), so that the
     * walk finds every object in its place. One lstat when there are none; nothing on a read-only tree.
     */
    void settleForListing(Path bucketDir) throws IOException {
        if (Fs.lstat(PathResolver.staging(bucketDir).resolve(FOLD)) == null) {
            return;
        }
        try {
            sweep(bucketDir);
        } catch (java.nio.file.FileSystemException e) {
            if (!FoldLocks.readOnly(e)) {
                throw e;
            }
            // nobody folds here
        }
    }

    /** The sweep: settles every transit a kill left in the bucket, under each key's lock. */
    int sweep(Path bucketDir) throws IOException {
        Path root = PathResolver.staging(bucketDir).resolve(FOLD);
        int settled = 0;
        List<Path> dirs = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(root)) {
            for (Path d : ds) {
                dirs.add(d);
            }
        } catch (NoSuchFileException none) {
            return 0;
        }
        for (Path d : dirs) {
            byte[] k;
            try {
                k = Files.readAllBytes(d.resolve(TRANSIT_KEY));
            } catch (NoSuchFileException none) {
                // made by a fold that is writing its T.key now, or killed before: only an old one is removed
                BasicFileAttributes a = Fs.lstat(d);
                if (a != null
                        && a.lastModifiedTime().toMillis() < System.currentTimeMillis() - KEYLESS_AGE.toMillis()
                        && Fs.lstat(d.resolve(TRANSIT)) == null) {
                    endTransit(d);
                }
                continue;
            }
            String key = new String(k, StandardCharsets.UTF_8);
            if (!d.getFileName().toString().equals(Fs.sha256Hex(key))) {
                continue; // not ours
            }
            try (KeyLocks.Held held = locks.lock(bucketDir, key)) {
                if (Fs.lstat(d) != null) {
                    Path p = bucketDir.resolve(key);
                    settle(bucketDir, key, p);
                    unfoldHeld(bucketDir, key, p); // an unfold killed before its data moved
                    settled++;
                }
            }
        }
        return settled;
    }
}
