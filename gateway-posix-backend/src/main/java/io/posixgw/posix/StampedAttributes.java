package io.posixgw.posix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
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

    // taken out of the view's map once: it is read on every listed entry and every GET and HEAD
    private final long size;
    private final FileTime lastModifiedTime;
    private final FileTime lastAccessTime;
    private final FileTime creationTime;
    private final boolean regularFile;
    private final boolean directory;
    private final boolean symbolicLink;
    private final boolean other;
    private final Object fileKey;
    private final long ctimeNanos;

    private StampedAttributes(Map<String, Object> a) {
        this.size = (Long) a.get("size");
        this.lastModifiedTime = (FileTime) a.get("lastModifiedTime");
        this.lastAccessTime = (FileTime) a.get("lastAccessTime");
        this.creationTime = (FileTime) a.get("creationTime");
        this.regularFile = (Boolean) a.get("isRegularFile");
        this.directory = (Boolean) a.get("isDirectory");
        this.symbolicLink = (Boolean) a.get("isSymbolicLink");
        this.other = (Boolean) a.get("isOther");
        this.fileKey = a.get("fileKey");
        this.ctimeNanos = ((FileTime) a.get("ctime")).to(TimeUnit.NANOSECONDS);
    }

    /** {@link Fs#lstat} with the ctime: null when nothing is there (or a file is on the way). */
    static StampedAttributes lstat(Path p) throws IOException {
        return Fs.lstat(p, () -> new StampedAttributes(Files.readAttributes(p, WANTED, LinkOption.NOFOLLOW_LINKS)));
    }

    /** The inode's change time: any write, attribute change or rename of the file moves it on. */
    long ctimeNanos() {
        return ctimeNanos;
    }

    /** Whether {@code later} shows the file unchanged since this look: the same version and the same ctime. */
    boolean unchangedAt(BasicFileAttributes later) {
        return later instanceof StampedAttributes l && Fs.sameVersion(this, l) && l.ctimeNanos == ctimeNanos;
    }

    @Override
    public FileTime lastModifiedTime() {
        return lastModifiedTime;
    }

    @Override
    public FileTime lastAccessTime() {
        return lastAccessTime;
    }

    @Override
    public FileTime creationTime() {
        return creationTime;
    }

    @Override
    public boolean isRegularFile() {
        return regularFile;
    }

    @Override
    public boolean isDirectory() {
        return directory;
    }

    @Override
    public boolean isSymbolicLink() {
        return symbolicLink;
    }

    @Override
    public boolean isOther() {
        return other;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public Object fileKey() {
        return fileKey;
    }
}
