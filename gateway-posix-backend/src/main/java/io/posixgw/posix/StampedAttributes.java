package io.posixgw.posix;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A file's basic attributes and its inode's ctime, from one {@code statx} (the JDK's {@code unix}
 * view): what a cache validated by the ctime needs ({@link KeptAttributes}). Its {@link #fileKey} is
 * the JDK's own (device and inode), so it compares equal to that of {@link Fs#lstat}'s answers.
 */
final class StampedAttributes implements BasicFileAttributes {
    private static final String WANTED =
            "unix:size,lastModifiedTime,lastAccessTime,creationTime,isRegularFile,isDirectory,isSymbolicLink,"
                    + "isOther,fileKey,ctime";

    private final Map<String, Object> a;
    private final long ctimeNanos;

    private StampedAttributes(Map<String, Object> a) {
        this.a = a;
        this.ctimeNanos = ((FileTime) a.get("ctime")).to(TimeUnit.NANOSECONDS);
    }

    /** {@link Fs#lstat} with the ctime: null when nothing is there (or a file is on the way). */
    static StampedAttributes lstat(Path p) throws IOException {
        try {
            return Fs.retryStale(
                    p, () -> new StampedAttributes(Files.readAttributes(p, WANTED, LinkOption.NOFOLLOW_LINKS)));
        } catch (NoSuchFileException e) {
            return null;
        } catch (FileSystemException e) {
            if (Fs.isNotDirectory(e)) {
                return null;
            }
            throw e;
        }
    }

    /** The inode's change time: any write, attribute change or rename of the file moves it on. */
    long ctimeNanos() {
        return ctimeNanos;
    }

    @Override
    public FileTime lastModifiedTime() {
        return (FileTime) a.get("lastModifiedTime");
    }

    @Override
    public FileTime lastAccessTime() {
        return (FileTime) a.get("lastAccessTime");
    }

    @Override
    public FileTime creationTime() {
        return (FileTime) a.get("creationTime");
    }

    @Override
    public boolean isRegularFile() {
        return (Boolean) a.get("isRegularFile");
    }

    @Override
    public boolean isDirectory() {
        return (Boolean) a.get("isDirectory");
    }

    @Override
    public boolean isSymbolicLink() {
        return (Boolean) a.get("isSymbolicLink");
    }

    @Override
    public boolean isOther() {
        return (Boolean) a.get("isOther");
    }

    @Override
    public long size() {
        return (Long) a.get("size");
    }

    @Override
    public Object fileKey() {
        return a.get("fileKey");
    }
}
