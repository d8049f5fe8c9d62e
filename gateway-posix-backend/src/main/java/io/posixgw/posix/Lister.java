package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.listing.KeyOrder;
import io.posixgw.core.listing.Page;
import io.posixgw.core.listing.Pager;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ListObjectsResult;
import io.posixgw.core.model.ListVersionsRequest;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.ObjectVersion;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * ListObjects over the directory tree, in UTF-8 binary key order, where a directory
 * sorts as {@code name/} (so {@code a-b} and {@code a.txt} come before {@code a/x}).
 *
 * <ul>
 * <li>The walk starts at the deepest directory the prefix names; the rest of the
 * prefix filters that directory's names.</li>
 * <li>Names are sorted as strings; entries are lstat'ed lazily, only when the next
 * one to emit can be decided (an entry's key is its name, or name + '/' for a
 * directory, never less), so a page costs about maxKeys lstats, not one per entry.</li>
 * <li>Subtrees entirely at or before {@code after} are skipped by name.</li>
 * <li>When the delimiter falls inside a directory's own key (always so for '/'), the
 * whole subtree is one common prefix: it is not walked, only probed for one object.
 * Other delimiters are rolled up key by key.</li>
 * <li>{@code .sgwtmp}, symlinks and non-regular files are never listed or followed;
 * directories without an etag are only prefixes.</li>
 * </ul>
 */
final class Lister {
    /** Reads of a file's lstat and ETag before a listing gives up on an object overwritten under every one. */
    private static final int VERSION_ATTEMPTS = 8;
    /** Reads of a directory while folds and unfolds keep moving keys in the bucket (each read's names are kept). */
    private static final int MOVE_READS = 8;

    private final PathResolver paths;
    private final MetadataStore store;
    private final ObjectReader reader;
    private final DirectoryOpener opener;
    private final VersionStore versions;
    /** Objects' ETags kept between listings (shared with the reads). */
    private final KeptAttributes kept;

    /** Opens a directory for reading: {@code Files::newDirectoryStream}; tests count what a listing opens. */
    interface DirectoryOpener {
        DirectoryStream<Path> open(Path dir) throws IOException;
    }

    Lister(
            PathResolver paths,
            MetadataStore store,
            ObjectReader reader,
            VersionStore versions,
            Folds folds,
            FoldLookup lookup,
            KeptAttributes kept) {
        this(paths, store, reader, Files::newDirectoryStream, versions, kept);
        this.folds = folds;
        this.lookup = lookup;
    }

    /** Where keys the plain layout cannot hold are kept, and found while they move; null in tests of the plain walk. */
    private Folds folds;

    private FoldLookup lookup;

    Lister(
            PathResolver paths,
            MetadataStore store,
            ObjectReader reader,
            DirectoryOpener opener,
            VersionStore versions,
            KeptAttributes kept) {
        this.versions = versions;
        this.kept = kept;
        this.paths = paths;
        this.store = store;
        this.reader = reader;
        this.opener = opener;
    }

    ListObjectsResult list(ListObjectsRequest req) throws IOException {
        Path bucketDir = paths.bucketDir(req.bucket());
        PathResolver.requireBucket(bucketDir);
        // a bucket that ever had versioning may hold delete markers: they are no objects (one more
        // attribute read per listed file, on such buckets only)
        boolean markers = versions.recorded(req.bucket()) != VersionStore.Status.UNVERSIONED;
        if (folds != null) {
            folds.settleForListing(bucketDir);
        }
        Walk<ObjectInfo> w = new Walk<>(
                Pager.afterKey(req.prefix(), req.delimiter(), req.after(), req.maxKeys()),
                new ObjectFeed(markers, bucketDir));
        walk(bucketDir, w);
        Page<ObjectInfo> page = w.pager.page();
        return new ListObjectsResult(page.entries(), page.commonPrefixes(), page.truncated(), page.nextKey());
    }

    /**
     * ListObjectVersions: the same walk over the bucket's current files (the prefix decides which
     * directories are read), and for each key listed its version directory, read only then.
     */
    Page<ObjectVersion> listVersions(ListVersionsRequest req) throws IOException {
        Path bucketDir = paths.bucketDir(req.bucket());
        PathResolver.requireBucket(bucketDir);
        Walk<ObjectVersion> w = new Walk<>(
                Pager.afterEntry(req.prefix(), req.delimiter(), req.keyMarker(), req.versionIdMarker(), req.maxKeys()),
                new VersionFeed(req.bucket()));
        walk(bucketDir, w);
        return w.pager.page();
    }

