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

    SidecarMetadataStore(Path dataRoot, Path sidecarRoot) throws IOException {
        this.dataRoot = dataRoot.toAbsolutePath().normalize();
        this.sidecarRoot = sidecarRoot.toAbsolutePath().normalize();
        if (this.sidecarRoot.startsWith(this.dataRoot) || this.dataRoot.startsWith(this.sidecarRoot)) {
            throw new IllegalArgumentException("the sidecar directory must be outside the data root");
        }
        Files.createDirectories(this.sidecarRoot);
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
        Files.createDirectories(dir);
        Path tmp = dir.resolve("." + name + ".tmp-" + Fs.randomHex());
        try {
            Files.write(tmp, value, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            Files.move(tmp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
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
        Path trash = null;
        if (Fs.lstat(dst) != null) {
            trash = dst.resolveSibling(".trash-" + Fs.randomHex());
            Files.move(dst, trash, StandardCopyOption.ATOMIC_MOVE);
        }
        try {
            if (Fs.lstat(src) != null) {
                Files.createDirectories(dst.getParent());
                try {
                    Files.move(src, dst, StandardCopyOption.ATOMIC_MOVE);
                } catch (FileAlreadyExistsException raced) {
                    Fs.deleteTree(dst);
                    Files.move(src, dst, StandardCopyOption.ATOMIC_MOVE);
                }
            }
        } finally {
            if (trash != null) {
                Fs.deleteTree(trash);
            }
        }
    }

    @Override
    public void deleted(Path path) throws IOException {
        Path n = node(path);
        Fs.deleteTree(n);
        // drop now-empty sidecar parents up to the bucket's
        Path p = n.getParent();
        while (p != null && p.startsWith(sidecarRoot) && p.getNameCount() > sidecarRoot.getNameCount() + 1) {
            if (!Fs.removeIfEmpty(p)) {
                break;
            }
            p = p.getParent();
        }
    }
}
