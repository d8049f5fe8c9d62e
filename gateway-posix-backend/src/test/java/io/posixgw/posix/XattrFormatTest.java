package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Error;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.checksum.Checksummer;
import io.posixgw.core.model.CompletedPart;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.Part;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.testkit.Bodies;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/** The on-disk bytes, read back with the JDK's xattr view: versitygw's names and encodings. */
class XattrFormatTest extends BackendTestBase {

    static String xattr(Path p, String name) throws Exception {
        byte[] b = raw(p, name);
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    static byte[] raw(Path p, String name) throws Exception {
        UserDefinedFileAttributeView v =
                Files.getFileAttributeView(p, UserDefinedFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        if (!v.list().contains(name)) {
            return null;
        }
        ByteBuffer buf = ByteBuffer.allocate(v.size(name));
        v.read(name, buf);
        return buf.array();
    }

    static void setXattr(Path p, String name, String value) throws Exception {
        Files.getFileAttributeView(p, UserDefinedFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .write(name, ByteBuffer.wrap(value.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void objectAttributesAreVersitygwsBytes() throws Exception {
        byte[] data = bytes("hello world");
        ObjectAttributes a = new ObjectAttributes(
                "text/plain",
                null,
                "en",
                null,
                "no-cache",
                null,
                Map.of("zeta", "last", "alpha", "a<b>&c", "emoji", "\uD83D\uDE00"));
        backend.putObject(
                new PutObjectRequest(B, "o", a, null),
                Bodies.of(data, 3, Map.of("SHA256", "uU0nuZNNPgilLlLX2n2r+sSE7+N6U4DukIj3rOLvzek=")));
        Path f = root.resolve(B).resolve("o");
        assertEquals("\"5eb63bbbe01eeed093cb22bb8f5acdc3\"", xattr(f, "etag"));
        assertEquals("text/plain", xattr(f, "content-type"));
        assertEquals("en", xattr(f, "content-language"));
        assertEquals("no-cache", xattr(f, "cache-control"));
        assertNull(xattr(f, "content-encoding"));
        assertEquals(
                "{\"alpha\":\"a\\u003cb\\u003e\\u0026c\",\"emoji\":\"\uD83D\uDE00\",\"zeta\":\"last\"}",
                xattr(f, "metadata"));
        assertEquals(
                "{\"Algorithm\":\"SHA256\",\"Type\":\"FULL_OBJECT\",\"CRC32\":null,\"CRC32C\":null,\"SHA1\":null,"
                        + "\"SHA256\":\"uU0nuZNNPgilLlLX2n2r+sSE7+N6U4DukIj3rOLvzek=\",\"CRC64NVME\":null}",
                xattr(f, "checksums"));
        // nothing else: no default content-type is written (versitygw writes none either)
        put("plain", data);
        assertEquals(
                List.of("etag"),
                Files.getFileAttributeView(
                                root.resolve(B).resolve("plain"),
                                UserDefinedFileAttributeView.class,
                                LinkOption.NOFOLLOW_LINKS)
                        .list());
    }

    @Test
    void bucketAndDirectoryObjectAttributes() throws Exception {
        Path b = root.resolve(B);
        assertEquals(
                "{\"Owner\":\"owner-key\",\"Grantees\":[{\"Permission\":\"FULL_CONTROL\",\"Access\":\"owner-key\",\"Type\":\"CanonicalUser\"}]}",
                xattr(b, "acl"));
        assertEquals("BucketOwnerEnforced", xattr(b, "ownership"));
        assertEquals("owner-key", backend.bucketOwner(B));
        put("dir/", new byte[0]);
        assertEquals("\"d41d8cd98f00b204e9800998ecf8427e\"", xattr(b.resolve("dir"), "etag"));
        assertEquals("application/x-directory", xattr(b.resolve("dir"), "content-type"));
    }

    @Test
    void multipartStagingLayoutAndRecordedPartLayout() throws Exception {
        String key = "path/to/obj";
        String id = backend.createMultipartUpload(new io.posixgw.core.model.CreateMultipartUploadRequest(
                B, key, new ObjectAttributes("app/x", null, null, null, null, null, Map.of("m", "v")), null, "bob"));
        Path hash = root.resolve(B).resolve(".sgwtmp/multipart").resolve(Fs.sha256Hex(key));
        assertEquals(key, xattr(hash, "objname"));
        assertEquals("bob", xattr(hash.resolve(id), "posixgw.initiator"));
        assertEquals("app/x", xattr(hash.resolve(id), "content-type"));
        assertEquals("{\"m\":\"v\"}", xattr(hash.resolve(id), "metadata"));
        byte[] data = random(5 << 20, 1);
        Part p1 = backend.uploadPart(B, key, id, 1, Bodies.of(data), null);
        Part p2 = backend.uploadPart(B, key, id, 2, Bodies.of(bytes("tail")), null);
        Path partFile = hash.resolve(id).resolve("1");
        assertArrayEquals(data, Files.readAllBytes(partFile));
        assertEquals(Etags.fromMd5(Etags.newMd5().digest(data)), xattr(partFile, "etag"));
        Checksummer crc = ChecksumAlgorithm.CRC64NVME.newChecksummer();
        crc.update(ByteBuffer.wrap(data));
        assertEquals(crc.base64(), xattr(partFile, "part-crc64nvme"));
        backend.completeMultipartUpload(
                B, key, id, List.of(new CompletedPart(1, p1.etag()), new CompletedPart(2, p2.etag())));
        Path obj = root.resolve(B).resolve(key);
        assertEquals(Etags.multipart(List.of(p1.etag(), p2.etag())), xattr(obj, "etag"));
        assertEquals("app/x", xattr(obj, "content-type"));
        byte[] mp = raw(obj, "mp-metadata");
        assertEquals(0x1f, mp[0] & 0xff);
        assertEquals(0x8b, mp[1] & 0xff);
        String json =
                new String(new GZIPInputStream(new ByteArrayInputStream(mp)).readAllBytes(), StandardCharsets.UTF_8);
        assertEquals("{\"UploadID\":\"" + id + "\",\"Parts\":[" + (5 << 20) + "," + ((5 << 20) + 4) + "]}", json);
        assertNull(xattr(obj, "objname"));
        assertNull(xattr(obj, "part-crc64nvme"));
        assertNull(xattr(obj, "posixgw.initiator"), "the upload's, not the object's");
    }

    @Test
    void multipartChecksumRecordsAreVersitygws() throws Exception {
        String id = backend.createMultipartUpload(
                B,
                "ck",
                ObjectAttributes.EMPTY,
                new io.posixgw.core.checksum.MultipartChecksum(
                        ChecksumAlgorithm.CRC32, io.posixgw.core.checksum.ChecksumType.FULL_OBJECT));
        Path upload = root.resolve(B)
                .resolve(".sgwtmp/multipart")
                .resolve(Fs.sha256Hex("ck"))
                .resolve(id);
        assertEquals(
                "{\"Algorithm\":\"CRC32\",\"Type\":\"FULL_OBJECT\",\"CRC32\":null,\"CRC32C\":null,\"SHA1\":null,"
                        + "\"SHA256\":null,\"CRC64NVME\":null}",
                xattr(upload, "checksums"));
        byte[] data = bytes("hello world");
        Checksummer crc = ChecksumAlgorithm.CRC32.newChecksummer();
        crc.update(ByteBuffer.wrap(data));
        Part p = backend.uploadPart(B, "ck", id, 1, Bodies.of(data, 4, Map.of("CRC32", crc.base64())), null);
        assertEquals(
                "{\"Algorithm\":\"CRC32\",\"Type\":\"\",\"CRC32\":\"" + crc.base64()
                        + "\",\"CRC32C\":null,\"SHA1\":null," + "\"SHA256\":null,\"CRC64NVME\":null}",
                xattr(upload.resolve("1"), "checksums"));
        backend.completeMultipartUpload(B, "ck", id, List.of(new CompletedPart(1, p.etag(), p.checksums())));
        assertEquals(
                "{\"Algorithm\":\"CRC32\",\"Type\":\"FULL_OBJECT\",\"CRC32\":\"" + crc.base64() + "\",\"CRC32C\":null,"
                        + "\"SHA1\":null,\"SHA256\":null,\"CRC64NVME\":null}",
                xattr(root.resolve(B).resolve("ck"), "checksums"));
    }

    @Test
    void readsObjectsWrittenByVersitygw() throws Exception {
        // legacy per-key metadata xattrs, an unquoted etag (old directory objects), raw-JSON mp-metadata
        Path f = root.resolve(B).resolve("legacy");
        Files.write(f, bytes("legacy bytes"));
        setXattr(f, "etag", "0123456789abcdef0123456789abcdef-2");
        setXattr(f, "X-Amz-Meta.Color", "red");
        setXattr(f, "content-type", "image/png");
        setXattr(f, "mp-metadata", "{\"UploadID\":\"x\",\"Parts\":[5,12]}");
        ObjectInfo h = backend.headObject(B, "legacy");
        assertEquals("\"0123456789abcdef0123456789abcdef-2\"", h.etag());
        assertEquals(2, h.partsCount());
        assertEquals(Map.of("color", "red"), h.attributes().userMetadata());
        assertEquals("image/png", h.attributes().contentType());
        assertArrayEquals(new long[] {5, 12}, backend.partEnds(B, "legacy"));
    }

    @Test
    void foreignFileEtagIsKeptWithTheSizeAndMtimeItWasComputedFor() throws Exception {
        Path f = root.resolve(B).resolve("foreign");
        Files.write(f, bytes("made by cp"));
        assertNull(xattr(f, "etag"));
        String etag = backend.headObject(B, "foreign").etag();
        assertEquals(Etags.fromMd5(Etags.newMd5().digest(bytes("made by cp"))), etag);
        long mtimeNs =
                Files.getLastModifiedTime(f, LinkOption.NOFOLLOW_LINKS).to(java.util.concurrent.TimeUnit.NANOSECONDS);
        assertEquals("10:" + mtimeNs + ":" + etag, xattr(f, "posixgw.computed-etag"));
        assertNull(xattr(f, "etag"), "the etag attribute stays versitygw's: the object's own, not a computed one");
    }

    @Test
    void foreignFileRewrittenInPlaceIsHashedAgain() throws Exception {
        Path f = root.resolve(B).resolve("rewritten");
        Files.write(f, bytes("first version"));
        Object inode = Files.getAttribute(f, "unix:ino");
        assertEquals(
                Etags.fromMd5(Etags.newMd5().digest(bytes("first version"))),
                backend.headObject(B, "rewritten").etag());
        assertEquals(
                1,
                backend.listObjects(new ListObjectsRequest(B, "rewritten", null, null, 10))
                        .objects()
                        .size());

        // cp over it: same inode, truncated and written again (same size here, so only mtime tells)
        Files.write(f, bytes("other version"), java.nio.file.StandardOpenOption.TRUNCATE_EXISTING);
        Files.setLastModifiedTime(
                f,
                java.nio.file.attribute.FileTime.fromMillis(
                        Files.getLastModifiedTime(f).toMillis() + 2000));
        assertEquals(inode, Files.getAttribute(f, "unix:ino"));
        String fresh = Etags.fromMd5(Etags.newMd5().digest(bytes("other version")));
        assertEquals(
                fresh,
                backend.listObjects(new ListObjectsRequest(B, "rewritten", null, null, 10))
                        .objects()
                        .get(0)
                        .etag());
        assertEquals(fresh, backend.headObject(B, "rewritten").etag());
        try (var c = backend.getObject(B, "rewritten")) {
            assertEquals(fresh, c.info().etag());
        }
    }

    @Test
    void metadataBeyondTheXattrSpaceIsMetadataTooLarge() throws Exception {
        String big = "x".repeat(3000);
        ObjectAttributes a = new ObjectAttributes(null, null, null, big, big, null, Map.of());
        assertS3(S3Error.METADATA_TOO_LARGE, () -> put("huge-meta", bytes("x"), a));
        assertEquals(0, tempFiles());
        assertFalse(Files.exists(root.resolve(B).resolve("huge-meta")));
    }

    @Test
    void startupProbeSeesXattrs() throws Exception {
        assertTrue(PosixBackend.supportsUserXattrs(root));
        assertTrue(PosixBackend.fileNamesAreUtf8());
    }

    @Test
    void aDataRootThatCannotBeWrittenIsSaidSoNotBlamedOnXattrs() throws Exception {
        Path missing = root.resolve("no-such-dir");
        java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(
                java.io.IOException.class, () -> PosixBackend.supportsUserXattrs(missing));
        assertTrue(e.getMessage().contains("must be writable"), e.getMessage());
    }

    @Test
    void valuesLargerThanTheReadBufferAreReadWhole() throws Exception {
        Path f = Files.createFile(root.resolve(B).resolve("xattr-sizes"));
        String small = "\"0123456789abcdef0123456789abcdef\"";
        String large = "m".repeat(3000); // over the tiny buffer below; ext4 keeps about 4 KiB of xattrs per file
        setXattr(f, "etag", small);
        setXattr(f, "metadata", large);
        XattrMetadataStore tiny = new XattrMetadataStore(64);
        assertEquals(small, new String(tiny.get(f, "etag"), StandardCharsets.UTF_8));
        assertEquals(large, new String(tiny.get(f, "metadata"), StandardCharsets.UTF_8));
        Map<String, byte[]> both = tiny.read(f, n -> true);
        assertEquals(small, new String(both.get("etag"), StandardCharsets.UTF_8));
        assertEquals(large, new String(both.get("metadata"), StandardCharsets.UTF_8));
        assertNull(tiny.get(f, "content-type"));
        XattrMetadataStore standard = new XattrMetadataStore();
        assertEquals(large, new String(standard.get(f, "metadata"), StandardCharsets.UTF_8));
        assertEquals(small, new String(standard.get(f, "etag"), StandardCharsets.UTF_8));
    }
}
