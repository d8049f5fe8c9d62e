package io.posixgw.posix;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Attributes as files, for file systems without user xattrs (DESIGN §4, versitygw's
 * sidecar layout): the attribute {@code name} of {@code <root>/<bucket>/<key>} is the
 * file {@code <sidecar>/<bucket>/<key>/meta/<name>}; a bucket's are in
 * {@code <sidecar>/<bucket>/meta/<name>}. Each value is written temp + rename. Unlike
 * xattrs the attributes do not follow a rename of the data by themselves:
 * {@link #moved} renames the sidecar directory after the data, so an overwrite is
 * atomic for the bytes but its attributes switch a moment later.
 */
final class SidecarMetadataStore implements MetadataStore {
    private static final String META = "meta";
    private final Path dataRoot;
    private final Path sidecarRoot;
    private final java.util.concurrent.locks.ReentrantLock[] stripes = new java.util.concurrent.locks.ReentrantLock[64];

    SidecarMetadataStore(Path dataRoot, Path sidecarRoot) throws IOException {
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
        try {
            return Files.readAllBytes(meta(path).resolve(name));
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    @Override
    public Map<String, byte[]> read(Path path, Predicate<String> wanted) throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        for (String name : list(path)) {
            if (wanted.test(name)) {
                byte[] v = get(path, name);
                if (v != null) {
                    out.put(name, v);
                }
            }
        }
        return out;
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
        Path dir = meta(path);
        for (int attempt = 0;; attempt++) {
            Path tmp = dir.resolve("." + name + ".tmp-" + Fs.randomHex());
            try {
                Files.createDirectories(dir);
                Files.write(tmp, value, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                Files.move(tmp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
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
            trash(dst);
            if (Fs.lstat(src) == null) {
                return; // the new version has no attributes
            }
            try {
                Files.createDirectories(dst.getParent());
                Files.move(src, dst, StandardCopyOption.ATOMIC_MOVE);
                return;
            } catch (NoSuchFileException raced) {
                // a concurrent delete pruned the parent meanwhile: create it again
            } catch (FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException raced) {
                // another writer's attributes arrived in between: move them aside and retry
            } catch (java.nio.file.FileSystemException raced) {
                if (Fs.lstat(src) == null) {
                    throw raced;
                }
            }
        }
        throw new IOException("could not move the sidecar attributes of " + from + " to " + to);
    }

    private static void trash(Path dst) throws IOException {
        if (Fs.lstat(dst) == null) {
            return;
        }
        Path t = dst.resolveSibling(".trash-" + Fs.randomHex());
        try {
            Files.move(dst, t, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException gone) {
            return;
        }
        Fs.deleteTree(t);
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
