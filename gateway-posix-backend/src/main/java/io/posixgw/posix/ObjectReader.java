package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.FileRegionBody;
import io.posixgw.core.backend.NonBlocking;
import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.backend.ObjectHead;
import io.posixgw.core.backend.ObjectReads;
import io.posixgw.core.backend.PartLayout;
import io.posixgw.core.http.ByteRange;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.GetObjectRequest;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.names.ObjectKeys;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.function.Predicate;

/**
 * GET and HEAD. The object's bytes, size, mtime and attributes must all describe one
 * version. The JDK has no fd-based xattr calls, so attributes are read by path; the
 * version is pinned by comparing lstat before the open with lstat after the attribute
 * reads (inode, size, mtime). Equal means the path named that inode throughout, the
 * open included (the open channel keeps the inode alive, so its number cannot be
 * reused meanwhile). A concurrent overwrite between the two lstats makes us look again:
 * up to {@value #ATTEMPTS} times, the later ones after a short random pause. Under a
 * constant stream of overwrites each look fails only when a rename lands inside its
 * window (an lstat, the attribute reads, an lstat: a few file-system calls), so the
 * chance that all fail falls geometrically with the number of looks; 4 looks were too
 * few on GlusterFS without caching, where each call is a network round trip.
 */
final class ObjectReader {
    static final int ATTEMPTS = 16;
    /** Looks that found the object changed under them (a metric: how often readers race writers). */
    private static final java.util.concurrent.atomic.LongAdder CHANGED = new java.util.concurrent.atomic.LongAdder();

    private static final Path EMPTY = Paths.get("/dev/null");

    private final PathResolver paths;
    private final MetadataStore store;
    /** A file without {@code etag} is hashed only up to this size; a larger one keeps a stand-in ETag. */
    private final UnrecordedEtags etags;

    ObjectReader(PathResolver paths, MetadataStore store) {
        this(paths, store, PosixOptions.DEFAULT.listHashLimit());
    }

    ObjectReader(PathResolver paths, MetadataStore store, long hashLimit) {
        this(paths, store, hashLimit, null, new KeptAttributes(false));
    }

    /**
     * @param folds where keys the plain layout cannot hold are found (the fold lookup) (null: plain files only, for tests)
     * @param kept  objects' attributes kept between requests
     */
    ObjectReader(PathResolver paths, MetadataStore store, long hashLimit, FoldLookup folds, KeptAttributes kept) {
        this.paths = paths;
        this.store = store;
        this.etags = new UnrecordedEtags(store, hashLimit);
        this.folds = folds;
        this.kept = kept;
    }

    private final KeptAttributes kept;

    /** Every attribute a GET or HEAD may serve: what {@link #kept} holds of a file. */
    private static boolean readable(String name) {
        return AttrNames.objectRead(name) || AttrNames.MP_METADATA.equals(name);
    }

    /** A file's attributes as a read reads them: kept ones (see {@link KeptAttributes}), or from the store. */
    private final class AttributeRead {
        private final Path path;
        private final BasicFileAttributes before;
        private final StampedAttributes seen;
        private final long started;
        /** What {@link #read} read from the store to keep, or null. */
        private Map<String, byte[]> all;
        /** Whether {@link #read} served kept attributes. */
        private boolean memory;

        AttributeRead(Path path, BasicFileAttributes before) {
            this.path = path;
            this.before = before;
            this.seen = kept.enabled() && before instanceof StampedAttributes s ? s : null;
            this.started = seen == null ? 0 : kept.readStarts();
        }

        /** The wanted attributes: from memory when the file is as {@code before} saw it and they were kept. */
        Map<String, byte[]> read(Predicate<String> wanted) throws IOException {
            if (seen == null) {
                return store.read(path, wanted);
            }
            Map<String, byte[]> k = kept.all(seen);
            if (k != null) {
                memory = true;
                return only(k, wanted);
            }
            if (!kept.keepable(seen, started)) {
                return store.read(path, wanted); // changed just now: what it reads could not be kept
            }
            all = store.read(path, ObjectReader::readable);
            return only(all, wanted);
        }

