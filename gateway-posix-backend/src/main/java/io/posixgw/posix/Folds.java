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
 * exactly one of {@code p}, {@code T} and {@code p/.sgwtmp/self}; {@link #locate} looks in all
 * three, and {@link #settle} (by the next holder of the lock, and by the sweep) finishes the job.
 */
final class Folds {
    static final String SELF = "self";
    static final String SLASH = "slash";
    static final String FOLD = "fold";
    static final String TRANSIT = "T";
    static final String TRANSIT_KEY = "T.key";
    private static final int ATTEMPTS = 16;

    /** Test points between the steps of a fold or an unfold: a test throws to stop there (a kill). */
    interface Hooks {
        Hooks NONE = new Hooks() {};

        default void step(String name) throws IOException {}
    }

    private final MetadataStore store;
    private final Committer committer;
    private final KeyLocks locks = new KeyLocks(KeyLocks.Domain.FOLDS);
    private volatile Hooks hooks = Hooks.NONE;

    Folds(MetadataStore store, Committer committer) {
        this.store = store;
        this.committer = committer;
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

    /** The key's fold lock: its own lock file (the NUL keeps its name apart from every key's, which has none). */
    KeyLocks.Held lock(Path bucketDir, String key) throws IOException {
        KeyLocks.Held held = locks.lock(bucketDir, "\u0000fold\u0000" + key);
        HOLDING.set(HOLDING.get() + 1);
        return () -> {
            HOLDING.set(HOLDING.get() - 1);
            held.close();
        };
    }

    /**
     * Fold locks this thread holds: a reader inside a locked write never waits for a mover (it would
     * be itself; and a second lock on a file this JVM holds locked, then closed, drops the first).
     */
    private static final ThreadLocal<Integer> HOLDING = ThreadLocal.withInitial(() -> 0);

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
            BasicFileAttributes s = Fs.lstat(slash(path));
            if (s != null && s.isRegularFile()) {
                return new Located(slash(path), s, false);
            }
            return new Located(path, a, true);
        }
        Path transit = transitDir(bucketDir, key).resolve(TRANSIT);
        for (int pass = 0; pass < ATTEMPTS; pass++) {
            BasicFileAttributes a = Fs.lstat(path);
            if (a != null && a.isRegularFile()) {
                return new Located(path, a, false);
            }
            if (a != null && !a.isDirectory()) {
                throw ObjectReader.noSuchKey(); // a symlink or a device is no object
            }
            if (a != null) {
                BasicFileAttributes s = Fs.lstat(self(path));
                if (s != null && s.isRegularFile()) {
                    return new Located(self(path), s, false);
                }
            }
            BasicFileAttributes t = Fs.lstat(transit);
            if (t != null && t.isRegularFile()) {
                return new Located(transit, t, false);
            }
            if (a != null) {
                // the looks follow a fold's path (p, T, self) and an unfold's backwards: a fold that
                // moved T into self between them is found here, an unfold by p's kind changing
                BasicFileAttributes s = Fs.lstat(self(path));
                if (s != null && s.isRegularFile()) {
                    return new Located(self(path), s, false);
                }
            }
            BasicFileAttributes again = Fs.lstat(path);
            boolean moving = Fs.lstat(transit.getParent()) != null;
            if (!moving && sameKind(a, again)) {
                throw ObjectReader.noSuchKey();
            }
            awaitMover(bucketDir, key);
        }
        throw new S3Exception(S3Error.SERVICE_UNAVAILABLE, "The object kept moving while it was being read; retry.");
    }

    private static boolean sameKind(BasicFileAttributes a, BasicFileAttributes b) {
        return a == null ? b == null : b != null && a.isDirectory() == b.isDirectory();
    }

    /** Waits for a fold or unfold of the key to finish (takes and drops its lock); a read-only tree has none. */
    private void awaitMover(Path bucketDir, String key) throws IOException {
        if (HOLDING.get() > 0) {
            return;
        }
        try (KeyLocks.Held held = lock(bucketDir, key)) {
            // nothing: the holder has finished its moves
        } catch (java.nio.file.AccessDeniedException readOnly) {
            // no lock file can be made: nobody folds here
        } catch (java.nio.file.FileSystemException e) {
            if (e.getReason() == null || !e.getReason().contains("Read-only")) {
                throw e;
            }
        }
    }

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
        try {
            return PathResolver.requireWritableParents(bucketDir, target);
        } catch (S3Exception e) {
            if (e.error() == S3Error.OBJECT_PARENT_IS_FILE) {
                return null;
            }
            throw e;
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
            try (KeyLocks.Held held = lock(bucketDir, key)) {
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
     * Folds the plain file {@code p}: {@code p} → {@code T}, mkdir {@code p}, {@code T} →
     * {@code p/.sgwtmp/self}. A newer file published at {@code p} meanwhile wins over the one in
     * transit (the caller folds again).
     */
    void fold(Path bucketDir, Path p) throws IOException {
        String key = keyOf(bucketDir, p);
        try (KeyLocks.Held held = lock(bucketDir, key)) {
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
            Path t = dir.resolve(TRANSIT);
            beginTransit(bucketDir, dir, key);
            hooks.step("fold:key");
            move(bucketDir, p, t, p, changed);
            hooks.step("fold:out");
            if (!makeDirectory(p)) {
                discard(t); // a newer p was published meanwhile: the one in transit is superseded
                endTransit(dir);
                return;
            }
            changed.add(p.getParent());
            hooks.step("fold:dir");
            Fs.createDirectoriesBelow(p, p.resolve(PathResolver.STAGING));
            changed.add(p);
            move(bucketDir, t, self(p), self(p), changed);
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

    /** mkdir; false when a regular file took the name first. */
    private static boolean makeDirectory(Path p) throws IOException {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            try {
                Files.createDirectory(p);
                return true;
            } catch (FileAlreadyExistsException e) {
                BasicFileAttributes b = Fs.lstat(p);
                if (b == null) {
                    continue;
                }
                if (b.isDirectory() && !b.isSymbolicLink()) {
                    return true;
                }
                return false;
            }
        }
        throw new S3Exception(S3Error.SERVICE_UNAVAILABLE, "The key's directory keeps disappearing; retry.");
    }

    /**
     * Unfolds {@code p} when nothing but its own data is left in it: {@code p/.sgwtmp/self} →
     * {@code T}, rmdir {@code p/.sgwtmp} and {@code p}, {@code T} → {@code p} (a link: a newer
     * plain file at {@code p} is kept). A key written under {@code p/} meanwhile puts it back.
     */
    void unfold(Path bucketDir, Path p) throws IOException {
        String key = keyOf(bucketDir, p);
        try (KeyLocks.Held held = lock(bucketDir, key)) {
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
        Path staging = p.resolve(PathResolver.STAGING);
        if (!Fs.removeIfEmpty(staging)) {
            putBack(bucketDir, t, p, changed); // a key p/ with data arrived meanwhile
            endTransit(dir);
            return;
        }
        store.prunedDirectory(staging);
        hooks.step("unfold:staging");
        if (!Fs.removeIfEmpty(p)) {
            putBack(bucketDir, t, p, changed); // a key under p/ arrived meanwhile
            endTransit(dir);
            return;
        }
        store.prunedDirectory(p);
        changed.add(p.getParent());
        hooks.step("unfold:dir");
        if (!linkIn(bucketDir, t, p, changed)) {
            putBack(bucketDir, t, p, changed);
        }
        hooks.step("unfold:in");
        endTransit(dir);
        sync(changed);
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
     * Finishes a fold or unfold a kill interrupted (under the key's fold lock): the transit file
     * goes to {@code p/.sgwtmp/self} when keys remain under {@code p/}, to {@code p} when nothing
     * does, and is dropped when a newer plain file holds {@code p}.
     */
    void settle(Path bucketDir, String key, Path p) throws IOException {
        Path dir = transitDir(bucketDir, key);
        if (Fs.lstat(dir) == null) {
            return;
        }
        Path t = dir.resolve(TRANSIT);
        BasicFileAttributes ta = Fs.lstat(t);
        Set<Path> changed = new LinkedHashSet<>();
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
        if (holdsOnly(d, null)) {
            if (Fs.removeIfEmpty(staging)) {
                store.prunedDirectory(staging);
            }
            return Fs.removeIfEmpty(d) ? Tidied.REMOVED : Tidied.KEPT;
        }
        if (holdsOnly(d, SELF)) {
            unfold(bucketDir, d);
            BasicFileAttributes a = Fs.lstat(d);
            return a != null && a.isRegularFile() ? Tidied.UNFOLDED : Tidied.KEPT;
        }
        return Tidied.KEPT;
    }

    /**
     * DeleteObject of a plain key that is not a plain file now: its folded data (or a transit
     * file) is removed under the key's fold lock.
     *
     * @return the directory to prune from, {@code key}'s own path when the plain file is back
     *         (the caller deletes it as usual), or null when there was nothing
     */
    Path deleteFolded(Path bucketDir, String key, Path p) throws IOException {
        try (KeyLocks.Held held = lock(bucketDir, key)) {
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

    /** Whether a plain-key delete must look further than the plain file: a transit file exists. */
    static boolean inTransit(Path bucketDir, String key) throws IOException {
        return Fs.lstat(transitDir(bucketDir, key)) != null;
    }

    /** Removes {@code p/.sgwtmp/slash} (DeleteObject of {@code p/}); false when there is none. */
    boolean deleteSlash(Path p) throws IOException {
        Path s = slash(p);
        BasicFileAttributes a = Fs.lstat(s);
        if (a == null || !a.isRegularFile()) {
            return false;
        }
        unlink(s);
        if (Fs.removeIfEmpty(s.getParent())) {
            store.prunedDirectory(s.getParent());
        }
        committer.syncDir(p);
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
    }

    private static void endTransit(Path dir) throws IOException {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path c : ds) {
                if (!c.getFileName().toString().equals(TRANSIT)) {
                    Files.deleteIfExists(c);
                }
            }
        } catch (NoSuchFileException gone) {
            return;
        }
        Fs.removeIfEmpty(dir);
        Fs.removeIfEmpty(dir.getParent()); // no fold under way: a listing's look for one is one lstat
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
        } catch (java.nio.file.AccessDeniedException readOnly) {
            // nobody folds here
        } catch (java.nio.file.FileSystemException e) {
            if (e.getReason() == null || !e.getReason().contains("Read-only")) {
                throw e;
            }
        }
    }

    /**
     * For a listing's walk that found the directory {@code p} with a {@code .sgwtmp} but neither of
     * its files, or a listed name gone: when a fold or unfold of the key is under way, waits for it.
     *
     * @return whether one was
     */
    boolean awaitedMove(Path bucketDir, String key) throws IOException {
        if (!inTransit(bucketDir, key)) {
            return false;
        }
        awaitMover(bucketDir, key);
        return true;
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
                if (Fs.lstat(d.resolve(TRANSIT)) == null) {
                    endTransit(d); // killed before anything moved
                }
                continue;
            }
            String key = new String(k, StandardCharsets.UTF_8);
            if (!d.getFileName().toString().equals(Fs.sha256Hex(key))) {
                continue; // not ours
            }
            try (KeyLocks.Held held = lock(bucketDir, key)) {
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
