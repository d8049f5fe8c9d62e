package io.posixgw.posix;

import io.posixgw.core.backend.NonBlocking;
import io.posixgw.core.model.Etags;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ETag of a file that has no {@code etag} attribute (a tree written by another tool, a
 * migration): the one computed earlier for this size and mtime, the MD5 of its bytes up to the
 * hash limit (kept for next time), or above it a stand-in from its size, mtime and inode, the
 * same in GET, HEAD and listings of every gateway.
 */
final class UnrecordedEtags {
    private static final Logger LOG = LoggerFactory.getLogger(UnrecordedEtags.class);

    private final MetadataStore store;
    private final long hashLimit;

    UnrecordedEtags(MetadataStore store, long hashLimit) {
        this.store = store;
        this.hashLimit = hashLimit;
    }

    /**
     * The ETag on record: the {@code etag} attribute, else one computed earlier for a file
     * of this size and mtime; null when the file must be hashed.
     */
    static String stored(Map<String, byte[]> raw, BasicFileAttributes now) {
        String etag = AttrCodec.etag(raw.get(AttrNames.ETAG));
        return etag != null ? etag : AttrCodec.computedEtag(raw.get(AttrNames.COMPUTED_ETAG), now);
    }

    /**
     * Whether a file without {@code etag} is hashed for its ETag: up to the hash limit (64 MiB). A larger
     * one is never hashed by a read or a listing (a first GET of a migrated 50 GiB file would wait for
     * all of it, and a listing would take hours), so that its one ETag, in listings and on GET and HEAD
     * alike, is {@link #standIn}: an object's ETag does not change while its bytes do not.
     */
    boolean hashes(BasicFileAttributes attrs) {
        return attrs.size() <= hashLimit;
    }

    /**
     * The ETag of a file without {@code etag} above the hash limit: the MD5 of
     * {@code posixgw-unhashed:<size>:<mtime in ms>:<inode>}, the same in every gateway on the volume
     * (the inode, not the device number, which differs between mounts) and new when the file is
     * replaced or rewritten (its size, mtime or inode changes).
     */
    static String standIn(BasicFileAttributes attrs) {
        String fp = "posixgw-unhashed:" + attrs.size() + ":"
                + attrs.lastModifiedTime().toMillis() + ":" + inode(attrs);
        return Etags.fromMd5(Etags.newMd5().digest(fp.getBytes(StandardCharsets.UTF_8)));
    }

    /** The inode number of a Linux file key ({@code (dev=..,ino=..)}), or the whole key elsewhere. */
    private static String inode(BasicFileAttributes attrs) {
        String key = String.valueOf(attrs.fileKey());
        Matcher m = INODE.matcher(key);
        return m.find() ? m.group(1) : key;
    }

    private static final Pattern INODE = Pattern.compile("ino=([0-9]+)");

    /**
     * The ETag of a file written by another tool: MD5 of its bytes, kept in
     * {@link AttrNames#COMPUTED_ETAG} with the size and mtime it was computed for, when
     * the file did not change while it was hashed (and the attribute can be written; a
     * read-only tree is served without keeping it).
     */
    String foreignEtag(Path path, FileChannel ch, BasicFileAttributes before) throws IOException {
        NonBlocking.mayWait(); // hashing takes as long as the file is big: a worker's job
        MessageDigest md5 = Etags.newMd5();
        ByteBuffer buf = ByteBuffer.allocate(256 * 1024);
        long pos = 0;
        long size = before.size();
        while (pos < size) {
            buf.clear();
            int n = ch.read(buf, pos);
            if (n < 0) {
                break;
            }
            buf.flip();
            md5.update(buf);
            pos += n;
        }
        String etag = Etags.fromMd5(md5.digest());
        if (Fs.sameVersion(before, Fs.lstat(path))) {
            try {
                // a cache: skipped when another writer of the key is busy (the caller holds its read lock)
                store.setIfUncontended(path, AttrNames.COMPUTED_ETAG, AttrCodec.encodeComputedEtag(etag, before));
                // setting an xattr changes ctime only: mtime and size stay, so the version stays the same
            } catch (IOException | RuntimeException e) {
                LOG.debug("could not cache the computed ETag of {}: {}", path, e.toString());
            }
        }
        return etag;
    }
}
