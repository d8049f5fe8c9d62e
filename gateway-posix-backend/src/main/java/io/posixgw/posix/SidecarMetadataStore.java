package io.posixgw.posix;

import io.posixgw.core.backend.NonBlocking;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Attributes as files, for file systems without user xattrs (DESIGN §4, versitygw's
 * sidecar layout): the attribute {@code name} of {@code <root>/<bucket>/<key>} is the
 * file {@code <sidecar>/<bucket>/<key>/meta/<name>}; a bucket's are in
 * {@code <sidecar>/<bucket>/meta/<name>}. Each value is written temp + rename. Unlike
 * xattrs the attributes do not follow a rename of the data by themselves:
 * {@link #moved} renames the sidecar directory after the data, so an overwrite is
 * atomic for the bytes but its attributes switch a moment later. Writers of one key in
 * every gateway take turns over those two renames (and over deletes and attribute writes)
 * through {@link #lockPublication}, a record lock in {@value #PUBLISH_LOCKS}.
 *
 * <p>So that the attributes of one version are never served with the bytes of another, the
 * {@code meta/} of a regular file also holds {@value #STAMP}: the inode number, size and mtime
 * of the file the attributes were written for (a rename keeps all three). They belong to the
 * file at the path when the inode matches, or else size and mtime do (a copied tree); otherwise
 * they are another version's: a reader waits a moment if the file was renamed in the last
 * seconds, then treats the object as having none, and the next attribute write drops them.
 * Directories carry no stamp; attributes without one (versitygw's) are trusted. The whole
 * protocol is told in docs/ARCHITECTURE.md ("Sidecar publication").
 */
final class SidecarMetadataStore implements MetadataStore {
    private static final String META = "meta";
    /** The inode, size and mtime of the data the attributes belong to (see the class comment). */
    static final String STAMP = ".ino";
    /**
     * The prefix of a publication's record in the key's {@code meta/}: {@code .pending-<temp file
     * name>} names the staged node where its attributes wait until they are moved in (see
     * {@link #publishing}).
     */
    static final String PENDING = ".pending-";
    /**
     * How long a reader waits at most for a writer (in another gateway) to move a new version's
     * attributes while that writer holds the key's publication lock: 200 ms was too short on
     * GlusterFS under load, where the move's renames are network round trips and a reader then
     * served the new bytes without their attributes. Without a publication under way the reader
     * does not wait.
     */
    static final long MOVE_WAIT_MILLIS = 1000;
    /** How long an attribute write waits for a new version's attributes before it drops a stale stamp's. */
    static final long STAMP_WAIT_MILLIS = 200;
    /**
     * Where replaced and deleted attribute directories are moved before they are removed,
     * under the sidecar root: no bucket is named with a leading dot.
     */
    static final String TRASH = ".trash";
    /**
     * The file in the sidecar root whose record locks are the keys' publication locks across
     * gateways ({@link #lockPublication}): one file, a byte per slot, not a file per key.
     */
    static final String PUBLISH_LOCKS = ".publish-locks";

    private final KeyLocks keyLocks = new KeyLocks(KeyLocks.Domain.PUBLICATIONS);
    private final Path publishLocks;
    private final Path dataRoot;
    private final Path sidecarRoot;
    /** The versioning directory (absolute), or null: its files' attributes live under {@link #versionNodes}. */
    private final Path versionRoot;
    /**
     * Where versitygw keeps the attributes of the versioning directory's files: the sidecar root
     * joined with the directory's absolute path, {@code <sidecar>/<vdir without its leading />/...}
     * (its meta store is handed {@code <vdir>/<bucket>} as the "bucket" of a version and joins it
     * under the sidecar root).
     */
    private final Path versionNodes;

    private final Path trashDir;
    private final DirectorySync dirSync;
    private final FsyncListener fsyncListener;
    /**
     * Publish locks, one per key hash: 1,024, not fewer, because a reader or writer waiting
     * (up to {@link #MOVE_WAIT_MILLIS}) for another gateway's move holds its key's stripe, and
     * with it every other key hashed there (about 48 KiB of locks).
     */
    private final java.util.concurrent.locks.ReentrantLock[] stripes =
            new java.util.concurrent.locks.ReentrantLock[1024];

    /** Attributes without durability (tests of layout and races). */
    SidecarMetadataStore(Path dataRoot, Path sidecarRoot) throws IOException {
        this(dataRoot, sidecarRoot, null, FsyncListener.NONE);
    }

    /**
     * @param dirSync directory fsyncs, or null when {@code --fsync off}: with it every value
     *                file is flushed before its rename, and the directory entries naming the
     *                values and the moved node are flushed before {@link #setAll},
     *                {@link #set} and {@link #moved} return, so an acknowledged object's
     *                attributes survive a power loss like its bytes
     */
    SidecarMetadataStore(Path dataRoot, Path sidecarRoot, DirectorySync dirSync, FsyncListener fsyncListener)
            throws IOException {
        this(dataRoot, sidecarRoot, null, dirSync, fsyncListener);
    }

    /** @param versionRoot the versioning directory, or null when versions are not kept */
    SidecarMetadataStore(
            Path dataRoot, Path sidecarRoot, Path versionRoot, DirectorySync dirSync, FsyncListener fsyncListener)
            throws IOException {
        this.dirSync = dirSync;
        this.fsyncListener = fsyncListener;
        this.dataRoot = dataRoot.toAbsolutePath().normalize();
        this.sidecarRoot = sidecarRoot.toAbsolutePath().normalize();
        if (this.sidecarRoot.startsWith(this.dataRoot) || this.dataRoot.startsWith(this.sidecarRoot)) {
            throw new IllegalArgumentException("the sidecar directory must be outside the data root");
        }
        if (versionRoot != null) {
            this.versionRoot = versionRoot.toAbsolutePath().normalize();
            if (this.sidecarRoot.startsWith(this.versionRoot) || this.versionRoot.startsWith(this.sidecarRoot)) {
                throw new IllegalArgumentException("the sidecar directory and the versioning directory must not nest");
            }
            this.versionNodes = this.sidecarRoot.resolve(
                    this.versionRoot.getRoot().relativize(this.versionRoot).toString());
        } else {
            this.versionRoot = null;
            this.versionNodes = null;
        }
        this.trashDir = this.sidecarRoot.resolve(TRASH);
        this.publishLocks = this.sidecarRoot.resolve(PUBLISH_LOCKS);
        Files.createDirectories(
                this.sidecarRoot); // the trash is made on first use: a read-only sidecar must still start
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = new java.util.concurrent.locks.ReentrantLock();
        }
    }

    @Override
    public KeyLocks.Held lockPublication(Path target) throws IOException {
        return keyLocks.lockIn(publishLocks, node(target).toString());
    }

    /**
     * A temp file in a bucket's staging directory (of the data root or of the versioning
     * directory): only its writer knows it, so no other gateway can race on it.
     */
    private boolean isStaged(Path path) {
        Path abs = path.toAbsolutePath().normalize();
        Path base = versionRoot != null && abs.startsWith(versionRoot) ? versionRoot : dataRoot;
        Path rel = base.relativize(abs);
        return rel.getNameCount() > 2 && rel.getName(1).toString().equals(PathResolver.STAGING);
    }

    @Override
    public java.util.concurrent.locks.Lock publishLock(Path target) {
        return stripes[Math.floorMod(target.hashCode(), stripes.length)];
    }

    /** The sidecar directory of a data path (holds {@code meta/} and, for directories, its children's). */
    private Path node(Path path) {
        Path abs = path.toAbsolutePath().normalize();
        if (versionRoot != null && abs.startsWith(versionRoot)) {
            return versionNodes.resolve(versionRoot.relativize(abs)); // a kept version (versitygw's layout)
        }
        Path rel = dataRoot.relativize(abs);
        if (rel.startsWith("..")) {
            throw new IllegalArgumentException("path outside the data root: " + path);
        }
        return sidecarRoot.resolve(rel);
    }

    private Path meta(Path path) {
        return node(path).resolve(META);
    }

    @Override
    public byte[] get(Path path, String name) throws IOException {
        return consistentRead(path, dir -> {
                    Map<String, byte[]> one = new LinkedHashMap<>();
                    putIfPresent(one, dir, name);
                    return one;
                })
                .get(name);
    }

    @Override
    public Map<String, byte[]> read(Path path, Predicate<String> wanted) throws IOException {
        return consistentRead(path, dir -> {
            Map<String, byte[]> out = new LinkedHashMap<>();
            for (String name : Fs.retryStale(dir, () -> listOnce(dir))) {
                if (wanted.test(name)) {
                    putIfPresent(out, dir, name);
                }
            }
            return out;
        });
    }

    /** Reads attribute values from a {@code meta/} directory. */
    private interface ValuesReader {
        Map<String, byte[]> read(Path metaDir) throws IOException;
    }

    /**
     * Values read between two reads of the stamp: both must be equal and describe the file
     * now at {@code path} (or both be absent: versitygw's attributes are trusted). Another
     * version's attributes are empty to the caller, at once when the file was not renamed
     * lately (a writer died between its two renames) or when no gateway is publishing the key,
     * else once a writer in another gateway has had {@value #MOVE_WAIT_MILLIS} ms to move its own.
     */
    private Map<String, byte[]> consistentRead(Path path, ValuesReader reader) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(MOVE_WAIT_MILLIS);
        boolean sawNoPublication = false;
        while (true) {
            Path dir = meta(path);
            byte[] before = value(dir, STAMP);
            Map<String, byte[]> out = reader.read(dir);
            if (out.isEmpty()) {
                // None at all for a file renamed just now: a writer may have them aside for a
                // moment (its move, or another gateway's check of a stale stamp), holding the
                // key's publication lock: wait while it is held. Files from other tools have none
                // either; their first read finds the lock free and waits no longer.
                DataVersion data = DataVersion.of(path);
                if (data == null || !data.regular()) {
                    return out;
                }
                // a new key whose writer died between its renames: its node holds only the record
                Map<String, byte[]> pending = pendingValues(path, dir, data, reader, true);
                if (pending == STAGED_NODE_MOVED) {
                    continue;
                }
                if (pending != null) {
                    return pending;
                }
                if (System.nanoTime() > deadline || !data.renamedRecently()) {
                    return out;
                }
                if (Boolean.TRUE.equals(noPublicationUnderWay(path, dir, before))) {
                    // no writer holds the key: its move, if there was one, is done; look once more
                    if (sawNoPublication) {
                        return out;
                    }
                    sawNoPublication = true;
                    continue;
                }
                pause(path);
                continue;
            }
            byte[] after = value(dir, STAMP);
            boolean stable = Arrays.equals(before, after);
            DataVersion data = null;
            if (stable) {
                if (before == null) {
                    return out;
                }
                data = DataVersion.of(path);
                if (data == null || !data.regular() || data.sameInode(before)) {
                    return out;
                }
                // the data's own attributes may wait under its temp file's node (a publication
                // under way, or one whose writer died between its renames): the key's record says
                Map<String, byte[]> pending = pendingValues(path, dir, data, reader, false);
                if (pending == STAGED_NODE_MOVED) {
                    continue;
                }
                if (pending != null) {
                    return pending;
                }
                // Another inode: a copied tree (same size and mtime), or a version that some
                // gateway published a moment ago and whose attributes are not moved in yet. The
                // latter often has the old one's size and, at the file system's coarse clock,
                // its mtime too, so size and mtime decide only when no publication of the key
                // is under way, anywhere.
                Boolean settled = data.renamedRecently() ? noPublicationUnderWay(path, dir, before) : Boolean.TRUE;
                if (settled == null) {
                    continue; // the stamp changed meanwhile: read again
                }
                if (settled) {
                    // a copy that kept mtimes only to the second still matches
                    return data.roughlyMatches(before) ? out : Map.of();
                }
            }
            if (System.nanoTime() > deadline) {
                return Map.of();
            }
            pause(path);
        }
    }

    /** {@link #pendingValues}' answer when the staged node it read was moved meanwhile: read the key's again. */
    private static final Map<String, byte[]> STAGED_NODE_MOVED =
            java.util.Collections.unmodifiableMap(new LinkedHashMap<>());

    /**
     * The values of the publication that the key's records ({@value #PENDING}) name and whose
     * staged node is stamped for exactly {@code data} (inode, size and mtime: a stale record's
     * node, whose temp file's inode number came back, does not match); null when there is none.
     * {@link #STAGED_NODE_MOVED} when that node was moved while it was read (its publication
     * finished: the key's own node has them now).
     */
    private Map<String, byte[]> pendingValues(
            Path path, Path dir, DataVersion data, ValuesReader reader, boolean noAttributes) throws IOException {
        for (Path staged : recorded(path, dir, noAttributes)) {
            Path t = meta(staged);
            byte[] stamp = value(t, STAMP);
            if (stamp == null || !Arrays.equals(stamp, data.stamp())) {
                continue;
            }
            Map<String, byte[]> out = reader.read(t);
            // a node is renamed whole: still there after the reads, they were all its own
            return Arrays.equals(stamp, value(t, STAMP)) ? out : STAGED_NODE_MOVED;
        }
        return null;
    }

    /**
     * The staged files (their data paths) whose nodes may hold the attributes of the file at
     * {@code path}: those the records in the key's {@code meta/} name and, for a key without
     * attributes ({@code noAttributes}), {@link #stagedFor} it; none in the versioning directory.
     */
    private List<Path> recorded(Path path, Path dir, boolean noAttributes) throws IOException {
        List<Path> out = new ArrayList<>();
        Path abs = path.toAbsolutePath().normalize();
        if (versionRoot != null && abs.startsWith(versionRoot)) {
            return out;
        }
        Path rel = dataRoot.relativize(abs);
        if (rel.getNameCount() < 2) {
            return out; // a bucket
        }
        Path staging = PathResolver.staging(dataRoot.resolve(rel.getName(0).toString()));
        try (DirectoryStream<Path> ds =
                Files.newDirectoryStream(dir, p -> p.getFileName().toString().startsWith(PENDING))) {
            for (Path p : ds) {
                out.add(staging.resolve(p.getFileName().toString().substring(PENDING.length())));
            }
        } catch (NoSuchFileException none) {
            // no node
        }
        if (noAttributes && out.isEmpty()) {
            out.addAll(stagedFor(staging, rel.subpath(1, rel.getNameCount()).toString()));
        }
        return out;
    }

    /**
     * The temp files of {@code key} (named {@code <sha256 hex of the key>.<random hex>}, see
     * {@link StagedFile}) that have a node: where a new key's attributes wait, for which no record
     * was written. A look at the bucket's staged nodes, made only for a regular file without any
     * attributes (a publication under way or killed; a file from another tool until its ETag is
     * computed). Not for the keys {@link Folds} keeps under {@code .sgwtmp} names.
     */
    private List<Path> stagedFor(Path staging, String key) throws IOException {
        List<Path> out = new ArrayList<>();
        if (key.contains(PathResolver.STAGING)) {
            return out;
        }
        String prefix = Fs.sha256Hex(key) + ".";
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(
                node(staging), p -> p.getFileName().toString().startsWith(prefix))) {
            for (Path p : ds) {
                out.add(staging.resolve(p.getFileName().toString()));
            }
        } catch (NoSuchFileException none) {
            // nothing staged in the bucket
        }
        return out;
    }

    /**
     * Before the data's rename (or link) from {@code from}, a temp file directly in the bucket's
     * staging directory, over {@code to}: the key's node records that this publication's
     * attributes wait in {@code from}'s node, in the empty file {@code meta/.pending-<temp name>}
     * (its name is its content, so one create writes it whole; flushed with {@code --fsync on}
     * before the rename). Only where the key's {@code meta/} exists: a key without attributes
     * needs no record (see {@link #stagedFor}). A reader that finds the key's stamp naming another
     * file looks at the staged nodes its records name: one stamped for the file at the key holds its attributes (a
     * publication under way, or one whose writer died between its renames), and the next
     * attribute write moves it in. The move of the new node replaces the key's node, records
     * included. Called under the key's publication lock.
     */
    @Override
    public void publishing(Path from, Path to) throws IOException {
        String name = stagedName(from, to);
        if (name == null) {
            return;
        }
        Path dir = meta(to);
        try {
            Files.createFile(dir.resolve(PENDING + name));
        } catch (FileAlreadyExistsException again) {
            return; // a retry of this publication
        } catch (NoSuchFileException newKey) {
            // no attributes to take for the new ones: readers find the staged node by the temp
            // file's name (stagedFor); making the node here would cost a new key's PUT two
            // mkdirs, their fsyncs and the node's removal again when the new one is moved in
            return;
        }
        syncAll(Set.of(dir));
    }

    /** The temp file's name when {@code from} lies directly in the staging directory of {@code to}'s bucket, else null. */
    private String stagedName(Path from, Path to) {
        Path f = from.toAbsolutePath().normalize();
        Path t = to.toAbsolutePath().normalize();
        if (!f.startsWith(dataRoot) || !t.startsWith(dataRoot) || (versionRoot != null && t.startsWith(versionRoot))) {
            return null;
        }
        Path rf = dataRoot.relativize(f);
        Path rt = dataRoot.relativize(t);
        if (rf.getNameCount() != 3
                || rt.getNameCount() < 2
                || !rf.getName(1).toString().equals(PathResolver.STAGING)
                || !rf.getName(0).equals(rt.getName(0))) {
            return null;
        }
        return rf.getName(2).toString();
    }

    /**
     * Moves in the attributes of the file now at {@code path} that a record names (a writer
     * died between its renames), with the key's publication lock held.
     *
     * @return whether there were such
     */
    private boolean finishPending(Path path, Path dir, DataVersion data, boolean noAttributes) throws IOException {
        for (Path staged : recorded(path, dir, noAttributes)) {
            if (Arrays.equals(value(meta(staged), STAMP), data.stamp())) {
                moved(staged, path);
                return true;
            }
        }
        return false;
    }

    /**
     * Whether no gateway is publishing {@code path} now, with {@code stamp} still its node's:
     * taken from its publication lock without waiting (the caller may hold other locks).
     *
     * @return true when so; false when a publication holds the lock; null when the stamp changed
     */
    private Boolean noPublicationUnderWay(Path path, Path dir, byte[] stamp) throws IOException {
        try (KeyLocks.Held held = keyLocks.tryLockIn(publishLocks, node(path).toString())) {
            if (held == null) {
                return Boolean.FALSE;
            }
            return Arrays.equals(stamp, value(dir, STAMP)) ? Boolean.TRUE : null;
        }
    }

    private static void putIfPresent(Map<String, byte[]> out, Path dir, String name) throws IOException {
        byte[] v = value(dir, name);
        if (v != null) {
            out.put(name, v);
        }
    }

    private static void pause(Path path) throws IOException {
        NonBlocking.mayWait();
        try {
            Thread.sleep(2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while waiting for the attributes of " + path);
        }
    }

    private static byte[] value(Path metaDir, String name) throws IOException {
        Path file = metaDir.resolve(name);
        try {
            return Fs.retryStale(file, () -> Fs.readAllBytes(file)); // another gateway's rename may replace it
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
                // versitygw's layout: the node of a child object literally named like the
                // attribute ("a/meta/etag" under the directory object "a/"), not a value
                return null;
            }
            throw e;
        }
    }

    @Override
    public List<String> list(Path path) throws IOException {
        Path dir = meta(path);
        return Fs.retryStale(dir, () -> listOnce(dir));
    }

    private static List<String> listOnce(Path metaDir) throws IOException {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(metaDir)) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                // a directory here is the node of a child object literally named "meta"
                if (!n.startsWith(".") && Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    names.add(n);
                }
            }
        } catch (NoSuchFileException e) {
            return names;
        }
        return names;
    }

    @Override
    public void set(Path path, String name, byte[] value) throws IOException {
        setAll(path, Map.of(name, value));
    }

    @Override
    public void setAll(Path path, Map<String, byte[]> values) throws IOException {
        // an attribute write and a publish of the same key take turns, in this gateway and
        // across gateways (a staged temp file is its writer's alone)
        try (KeyLocks.Held across = isStaged(path) ? KeyLocks.NOT_HELD : lockPublication(path)) {
            setAllHeld(path, values);
        }
    }

    @Override
    public boolean setIfUncontended(Path path, String name, byte[] value) throws IOException {
        try (KeyLocks.Held across = keyLocks.tryLockIn(publishLocks, node(path).toString())) {
            if (across == null) {
                return false;
            }
            setAllHeld(path, Map.of(name, value));
            return true;
        }
    }

    /** {@link #setAll} with the key's publication lock held. */
    private void setAllHeld(Path path, Map<String, byte[]> values) throws IOException {
        java.util.concurrent.locks.Lock lock = publishLock(path);
        lock.lock();
        try {
            Path dir = meta(path);
            Set<Path> changed = new LinkedHashSet<>();
            stamp(path, dir, changed);
            for (Map.Entry<String, byte[]> e : values.entrySet()) {
                write(dir, e.getKey(), e.getValue(), changed);
            }
            syncAll(changed);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Makes the node's stamp describe the regular file at {@code path}. Attributes stamped
     * for another version (left by a writer that died between its two renames) are dropped
     * first: they must not come back as this version's. They are moved aside and looked
     * at again, so that a new version's attributes that another gateway moved in at that
     * moment are put back, not dropped.
     */
    private void stamp(Path path, Path dir, Set<Path> changed) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STAMP_WAIT_MILLIS);
        byte[] stamp;
        DataVersion data;
        while (true) {
            // the stamp first, then the file: a file read first could be replaced, and its new
            // version's attributes moved in, before the stamp is read; it would look stale
            stamp = value(dir, STAMP);
            data = DataVersion.of(path);
            if (data == null) {
                throw new NoSuchFileException(path.toString());
            }
            if (!data.regular()) {
                return;
            }
            // roughly: a copied tree's attributes must never be dropped for a lost sub-second
            if (stamp != null && data.roughlyMatches(stamp)) {
                if (!data.sameInode(stamp)) {
                    write(dir, STAMP, data.stamp(), changed); // a copied tree: check by inode from now on
                }
                return;
            }
            // the file's own attributes still under its temp file's node (its writer died between
            // the renames): moved in, not dropped (a staged file has no records)
            if (!isStaged(path) && finishPending(path, dir, data, stamp == null)) {
                continue;
            }
            // another version's attributes on a file renamed just now: its writer (maybe in
            // another gateway) is about to move its own in; wait for them rather than drop them.
            // (No stamp at all: a new file, e.g. a staged one, has nothing to wait for.)
            if (stamp == null || !data.renamedRecently() || System.nanoTime() > deadline) {
                break;
            }
            pause(path);
        }
        if (stamp != null) {
            Path aside = moveAside(dir);
            if (aside != null) {
                byte[] moved = value(aside, STAMP);
                DataVersion now = DataVersion.of(path);
                if (moved != null && now != null && now.roughlyMatches(moved)) {
                    try {
                        Files.move(aside, dir, StandardCopyOption.ATOMIC_MOVE);
                        return; // they had just become current
                    } catch (IOException newerArrived) {
                        // another node took the place meanwhile: it is newer than these
                    }
                }
                deleteAside(aside);
                if (now != null) {
                    data = now;
                }
            }
        }
        write(dir, STAMP, data.stamp(), changed);
    }

    /** Writes one value (temp + rename); adds the directories whose entries changed to {@code changed}. */
    private void write(Path dir, String name, byte[] value, Set<Path> changed) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve("." + name + ".tmp-" + Fs.randomHex());
            try {
                mkdirs(dir, changed);
                try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    ByteBuffer b = ByteBuffer.wrap(value);
                    while (b.hasRemaining()) {
                        ch.write(b);
                    }
                    if (dirSync != null) {
                        FsyncListener.timed(fsyncListener, FsyncListener.Target.FILE, () -> ch.force(true));
                    }
                }
                Files.move(tmp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
                changed.add(dir);
                return;
            } catch (NoSuchFileException raced) {
                if (attempt >= 8) {
                    throw raced; // pruned by concurrent deletes again and again
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /** Creates {@code dir} and its missing parents; the parent of each one created has a new entry. */
    private void mkdirs(Path dir, Set<Path> changed) throws IOException {
        java.util.ArrayDeque<Path> missing = new java.util.ArrayDeque<>();
        for (Path d = dir; d != null && d.startsWith(sidecarRoot) && Fs.lstat(d) == null; d = d.getParent()) {
            missing.push(d);
        }
        for (Path d : missing) {
            try {
                Files.createDirectory(d);
                changed.add(d.getParent());
            } catch (FileAlreadyExistsException raced) {
                // made by a concurrent writer: its own sync covers its entry, ours covers ours
                changed.add(d.getParent());
            }
        }
    }

    /** With durability on, flushes the entries of these directories (deepest first: a new directory's contents before the entry naming it). */
    private void syncAll(Set<Path> dirs) throws IOException {
        if (dirSync == null || dirs.isEmpty()) {
            return;
        }
        List<Path> order = new ArrayList<>(dirs);
        order.sort((a, b) -> Integer.compare(b.getNameCount(), a.getNameCount()));
        for (Path d : order) {
            dirSync.sync(d);
        }
    }

    /** The link gets a copy of the values, stamped for the same inode. */
    @Override
    public void linked(Path from, Path to) throws IOException {
        Map<String, byte[]> values = read(from, n -> true);
        if (!values.isEmpty()) {
            setAll(to, values);
        }
    }

    @Override
    public void remove(Path path, String name) throws IOException {
        Files.deleteIfExists(meta(path).resolve(name));
    }

    @Override
    public void moved(Path from, Path to) throws IOException {
        Path src = node(from);
        Path dst = node(to);
        if (holdsVersionNodes(dst)) {
            // a bucket named like the versioning directory's first directory, made or restored:
            // its node keeps the versions' attributes, the rest is replaced entry by entry
            clearExceptVersions(dst);
            Files.createDirectories(dst);
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(src)) {
                for (Path child : ds) {
                    Files.move(child, dst.resolve(child.getFileName().toString()), StandardCopyOption.ATOMIC_MOVE);
                }
            } catch (NoSuchFileException none) {
                return;
            }
            Fs.removeIfEmpty(src);
            return;
        }
        // publishers of one key take turns here, across gateways too (lockPublication, then publishLock)
        for (int attempt = 0; attempt < 32; attempt++) {
            // Readers find no attributes between these two renames: the old ones are only
            // renamed aside here and removed after the move, which keeps that moment short.
            Path aside = moveAside(dst);
            try {
                if (Fs.lstat(src) == null) {
                    return; // the new version has no attributes
                }
                Set<Path> changed = new LinkedHashSet<>();
                mkdirs(dst.getParent(), changed);
                Files.move(src, dst, StandardCopyOption.ATOMIC_MOVE);
                // the node's own contents were flushed when they were written
                changed.add(dst.getParent());
                syncAll(changed);
                return;
            } catch (NoSuchFileException raced) {
                // a concurrent delete pruned the parent meanwhile: create it again
            } catch (FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException raced) {
                // another writer's attributes arrived in between: move them aside and retry
            } catch (java.nio.file.FileSystemException raced) {
                if (Fs.lstat(src) == null) {
                    throw raced;
                }
            } finally {
                deleteAside(aside);
            }
        }
        throw new IOException("could not move the sidecar attributes of " + from + " to " + to);
    }

    private void trash(Path dst) throws IOException {
        deleteAside(moveAside(dst));
    }

    /**
     * Renames {@code dst} into {@value #TRASH} (one directory for the whole tree, so that
     * what a killed process left there is found by {@link #sweep} without walking the tree);
     * null when there was nothing to move.
     */
    private Path moveAside(Path dst) throws IOException {
        if (Fs.lstat(dst) == null) {
            return null;
        }
        Path t = trashDir.resolve(Fs.randomHex());
        for (int attempt = 0; ; attempt++) {
            try {
                Files.move(dst, t, StandardCopyOption.ATOMIC_MOVE);
                return t;
            } catch (NoSuchFileException e) {
                if (Fs.lstat(dst) == null) {
                    return null; // gone meanwhile
                }
                if (attempt > 0) {
                    throw e;
                }
                Files.createDirectories(trashDir); // first use, or removed by hand while serving
            }
        }
    }

    /**
     * Removes what killed processes left in {@value #TRASH}: entries moved there more than
     * {@code maxAge} ago (a younger one may be another gateway's, being removed right now).
     *
     * @return the number of entries removed
     */
    @Override
    public int sweep(java.time.Duration maxAge) throws IOException {
        long cutoffNanos = TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis()) - maxAge.toNanos();
        int removed = 0;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(trashDir)) {
            for (Path p : ds) {
                try {
                    // a rename changes the ctime only: that is when it was moved aside
                    java.nio.file.attribute.FileTime moved = (java.nio.file.attribute.FileTime)
                            Files.getAttribute(p, "unix:ctime", LinkOption.NOFOLLOW_LINKS);
                    if (moved.to(TimeUnit.NANOSECONDS) < cutoffNanos) {
                        Fs.deleteTree(p);
                        removed++;
                    }
                } catch (NoSuchFileException gone) {
                    // removed by its own process meanwhile
                }
            }
        } catch (NoSuchFileException none) {
            return 0;
        }
        return removed;
    }

    /**
     * Removes what was moved into {@value #TRASH}. A write still in flight for the moved node (a PUT
     * into a bucket being deleted) can add to it meanwhile; what is left then is the sweep's, which
     * removes trash entries once older than {@code --stale-staging}: never a reason to fail the
     * request that moved it.
     */
    private static void deleteAside(Path aside) {
        if (aside != null) {
            try {
                Fs.deleteTree(aside);
            } catch (IOException leftForTheSweep) {
                org.slf4j.LoggerFactory.getLogger(SidecarMetadataStore.class)
                        .debug("{} left for the sweep: {}", aside, leftForTheSweep.toString());
            }
        }
    }

    /**
     * Whether {@code n} is a bucket's node above the versions' attributes: a bucket named like the
     * first directory of the versioning directory's path ({@code /data/versions}: the bucket
     * {@code data}), which versitygw's layout makes share its node with them.
     */
    private boolean holdsVersionNodes(Path n) {
        return versionNodes != null && versionNodes.startsWith(n) && !versionNodes.equals(n);
    }

    /** Removes what is the bucket's in such a node, never the versions' attributes below it. */
    private void clearExceptVersions(Path n) throws IOException {
        Path keep = n.resolve(versionNodes.getName(n.getNameCount()).toString());
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(n)) {
            for (Path child : ds) {
                if (!child.equals(keep)) {
                    trash(child);
                }
            }
        } catch (NoSuchFileException gone) {
            // nothing there
        }
    }

    @Override
    public void prunedDirectory(Path path) throws IOException {
        Path n = node(path);
        try {
            Fs.deleteTree(n.resolve(META));
        } catch (IOException raced) {
            return; // re-created concurrently: it is in use again
        }
        pruneUp(n);
    }

    private void pruneUp(Path n) throws IOException {
        Path p = n;
        // a version's node is pruned up to its bucket's level of the versions' tree, as a key's to its bucket's
        int floor = versionNodes != null && n.startsWith(versionNodes)
                ? versionNodes.getNameCount() + 1
                : sidecarRoot.getNameCount() + 1;
        while (p != null && p.startsWith(sidecarRoot) && p.getNameCount() > floor) {
            if (!Fs.removeIfEmpty(p)) {
                break;
            }
            p = p.getParent();
        }
    }

    /**
     * Moves the node aside before removing it: a write still in flight for the removed
     * data (a PUT into a bucket being deleted) may be creating its attributes under the
     * old name, and must not make the removal fail half-way.
     */
    @Override
    public void deleted(Path path) throws IOException {
        Path n = node(path);
        if (holdsVersionNodes(n)) {
            clearExceptVersions(n);
            return;
        }
        trash(n);
        // drop now-empty sidecar parents up to the bucket's
        pruneUp(n.getParent());
    }
}
