package io.posixgw.posix;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.charset.StandardCharsets;
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
 * atomic for the bytes but its attributes switch a moment later.
 *
 * <p>So that the attributes of one version are never served with the bytes of another
 * (a reader in another gateway between the two renames, or a writer killed between
 * them), {@code meta/} also holds {@value #STAMP}: the inode number of the file the
 * attributes were written for (a rename keeps it). Attributes whose stamp names
 * another inode belong to another version: readers wait a moment for the move, then
 * treat the object as having none (its ETag is then computed from its bytes). The
 * stamp is a dot file, which {@link #list} skips and versitygw ignores; attributes
 * without one (written by versitygw) are trusted as they are.
 */
final class SidecarMetadataStore implements MetadataStore {
    private static final String META = "meta";
    /** The inode number of the data the attributes belong to (see the class comment). */
    static final String STAMP = ".ino";
    /** How long a reader waits for a writer (in another gateway) to move a new version's attributes. */
    static final long MOVE_WAIT_MILLIS = 200;
    private final Path dataRoot;
    private final Path sidecarRoot;
    private final DirectorySync dirSync;
    private final FsyncListener fsyncListener;
    private final java.util.concurrent.locks.ReentrantLock[] stripes = new java.util.concurrent.locks.ReentrantLock[64];

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
    SidecarMetadataStore(Path dataRoot, Path sidecarRoot, DirectorySync dirSync, FsyncListener fsyncListener) throws IOException {
        this.dirSync = dirSync;
        this.fsyncListener = fsyncListener;
        this.dataRoot = dataRoot.toAbsolutePath().normalize();
        this.sidecarRoot = sidecarRoot.toAbsolutePath().normalize();
        if (this.sidecarRoot.startsWith(this.dataRoot) || this.dataRoot.startsWith(this.sidecarRoot)) {
            throw new IllegalArgumentException("the sidecar directory must be outside the data root");
        }
        Files.createDirectories(this.sidecarRoot);
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = new java.util.concurrent.locks.ReentrantLock();
        }
    }

    @Override
    public java.util.concurrent.locks.Lock publishLock(Path target) {
        return stripes[Math.floorMod(target.hashCode(), stripes.length)];
    }

    /** The sidecar directory of a data path (holds {@code meta/} and, for directories, its children's). */
    private Path node(Path path) {
        Path rel = dataRoot.relativize(path.toAbsolutePath().normalize());
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
        }).get(name);
    }

    @Override
    public Map<String, byte[]> read(Path path, Predicate<String> wanted) throws IOException {
        return consistentRead(path, dir -> {
            Map<String, byte[]> out = new LinkedHashMap<>();
            for (String name : list(path)) {
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
     * Values read between two reads of the stamp: both must name the file now at
     * {@code path} (or both be absent: versitygw's attributes are trusted). Another inode
     * means another version's attributes; they are empty to the caller once a writer in
     * another gateway has had {@value #MOVE_WAIT_MILLIS} ms to move its own (longer means
     * that writer died between its two renames).
     */
    private Map<String, byte[]> consistentRead(Path path, ValuesReader reader) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(MOVE_WAIT_MILLIS);
        while (true) {
            Path dir = meta(path);
            byte[] before = value(dir, STAMP);
            Map<String, byte[]> out = reader.read(dir);
            if (out.isEmpty()) {
                return out;
            }
            byte[] after = value(dir, STAMP);
            if (Arrays.equals(before, after) && (before == null || stampNames(before, path))) {
                return out;
            }
            if (System.nanoTime() > deadline) {
                return Map.of();
            }
            pause(path);
        }
    }

    private static void putIfPresent(Map<String, byte[]> out, Path dir, String name) throws IOException {
        byte[] v = value(dir, name);
        if (v != null) {
            out.put(name, v);
        }
    }

    private static boolean stampNames(byte[] stamp, Path path) throws IOException {
        String inode = inode(path);
        return inode == null || inode.equals(new String(stamp, StandardCharsets.US_ASCII));
    }

    private static void pause(Path path) throws IOException {
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
            return Files.readAllBytes(file);
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

    /** The inode number of the file or directory at {@code path}, or null when there is none. */
    private static String inode(Path path) throws IOException {
        try {
            return String.valueOf(Files.getAttribute(path, "unix:ino", LinkOption.NOFOLLOW_LINKS));
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    @Override
    public List<String> list(Path path) throws IOException {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(meta(path))) {
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
        Path dir = meta(path);
        Set<Path> changed = new LinkedHashSet<>();
        stamp(path, dir, changed);
        for (Map.Entry<String, byte[]> e : values.entrySet()) {
            write(dir, e.getKey(), e.getValue(), changed);
        }
        syncAll(changed);
    }

    /**
     * Makes the node's stamp name the file at {@code path}. Attributes stamped for another
     * inode (left by a writer that died between its two renames) are dropped first: they
     * must not come back as this version's.
     */
    private void stamp(Path path, Path dir, Set<Path> changed) throws IOException {
        String inode = inode(path);
        if (inode == null) {
            throw new NoSuchFileException(path.toString());
        }
        byte[] stamp = value(dir, STAMP);
        if (stamp != null && inode.equals(new String(stamp, StandardCharsets.US_ASCII))) {
            return;
        }
        if (stamp != null) {
            trash(dir);
        }
        write(dir, STAMP, inode.getBytes(StandardCharsets.US_ASCII), changed);
    }

    /** Writes one value (temp + rename); adds the directories whose entries changed to {@code changed}. */
    private void write(Path dir, String name, byte[] value, Set<Path> changed) throws IOException {
        for (int attempt = 0;; attempt++) {
            Path tmp = dir.resolve("." + name + ".tmp-" + Fs.randomHex());
            try {
                mkdirs(dir, changed);
                try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    ByteBuffer b = ByteBuffer.wrap(value);
                    while (b.hasRemaining()) {
                        ch.write(b);
                    }
                    if (dirSync != null) {
                        force(ch);
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

    private void force(FileChannel ch) throws IOException {
        if (fsyncListener == FsyncListener.NONE) {
            ch.force(true);
            return;
        }
        long start = System.nanoTime();
        ch.force(true);
        fsyncListener.fsynced(FsyncListener.Target.FILE, System.nanoTime() - start);
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

    @Override
    public void remove(Path path, String name) throws IOException {
        Files.deleteIfExists(meta(path).resolve(name));
    }

    @Override
    public void moved(Path from, Path to) throws IOException {
        Path src = node(from);
        Path dst = node(to);
        // in-process publishers of one key are serialised by publishLock; other processes
        // can still race here, and then the last rename wins
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

    private static void trash(Path dst) throws IOException {
        deleteAside(moveAside(dst));
    }

    /** Renames {@code dst} to a hidden sibling; null when there was nothing to move. */
    private static Path moveAside(Path dst) throws IOException {
        if (Fs.lstat(dst) == null) {
            return null;
        }
        Path t = dst.resolveSibling(".trash-" + Fs.randomHex());
        try {
            Files.move(dst, t, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException gone) {
            return null;
        }
        return t;
    }

    private static void deleteAside(Path aside) throws IOException {
        if (aside != null) {
            Fs.deleteTree(aside);
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
        while (p != null && p.startsWith(sidecarRoot) && p.getNameCount() > sidecarRoot.getNameCount() + 1) {
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
        trash(n);
        // drop now-empty sidecar parents up to the bucket's
        pruneUp(n.getParent());
    }
}