    private <T> void walk(Path bucketDir, Walk<T> w) throws IOException {
        w.bucketDir = bucketDir;
        if (w.pager.listsNothing()) {
            return;
        }
        String prefix = w.pager.prefix();
        int slash = prefix.lastIndexOf('/');
        String rel = prefix.substring(0, slash + 1);
        Path start = startDir(bucketDir, rel);
        if (start != null) {
            boolean go = true;
            if (!rel.isEmpty() && slash == prefix.length() - 1) {
                go = w.dirObjectAtPrefix(start, rel); // key "a/" itself for prefix "a/"
            }
            if (go) {
                w.dir(start, rel, prefix.substring(slash + 1));
            }
        }
    }

    /** The directory named by the prefix's complete components, or null when it does not exist. */
    private static Path startDir(Path bucketDir, String rel) throws IOException {
        Path d = bucketDir;
        if (rel.isEmpty()) {
            return d;
        }
        String[] parts = rel.substring(0, rel.length() - 1).split("/", -1);
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i];
            if (p.isEmpty() || p.equals(".") || p.equals("..") || p.equals(PathResolver.STAGING)) {
                return null;
            }
            d = d.resolve(p);
            BasicFileAttributes a = Fs.lstat(d);
            if (a == null || !a.isDirectory() || a.isSymbolicLink()) {
                return null;
            }
        }
        return d;
    }

    /**
     * What a directory's read saw of folds and unfolds: the count of moves, the same before and
     * after the read, and the names of the keys then under way.
     */
    private record Quiet(Object moves, List<String> inFlight) {}

    /** A listed name; a directory's {@code slash} is the data of its key {@code p/}, when it has some ({@link Folds}). */
    private record Entry(String key, Path path, BasicFileAttributes attrs, boolean dir, Entry slash) {
        Entry(String key, Path path, BasicFileAttributes attrs, boolean dir) {
            this(key, path, attrs, dir, null);
        }
    }

    /** What a walk lists of a file and of a directory object. */
    private interface Feed<T> {
        /** Offers the file's entries to the pager; false once the page is full. */
        boolean file(Pager<T> pager, Entry e) throws IOException;

        T directoryObject(String key, String etag, java.time.Instant mtime);

        /** The id a directory object is listed with (null for objects, {@code null} for versions). */
        String directoryId();
    }

    /** ListObjects: a file is its current version, a delete marker nothing. */
    private final class ObjectFeed implements Feed<ObjectInfo> {
        private final boolean markers;
        private final Path bucketDir;

        ObjectFeed(boolean markers, Path bucketDir) {
            this.markers = markers;
            this.bucketDir = bucketDir;
        }

        @Override
        public boolean file(Pager<ObjectInfo> pager, Entry e) throws IOException {
            String k = e.key();
            return pager.offerLazily(k, null, () -> {
                if (markers && versions.isDeleteMarker(e.path())) {
                    return null;
                }
                Listed v = fileVersion(e);
                for (int moves = 0; v == null && moves < VERSION_ATTEMPTS; moves++) {
                    Entry moved = relocated(bucketDir, e); // folded or unfolded under the walk
                    if (moved == null) {
                        break;
                    }
                    v = fileVersion(moved);
                }
                return v == null
                        ? null
                        : new ObjectInfo(
                                k,
                                v.attrs().size(),
                                v.etag(),
                                v.attrs().lastModifiedTime().toInstant(),
                                ObjectAttributes.EMPTY,
                                Etags.partsCount(v.etag()),
                                Map.of()); // null: vanished
            });
        }

        @Override
        public ObjectInfo directoryObject(String key, String etag, java.time.Instant mtime) {
            return new ObjectInfo(key, 0, etag, mtime, ObjectAttributes.EMPTY, 0, Map.of());
        }

        @Override
        public String directoryId() {
            return null;
        }
    }

    /** ListObjectVersions: a file is its key's current version, followed by the key's kept versions. */
    private final class VersionFeed implements Feed<ObjectVersion> {
        private final String bucket;

        VersionFeed(String bucket) {
            this.bucket = bucket;
        }

        @Override
        public boolean file(Pager<ObjectVersion> pager, Entry e) throws IOException {
            String k = e.key();
            if (!pager.inScope(k) || (pager.passed(k))) {
                return true;
            }
            String cp = pager.commonPrefix(k);
            if (cp != null) {
                return pager.listedPrefix(cp) || pager.addPrefix(cp);
            }
            if (!pager.hasRoom()) {
                return false;
            }
            VersionStore.Current cur = versions.current(e.path());
            List<ObjectVersion> of = new ArrayList<>();
            for (VersionStore.Entry v : versions.versions(bucket, k, cur, opener)) {
                ObjectVersion ov = describe(k, v);
                if (ov != null) {
                    of.add(ov);
                }
            }
            return pager.offerKey(k, of, ov -> ov.versionId() == null ? VersionStore.NULL : ov.versionId());
        }

        private ObjectVersion describe(String key, VersionStore.Entry v) throws IOException {
            boolean marker = versions.isDeleteMarker(v.path());
            String id = v.id().equals(VersionStore.NULL) ? null : v.id();
            java.time.Instant mtime = v.attrs().lastModifiedTime().toInstant();
            if (marker) {
                return new ObjectVersion(
                        new ObjectInfo(key, 0, null, mtime, ObjectAttributes.EMPTY, 0, Map.of(), null, id),
                        v.latest(),
                        true);
            }
            String etag = fileEtag(v.path(), v.attrs());
            if (etag == null) {
                return null; // gone meanwhile
            }
            return new ObjectVersion(
                    new ObjectInfo(
                            key,
                            v.attrs().size(),
                            etag,
                            mtime,
                            ObjectAttributes.EMPTY,
                            Etags.partsCount(etag),
                            Map.of(),
                            null,
                            id),
                    v.latest(),
                    false);
        }

        @Override
        public ObjectVersion directoryObject(String key, String etag, java.time.Instant mtime) {
            return new ObjectVersion(
                    new ObjectInfo(key, 0, etag, mtime, ObjectAttributes.EMPTY, 0, Map.of(), null, null), true, false);
        }

        @Override
        public String directoryId() {
            return VersionStore.NULL;
        }
    }

    /** One listing's walk: what to read is decided here, what to list by the {@link Pager}. */
    private final class Walk<T> {
        final Pager<T> pager;
        final Feed<T> feed;
        Path bucketDir;

        Walk(Pager<T> pager, Feed<T> feed) {
            this.pager = pager;
            this.feed = feed;
        }

        boolean dirObjectAtPrefix(Path dir, String key) throws IOException {
            if (pager.passed(key)) {
                return true;
            }
            Path data = Folds.slash(dir);
            BasicFileAttributes da = Fs.lstat(data);
            if (da != null && da.isRegularFile()) {
                return feed.file(pager, new Entry(key, data, da, false)); // the key p/ with data
            }
            String etag = dirEtag(dir);
            if (etag == null) {
                return true;
            }
            return pager.add(
                    key,
                    feed.directoryId(),
                    feed.directoryObject(
                            key,
                            etag,
                            Files.getLastModifiedTime(dir, LinkOption.NOFOLLOW_LINKS)
                                    .toInstant()));
        }

        /** Walks one directory; false once the page is full. */
        boolean dir(Path dir, String rel, String namePrefix) throws IOException {
            List<String> names = new ArrayList<>();
            java.util.Set<String> seen = new java.util.HashSet<>();
            boolean marked = pager.hasMarker();
            // a key being folded or unfolded has no name here for a moment: its transit names it. A
            // move that began or ended during the read may have hidden it from both: read again
            // (the names of every read kept; one that is gone is looked for under its fold lock)
            Quiet quiet = null;
            for (int read = 0; read < MOVE_READS; read++) {
                Object moves = folds != null ? FoldLookup.moves(bucketDir) : null;
                try (DirectoryStream<Path> ds = opener.open(dir)) {
                    for (Path p : ds) {
                        String n = p.getFileName().toString();
                        if (n.equals(PathResolver.STAGING) || !n.startsWith(namePrefix) || !seen.add(n)) {
                            continue;
                        }
                        if (marked && passedEntirely(rel + n)) {
                            continue;
                        }
                        names.add(n);
                    }
                } catch (NoSuchFileException | NotDirectoryException gone) {
                    return true;
                }
                if (folds == null) {
                    break;
                }
                List<String> inFlight = lookup.inFlightNames(bucketDir, rel, namePrefix);
                for (String n : inFlight) {
                    if (!(marked && passedEntirely(rel + n)) && seen.add(n)) {
                        names.add(n);
                    }
                }
                if (FoldLookup.moves(bucketDir).equals(moves)) {
                    quiet = new Quiet(moves, inFlight);
                    break;
                }
            }
            names.sort(KeyOrder.COMPARATOR);
            PriorityQueue<Entry> pending = new PriorityQueue<>((a, b) -> KeyOrder.compare(a.key(), b.key()));
            int i = 0;
            while (true) {
                String bound = i < names.size() ? rel + names.get(i) : null;
                while (!pending.isEmpty()
                        && (bound == null || KeyOrder.compare(pending.peek().key(), bound) <= 0)) {
                    if (!visit(pending.poll())) {
                        return false;
                    }
                }
                if (bound == null) {
                    return true;
                }
                String n = names.get(i++);
                Path p = dir.resolve(n);
                BasicFileAttributes a = StampedAttributes.lstat(p); // with the ctime, for etags
                if (a == null && folds != null) {
                    // gone since the directory was read (or in transit then): deleted, or moved by a
                    // fold or unfold of its key, looked at again while no move runs
                    FoldLookup.Located moved = lookup.lookUnderLock(bucketDir, rel + n, p);
                    a = Fs.lstat(p);
                    if (moved != null && (a == null || !a.isDirectory())) {
                        pending.add(new Entry(rel + n, moved.path(), moved.attrs(), false));
                        continue;
                    }
                }
                if (a == null || a.isSymbolicLink()) {
                    continue;
                }
                if (a.isDirectory()) {
                    addDirectory(pending, rel + n, p, a, quiet);
                } else if (a.isRegularFile()) {
                    pending.add(new Entry(rel + n, p, a, false));
                }
            }
        }

        /**
         * A directory's entry, and what {@link Folds} keeps in its {@code .sgwtmp}: the data of the
         * key {@code p} itself (listed as a file {@code p}, before {@code p-x} and {@code p/}) and of
         * {@code p/}. One lstat of {@code .sgwtmp}, none when both keys were listed already.
         * A directory without {@code .sgwtmp} costs one lstat more (of {@link Folds#MOVES}), the few
         * of {@link FoldLookup#mayBeMoving} while moves run in the bucket.
         */
        private void addDirectory(PriorityQueue<Entry> pending, String key, Path p, BasicFileAttributes a, Quiet quiet)
                throws IOException {
            Entry slash = null;
            if (!(pager.passed(key) && pager.passed(key + "/"))) {
                BasicFileAttributes st = Fs.lstat(p.resolve(PathResolver.STAGING));
                boolean layout = st != null && st.isDirectory() && !st.isSymbolicLink();
                // without .sgwtmp, p is a plain prefix unless a fold or unfold of the key p moves it now
                boolean moving = !layout && folds != null && mayBeMoving(key, p, a, quiet);
                if (layout || moving) {
                    Path self = Folds.self(p);
                    BasicFileAttributes sa = layout ? Fs.lstat(self) : null;
                    if (sa != null && sa.isRegularFile()) {
                        pending.add(new Entry(key, self, sa, false));
                    }
                    if ((sa == null || !sa.isRegularFile()) && folds != null) {
                        // a .sgwtmp without the key's own data (a fold moving it in, an unfold out, or
                        // only p/ has data), or a directory a move changes: looked at again while no
                        // move runs
                        FoldLookup.Located at = lookup.lookUnderLock(bucketDir, key, p);
                        if (at != null) {
                            pending.add(new Entry(key, at.path(), at.attrs(), false));
                            if (at.path().equals(p)) {
                                return; // no directory any more
                            }
                        }
                    }
                    Path data = Folds.slash(p);
                    BasicFileAttributes da = Fs.lstat(data);
                    if (da != null && da.isRegularFile()) {
                        slash = new Entry(key + "/", data, da, false);
                    }
                }
            }
            pending.add(new Entry(key + "/", p, a, true, slash));
        }

        /**
         * Whether {@code p}, seen without {@code .sgwtmp}, may be where a fold or unfold of the key
         * moves its data. Not when no move began or ended since before the directory was read and
         * none of the key was under way then ({@code quiet}): one lstat.
         */
        private boolean mayBeMoving(String key, Path p, BasicFileAttributes a, Quiet quiet) throws IOException {
            if (quiet != null
                    && !quiet.inFlight().contains(p.getFileName().toString())
                    && FoldLookup.moves(bucketDir).equals(quiet.moves())) {
                return false;
            }
            return lookup.mayBeMoving(bucketDir, key, p, a);
        }

        /** True when both the file key and the whole directory subtree of this name were listed before. */
        private boolean passedEntirely(String fileKey) {
            return pager.passed(fileKey) && pager.passedSubtree(fileKey + "/");
        }

        private boolean visit(Entry e) throws IOException {
            String k = e.key();
            if (!e.dir()) {
                return feed.file(pager, e);
            }
            if (pager.passedSubtree(k)) {
                return true;
            }
            String cp = pager.commonPrefix(k);
            if (cp != null) {
                // the whole subtree rolls up: probed for one object, not walked
                return pager.listedPrefix(cp) || !hasObject(e.path(), e.attrs()) || pager.addPrefix(cp);
            }
            if (e.slash() != null) {
                if (!feed.file(pager, e.slash())) { // the key p/ with data
                    return false;
                }
            } else if (!pager.passed(k)) {
                String etag = dirEtag(e.path());
                if (etag != null
                        && !pager.add(
                                k,
                                feed.directoryId(),
                                feed.directoryObject(
                                        k, etag, e.attrs().lastModifiedTime().toInstant()))) {
                    return false;
                }
            }
            return dir(e.path(), k, "");
        }
    }

    private String dirEtag(Path dir) throws IOException {
        try {
            return store.has(dir, AttrNames.ETAG) ? AttrCodec.etag(store.get(dir, AttrNames.ETAG)) : null;
        } catch (NoSuchFileException gone) {
            return null;
        }
    }

    /**
     * True when the directory (lstat'ed as {@code seen}) holds at least one object (itself as a
     * directory object, or below). Its etag counts only while it is still that directory: an unfold
     * makes the name the key's file, whose etag is no directory object's.
     */
    private boolean hasObject(Path dir, BasicFileAttributes seen) throws IOException {
        if (isFile(Folds.slash(dir))) {
            return true;
        }
        if (dirEtag(dir) != null) {
            BasicFileAttributes now = Fs.lstat(dir);
            if (now != null && now.isDirectory() && java.util.Objects.equals(now.fileKey(), seen.fileKey())) {
                return true;
            }
        }
        try (DirectoryStream<Path> ds = opener.open(dir)) {
            for (Path p : ds) {
                if (p.getFileName().toString().equals(PathResolver.STAGING)) {
                    continue;
                }
                BasicFileAttributes a = Fs.lstat(p);
                if (a == null || a.isSymbolicLink()) {
                    continue;
                }
                if (a.isRegularFile() || (a.isDirectory() && (isFile(Folds.self(p)) || hasObject(p, a)))) {
                    return true;
                }
            }
        } catch (NoSuchFileException | NotDirectoryException gone) {
            return false;
        }
        return false;
    }

    /**
     * A listed file that was gone when its ETag was read: a fold or unfold of its key may have moved
     * it ({@link Folds#locate} finds it where it is now); null when it is gone for good.
     */
    private Entry relocated(Path bucketDir, Entry e) throws IOException {
        String k = e.key();
        if (folds == null || io.posixgw.core.names.ObjectKeys.isDirectoryKey(k)) {
            return null;
        }
        try {
            FoldLookup.Located at = lookup.locate(bucketDir, k, bucketDir.resolve(k));
            return new Entry(k, at.path(), at.attrs(), false);
        } catch (S3Exception gone) {
            return null;
        }
    }

    private static boolean isFile(Path p) throws IOException {
        BasicFileAttributes a = Fs.lstat(p);
        return a != null && a.isRegularFile();
    }

    /** What a listing says of one file: size and time from this lstat, and the ETag of the same version. */
    private record Listed(BasicFileAttributes attrs, String etag) {}

    /**
     * A file's size, time and ETag, all of one version. The ETag is read by path, after
     * the walk's lstat, so an overwrite landing in between would pair the old size with
     * the new ETag: the file is lstat'ed again after the read, and the pair read again
     * when it changed. In sidecar mode the attributes follow a rename a moment later;
     * the publish lock holds that off in this process (as for GET). Null when the file
     * is gone (or is no longer a file).
     */
    private Listed fileVersion(Entry e) throws IOException {
        java.util.concurrent.locks.Lock lock = store.publishLock(e.path()); // no-op for xattrs
        BasicFileAttributes before = e.attrs();
        if (before instanceof StampedAttributes seen) {
            String etag = kept.etag(seen); // same inode and ctime as when it was read: size and mtime go with it
            if (etag != null) {
                return new Listed(seen, etag);
            }
        }
        for (int attempt = 0; attempt < VERSION_ATTEMPTS; attempt++) {
            lock.lock();
            try {
                long readStarted = kept.readStarts();
                String etag = fileEtag(e.path(), before);
                StampedAttributes after = StampedAttributes.lstat(e.path());
                if (after == null || !after.isRegularFile()) {
                    return null;
                }
                if (etag == null && !Fs.sameVersion(before, after)) {
                    // replaced between the walk's lstat and the read (ENOENT, or ESTALE through a
                    // client of a shared file system): the key is there, list its new version
                    before = after;
                    continue;
                }
                if (etag == null) {
                    return null;
                }
                if (Fs.sameVersion(before, after)) {
                    if (before instanceof StampedAttributes b && b.unchangedAt(after)) {
                        kept.keepEtag(after, etag, readStarted); // unchanged over the read, attributes too
                    }
                    return new Listed(after, etag);
                }
                before = after;
            } finally {
                lock.unlock();
            }
        }
        throw new S3Exception(S3Error.SERVICE_UNAVAILABLE, "An object kept changing while it was being listed; retry.");
    }

    /**
     * A file's ETag; a file written by another tool is hashed (and the ETag cached) when
     * small enough, else has a stand-in of its size, mtime and inode, which GET and HEAD answer too.
     */
    private String fileEtag(Path path, BasicFileAttributes attrs) throws IOException {
        byte[] raw;
        try {
            raw = store.get(path, AttrNames.ETAG);
            if (raw == null) {
                raw = store.get(path, AttrNames.COMPUTED_ETAG);
                String computed = AttrCodec.computedEtag(raw, attrs);
                if (computed != null) {
                    return computed;
                }
                raw = null;
                if (folds != null) {
                    // read by path: a fold and an unfold in between move the one file away and back,
                    // and this read may have been the folded directory's; again between two looks
                    // that find the file (as ObjectReader does)
                    if (!Fs.sameVersion(attrs, Fs.lstat(path))) {
                        return null;
                    }
                    raw = store.get(path, AttrNames.ETAG);
                    if (!Fs.sameVersion(attrs, Fs.lstat(path))) {
                        return null;
                    }
                }
            }
        } catch (NoSuchFileException gone) {
            return null;
        } catch (java.nio.file.FileSystemException e) {
            if (Fs.isNotDirectory(e)) {
                return null; // a folded key's directory became its file again (Folds): the caller looks again
            }
            throw e;
        }
        String etag = AttrCodec.etag(raw);
        if (etag != null) {
            return etag;
        }
        if (reader.etags().hashes(attrs)) {
            try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                return reader.etags().foreignEtag(path, ch, attrs);
            } catch (NoSuchFileException gone) {
                return null;
            } catch (IOException e) {
                if (Fs.isNotFile(path)
                        || (e.getMessage() != null && e.getMessage().contains("Is a directory"))) {
                    return null; // a directory now or then (its key folded meanwhile): the caller looks again
                }
                throw e;
            }
        }
        // the one ETag GET and HEAD answer for it too (UnrecordedEtags.standIn)
        return UnrecordedEtags.standIn(attrs);
    }
}