        /**
         * Whether the attributes came from memory: then {@code before}, which they belong to, is
         * what is served, and no second look is needed.
         */
        boolean fromMemory() {
            return memory;
        }

        /** Keeps what {@link #read} read from the store when the second look {@code after} found the file unchanged. */
        void keepIfUnchanged(BasicFileAttributes after) {
            if (all == null || UnrecordedEtags.stored(all, before) == null) {
                return; // only what posixgw (or versitygw) recorded: a foreign file's are read each time
            }
            if (seen.unchangedAt(after)) {
                kept.keepAll(seen, all, started);
            }
        }
    }

    /** The wanted entries of {@code all}: {@code all} itself when it holds no other (no copy per request). */
    private static Map<String, byte[]> only(Map<String, byte[]> all, Predicate<String> wanted) {
        boolean every = true;
        for (String name : all.keySet()) {
            every &= wanted.test(name);
        }
        if (every) {
            return all;
        }
        Map<String, byte[]> out = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, byte[]> e : all.entrySet()) {
            if (wanted.test(e.getKey())) {
                out.put(e.getKey(), e.getValue());
            }
        }
        return out;
    }

    /** Opens an object's file for reading (a test stands in a shared file system's answers). */
    @FunctionalInterface
    interface Opener {
        FileChannel open(Path file) throws IOException;
    }

    private volatile Opener opener = file -> FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);

    /** For tests: how files are opened. */
    void openWith(Opener o) {
        this.opener = o;
    }

    private final FoldLookup folds;

    /** A located version of an object: its path, lstat and attributes. */
    record Version(Path path, BasicFileAttributes attrs, Map<String, byte[]> raw, ObjectInfo info) {}

    /**
     * Opens the version to serve and resolves the request against it ({@link ObjectReads#resolve}): the
     * part layout, when needed, is read with the other attributes of that version.
     */
    ObjectContent open(GetObjectRequest request) throws IOException {
        Opened o = openVersion(request);
        boolean ok = false;
        try {
            ObjectHead head = ObjectReads.resolve(request, o.info(), o.layout());
            ByteRange r = head.range();
            ObjectContent c = new ObjectContent(
                    head, new FileRegionBody(o.channel(), r == null ? 0 : r.first(), head.contentLength()));
            ok = true;
            return c;
        } finally {
            if (!ok) {
                Fs.closeReadOnly(o.channel());
            }
        }
    }

    /** An open version: the channel reads exactly the bytes {@code info} describes; the caller closes it. */
    record Opened(ObjectInfo info, PartLayout layout, FileChannel channel) implements AutoCloseable {
        @Override
        public void close() {
            Fs.closeReadOnly(channel); // only read: a failing close (FUSE's flush) does not undo the read
        }
    }

    /** Opens a copy source: its current version, or one named by id. */
    @FunctionalInterface
    interface Source {
        Opened open() throws IOException;
    }

    /** The current version, open, for a copy (checksums and all attributes read). */
    Opened open(String bucket, String key) throws IOException {
        return openVersion(bucket, key, AttrNames::objectRead);
    }

    private Opened openVersion(GetObjectRequest request) throws IOException {
        return openVersion(request.bucket(), request.key(), wanted(request));
    }

    private Opened openVersion(String bucket, String key, Predicate<String> wanted) throws IOException {
        Path bucketDir = paths.bucketDir(bucket);
        Path path = paths.objectPath(bucketDir, key);
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            pause(attempt);
            FoldLookup.Located at = locate(bucketDir, key, path);
            java.util.concurrent.locks.Lock lock = store.publishLock(at.path()); // no-op for xattrs
            lock.lock();
            try {
                Opened o = tryOpenRetryingStale(key, at, () -> locate(bucketDir, key, path), wanted);
                if (o != null) {
                    return o;
                }
            } finally {
                lock.unlock();
            }
            CHANGED.increment();
        }
        throw new S3Exception(S3Error.SERVICE_UNAVAILABLE, "The object changed while it was being opened; retry.");
    }

    /** Where a retry after ESTALE looks again (the path resolved anew). */
    @FunctionalInterface
    private interface Locator {
        FoldLookup.Located locate() throws IOException;
    }

    /**
     * {@link #tryOpen}, again while the open file answers ESTALE (its size or its first read, see
     * there), with {@link Fs#retryStale}'s growing pauses: the path is resolved anew each time,
     * and with a client's caching on it leads to the replaced file until the cached entry
     * expires. Still stale after that: null, the object changed.
     */
    private Opened tryOpenRetryingStale(String key, FoldLookup.Located first, Locator again, Predicate<String> wanted)
            throws IOException {
        FoldLookup.Located[] next = {first};
        try {
            return Fs.retryStale(first.path(), () -> {
                FoldLookup.Located at = next[0] != null ? next[0] : again.locate();
                next[0] = null;
                return tryOpen(key, at, wanted);
            });
        } catch (NoSuchFileException gone) {
            return null;
        }
    }

    /**
     * One attempt; null when the object changed meanwhile. Throws ESTALE from the open file
     * itself (for {@link #tryOpenRetryingStale}).
     */
    private Opened tryOpen(String key, FoldLookup.Located at, Predicate<String> wanted) throws IOException {
        Path path = at.path();
        BasicFileAttributes before = at.attrs();
        if (at.directoryObject()) {
            Version v = directoryVersion(key, path, before, wanted);
            // a directory object has no bytes: serve an empty channel
            return new Opened(v.info(), null, FileChannel.open(EMPTY, StandardOpenOption.READ));
        }
        FileChannel ch;
        try {
            ch = Fs.retryStale(path, () -> opener.open(path));
        } catch (NoSuchFileException gone) {
            return null;
        } catch (FileSystemException e) {
            if (Fs.isStale(e) || Fs.isNotDirectory(e) || Fs.lstat(path) == null || isLoop(e)) {
                // replaced (a stale handle on a network file system), by a symlink, removed, or a
                // folded key's directory became its file again (Folds): look again
                return null;
            }
            throw e;
        }
        boolean ok = false;
        try {
            AttributeRead read = new AttributeRead(path, before);
            Map<String, byte[]> raw = read.read(wanted);
            if (!read.fromMemory()) {
                raw = confirmed(path, before, raw, wanted);
            }
            // the opened file is the one before describes (its attributes' file), or it is looked for again
            BasicFileAttributes after = StampedAttributes.lstat(path);
            if (raw == null || !Fs.sameVersion(before, after) || ch.size() != before.size()) {
                return null;
            }
            read.keepIfUnchanged(after);
            requireNotDeleteMarker(raw, before);
            String etag = UnrecordedEtags.stored(raw, before);
            if (etag == null) {
                etag = etags.hashes(before) ? etags.foreignEtag(path, ch, before) : UnrecordedEtags.standIn(before);
            }
            readsFirstByte(ch, before.size());
            Opened o = new Opened(info(key, before, raw, etag), layout(raw), ch);
            ok = true;
            return o;
        } catch (NoSuchFileException gone) {
            return null;
        } catch (FileSystemException e) {
            if (Fs.isNotDirectory(e)) {
                return null; // a folded key's directory became its file again (Folds): look again
            }
            throw e; // ESTALE included: tryOpenRetryingStale looks again after a pause
        } finally {
            if (!ok) {
                Fs.closeReadOnly(ch);
            }
        }
    }

    /**
     * Reads the file's first byte before the object is answered with 200 and its headers:
     * GlusterFS's open-behind lets an open succeed on a file replaced through another client and
     * only the first read answer ESTALE, by when the status and headers of the old version had
     * been sent and the answer could only be cut. Read here, the attempt is made again (the path
     * resolved anew). Once read, the open reached the server, and the file stays readable to its
     * end however it is replaced or removed meanwhile.
     */
    private static void readsFirstByte(FileChannel ch, long size) throws IOException {
        if (size > 0 && ch.read(ByteBuffer.allocate(1), 0) < 0) {
            throw new NoSuchFileException("object file shorter than its size");
        }
    }

    /**
     * Before look {@code attempt} (from 0): nothing for the first three, then a random pause of
     * up to {@code attempt} ms (at most 8), so that a reader does not fall into step with writers
     * that overwrite at a steady pace. Taken without any lock.
     */
    private static void pause(int attempt) throws java.io.InterruptedIOException {
        if (attempt < 3) {
            return;
        }
        NonBlocking.mayWait();
        try {
            Thread.sleep(java.util.concurrent.ThreadLocalRandom.current().nextInt(1, Math.min(attempt, 8) + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while reading a changing object");
        }
    }

    /** Looks at an object that found it changed under them, in this process (see {@link #ATTEMPTS}). */
    static long changedRetries() {
        return CHANGED.sum();
    }

    /**
     * A version's file (current or kept), open, read as {@link #open(GetObjectRequest)} reads the current
     * one; null when the file is gone (the caller looks for the version again).
     */
    Opened openFile(String key, Path file, Predicate<String> wanted) throws IOException {
        java.util.concurrent.locks.Lock lock = store.publishLock(file);
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            lock.lock();
            try {
                if (Fs.lstat(file) == null) {
                    return null;
                }
                FoldLookup.Located at = new FoldLookup.Located(file, locateVersion(file), false);
                Opened o = tryOpenRetryingStale(
                        key, at, () -> new FoldLookup.Located(file, locateVersion(file), false), wanted);
                if (o != null) {
                    return o;
                }
            } finally {
                lock.unlock();
            }
        }
        throw new S3Exception(S3Error.SERVICE_UNAVAILABLE, "The object changed while it was being opened; retry.");
    }

    /** A version's file described (no body); null when it is gone. */
    Version versionFile(String key, Path file, Predicate<String> wanted) throws IOException {
        java.util.concurrent.locks.Lock lock = store.publishLock(file);
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            lock.lock();
            try {
                if (Fs.lstat(file) == null) {
                    return null;
                }
                Version v = tryVersion(key, new FoldLookup.Located(file, locateVersion(file), false), wanted);
                if (v != null) {
                    return v;
                }
            } finally {
                lock.unlock();
            }
        }
        throw new S3Exception(S3Error.SERVICE_UNAVAILABLE, "The object changed while it was being read; retry.");
    }

    /** What a read of this request wants (for {@link #openFile} and {@link #versionFile}). */
    static Predicate<String> wantedBy(GetObjectRequest request) {
        return wanted(request);
    }

    /** The part layout of a version's attributes. */
    static PartLayout layoutOf(Map<String, byte[]> raw) throws IOException {
        return layout(raw);
    }

    private static BasicFileAttributes locateVersion(Path file) throws IOException {
        BasicFileAttributes a = Fs.lstat(file);
        if (a == null || !a.isRegularFile()) {
            throw new S3Exception(S3Error.NO_SUCH_VERSION, "The specified version does not exist.");
        }
        return a;
    }

    /**
     * A delete marker is no object: NoSuchKey with {@code x-amz-delete-marker: true} and the
     * marker's version id (a read by version id turns this into MethodNotAllowed).
     */
    private static void requireNotDeleteMarker(Map<String, byte[]> raw, BasicFileAttributes a) {
        if (raw.containsKey(VersionStore.DELETE_MARKER)) {
            throw deleteMarker(S3Error.NO_SUCH_KEY, "The specified key does not exist.", raw, a);
        }
    }

    static S3Exception deleteMarker(S3Error error, String message, Map<String, byte[]> raw, BasicFileAttributes a) {
        S3Exception e = new S3Exception(error, message)
                .header("x-amz-delete-marker", "true")
                .header("x-amz-version-id", VersionStore.idOf(raw));
        if (a != null) {
            e.header(
                    "Last-Modified",
                    io.posixgw.core.http.HttpDates.format(a.lastModifiedTime().toInstant()));
        }
        return e;
    }

    /** HeadObject: the request resolved against the current version, with no body opened. */
    ObjectHead head(GetObjectRequest request) throws IOException {
        Version v = version(request.bucket(), request.key(), wanted(request));
        return ObjectReads.resolve(request, v.info(), layout(v.raw()));
    }

    /** The current version's description; {@code withChecksums} as for {@link GetObjectRequest#withChecksums()}. */
    ObjectInfo head(String bucket, String key, boolean withChecksums) throws IOException {
        return version(bucket, key, withChecksums ? AttrNames::objectRead : AttrNames::objectReadWithoutChecksums)
                .info();
    }

    /** The located version with all its attributes. */
    Version version(String bucket, String key) throws IOException {
        return version(bucket, key, AttrNames::objectRead);
    }

    private Version version(String bucket, String key, Predicate<String> wanted) throws IOException {
        Path bucketDir = paths.bucketDir(bucket);
        Path path = paths.objectPath(bucketDir, key);
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            pause(attempt);
            FoldLookup.Located at = locate(bucketDir, key, path);
            java.util.concurrent.locks.Lock lock = store.publishLock(at.path());
            lock.lock();
            try {
                Version v = tryVersion(key, at, wanted);
                if (v != null) {
                    return v;
                }
            } finally {
                lock.unlock();
            }
            CHANGED.increment();
        }
        throw new S3Exception(S3Error.SERVICE_UNAVAILABLE, "The object changed while it was being read; retry.");
    }

    private Version tryVersion(String key, FoldLookup.Located at, Predicate<String> wanted) throws IOException {
        Path path = at.path();
        BasicFileAttributes before = at.attrs();
        if (at.directoryObject()) {
            return directoryVersion(key, path, before, wanted);
        }
        Map<String, byte[]> raw;
        AttributeRead read = new AttributeRead(path, before);
        try {
            raw = read.read(wanted);
        } catch (NoSuchFileException gone) {
            return null;
        } catch (FileSystemException e) {
            if (Fs.isNotDirectory(e)) {
                return null; // a folded key's directory became its file again (Folds): look again
            }
            throw e;
        }
        if (!read.fromMemory()) { // kept attributes belong to before by their inode and ctime
            BasicFileAttributes after = StampedAttributes.lstat(path);
            if (!Fs.sameVersion(before, after)) {
                return null;
            }
            read.keepIfUnchanged(after);
        }
        try {
            raw = read.fromMemory() ? raw : confirmed(path, before, raw, wanted);
        } catch (NoSuchFileException gone) {
            return null;
        } catch (FileSystemException e) {
            if (Fs.isNotDirectory(e)) {
                return null;
            }
            throw e;
        }
        if (raw == null) {
            return null;
        }
        requireNotDeleteMarker(raw, before);
        String etag = UnrecordedEtags.stored(raw, before);
        if (etag == null && !etags.hashes(before)) {
            etag = UnrecordedEtags.standIn(before);
        }
        if (etag == null) {
            FileChannel ch = null;
            try {
                ch = Fs.retryStale(path, () -> opener.open(path));
                // opened after the version check: through a client's cache the name can lead to
                // another file by now (its cached entry expired in between); not the one described
                if (ch.size() != before.size()) {
                    return null;
                }
                etag = etags.foreignEtag(path, ch, before);
            } catch (NoSuchFileException gone) {
                return null;
            } catch (IOException e) {
                if (Fs.isStale(e) || (e instanceof FileSystemException f && Fs.isNotDirectory(f))) {
                    return null;
                }
                throw e;
            } finally {
                if (ch != null) {
                    Fs.closeReadOnly(ch);
                }
            }
        }
        return new Version(path, before, raw, info(key, before, raw, etag));
    }

    private Version directoryVersion(String key, Path path, BasicFileAttributes attrs, Predicate<String> wanted)
            throws IOException {
        Map<String, byte[]> raw;
        try {
            raw = store.read(path, wanted);
        } catch (NoSuchFileException gone) {
            throw noSuchKey();
        }
        String etag = AttrCodec.etag(raw.get(AttrNames.ETAG));
        if (etag == null) {
            throw noSuchKey(); // a plain prefix directory, not an object
        }
        return new Version(path, attrs, raw, info(key, attrs, raw, etag));
    }

    /** The attributes a read needs: checksums only when asked for, the part layout only when needed. */
    private static Predicate<String> wanted(GetObjectRequest request) {
        Predicate<String> base =
                request.withChecksums() ? AttrNames::objectRead : AttrNames::objectReadWithoutChecksums;
        return request.needsPartLayout() ? base.or(AttrNames.MP_METADATA::equals) : base;
    }

    /** The part layout recorded at Complete ({@code mp-metadata}), or null. */
    private static PartLayout layout(Map<String, byte[]> raw) throws IOException {
        AttrCodec.MpMetadata mp = AttrCodec.decodeMpMetadata(raw.get(AttrNames.MP_METADATA));
        return mp == null ? null : new PartLayout(mp.partEnds(), mp.checksum(), mp.partChecksums());
    }

    /**
     * lstat of the object path with the NoSuchKey rules: missing, a symlink, a
     * directory for a plain key, a file for a directory key, or reached through a
     * symlinked or non-directory parent.
     */
    private FoldLookup.Located locate(Path bucketDir, Path path, boolean dirKey) throws IOException {
        // the parents first (NoSuchBucket included): the lstat of the object is where the window of
        // the version check opens, and the parents' lstats need not be inside it
        if (PathResolver.parents(bucketDir, path) != PathResolver.Parents.PRESENT) {
            throw noSuchKey();
        }
        BasicFileAttributes a = StampedAttributes.lstat(path); // with the ctime, for kept attributes
        if (a == null || a.isSymbolicLink() || (dirKey ? !a.isDirectory() : !a.isRegularFile())) {
            throw noSuchKey();
        }
        return new FoldLookup.Located(path, a, dirKey);
    }

    /**
     * Attributes read by path are those of whatever the name led to at that moment, and a fold and
     * an unfold of the key move its one file away and back (the same inode, size and mtime): read
     * between them, they were the folded directory's, which has no etag. So a read without an etag
     * (else a file another tool wrote) is made once more between two looks that find the file
     * at the name, and kept; null when it is not there (the caller looks again). Nothing more for files posixgw wrote.
     */
    private Map<String, byte[]> confirmed(
            Path path, BasicFileAttributes before, Map<String, byte[]> raw, Predicate<String> wanted)
            throws IOException {
        if (folds == null || UnrecordedEtags.stored(raw, before) != null) {
            return raw;
        }
        // read again between two looks that find the file at the name: a move away and back in
        // between is a whole fold and unfold within three calls
        if (!Fs.sameVersion(before, Fs.lstat(path))) {
            return null;
        }
        Map<String, byte[]> again = store.read(path, wanted);
        return Fs.sameVersion(before, Fs.lstat(path)) ? again : null;
    }

    /** The key's current data: {@link FoldLookup#locate}, which also finds what the plain layout cannot hold. */
    private FoldLookup.Located locate(Path bucketDir, String key, Path path) throws IOException {
        if (folds == null) {
            return locate(bucketDir, path, ObjectKeys.isDirectoryKey(key));
        }
        if (PathResolver.parents(bucketDir, path) != PathResolver.Parents.PRESENT) {
            throw noSuchKey();
        }
        return folds.locate(bucketDir, key, path);
    }

    static ObjectInfo info(String key, BasicFileAttributes a, Map<String, byte[]> raw, String etag) {
        ObjectAttributes attributes = AttrCodec.toAttributes(raw);
        long size = a.isDirectory() ? 0 : a.size();
        return new ObjectInfo(
                key,
                size,
                etag,
                a.lastModifiedTime().toInstant(),
                attributes,
                Etags.partsCount(etag),
                AttrCodec.decodeChecksums(raw.get(AttrNames.CHECKSUMS)),
                AttrCodec.decodeChecksumType(raw.get(AttrNames.CHECKSUMS)),
                raw.containsKey(VersionStore.VERSION_ID) ? VersionStore.idOf(raw) : null);
    }

    private static boolean isLoop(FileSystemException e) {
        String r = e.getReason();
        return r != null && r.contains("symbolic link");
    }

    /** The ETags of files without an {@code etag} attribute, for the listing too. */
    UnrecordedEtags etags() {
        return etags;
    }

    static S3Exception noSuchKey() {
        return S3Error.NO_SUCH_KEY.exception();
    }
}
